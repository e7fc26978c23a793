import FingerprintOutlined from '@mui/icons-material/FingerprintOutlined';
import KeyOutlined from '@mui/icons-material/KeyOutlined';
import MailOutlined from '@mui/icons-material/MailOutlined';
import PhonelinkLockOutlined from '@mui/icons-material/PhonelinkLockOutlined';
import SmsOutlined from '@mui/icons-material/SmsOutlined';
import Alert from '@mui/material/Alert';
import Button from '@mui/material/Button';
import Divider from '@mui/material/Divider';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import { type Envelope, StatusCode, type TwoFaMethod } from '@wsm/contracts';
import { type ReactNode, useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useLocaleNavigate } from '../../lib/locale-navigation';
import { authenticateWithPasskey, PasskeyError } from '../../lib/webauthn';
import {
  loginPasskeyOptions,
  sendLoginCode,
  verifyLogin,
  verifyLoginPasskey,
  verifyLoginWithRecoveryCode,
} from './api';
import { useCompleteLogin } from './complete-login';
import { AuthCard } from './components/auth-card';
import { AuthHeading, BackLink, Destination } from './components/auth-heading';
import { CodeForm } from './components/code-form';
import { RecoveryCodeForm } from './components/recovery-code-form';
import { retryAfterOf } from './errors';
import { endsFlow } from './flow-end';
import {
  clearLoginChallenge,
  getLoginChallenge,
  type LoginChallenge,
  loginVerifyPath,
  startCountdown,
  switchLoginMethod,
} from './flow-state';
import { PendingSignIn } from './sign-in-request';

/** The icon of each method's button. */
const methodIcon: Record<TwoFaMethod, ReactNode> = {
  sms: <SmsOutlined />,
  email: <MailOutlined />,
  google: <PhonelinkLockOutlined />,
};
const useMethodText: Record<TwoFaMethod, string> = {
  sms: 'verify.useSms',
  email: 'verify.useEmail',
  google: 'verify.useGoogle',
};

/**
 * /:locale/login/verify (SMS), /:locale/login/verify/email and /:locale/login/verify/google (an
 * authenticator app): the second login step. A code went out by SMS or e-mail, or the app shows one;
 * the other offered methods can be asked for instead, and with an app enrolled, a recovery code works
 * whatever the method.
 */
export function LoginVerifyPage({ method }: { method: TwoFaMethod }) {
  const { t } = useTranslation('auth');
  const navigate = useLocaleNavigate();
  const completeLogin = useCompleteLogin();
  const [challenge, setChallenge] = useState<LoginChallenge | null>(getLoginChallenge);
  const [switching, setSwitching] = useState(false);
  const [withRecoveryCode, setWithRecoveryCode] = useState(false);
  const [passkeyPending, setPasskeyPending] = useState(false);
  const [passkeyError, setPasskeyError] = useState('');
  const offered = (which: TwoFaMethod) => Boolean(challenge?.methods[which]);
  const available = offered(method);

  // Without a challenge (a reload in another tab, an old link) or without this method, start again.
  useEffect(() => {
    if (!challenge) navigate('/login', { replace: true });
    else if (!available) navigate(loginVerifyPath.sms, { replace: true });
  }, [challenge, available, navigate]);

  if (!challenge || !available) return null;

  /** The challenge is over (expired, or too many wrong codes): back to the first step. */
  const restart = (code: number, envelope?: Envelope) => {
    if (!endsFlow(code, envelope, t, true)) return;
    clearLoginChallenge();
    navigate('/login', { replace: true });
  };

  const verify = async (code: string) => {
    completeLogin(await verifyLogin(challenge.token, code, { onError: restart }));
  };

  const verifyRecoveryCode = async (recoveryCode: string) => {
    completeLogin(await verifyLoginWithRecoveryCode(challenge.token, recoveryCode, { onError: restart }));
  };

  /** The account's passkey instead of the code: options, the browser's prompt, then the check. */
  const loginWithPasskey = async () => {
    setPasskeyError('');
    setPasskeyPending(true);
    try {
      const options = await loginPasskeyOptions(challenge.token, { onError: restart });
      const response = await authenticateWithPasskey(options);
      completeLogin(await verifyLoginPasskey(challenge.token, response, { onError: restart }));
    } catch (error) {
      if (error instanceof PasskeyError && error.reason === 'wrong-address')
        setPasskeyError(
          t('verify.passkeyErrors.wrongAddress', { address: error.address, here: window.location.host }),
        );
      else if (error instanceof PasskeyError)
        setPasskeyError(
          t(
            error.reason === 'unsupported' || error.reason === 'cancelled'
              ? `verify.passkeyErrors.${error.reason}`
              : 'verify.passkeyErrors.failed',
          ),
        );
      else if (isWrongCredentials(error)) setPasskeyError(t('verify.passkeyErrors.refused'));
      // Anything else the API client has shown, or the challenge is over and restart() took over.
    } finally {
      setPasskeyPending(false);
    }
  };

  const resend = async () => (await sendLoginCode(challenge.token, method, { onError: restart })).resendAfter;

  const sendBy = async (next: TwoFaMethod) => {
    setSwitching(true);
    try {
      const { resendAfter } = await sendLoginCode(challenge.token, next, { onError: restart });
      // The app's code needs nothing sent: the countdown of the last texted code keeps running.
      if (next !== 'google') startCountdown(resendAfter);
      setChallenge(switchLoginMethod(challenge, next));
      setWithRecoveryCode(false);
      navigate(loginVerifyPath[next], { replace: true });
    } catch (error) {
      const wait = retryAfterOf(error);
      if (wait) startCountdown(wait);
    } finally {
      setSwitching(false);
    }
  };

  const otherMethods = (['sms', 'email', 'google'] as const).filter(
    (other) => other !== method && offered(other),
  );
  const codeWentHere = challenge.method === method;
  const destination = method === 'google' ? undefined : challenge.methods[method];

  let heading: string;
  let explanation: ReactNode;
  if (withRecoveryCode) {
    heading = t('verify.recoveryHeading');
    explanation = t('verify.recoveryText');
  } else if (method === 'google') {
    heading = t('verify.googleHeading');
    explanation = t('verify.googleText');
  } else {
    heading = t(method === 'email' ? 'verify.emailHeading' : 'verify.smsHeading');
    const sentence = codeWentHere
      ? method === 'email'
        ? 'verify.sentToEmail'
        : 'verify.sentToPhone'
      : method === 'email'
        ? 'verify.sendToEmail'
        : 'verify.sendToPhone';
    explanation = (
      <>
        {t(sentence)} <Destination value={destination ?? ''} />
      </>
    );
  }

  let form: ReactNode;
  if (withRecoveryCode)
    form = <RecoveryCodeForm onVerify={verifyRecoveryCode} submitLabel={t('verify.submit')} />;
  else if (codeWentHere)
    form =
      method === 'google' ? (
        <CodeForm
          key={method}
          onVerify={verify}
          submitLabel={t('verify.submit')}
          hint={t('verify.googleHint')}
          channel="app"
        />
      ) : (
        <CodeForm
          key={method}
          onVerify={verify}
          onResend={resend}
          submitLabel={t('verify.submit')}
          channel={method}
        />
      );
  else
    form = (
      <Button variant="contained" size="large" disabled={switching} onClick={() => void sendBy(method)}>
        {t(method === 'google' ? 'verify.useGoogleCode' : 'verify.sendCode')}
      </Button>
    );

  return (
    <AuthCard>
      <Stack sx={{ gap: 2.5 }}>
        <AuthHeading title={heading}>{explanation}</AuthHeading>
        <PendingSignIn />
        {form}
        {passkeyPending ? (
          <Typography role="status" variant="body2" sx={{ color: 'text.secondary' }}>
            {t('verify.passkeyWaiting')}
          </Typography>
        ) : null}
        {passkeyError ? (
          <Alert severity="error" role="alert" onClose={() => setPasskeyError('')}>
            {passkeyError}
          </Alert>
        ) : null}
        {otherMethods.length > 0 || challenge.methods.google || challenge.methods.passkeys ? (
          <>
            <Divider>
              <Typography variant="caption" sx={{ color: 'text.secondary' }}>
                {t('verify.otherMethods')}
              </Typography>
            </Divider>
            <Stack sx={{ gap: 1 }}>
              {challenge.methods.passkeys ? (
                <Button
                  variant="outlined"
                  startIcon={<FingerprintOutlined />}
                  loading={passkeyPending}
                  loadingPosition="start"
                  disabled={switching}
                  onClick={() => void loginWithPasskey()}
                >
                  {t('verify.usePasskey')}
                </Button>
              ) : null}
              {otherMethods.map((other) => (
                <Button
                  key={other}
                  variant="outlined"
                  startIcon={methodIcon[other]}
                  disabled={switching}
                  onClick={() => void sendBy(other)}
                >
                  {t(useMethodText[other])}
                </Button>
              ))}
              {/* Recovery codes exist only with an authenticator app; they work whatever the method. */}
              {challenge.methods.google ? (
                <Button
                  variant="text"
                  startIcon={<KeyOutlined />}
                  onClick={() => setWithRecoveryCode((on) => !on)}
                >
                  {t(withRecoveryCode ? 'verify.useCode' : 'verify.useRecoveryCode')}
                </Button>
              ) : null}
            </Stack>
          </>
        ) : null}
        <BackLink to="/login" onClick={clearLoginChallenge}>
          {t('verify.back')}
        </BackLink>
      </Stack>
    </AuthCard>
  );
}

function isWrongCredentials(error: unknown): boolean {
  return (error as { statusCode?: unknown } | null)?.statusCode === StatusCode.wrongCredentials;
}
