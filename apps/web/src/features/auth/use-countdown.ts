import { useCallback, useEffect, useState } from 'react';
import { resendRemainingMs } from '../../lib/storage';

/** Whole seconds left on the resend countdown (the resend-timer cookie), ticking every second. */
export function useResendCountdown(): { seconds: number; refresh: () => void } {
  const read = useCallback(() => Math.ceil(resendRemainingMs() / 1000), []);
  const [seconds, setSeconds] = useState(read);
  useEffect(() => {
    if (seconds <= 0) return;
    const timer = setInterval(() => setSeconds(read()), 1000);
    return () => clearInterval(timer);
  }, [seconds, read]);
  const refresh = useCallback(() => setSeconds(read()), [read]);
  return { seconds, refresh };
}

export { formatCountdown } from '../../lib/wait';
