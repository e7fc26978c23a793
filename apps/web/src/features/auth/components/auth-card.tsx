import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { BrandMark } from '../../../app/brand-mark';

/**
 * The card every identity screen sits in: product mark, title and slogan, then the step's content.
 * Plain markup (components/plain/plain.css): the login page draws it without MUI.
 */
export function AuthCard({ children }: { children: ReactNode }) {
  const { t } = useTranslation('common');
  return (
    <section className="pl-card">
      <div className="pl-card__brand">
        <span className="pl-card__mark">
          <BrandMark size={52} />
        </span>
        <p className="pl-card__title">{t('app.title')}</p>
        <p className="pl-card__slogan pl-body2 pl-muted">{t('app.slogan')}</p>
      </div>
      <hr className="pl-divider" />
      {children}
    </section>
  );
}
