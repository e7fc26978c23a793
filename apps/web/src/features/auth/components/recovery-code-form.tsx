import { recoveryCodeSchema } from '@wsm/contracts';
import { type FormEvent, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { PlainTextField } from '../../../components/plain/text-field';
import { reportUnexpectedError } from '../../../lib/api-client';
import { ApiError } from '../../../lib/api-error';
import { isRefused, refusedKeys } from '../../../lib/refusals';
import { AuthForm } from './auth-form';
import { useRetryWait, WaitingSubmitButton } from './retry-wait';

/**
 * The second login step with one of the authenticator method's recovery codes (each works once). Case,
 * spaces and hyphens are forgiven; a wrong or used code (620) is said under the field.
 */
export function RecoveryCodeForm({
  onVerify,
  submitLabel,
}: {
  /** Checks the code; rejects with the call's ApiError. */
  onVerify: (recoveryCode: string) => Promise<void>;
  submitLabel: string;
}) {
  const { t } = useTranslation('auth');
  const [value, setValue] = useState('');
  const [error, setError] = useState('');
  const [pending, setPending] = useState(false);
  const wait = useRetryWait('recovery-code');

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    const parsed = recoveryCodeSchema.safeParse(value);
    if (!parsed.success) {
      setError(t('verify.recoveryCodeInvalid'));
      return;
    }
    setError('');
    setPending(true);
    try {
      await onVerify(parsed.data);
    } catch (cause) {
      if (wait.holdFor(cause)) return;
      if (isRefused(cause)) setError(t(refusedKeys.recoveryCode));
      else if (!(cause instanceof ApiError)) reportUnexpectedError(cause);
    } finally {
      setPending(false);
    }
  };

  return (
    <AuthForm onSubmit={(event) => void submit(event)} testId="recovery-code-form" gap={16}>
      <PlainTextField
        name="recoveryCode"
        label={t('verify.recoveryCode')}
        value={value}
        onValueChange={(next) => {
          setValue(next);
          setError('');
        }}
        error={Boolean(error)}
        helperText={error || t('verify.recoveryCodeHint')}
        autoComplete="off"
        autoFocus
        required
        dir="ltr"
        spellCheck={false}
        autoCapitalize="none"
        data-testid="recovery-code-input"
        className="pl-field__input--recovery-code"
      />
      <WaitingSubmitButton pending={pending} waitSeconds={wait.seconds}>
        {submitLabel}
      </WaitingSubmitButton>
    </AuthForm>
  );
}
