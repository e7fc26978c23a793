import type { Locale } from '@wsm/contracts';
import i18next, { type i18n as I18n } from 'i18next';
import arAuth from '../../public/assets/locales/ar/auth.json';
import arCommon from '../../public/assets/locales/ar/common.json';
import arErrors from '../../public/assets/locales/ar/errors.json';
import enAuth from '../../public/assets/locales/en/auth.json';
import enCommon from '../../public/assets/locales/en/common.json';
import enErrors from '../../public/assets/locales/en/errors.json';
import faAuth from '../../public/assets/locales/fa/auth.json';
import faCommon from '../../public/assets/locales/fa/common.json';
import faErrors from '../../public/assets/locales/fa/errors.json';
import { i18n as appI18n, baseI18nOptions, persianDigits } from '../lib/i18n';

/** The real translation files, for tests. */
export const resources = {
  fa: { common: faCommon, errors: faErrors, auth: faAuth },
  en: { common: enCommon, errors: enErrors, auth: enAuth },
  ar: { common: arCommon, errors: arErrors, auth: arAuth },
};

/** A ready i18next instance with the app's options and the real texts, without HTTP. */
export async function createTestI18n(lng: Locale): Promise<I18n> {
  const instance = i18next.createInstance();
  await instance
    .use(persianDigits)
    .init({ ...baseI18nOptions, lng, resources, react: { useSuspense: false } });
  return instance;
}

/** Initialises the app's own instance (the one the API client uses) with the real texts. */
export async function initAppI18n(lng: Locale): Promise<I18n> {
  if (!appI18n.isInitialized) {
    await appI18n
      .use(persianDigits)
      .init({ ...baseI18nOptions, lng, resources, react: { useSuspense: false } });
  } else {
    await appI18n.changeLanguage(lng);
  }
  return appI18n;
}
