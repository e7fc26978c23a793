import DownloadOutlined from '@mui/icons-material/DownloadOutlined';
import PhonelinkLockOutlined from '@mui/icons-material/PhonelinkLockOutlined';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Chip from '@mui/material/Chip';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import { useQueryClient } from '@tanstack/react-query';
import { recoveryCodeSchema, StatusCode, toAsciiDigits, toPersianDigits } from '@wsm/contracts';
import { QRCodeSVG } from 'qrcode.react';
import { type FormEvent, type ReactNode, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { ApiError } from '../../../lib/api-error';
import { useLocale } from '../../../lib/locale-navigation';
import { notify } from '../../../lib/notify';
import { profileApi, profileKeys } from '../api';
import { serverFieldErrors } from '../form-errors';
import { CodeStep } from './code-step';
import { stepUpTimer } from './contact-cards';
import { ErrorClearingField } from './error-clearing-field';

type Stage =
  | { name: 'idle' }
  | { name: 'step-up'; phone: string }
  | { name: 'scan'; secret: string; otpauthUrl: string }
  | { name: 'codes'; recoveryCodes: string[] }
  | { name: 'turn-off' };

/** The key in groups of four, easier to type into an app by hand. */
const grouped = (secret: string) => secret.replace(/(.{4})(?=.)/g, '$1 ');

/** Offers the recovery codes as a .txt file, one code a line. */
function downloadCodes(codes: string[], heading: string, note: string): void {
  const text = [heading, note, '', ...codes, ''].join('\n');
  const url = URL.createObjectURL(new Blob([text], { type: 'text/plain;charset=utf-8' }));
  const link = document.createElement('a');
  link.href = url;
  link.download = 'workspace-manager-recovery-codes.txt';
  document.body.append(link);
  link.click();
  link.remove();
  URL.revokeObjectURL(url);
}

/** The ten recovery codes, shown once, with a download. */
function RecoveryCodesStep({ codes, onDone }: { codes: string[]; onDone: () => void }) {
  const { t } = useTranslation('profile');
  return (
    <Stack sx={{ gap: 1.5 }} data-testid="recovery-codes">
      <Alert severity="warning">{t('authenticator.codesExplain')}</Alert>
      <Box
        component="ul"
        aria-label={t('authenticator.codesTitle')}
        dir="ltr"
        sx={{
          m: 0,
          p: 1.5,
          listStyle: 'none',
          display: 'grid',
          gridTemplateColumns: 'repeat(auto-fill, minmax(9rem, 1fr))',
          gap: 1,
          fontFamily: 'monospace',
          fontSize: '1rem',
          borderRadius: 1,
          bgcolor: 'action.hover',
        }}
      >
        {codes.map((code) => (
          <li key={code}>{code}</li>
        ))}
      </Box>
      <Stack direction="row" sx={{ gap: 1, flexWrap: 'wrap' }}>
        <Button
          variant="outlined"
          startIcon={<DownloadOutlined />}
          onClick={() =>
            downloadCodes(
              codes,
              t('authenticator.fileHeading'),
              t('authenticator.fileNote', { date: new Date().toISOString().slice(0, 10) }),
            )
          }
        >
          {t('authenticator.download')}
        </Button>
        <Button variant="contained" onClick={onDone}>
          {t('authenticator.done')}
        </Button>
      </Stack>
    </Stack>
  );
}

/** The QR code and the key as text, then the app's first code turns it on. */
function ScanStep({
  secret,
  otpauthUrl,
  onConfirmed,
  onCancel,
}: {
  secret: string;
  otpauthUrl: string;
  onConfirmed: (codes: string[]) => void;
  onCancel: () => void;
}) {
  const { t } = useTranslation('profile');
  const [pending, setPending] = useState(false);
  const confirm = async (code: string) => {
    setPending(true);
    try {
      onConfirmed(await profileApi.confirmAuthenticator(code));
    } finally {
      setPending(false);
    }
  };
  return (
    <Stack sx={{ gap: 1.5 }}>
      <Typography>{t('authenticator.scan')}</Typography>
      {/* Dark modules on white in both colour modes: cameras read a light-on-dark code badly. */}
      <Box
        role="img"
        aria-label={t('authenticator.qrLabel')}
        sx={{ alignSelf: 'flex-start', p: 1.5, bgcolor: '#fff', borderRadius: 1, lineHeight: 0 }}
      >
        <QRCodeSVG value={otpauthUrl} size={176} marginSize={0} aria-hidden />
      </Box>
      <Typography variant="body2" sx={{ color: 'text.secondary' }}>
        {t('authenticator.manual')}
      </Typography>
      <Typography
        component="code"
        dir="ltr"
        data-testid="authenticator-secret"
        sx={{ fontFamily: 'monospace', fontSize: '1rem', wordBreak: 'break-all', alignSelf: 'flex-start' }}
      >
        {grouped(secret)}
      </Typography>
      <Typography>{t('authenticator.enterCode')}</Typography>
      <CodeStep
        id="authenticator"
        timerName="authenticator-confirm"
        help={t('authenticator.codeHelp')}
        channel="app"
        pending={pending}
        onVerify={confirm}
        onCancel={onCancel}
      />
    </Stack>
  );
}

/** Turning the app off: a code from it, or a recovery code. */
function TurnOffForm({ onDone, onCancel }: { onDone: () => void; onCancel: () => void }) {
  const { t } = useTranslation('profile');
  const [value, setValue] = useState('');
  const [error, setError] = useState('');
  const [pending, setPending] = useState(false);

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    const typed = toAsciiDigits(value.trim());
    const isAppCode = /^\d{6}$/.test(typed);
    const recovery = recoveryCodeSchema.safeParse(typed);
    if (!isAppCode && !recovery.success) {
      setError(t('authenticator.codeOrRecoveryInvalid'));
      return;
    }
    setError('');
    setPending(true);
    try {
      await profileApi.disableAuthenticator(isAppCode ? typed : (recovery.data ?? typed));
      onDone();
    } catch (cause) {
      // 620 is shown here; anything else the API client has already said.
      setError(serverFieldErrors(cause).code ?? (isWrongCode(cause) ? t('authenticator.wrongCode') : ''));
    } finally {
      setPending(false);
    }
  };

  return (
    <Stack component="form" noValidate onSubmit={(event) => void submit(event)} sx={{ gap: 1.5 }}>
      <Typography variant="body2">{t('authenticator.turnOffExplain')}</Typography>
      <ErrorClearingField
        label={t('authenticator.codeOrRecovery')}
        value={value}
        onValue={setValue}
        error={error}
        onClearError={() => setError('')}
        hint=" "
        autoComplete="one-time-code"
        slotProps={{ htmlInput: { dir: 'ltr', spellCheck: false, autoCapitalize: 'none' } }}
      />
      <Stack direction="row" sx={{ gap: 1, flexWrap: 'wrap' }}>
        <Button type="submit" variant="contained" color="error" loading={pending}>
          {t('authenticator.turnOff')}
        </Button>
        <Button onClick={onCancel}>{t('actions.cancel')}</Button>
      </Stack>
    </Stack>
  );
}

function isWrongCode(cause: unknown): boolean {
  return cause instanceof ApiError && cause.statusCode === StatusCode.wrongCredentials;
}

/**
 * The authenticator app inside the two-factor card: set it up (a step-up code first from a stale
 * session, then the QR code and the key, then a first code), show the recovery codes once, or turn it
 * off with a code.
 */
export function AuthenticatorSection({ enrolled }: { enrolled: boolean }) {
  const { t } = useTranslation('profile');
  const locale = useLocale();
  const client = useQueryClient();
  const [stage, setStage] = useState<Stage>({ name: 'idle' });
  const [starting, setStarting] = useState(false);
  const refresh = () => client.invalidateQueries({ queryKey: profileKeys.twoFa });

  const start = async (currentCode?: string) => {
    const answer = await profileApi.startAuthenticator(currentCode);
    if (answer.step === 'step-up') {
      setStage({ name: 'step-up', phone: answer.phone });
      return answer.resendAfter;
    }
    setStage({ name: 'scan', secret: answer.secret, otpauthUrl: answer.otpauthUrl });
    return undefined;
  };

  const begin = async () => {
    setStarting(true);
    try {
      await start();
    } catch {
      // The API client already said why (rate limit, already enrolled, ...).
    } finally {
      setStarting(false);
    }
  };

  let body: ReactNode;
  if (stage.name === 'codes')
    body = (
      <RecoveryCodesStep
        codes={stage.recoveryCodes}
        onDone={() => {
          setStage({ name: 'idle' });
        }}
      />
    );
  else if (stage.name === 'scan')
    body = (
      <ScanStep
        secret={stage.secret}
        otpauthUrl={stage.otpauthUrl}
        onCancel={() => setStage({ name: 'idle' })}
        onConfirmed={(recoveryCodes) => {
          setStage({ name: 'codes', recoveryCodes });
          notify.success(t('authenticator.turnedOn'));
          void refresh();
        }}
      />
    );
  else if (stage.name === 'step-up') {
    const phone = locale === 'fa' ? toPersianDigits(stage.phone) : stage.phone;
    body = (
      <Stack sx={{ gap: 1.5 }}>
        <Alert severity="info" data-testid="authenticator-step-up">
          {t('stepUp.explain', { phone })}
        </Alert>
        <CodeStep
          id="authenticator-step-up"
          timerName={stepUpTimer}
          sentTo={phone}
          pending={starting}
          onVerify={async (code) => {
            await start(code);
          }}
          onResend={() => start()}
          onCancel={() => setStage({ name: 'idle' })}
        />
      </Stack>
    );
  } else if (stage.name === 'turn-off')
    body = (
      <TurnOffForm
        onCancel={() => setStage({ name: 'idle' })}
        onDone={() => {
          setStage({ name: 'idle' });
          notify.success(t('authenticator.turnedOff'));
          void refresh();
        }}
      />
    );
  else if (enrolled)
    body = (
      <Button
        variant="outlined"
        color="error"
        onClick={() => setStage({ name: 'turn-off' })}
        sx={{ alignSelf: 'flex-start' }}
      >
        {t('authenticator.turnOff')}
      </Button>
    );
  else
    body = (
      <Button
        variant="outlined"
        startIcon={<PhonelinkLockOutlined />}
        loading={starting}
        onClick={() => void begin()}
        sx={{ alignSelf: 'flex-start' }}
      >
        {t('authenticator.setUp')}
      </Button>
    );

  return (
    <Stack component="section" aria-labelledby="authenticator-title" sx={{ gap: 1.5 }}>
      <Stack direction="row" sx={{ gap: 1, alignItems: 'center', flexWrap: 'wrap' }}>
        <Typography id="authenticator-title" variant="subtitle1" component="h3" sx={{ fontWeight: 600 }}>
          {t('authenticator.title')}
        </Typography>
        {enrolled ? <Chip size="small" color="success" label={t('authenticator.on')} /> : null}
      </Stack>
      {stage.name === 'idle' ? (
        <Typography variant="body2" sx={{ color: 'text.secondary' }}>
          {t('authenticator.intro')}
        </Typography>
      ) : null}
      {body}
    </Stack>
  );
}
