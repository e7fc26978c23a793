import { useCallback, useEffect, useState } from 'react';
import { resendRemainingMs, startResendTimer } from '../../lib/storage';

/** Calls that send a code may say when a resend is allowed (seconds); 120 when they do not. */
export const defaultResendAfterSeconds = 120;

/**
 * A resend countdown kept in a cookie (product-spec.md section 3, "Resend timer"), one per channel so
 * the e-mail, phone and password codes count down separately and survive a reload.
 */
export function useCountdown(name: string): { seconds: number; start: (afterSeconds?: number) => void } {
  const [seconds, setSeconds] = useState(() => Math.ceil(resendRemainingMs(name) / 1000));

  useEffect(() => {
    if (seconds <= 0) return;
    const timer = setInterval(() => setSeconds(Math.ceil(resendRemainingMs(name) / 1000)), 1000);
    return () => clearInterval(timer);
  }, [name, seconds]);

  const start = useCallback(
    (afterSeconds: number = defaultResendAfterSeconds) => {
      startResendTimer(name, afterSeconds * 1000);
      setSeconds(afterSeconds);
    },
    [name],
  );
  return { seconds, start };
}
