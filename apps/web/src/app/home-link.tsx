import { useTranslation } from 'react-i18next';
import { LocaleLink } from '../lib/locale-navigation';
import { BrandMark } from './brand-mark';

/** The product mark and name at the start of the app bar, linking home; the name shows on large screens. */
export function HomeLink() {
  const { t } = useTranslation('common');
  const title = t('app.title');
  return (
    <LocaleLink to="/" className="pl-home" aria-label={t('nav.home', { title })}>
      <BrandMark size={30} />
      <span className="pl-appbar__title">{title}</span>
    </LocaleLink>
  );
}
