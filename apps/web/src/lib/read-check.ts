import type { ReadCheck } from 'virtual:read-checks';
import type { z } from 'zod';

/** The answer once `check` finds it fits its contract; else an error, as a failed zod parse is. */
export function checked<T>(check: ReadCheck<T>, answer: unknown): T {
  if (check(answer)) return answer;
  const where = check.errors?.[0];
  throw new Error(
    `The answer does not fit its contract at ${where?.instancePath || '/'} (${where?.keyword})`,
  );
}

/**
 * The answer parsed with a zod schema of a module that loads while the answer comes (zod stays off the
 * first screen: the calls that need it load it themselves).
 */
export async function parsedWith<S, T>(
  schemas: () => Promise<S>,
  schema: (loaded: S) => z.ZodType<T>,
  answer: Promise<unknown>,
): Promise<T> {
  const [loaded, data] = await Promise.all([schemas(), answer]);
  return schema(loaded).parse(data);
}
