import MailOutlined from '@mui/icons-material/MailOutlined';
import PhonelinkLockOutlined from '@mui/icons-material/PhonelinkLockOutlined';
import SmsOutlined from '@mui/icons-material/SmsOutlined';
import Button from '@mui/material/Button';
import Divider from '@mui/material/Divider';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import { type Envelope, StatusCode, type TwoFaMethod } from '@wsm/contracts';
import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { displayDigits } from '../../lib/digits';
import { useLocale, useLocaleNavigate } from '../../lib/locale-navigation';
import { notify } from '../../lib/notify';
import { sendLoginCode, verifyLogin } from './api';
import { useCompleteLogin } from './complete-login';
import { AuthCard } from './components/auth-card';
import { AuthHeading, BackLink, Destination } from './components/auth-heading';
import { CodeForm } from './components/code-form';
import { retryAfterOf } from './errors';
import {
  clearLoginChallenge,
  getLoginChallenge,
  type LoginChallenge,
  startCountdown,
  switchLoginMethod,
} from './flow-state';

const methodPath: Record<TwoFaMethod, string> = { sms: '/login/verify', email: '/login/verify/email' };

/**
 * /:locale/login/verify (SMS) and /:locale/login/verify/email: the second login step. The code went
 * out by the challenge's method; the other offered method can be asked for instead. The Google
 * (authenticator) method is shown and does nothing (product-spec.md section 2).
 */
export function LoginVerifyPage({ method }: { method: TwoFaMethod }) {
  const { t } = useTranslation('auth');
  const locale = useLocale();
  const navigate = useLocaleNavigate();
  const completeLogin = useCompleteLogin();
  const [challenge, setChallenge] = useState<LoginChallenge | null>(getLoginChallenge);
  const [switching, setSwitching] = useState(false);
  const destination = challenge
    ? method === 'email'
      ? challenge.methods.email
      : challenge.methods.sms
    : undefined;

  // Without a challenge (a reload in another tab, an old link) or without this method, start again.
  useEffect(() => {
    if (!challenge) navigate('/login', { replace: true });
    else if (!destination) navigate(methodPath.sms, { replace: true });
  }, [challenge, destination, navigate]);

  if (!challenge || !destination) return null;

  /** The challenge is over (expired, or too many wrong codes): back to the first step. */
  const restart = (code: number, envelope?: Envelope) => {
    if (code === StatusCode.securityShield)
      notify.error(t('errors:api.securityShield'), { toastId: 'shield' });
    else if (code === StatusCode.unauthorized) notify.warning(t('flow.expired'), { toastId: 'flow-expired' });
    else {
      console.warn(`API status ${code}: ${envelope?.statusMessage ?? ''}`);
      return;
    }
    clearLoginChallenge();
    navigate('/login', { replace: true });
  };

  const verify = async (code: string) => {
    completeLogin(await verifyLogin(challenge.token, code, { onError: restart }));
  };

  const resend = async () => (await sendLoginCode(challenge.token, method, { onError: restart })).resendAfter;

  const sendBy = async (next: TwoFaMethod) => {
    setSwitching(true);
    try {
      const { resendAfter } = await sendLoginCode(challenge.token, next, { onError: restart });
      startCountdown(resendAfter);
      setChallenge(switchLoginMethod(challenge, next));
      navigate(methodPath[next], { replace: true });
    } catch (error) {
      const wait = retryAfterOf(error);
      if (wait) startCountdown(wait);
    } finally {
      setSwitching(false);
    }
  };

  const otherMethod: TwoFaMethod = method === 'sms' ? 'email' : 'sms';
  const otherDestination = otherMethod === 'email' ? challenge.methods.email : challenge.methods.sms;
  const codeWentHere = challenge.method === method;

  return (
    <AuthCard>
      <Stack sx={{ gap: 2.5 }}>
        <AuthHeading title={t(method === 'email' ? 'verify.emailHeading' : 'verify.smsHeading')}>
          {codeWentHere ? (
            <>
              {t(method === 'email' ? 'verify.sentToEmail' : 'verify.sentToPhone')}{' '}
              <Destination value={displayDigits(destination, locale)} />
            </>
          ) : (
            <>
              {t(method === 'email' ? 'verify.sendToEmail' : 'verify.sendToPhone')}{' '}
              <Destination value={displayDigits(destination, locale)} />
            </>
          )}
        </AuthHeading>
        {codeWentHere ? (
          <CodeForm key={method} onVerify={verify} onResend={resend} submitLabel={t('verify.submit')} />
        ) : (
          <Button variant="contained" size="large" disabled={switching} onClick={() => void sendBy(method)}>
            {t('verify.sendCode')}
          </Button>
        )}
        <Divider>
          <Typography variant="caption" sx={{ color: 'text.secondary' }}>
            {t('verify.otherMethods')}
          </Typography>
        </Divider>
        <Stack sx={{ gap: 1 }}>
          {otherDestination && (
            <Button
              variant="outlined"
              startIcon={otherMethod === 'email' ? <MailOutlined /> : <SmsOutlined />}
              disabled={switching}
              onClick={() => void sendBy(otherMethod)}
            >
              {t(otherMethod === 'email' ? 'verify.useEmail' : 'verify.useSms')}
            </Button>
          )}
          {/* The authenticator method is part of the product but does nothing yet (product-spec.md section 2). */}
          <Button
            variant="outlined"
            startIcon={<PhonelinkLockOutlined />}
            disabled
            aria-describedby="google-note"
          >
            {t('verify.useGoogle')}
          </Button>
          <Typography
            id="google-note"
            variant="caption"
            sx={{ color: 'text.secondary', textAlign: 'center' }}
          >
            {t('verify.googleUnavailable')}
          </Typography>
        </Stack>
        <BackLink to="/login" onClick={clearLoginChallenge}>
          {t('verify.back')}
        </BackLink>
      </Stack>
    </AuthCard>
  );
}
