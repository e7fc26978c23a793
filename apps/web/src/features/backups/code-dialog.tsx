import Alert from '@mui/material/Alert';
import Button from '@mui/material/Button';
import Dialog from '@mui/material/Dialog';
import DialogActions from '@mui/material/DialogActions';
import DialogContent from '@mui/material/DialogContent';
import DialogTitle from '@mui/material/DialogTitle';
import Stack from '@mui/material/Stack';
import { type ReactNode, useId, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { displayDigits } from '../../lib/digits';
import { useLocale } from '../../lib/locale-navigation';
import { useCountdown } from '../../lib/use-countdown';
import { CodeStep } from '../profile/components/code-step';
import type { CodeSent, CodeStepResult } from './api';

/** The resend timer of backup codes, kept apart from the other channels' timers. */
export const backupTimerName = 'backup-code';

/**
 * A sensitive action in two calls: `first()` makes the server send an SMS code (630), then the
 * entered code goes to `withCode(code)`. `intro` (a warning, a confirmation) is shown before the first
 * call; `ready` says whether its conditions are met.
 */
export function CodeDialog<T>({
  open,
  title,
  intro,
  ready = true,
  startLabel,
  first,
  withCode,
  resend,
  onDone,
  onClose,
}: {
  open: boolean;
  title: string;
  intro: ReactNode;
  ready?: boolean;
  startLabel: string;
  first: () => Promise<CodeStepResult<T>>;
  withCode: (code: string) => Promise<CodeStepResult<T>>;
  resend: () => Promise<number | undefined>;
  onDone: (value: T) => void;
  onClose: () => void;
}) {
  const { t } = useTranslation('backups');
  const locale = useLocale();
  const titleId = useId();
  const countdown = useCountdown(backupTimerName);
  const [sent, setSent] = useState<CodeSent | null>(null);
  const [pending, setPending] = useState(false);

  const close = () => {
    if (pending) return;
    setSent(null);
    onClose();
  };

  const run = async (call: () => Promise<CodeStepResult<T>>) => {
    setPending(true);
    try {
      const result = await call();
      if (result.kind === 'code-sent') {
        setSent(result.sent);
        countdown.start(result.sent.resendAfter);
        return;
      }
      setSent(null);
      onDone(result.value);
    } finally {
      setPending(false);
    }
  };
  // The API client has already told the user why a call failed (toast or status page).
  const start = () => run(first).catch(() => undefined);

  return (
    <Dialog open={open} onClose={close} aria-labelledby={titleId} fullWidth maxWidth="sm">
      <DialogTitle id={titleId}>{title}</DialogTitle>
      <DialogContent>
        {sent ? (
          <Stack sx={{ gap: 2, pt: 1 }}>
            <Alert severity="info">{t('code.sent', { phone: displayDigits(sent.phone, locale) })}</Alert>
            <CodeStep
              id="backup"
              timerName={backupTimerName}
              pending={pending}
              onVerify={(code) => run(() => withCode(code))}
              onResend={resend}
            />
          </Stack>
        ) : (
          <Stack sx={{ gap: 2, pt: 1 }}>{intro}</Stack>
        )}
      </DialogContent>
      <DialogActions>
        <Button onClick={close} disabled={pending}>
          {t('actions.cancel')}
        </Button>
        {sent ? null : (
          <Button variant="contained" disabled={!ready} loading={pending} onClick={() => void start()}>
            {startLabel}
          </Button>
        )}
      </DialogActions>
    </Dialog>
  );
}
