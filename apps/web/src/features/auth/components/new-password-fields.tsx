import type { PasswordOwner } from '@wsm/contracts';
import type { Control, FieldValues, Path } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { PasswordController } from './auth-form';
import { PasswordStrength, preloadPasswordStrength } from './password-strength';

/** The fields `NewPasswordFields` binds. */
export interface NewPasswordValues extends FieldValues {
  password: string;
  confirmPassword: string;
}

/**
 * A new password, its strength against the owner's own data, and the password again: the last step
 * of signup and of recovery.
 */
export function NewPasswordFields<T extends NewPasswordValues, TOut>({
  control,
  password,
  owner,
}: {
  control: Control<T, unknown, TOut>;
  /** The password typed so far, for the strength meter. */
  password: string;
  /** The account's data the password must not contain, as far as the form knows it. */
  owner?: PasswordOwner;
}) {
  const { t } = useTranslation('auth');
  return (
    <>
      <PasswordController
        name={'password' as Path<T>}
        control={control}
        label={t('fields.newPassword')}
        autoComplete="new-password"
        autoFocus
        onFocus={preloadPasswordStrength}
        helperText={t('fields.passwordHint')}
      />
      <PasswordStrength password={password} owner={owner} />
      <PasswordController
        name={'confirmPassword' as Path<T>}
        control={control}
        label={t('fields.confirmPassword')}
        autoComplete="new-password"
      />
    </>
  );
}
