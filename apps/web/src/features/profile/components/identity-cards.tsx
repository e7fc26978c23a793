import Alert from '@mui/material/Alert';
import Button from '@mui/material/Button';
import Skeleton from '@mui/material/Skeleton';
import Stack from '@mui/material/Stack';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import { nationalCodeSchema, StatusCode, usernameSchema } from '@wsm/contracts';
import { type FormEvent, useState } from 'react';
import { useTranslation } from 'react-i18next';
import type { z } from 'zod';
import { UserValue } from '../../../components/user-value';
import { ApiError } from '../../../lib/api-client';
import { useLocale } from '../../../lib/locale-navigation';
import { notify } from '../../../lib/notify';
import { profileApi, profileKeys, useNationalCode, useSecurityMutation, useUsername } from '../api';
import { serverFieldErrors, validateField } from '../form-errors';
import { ErrorClearingField } from './error-clearing-field';
import { SectionCard } from './section-card';

/**
 * Saving one field of the account: checked by `schema` first (its first message under the field), then
 * `save`, then `saved`; a refusal's text, as `refusal` reads it, goes under the field.
 */
function useFieldSave<T>(
  schema: z.ZodType<T>,
  save: (value: T) => Promise<unknown>,
  saved: () => void,
  refusal: (cause: unknown) => string,
) {
  const locale = useLocale();
  const [error, setError] = useState('');
  const submit = async (event: FormEvent, value: string) => {
    event.preventDefault();
    const checked = validateField(schema, value, locale, setError);
    if (!checked.ok) return;
    try {
      await save(checked.data);
      saved();
    } catch (cause) {
      setError(refusal(cause));
    }
  };
  return { error, setError, submit };
}

/** The username: shown and changeable; a taken one (261) is said at the field, and only there. */
export function UsernameCard() {
  const { t } = useTranslation('profile');
  const query = useUsername();
  const save = useSecurityMutation(profileApi.setUsername, profileKeys.username);
  const [value, setValue] = useState<string | undefined>();
  const shown = value ?? query.data?.username ?? '';
  const { error, setError, submit } = useFieldSave(
    usernameSchema,
    save.mutateAsync,
    () => {
      setValue(undefined);
      notify.success(t('username.saved'));
    },
    (cause) =>
      cause instanceof ApiError && cause.statusCode === StatusCode.duplicate
        ? t('username.taken')
        : (serverFieldErrors(cause).username ?? ''),
  );

  return (
    <SectionCard id="security-username" title={t('username.title')} description={t('username.description')}>
      {query.isPending ? (
        <Skeleton variant="rounded" height={56} />
      ) : (
        <Stack component="form" noValidate onSubmit={(event) => void submit(event, shown)} sx={{ gap: 1.5 }}>
          <ErrorClearingField
            label={t('username.label')}
            value={shown}
            onValue={setValue}
            error={error}
            onClearError={() => setError('')}
            hint={t('username.rules')}
            autoComplete="username"
            slotProps={{ htmlInput: { dir: 'ltr' } }}
          />
          <Button type="submit" variant="contained" loading={save.isPending} sx={{ alignSelf: 'flex-start' }}>
            {t('actions.save')}
          </Button>
        </Stack>
      )}
    </SectionCard>
  );
}

/** The national code: shown masked once set; settable only when the account has none. */
export function NationalCodeCard() {
  const { t } = useTranslation('profile');
  const query = useNationalCode();
  const save = useSecurityMutation(profileApi.setNationalCode, profileKeys.nationalCode);
  const [value, setValue] = useState('');
  const current = query.data?.nationalCode;
  const { error, submit } = useFieldSave(
    nationalCodeSchema,
    save.mutateAsync,
    () => {
      setValue('');
      notify.success(t('nationalCode.saved'));
    },
    (cause) => serverFieldErrors(cause).nationalCode ?? '',
  );

  let content: React.ReactNode;
  if (query.isPending) content = <Skeleton variant="rounded" height={56} />;
  else if (query.isError) content = <Alert severity="error">{t('states.loadFailed')}</Alert>;
  else if (current)
    content = (
      <Typography sx={{ fontFamily: 'monospace', fontSize: '1.1rem' }}>
        {/* An isolated left-to-right run, placed at the start of the line in either direction. */}
        <UserValue value={current} kind="number" data-testid="national-code" />
      </Typography>
    );
  else
    content = (
      <Stack component="form" noValidate onSubmit={(event) => void submit(event, value)} sx={{ gap: 1.5 }}>
        <Alert severity="info">{t('nationalCode.once')}</Alert>
        <TextField
          label={t('nationalCode.label')}
          value={value}
          onChange={(event) => setValue(event.target.value)}
          error={Boolean(error)}
          helperText={error}
          slotProps={{ htmlInput: { inputMode: 'numeric', maxLength: 10, dir: 'ltr' } }}
        />
        <Button type="submit" variant="contained" loading={save.isPending} sx={{ alignSelf: 'flex-start' }}>
          {t('actions.save')}
        </Button>
      </Stack>
    );

  return (
    <SectionCard
      id="security-national-code"
      title={t('nationalCode.title')}
      description={t('nationalCode.description')}
    >
      {content}
    </SectionCard>
  );
}
