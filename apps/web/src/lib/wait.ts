import { type Locale, StatusCode } from '@wsm/contracts';
import { ApiError } from './api-error';
import { displayDigits } from './digits';
import { currentLocale, i18n } from './i18n';
import { notify } from './notify';

// A rate-limited answer (body 260) says how long to wait (data.retryAfter):
// the person sees that wait count down, in a toast and beside the button that is disabled until then.

/** Seconds a rate-limited (260) answer asks to wait, if it says. */
export function retryAfterOf(error: unknown): number | undefined {
  if (!(error instanceof ApiError) || error.statusCode !== StatusCode.rateLimited) return undefined;
  return retryAfterIn(error.envelope?.data);
}

function retryAfterIn(data: unknown): number | undefined {
  const value = (data as { retryAfter?: unknown } | null | undefined)?.retryAfter;
  return typeof value === 'number' && Number.isFinite(value) && value > 0 ? Math.ceil(value) : undefined;
}

/** 125 → "02:05"; 3725 → "1:02:05" (a day's budget can ask for hours). */
export function formatCountdown(totalSeconds: number): string {
  const hours = Math.floor(totalSeconds / 3600);
  const minutes = Math.floor((totalSeconds % 3600) / 60);
  const seconds = totalSeconds % 60;
  const mmss = `${String(minutes).padStart(2, '0')}:${String(seconds).padStart(2, '0')}`;
  return hours > 0 ? `${hours}:${mmss}` : mmss;
}

/** A countdown as the locale writes it, in a left-to-right isolate so mm:ss keeps its order in Persian. */
export function countdownText(totalSeconds: number, locale: Locale): string {
  return `\u2066${displayDigits(formatCountdown(totalSeconds), locale)}\u2069`;
}

const waitToastId = 'rate-limited';
/** How long the toast may stay, counting down: a toast does not outlive its step. */
export const waitToastMs = 8000;
let waitTicker: ReturnType<typeof setInterval> | undefined;

/**
 * The toast of a 260: "Try again in 12:34", counting down each second while it shows. Without a wait in
 * the answer, the catalogue's plain message.
 */
export function showRateLimited(data: unknown): void {
  const wait = retryAfterIn(data);
  clearInterval(waitTicker);
  if (wait === undefined) {
    notify.error(i18n.t('errors:api.rateLimited'), { toastId: waitToastId });
    return;
  }
  const until = Date.now() + wait * 1000;
  const left = () => Math.max(0, Math.ceil((until - Date.now()) / 1000));
  const text = () => i18n.t('errors:api.rateLimitedFor', { time: countdownText(left(), currentLocale()) });
  const autoClose = Math.min(waitToastMs, wait * 1000);
  if (notify.isActive(waitToastId)) notify.update(waitToastId, { render: text(), autoClose });
  else notify.error(text(), { toastId: waitToastId, autoClose });
  const closesAt = Date.now() + autoClose;
  waitTicker = setInterval(() => {
    if (left() <= 0 || Date.now() >= closesAt || !notify.isActive(waitToastId)) {
      clearInterval(waitTicker);
      return;
    }
    notify.update(waitToastId, { render: text() });
  }, 1000);
}
