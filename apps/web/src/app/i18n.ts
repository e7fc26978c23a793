import { type Locale, locales, toPersianDigits } from '@wsm/contracts';
import i18next, {
  type i18n as I18n,
  type InitOptions,
  type PostProcessorModule,
  type TOptions,
} from 'i18next';
import HttpBackend from 'i18next-http-backend';
import { initReactI18next } from 'react-i18next';

/** Namespaces the shell needs before it shows anything; features may load more on demand. */
export const shellNamespaces = ['common', 'errors', 'auth'] as const;
export type Namespace = (typeof shellNamespaces)[number];

export const localeDirection: Record<Locale, 'rtl' | 'ltr'> = { fa: 'rtl', en: 'ltr' };

/** Persian digits on display in fa: every translated text passes through this. */
export const persianDigits: PostProcessorModule = {
  type: 'postProcessor',
  name: 'persianDigits',
  process: (value: string, _key: string | string[], options: TOptions, translator: { language?: string }) =>
    (options.lng ?? translator.language) === 'fa' ? toPersianDigits(value) : value,
};

/** Options shared by the app and the tests (which give resources instead of the HTTP backend). */
export const baseI18nOptions: InitOptions = {
  supportedLngs: [...locales],
  // Every key exists in both languages (src/app/locales.test.ts); a fallback would only fetch twice.
  fallbackLng: false,
  load: 'currentOnly',
  ns: [...shellNamespaces],
  defaultNS: 'common',
  postProcess: ['persianDigits'],
  interpolation: { escapeValue: false },
  react: { useSuspense: true },
};

/** The app's i18next instance. */
export const i18n: I18n = i18next.createInstance();

/** Loads the translations of one language over HTTP (product-spec.md section 9: 5 retries from 350 ms, doubling; 10 parallel reads). */
export function setupI18n(lng: Locale): Promise<unknown> {
  i18n.on('languageChanged', (language: string) => applyDocumentLocale(language === 'en' ? 'en' : 'fa'));
  return i18n
    .use(HttpBackend)
    .use(persianDigits)
    .use(initReactI18next)
    .init({
      ...baseI18nOptions,
      lng,
      maxRetries: 5,
      retryTimeout: 350,
      maxParallelReads: 10,
      backend: { loadPath: '/assets/locales/{{lng}}/{{ns}}.json' },
    });
}

/** The active locale of an instance, as a supported Locale. */
export function currentLocale(instance: I18n = i18n): Locale {
  const lng = instance.resolvedLanguage ?? instance.language;
  return lng === 'en' ? 'en' : 'fa';
}

/** `<html lang dir>` follow the language (fa → rtl, en → ltr). */
export function applyDocumentLocale(locale: Locale): void {
  const root = document.documentElement;
  root.lang = locale;
  root.dir = localeDirection[locale];
}
