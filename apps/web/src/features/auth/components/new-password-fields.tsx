import type { PasswordOwner } from '@wsm/contracts';
import { useTranslation } from 'react-i18next';
import { PlainPasswordField } from '../../../components/plain/text-field';
import type { PlainFields } from '../use-plain-form';
import { PasswordStrength, preloadPasswordStrength } from './password-strength';

/**
 * A new password, its strength against the owner's own data, and the password again: the last step
 * of signup and of recovery.
 */
export function NewPasswordFields({
  form,
  owner,
}: {
  form: PlainFields<'password' | 'confirmPassword'>;
  /** The account's data the password must not contain, as far as the form knows it. */
  owner?: PasswordOwner;
}) {
  const { t } = useTranslation('auth');
  return (
    <>
      <PlainPasswordField
        {...form.field('password', t('fields.passwordHint'))}
        label={t('fields.newPassword')}
        autoComplete="new-password"
        autoFocus
        onFocus={preloadPasswordStrength}
        required
      />
      <PasswordStrength password={form.values.password} owner={owner} />
      <PlainPasswordField
        {...form.field('confirmPassword')}
        label={t('fields.confirmPassword')}
        autoComplete="new-password"
        required
      />
    </>
  );
}
