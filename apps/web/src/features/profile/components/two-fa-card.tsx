import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Divider from '@mui/material/Divider';
import FormControl from '@mui/material/FormControl';
import FormControlLabel from '@mui/material/FormControlLabel';
import FormHelperText from '@mui/material/FormHelperText';
import FormLabel from '@mui/material/FormLabel';
import Radio from '@mui/material/Radio';
import RadioGroup from '@mui/material/RadioGroup';
import Skeleton from '@mui/material/Skeleton';
import Stack from '@mui/material/Stack';
import Switch from '@mui/material/Switch';
import type { TwoFaMethod, TwoFaSettings } from '@wsm/contracts';
import { type FormEvent, type ReactNode, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { LoadError } from '../../../components/load-error';
import { UserValue } from '../../../components/user-value';
import { notify } from '../../../lib/notify';
import { profileApi, profileKeys, useSecurityMutation, useTwoFa } from '../api';
import { serverFieldErrors } from '../form-errors';
import { AuthenticatorSection } from './authenticator-section';
import { SectionCard } from './section-card';

/** A method's name with where its codes go: a phone in the page's digits, an e-mail as written (lib/bidi.ts). */
function MethodLabel({
  name,
  destination,
  kind = 'identifier',
}: {
  name: string;
  destination?: string | undefined;
  kind?: 'number' | 'identifier';
}) {
  return (
    <Stack component="span" sx={{ py: 0.5 }}>
      <span>{name}</span>
      {destination ? (
        <Box component="span" sx={{ color: 'text.secondary', fontSize: '0.875rem' }}>
          <UserValue value={destination} kind={kind} />
        </Box>
      ) : null}
    </Stack>
  );
}

const savedText = { sms: 'twoFa.savedSms', email: 'twoFa.savedEmail', google: 'twoFa.savedGoogle' } as const;

/** A method that may not be set up yet: then it cannot be chosen, and its help (`two-fa-<method>-help`) says why. */
function MethodOption({
  value,
  available,
  label,
}: {
  value: TwoFaMethod;
  available: boolean;
  label: ReactNode;
}) {
  return (
    <FormControlLabel
      value={value}
      disabled={!available}
      control={
        <Radio slotProps={{ input: available ? {} : { 'aria-describedby': `two-fa-${value}-help` } }} />
      }
      label={label}
    />
  );
}

function TwoFaForm({ settings }: { settings: TwoFaSettings }) {
  const { t } = useTranslation('profile');
  const save = useSecurityMutation(profileApi.setTwoFa, profileKeys.twoFa);
  const [chosen, setChosen] = useState<TwoFaMethod | undefined>();
  const [error, setError] = useState('');
  const method = chosen ?? settings.method;
  const emailAvailable = Boolean(settings.methods.email);
  const googleAvailable = Boolean(settings.methods.google);

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    setError('');
    try {
      const saved = await save.mutateAsync(method);
      setChosen(undefined);
      notify.success(t(savedText[saved.method]));
    } catch (cause) {
      // 400: the address stopped being verified meanwhile; the server says so in the page's language.
      setError(serverFieldErrors(cause).method ?? '');
    }
  };

  let emailHelp: ReactNode = null;
  if (!emailAvailable)
    emailHelp = (
      <FormHelperText id="two-fa-email-help" sx={{ mt: 0, mx: 0 }}>
        {t('twoFa.emailUnavailable')}
      </FormHelperText>
    );

  return (
    <Stack component="form" noValidate onSubmit={(event) => void submit(event)} sx={{ gap: 1.5 }}>
      <FormControl error={Boolean(error)}>
        <FormLabel id="two-fa-label">{t('twoFa.label')}</FormLabel>
        <RadioGroup
          aria-labelledby="two-fa-label"
          name="two-fa-method"
          value={method}
          onChange={(event) => setChosen(event.target.value as TwoFaMethod)}
        >
          <FormControlLabel
            value="sms"
            control={<Radio />}
            label={<MethodLabel name={t('twoFa.sms')} destination={settings.methods.sms} kind="number" />}
          />
          <MethodOption
            value="email"
            available={emailAvailable}
            label={<MethodLabel name={t('twoFa.email')} destination={settings.methods.email} />}
          />
          <MethodOption
            value="google"
            available={googleAvailable}
            label={<MethodLabel name={t('twoFa.google')} />}
          />
        </RadioGroup>
        {emailHelp}
        {googleAvailable ? null : (
          <FormHelperText id="two-fa-google-help" sx={{ mt: 0, mx: 0 }}>
            {t('twoFa.googleUnavailable')}
          </FormHelperText>
        )}
        {error ? <FormHelperText sx={{ mx: 0 }}>{error}</FormHelperText> : null}
      </FormControl>
      <Button
        type="submit"
        variant="contained"
        loading={save.isPending}
        disabled={method === settings.method}
        sx={{ alignSelf: 'flex-start' }}
      >
        {t('actions.save')}
      </Button>
    </Stack>
  );
}

/**
 * How logins are verified: SMS, e-mail once an address is verified, or an authenticator app once one is
 * set up (in the same card, below the choice).
 */
/** Login alerts by e-mail: on or off, saved at once; they need a verified address to go anywhere. */
function LoginAlertsSwitch({ settings }: { settings: TwoFaSettings }) {
  const { t } = useTranslation('profile');
  const save = useSecurityMutation(profileApi.setLoginAlerts, profileKeys.twoFa);
  const [on, setOn] = useState(settings.loginAlerts);
  const hasEmail = Boolean(settings.methods.email);
  const change = async (next: boolean) => {
    setOn(next);
    try {
      await save.mutateAsync(next);
      notify.success(t(next ? 'loginAlerts.turnedOn' : 'loginAlerts.turnedOff'));
    } catch {
      // The API client already said why; the switch shows what is saved.
      setOn(!next);
    }
  };
  return (
    <FormControl>
      <FormControlLabel
        control={
          <Switch
            checked={on}
            disabled={save.isPending}
            onChange={(event) => void change(event.target.checked)}
            slotProps={{ input: { 'aria-describedby': 'login-alerts-help' } }}
          />
        }
        label={t('loginAlerts.label')}
      />
      <FormHelperText id="login-alerts-help" sx={{ mx: 0 }}>
        {hasEmail ? t('loginAlerts.help') : t('loginAlerts.needsEmail')}
      </FormHelperText>
    </FormControl>
  );
}

export function TwoFaCard() {
  const { t } = useTranslation('profile');
  const query = useTwoFa();
  let content: ReactNode;
  if (query.isPending) content = <Skeleton variant="rounded" height={96} />;
  else if (query.isError)
    content = <LoadError message={t('states.loadFailed')} onRetry={() => void query.refetch()} />;
  // Keyed by the server's answer, so a change elsewhere (an address verified) resets the choice.
  else
    content = (
      <Stack sx={{ gap: 2.5 }}>
        <TwoFaForm key={JSON.stringify(query.data)} settings={query.data} />
        <Divider />
        <LoginAlertsSwitch settings={query.data} />
        <Divider />
        {/* Not keyed by the answer: the recovery codes stay on screen while the settings reload. */}
        <AuthenticatorSection enrolled={Boolean(query.data.methods.google)} />
      </Stack>
    );
  return (
    <SectionCard id="security-two-fa" title={t('twoFa.title')} description={t('twoFa.description')}>
      {content}
    </SectionCard>
  );
}
