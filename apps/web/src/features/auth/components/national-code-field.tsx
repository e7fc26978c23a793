import { useTranslation } from 'react-i18next';
import type { PlainFields } from '../use-plain-form';
import { PlainDigitsField } from './plain-digits-field';

/** The national code (10 digits), asked by signup's first step and by recovery's. */
export function NationalCodeField({
  form,
  autoFocus,
}: {
  form: PlainFields<'nationalCode'>;
  autoFocus?: boolean;
}) {
  const { t } = useTranslation('auth');
  return (
    <PlainDigitsField
      {...form.field('nationalCode')}
      maxDigits={10}
      label={t('fields.nationalCode')}
      autoComplete="off"
      autoFocus={autoFocus}
      required
    />
  );
}
