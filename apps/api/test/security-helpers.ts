import type { Notification } from '@wsm/contracts';
import { expect } from 'vitest';
import * as identityRepo from '../src/modules/identity/repository';
import type { ChallengePurpose } from '../src/modules/identity/schema';
import type { callIn } from './client-fixtures';
import type { TestApp } from './test-app';

// Shared by the security settings' tests (src/modules/security/security*.test.ts).

/** Expects an answer's application status code and HTTP status. */
export function expectCode(
  answer: { status: number; body: { statusCode: number } },
  code: number,
  http = 400,
) {
  expect(answer.body.statusCode).toBe(code);
  expect(answer.status).toBe(http);
}

/** Helpers bound to a test file's app and caller. */
export function securityHelpers(api: TestApp, call: ReturnType<typeof callIn>) {
  /** Moves the user's pending challenge of a purpose `seconds` into the past. */
  async function agePending(userId: string, purpose: ChallengePurpose, seconds: number): Promise<void> {
    const row = await identityRepo.findLatestUserChallenge(api.deps.database.db, purpose, userId, new Date());
    if (!row) throw new Error('nothing pending');
    const back = (date: Date | null) => (date ? new Date(date.getTime() - seconds * 1000) : null);
    await identityRepo.updateChallenge(api.deps.database.db, row.id, {
      codeExpiresDate: back(row.codeExpiresDate),
      lastSentDate: back(row.lastSentDate),
    });
  }

  /** The user's notifications, newest first, in `lang`. */
  async function notificationsOf(token: string, lang = 'en'): Promise<Notification[]> {
    const answer = await call<{ notifications: Notification[] }>(
      'GET',
      '/v1/notifications/simple/?pageSize=100',
      token,
      undefined,
      lang,
    );
    return answer.body.data.notifications;
  }

  return { agePending, notificationsOf };
}
