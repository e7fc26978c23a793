import { useCallback, useEffect, useState } from 'react';
import { cookieNames, resendRemainingMs, startResendTimer } from './storage';

/** Calls that send a code may say when a resend is allowed (seconds); 120 when they do not. */
export const defaultResendAfterSeconds = 120;

/**
 * A resend countdown kept in a cookie one per channel so
 * the sign-up, login and recovery code, the e-mail, phone and password codes and the waits count down
 * separately and survive a reload. `refresh` reads the cookie again after someone else set it.
 */
export function useCountdown(name: string = cookieNames.resendTimer): {
  seconds: number;
  start: (afterSeconds?: number) => void;
  refresh: () => void;
} {
  const read = useCallback(() => Math.ceil(resendRemainingMs(name) / 1000), [name]);
  const [seconds, setSeconds] = useState(read);

  useEffect(() => {
    if (seconds <= 0) return;
    const timer = setInterval(() => setSeconds(read()), 1000);
    return () => clearInterval(timer);
  }, [read, seconds]);

  const start = useCallback(
    (afterSeconds: number = defaultResendAfterSeconds) => {
      startResendTimer(name, afterSeconds * 1000);
      setSeconds(afterSeconds);
    },
    [name],
  );
  const refresh = useCallback(() => setSeconds(read()), [read]);
  return { seconds, start, refresh };
}
