import Alert from '@mui/material/Alert';
import Button from '@mui/material/Button';
import Chip from '@mui/material/Chip';
import Skeleton from '@mui/material/Skeleton';
import Stack from '@mui/material/Stack';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import { useQueryClient } from '@tanstack/react-query';
import { phoneSchema, toPersianDigits } from '@wsm/contracts';
import { type FormEvent, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { z } from 'zod';
import { useLocale } from '../../../lib/locale-navigation';
import { notify } from '../../../lib/notify';
import { profileApi, profileKeys, useEmail, usePhone } from '../api';
import { validate } from '../form-errors';
import { useCountdown } from '../use-countdown';
import { CodeStep } from './code-step';
import { SectionCard } from './section-card';

export const emailTimer = 'resend-timer-email';
export const phoneTimer = 'resend-timer-phone';
const emailSchema = z.email().max(254);

/** Shared flow of e-mail and phone: enter the new address, a code goes to it, enter the code. */
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
  onSubmit: (value: string) => Promise<number | undefined>;
  onVerify: (code: string) => Promise<unknown>;
  onResend: () => Promise<number | undefined>;
  onVerified: () => void;
}) {
  const locale = useLocale();
  const countdown = useCountdown(timerName);
  const [value, setValue] = useState('');
  const [sentTo, setSentTo] = useState<string | undefined>();
  const [error, setError] = useState('');
  const [pending, setPending] = useState(false);

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    const checked = validate(schema, value, locale);
    if (!checked.ok) {
      setError(Object.values(checked.errors)[0] ?? '');
      return;
    }
    setError('');
    setPending(true);
    try {
      countdown.start(await onSubmit(checked.data));
      setSentTo(checked.data);
    } catch {
      // The API client already said why (duplicate, rate limit, ...).
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
    } catch {
      // 620 (wrong code) and 660 (too many tries) are toasted by the API client.
    } finally {
      setPending(false);
    }
  };

  if (sentTo) {
    return (
      <CodeStep
        id={id}
        timerName={timerName}
        sentTo={sentTo}
        pending={pending}
        onVerify={(code) => void verify(code)}
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
                <bdi dir="ltr" data-testid="current-email">
                  {current.email}
                </bdi>
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
            onSubmit={async (email) =>
              (await profileApi.submitEmail(email, Boolean(current?.email)))?.resendAfter
            }
            onVerify={profileApi.verifyEmail}
            onResend={async () => (await profileApi.resendEmail())?.resendAfter}
            onVerified={() => {
              notify.success(t('email.done'));
              void client.invalidateQueries({ queryKey: profileKeys.email });
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
  const locale = useLocale();
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
            {phone ? (
              <bdi dir="ltr" data-testid="current-phone">
                {locale === 'fa' ? toPersianDigits(phone) : phone}
              </bdi>
            ) : (
              t('phone.none')
            )}
          </Typography>
          <ContactFlow
            id="phone"
            label={t('phone.newLabel')}
            inputType="tel"
            timerName={phoneTimer}
            schema={phoneSchema}
            submitLabel={t('phone.change')}
            onSubmit={async (value) => (await profileApi.submitPhone(value))?.resendAfter}
            onVerify={profileApi.verifyPhone}
            onResend={async () => (await profileApi.resendPhone())?.resendAfter}
            onVerified={() => {
              notify.success(t('phone.done'));
              void client.invalidateQueries({ queryKey: profileKeys.phone });
            }}
          />
        </>
      )}
    </SectionCard>
  );
}
