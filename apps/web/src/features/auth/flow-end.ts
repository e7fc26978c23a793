import { type Envelope, StatusCode } from '@wsm/contracts';
import type { TFunction } from 'i18next';
import { notify } from '../../lib/notify';

/**
 * Whether a failed call of a multi-step flow (signup, recovery, the login's second step) ends the flow:
 * its token is dead (401: expired, or too many wrong codes) or the security shield stepped in (said in
 * a toast). Any other code is only logged: the call's own catch shows it. `toastExpiry` says the expiry
 * in a toast too, for flows that leave the page; signup stays and says it on the page.
 */
export function endsFlow(
  code: number,
  envelope: Envelope | undefined,
  t: TFunction,
  toastExpiry: boolean,
): boolean {
  if (code === StatusCode.securityShield) notify.error(t('errors:api.securityShield'), { toastId: 'shield' });
  else if (code === StatusCode.unauthorized) {
    if (toastExpiry) notify.warning(t('flow.expired'), { toastId: 'flow-expired' });
  } else {
    console.warn(`API status ${code}: ${envelope?.statusMessage ?? ''}`);
    return false;
  }
  return true;
}
