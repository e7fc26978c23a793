import { StatusCode } from '@wsm/contracts';
import { ApiError } from './api-error';

// A refusal (620) never says which part was wrong, but the page knows which step it is on: each step
// names its own message here, in the errors namespace, and shows it under its field, never as a toast.

/** The step that was refused: the password step of login, or the code (by where it came from). */
export type RefusedStep = 'login' | 'sms' | 'email' | 'app' | 'recoveryCode';

/** Where a one-time code comes from: a text message, an e-mail or the authenticator app. */
export type CodeChannel = 'sms' | 'email' | 'app';

export const refusedKeys: Readonly<Record<RefusedStep, string>> = {
  login: 'errors:refused.login',
  sms: 'errors:refused.smsCode',
  email: 'errors:refused.emailCode',
  app: 'errors:refused.appCode',
  recoveryCode: 'errors:refused.recoveryCode',
};

/** True when the server refused the credentials or the code (620). */
export function isRefused(error: unknown): boolean {
  return error instanceof ApiError && error.statusCode === StatusCode.wrongCredentials;
}

/** A call's option for a step that shows its refusal at its field: the API client then raises no toast. */
export const refusalAtField = { fieldCodes: [StatusCode.wrongCredentials] } as const;
