import { StatusCode } from '@wsm/contracts';
import { i18n } from './i18n';
import { notify } from './notify';

// The toasts the API client raises for failures that need nothing else.

/** Body codes that only need a toast, with their text in the errors namespace. */
export const statusToasts: Readonly<Record<number, string>> = {
  [StatusCode.rateLimited]: 'errors:api.rateLimited',
  [StatusCode.duplicate]: 'errors:api.duplicate',
  [StatusCode.forbidden]: 'errors:api.forbidden',
  [StatusCode.wrongCredentials]: 'errors:api.wrongCredentials',
  [StatusCode.suspended]: 'errors:api.suspended',
  [StatusCode.notVerified]: 'errors:api.notVerified',
};

/** How long "an unexpected error is showing" lasts, so a burst of failures gives one toast. */
export const unexpectedErrorHoldMs = 3000;
let unexpectedShowing = false;

/** Shows "An unexpected error occurred" unless it is already showing. Callers may use it in their catch blocks. */
export function reportUnexpectedError(cause?: unknown): void {
  if (cause !== undefined) console.error(cause);
  if (unexpectedShowing) return;
  unexpectedShowing = true;
  setTimeout(() => {
    unexpectedShowing = false;
  }, unexpectedErrorHoldMs);
  notify.error(i18n.t('errors:api.unexpected'), { toastId: 'api-unexpected' });
}

/** For tests: forget that an unexpected error is showing. */
export function resetUnexpectedError(): void {
  unexpectedShowing = false;
}

/** Shows the toast of `key`, once while it is showing. */
export function toastError(key: string): void {
  // One toast per message at a time: ten failing calls should not stack ten identical toasts.
  notify.error(i18n.t(key), { toastId: key });
}
