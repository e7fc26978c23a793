import Alert from '@mui/material/Alert';
import Button from '@mui/material/Button';
import Chip from '@mui/material/Chip';
import Skeleton from '@mui/material/Skeleton';
import Stack from '@mui/material/Stack';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import { useQueryClient } from '@tanstack/react-query';
import { phoneSchema } from '@wsm/contracts';
import { type FormEvent, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { z } from 'zod';
import { UserValue } from '../../../components/user-value';
import { isolateValue } from '../../../lib/bidi';
import { useLocale } from '../../../lib/locale-navigation';
import { notify } from '../../../lib/notify';
import { useCountdown } from '../../../lib/use-countdown';
import { type ContactStep, profileApi, profileKeys, useEmail, usePhone } from '../api';
import { validateField } from '../form-errors';
import { CodeStep } from './code-step';
import { SectionCard } from './section-card';

export const emailTimer = 'resend-timer-email';
export const phoneTimer = 'resend-timer-phone';
const emailSchema = z.email().max(254);

/** Where a step-up code goes: the same server challenge for both cards, so one timer. */
export const stepUpTimer = 'resend-timer-step-up';

/**
 * Shared flow of e-mail and phone: enter the new address, a code goes to it, enter the code. A session
 * that logged in more than a few minutes ago first proves it is still the owner: the server answers 630
 * and texts a code to the current phone (the step-up); the same call with that code goes on.
 */
function ContactFlow({
  id,
  label,
  inputType,
  timerName,
  schema,
  submitLabel,
  onSubmit,
  onVerify,
  onResend,
  onVerified,
}: {
  id: string;
  label: string;
  inputType: 'email' | 'tel';
  timerName: string;
  schema: z.ZodType<string>;
  submitLabel: string;
  onSubmit: (value: string, currentCode?: string) => Promise<ContactStep>;
  onVerify: (code: string) => Promise<unknown>;
  onResend: () => Promise<number | undefined>;
  onVerified: () => void;
}) {
  const { t } = useTranslation('profile');
  const locale = useLocale();
  const countdown = useCountdown(timerName);
  const stepUpCountdown = useCountdown(stepUpTimer);
  const [value, setValue] = useState('');
  const [submitted, setSubmitted] = useState('');
  const [sentTo, setSentTo] = useState<string | undefined>();
  const [stepUpPhone, setStepUpPhone] = useState<string | undefined>();
  const [error, setError] = useState('');
  const [pending, setPending] = useState(false);

  /** Moves the flow on by the server's answer; answers the step-up's resend wait, if any. */
  const follow = (answer: ContactStep, address: string): number | undefined => {
    if (answer.step === 'step-up') {
      setStepUpPhone(answer.phone);
      return answer.resendAfter;
    }
    setStepUpPhone(undefined);
    countdown.start(answer.resendAfter);
    setSentTo(address);
    return undefined;
  };

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    const checked = validateField(schema, value, locale, setError);
    if (!checked.ok) return;
    setPending(true);
    try {
      const wait = follow(await onSubmit(checked.data), checked.data);
      setSubmitted(checked.data);
      if (wait !== undefined) stepUpCountdown.start(wait);
    } catch {
      // The API client already said why (duplicate, rate limit, ...).
    } finally {
      setPending(false);
    }
  };

  // A refused code rejects to the code step, which stays: it says a wrong code (620) under its field.
  const stepUp = async (code: string) => {
    setPending(true);
    try {
      follow(await onSubmit(submitted, code), submitted);
    } finally {
      setPending(false);
    }
  };

  const verify = async (code: string) => {
    setPending(true);
    try {
      await onVerify(code);
      setSentTo(undefined);
      setValue('');
      onVerified();
    } finally {
      setPending(false);
    }
  };

  if (stepUpPhone) {
    const phone = isolateValue(stepUpPhone, locale, 'number');
    return (
      <Stack sx={{ gap: 1.5 }}>
        <Alert severity="info" data-testid={`${id}-step-up`}>
          {t('stepUp.explain', { phone })}
        </Alert>
        <CodeStep
          key="step-up"
          id={`${id}-step-up`}
          timerName={stepUpTimer}
          sentTo={phone}
          pending={pending}
          onVerify={stepUp}
          onResend={async () => follow(await onSubmit(submitted), submitted)}
          onCancel={() => setStepUpPhone(undefined)}
        />
      </Stack>
    );
  }
  if (sentTo) {
    return (
      <CodeStep
        key="new-address"
        id={id}
        timerName={timerName}
        // A phone number is a number, isolated in the page's digits; an e-mail address keeps its own
        // characters (the translation isolates it: app/i18n.ts).
        sentTo={inputType === 'tel' ? isolateValue(sentTo, locale, 'number') : sentTo}
        pending={pending}
        channel={inputType === 'email' ? 'email' : 'sms'}
        onVerify={verify}
        onResend={onResend}
        onCancel={() => setSentTo(undefined)}
      />
    );
  }
  return (
    <Stack component="form" noValidate onSubmit={(event) => void submit(event)} sx={{ gap: 1.5 }}>
      <TextField
        type={inputType}
        label={label}
        value={value}
        onChange={(event) => setValue(event.target.value)}
        error={Boolean(error)}
        helperText={error}
        autoComplete={inputType === 'email' ? 'email' : 'tel'}
        slotProps={{ htmlInput: { dir: 'ltr' } }}
      />
      <Button type="submit" variant="contained" loading={pending} sx={{ alignSelf: 'flex-start' }}>
        {submitLabel}
      </Button>
    </Stack>
  );
}

/** E-mail: add or change, verify with a code sent to it, resend after the countdown. */
export function EmailCard() {
  const { t } = useTranslation('profile');
  const client = useQueryClient();
  const query = useEmail();
  const current = query.data;
  return (
    <SectionCard id="security-email" title={t('email.title')} description={t('email.description')}>
      {query.isPending ? (
        <Skeleton variant="rounded" height={56} />
      ) : query.isError ? (
        <Alert severity="error">{t('states.loadFailed')}</Alert>
      ) : (
        <>
          {current?.email ? (
            <Stack direction="row" sx={{ gap: 1, alignItems: 'center', flexWrap: 'wrap' }}>
              <Typography>
                <UserValue value={current.email} kind="identifier" data-testid="current-email" />
              </Typography>
              <Chip
                size="small"
                color={current.verified ? 'success' : 'warning'}
                label={current.verified ? t('email.verified') : t('email.unverified')}
              />
            </Stack>
          ) : (
            <Typography sx={{ color: 'text.secondary' }}>{t('email.none')}</Typography>
          )}
          <ContactFlow
            id="email"
            label={current?.email ? t('email.newLabel') : t('email.label')}
            inputType="email"
            timerName={emailTimer}
            schema={emailSchema}
            submitLabel={current?.email ? t('email.change') : t('email.add')}
            onSubmit={(email, currentCode) =>
              profileApi.submitEmail(email, Boolean(current?.email), currentCode)
            }
            onVerify={profileApi.verifyEmail}
            onResend={async () => (await profileApi.resendEmail())?.resendAfter}
            onVerified={() => {
              notify.success(t('email.done'));
              void client.invalidateQueries({ queryKey: profileKeys.email });
              // The choice of e-mail for login codes depends on a verified address.
              void client.invalidateQueries({ queryKey: profileKeys.twoFa });
            }}
          />
        </>
      )}
    </SectionCard>
  );
}

/** Phone: a code goes to the new phone; entering it switches the account's phone. */
export function PhoneCard() {
  const { t } = useTranslation('profile');
  const client = useQueryClient();
  const query = usePhone();
  const phone = query.data?.phone;
  return (
    <SectionCard id="security-phone" title={t('phone.title')} description={t('phone.description')}>
      {query.isPending ? (
        <Skeleton variant="rounded" height={56} />
      ) : query.isError ? (
        <Alert severity="error">{t('states.loadFailed')}</Alert>
      ) : (
        <>
          <Typography>
            {phone ? <UserValue value={phone} kind="number" data-testid="current-phone" /> : t('phone.none')}
          </Typography>
          <ContactFlow
            id="phone"
            label={t('phone.newLabel')}
            inputType="tel"
            timerName={phoneTimer}
            schema={phoneSchema}
            submitLabel={t('phone.change')}
            onSubmit={profileApi.submitPhone}
            onVerify={profileApi.verifyPhone}
            onResend={async () => (await profileApi.resendPhone())?.resendAfter}
            onVerified={() => {
              notify.success(t('phone.done'));
              void client.invalidateQueries({ queryKey: profileKeys.phone });
              void client.invalidateQueries({ queryKey: profileKeys.twoFa });
            }}
          />
        </>
      )}
    </SectionCard>
  );
}
