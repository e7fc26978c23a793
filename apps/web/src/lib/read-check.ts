import type { ReadCheck } from 'virtual:read-checks';

/** The answer once `check` finds it fits its contract; else an error, as a failed zod parse is. */
export function checked<T>(check: ReadCheck<T>, answer: unknown): T {
  if (check(answer)) return answer;
  const where = check.errors?.[0];
  throw new Error(
    `The answer does not fit its contract at ${where?.instancePath || '/'} (${where?.keyword})`,
  );
}
