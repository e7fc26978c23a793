import { defaultLocale, isLocale, type Locale, locales, toLocaleDigits } from '@wsm/contracts';
import i18next, {
  type BackendModule,
  type i18n as I18n,
  type InitOptions,
  type PostProcessorModule,
  type ResourceLanguage,
  type TOptions,
} from 'i18next';
import { initReactI18next } from 'react-i18next';

/** Namespaces the shell needs before it shows anything; features may load more on demand. */
export const shellNamespaces = ['common', 'errors', 'auth'] as const;
export type Namespace = (typeof shellNamespaces)[number];

export const localeDirection: Record<Locale, 'rtl' | 'ltr'> = { fa: 'rtl', en: 'ltr', ar: 'rtl' };

// Interpolated strings are values from elsewhere: names, usernames, e-mails people typed, or texts the
// code already formatted (dates, numbers in the locale's digits). They are marked while the text is put
// together (interpolation's escape) so that the post-processor below leaves their digits as they are
// and isolates them when their script runs against the text's direction (a Persian workspace name in
// English, a Latin username in Persian). Numbers passed as numbers are not marked: they take the
// locale's digits.
const valueStart = '\uFDD0';
const valueEnd = '\uFDD1';
const markedValue = /\uFDD0([^\uFDD0\uFDD1]*)\uFDD1/g;
const firstStrongIsolate = '\u2068';
const popDirectionalIsolate = '\u2069';
const rtlLetter = /[\u0590-\u08FF\uFB1D-\uFDCF\uFDF0-\uFDFF\uFE70-\uFEFF]/;
// In fa and ar an ASCII digit counts too: a typed identifier's digits stay Latin, so they are isolated with it.
const latinRun = /[0-9A-Za-z\u00C0-\u024F\u0370-\u03FF\u0400-\u04FF]/;

/** Marks one interpolated value (i18next's `escape`, given the raw value). */
export function markInterpolatedValue(value: unknown): string {
  if (typeof value !== 'string') return String(value);
  return `${valueStart}${value.replace(/[\uFDD0\uFDD1]/g, '')}${valueEnd}`;
}

/**
 * A translated text as shown: every digit of the text itself in the locale's digits (Persian in fa,
 * Arabic-Indic in ar); interpolated values
 * keep theirs, wrapped in Unicode isolates when they contain letters of the other direction.
 */
export function presentText(text: string, locale: Locale): string {
  const against = localeDirection[locale] === 'rtl' ? latinRun : rtlLetter;
  let shown = '';
  let last = 0;
  for (const match of text.matchAll(markedValue)) {
    const own = text.slice(last, match.index);
    shown += toLocaleDigits(own, locale);
    const value = match[1] ?? '';
    shown += against.test(value) ? `${firstStrongIsolate}${value}${popDirectionalIsolate}` : value;
    last = match.index + match[0].length;
  }
  const rest = text.slice(last);
  return shown + toLocaleDigits(rest, locale);
}

/** The locale's digits on display (Persian in fa, Arabic-Indic in ar), and interpolated values kept and isolated: every translated text passes through this. */
export const persianDigits: PostProcessorModule = {
  type: 'postProcessor',
  name: 'persianDigits',
  process: (value: string, _key: string | string[], options: TOptions, translator: { language?: string }) =>
    presentText(value, localeOrEnglish(options.lng ?? translator.language)),
};

// A language i18next may report that is no locale (cimode in tests) is shown as written, like en.
const localeOrEnglish = (language: string | undefined): Locale => (isLocale(language) ? language : 'en');

/** Options shared by the app and the tests (which give resources instead of the HTTP backend). */
export const baseI18nOptions: InitOptions = {
  supportedLngs: [...locales],
  // Every key exists in every language (src/app/locales.test.ts); a fallback would only fetch twice.
  fallbackLng: false,
  load: 'currentOnly',
  ns: [...shellNamespaces],
  defaultNS: 'common',
  postProcess: ['persianDigits'],
  // Not HTML escaping (React escapes what it renders): the escape marks values for presentText.
  interpolation: { escapeValue: true, useRawValueToEscape: true, escape: markInterpolatedValue },
  react: { useSuspense: true },
};

/** The app's i18next instance. */
export const i18n: I18n = i18next.createInstance();

/**
 * i18next-http-backend, loaded with the first read: a prerendered page carries its own texts, so the
 * backend is needed only for another namespace or language. Its reads, retries included, are
 * the backend's own.
 */
function createLazyHttpBackend(): BackendModule {
  let initArgs: Parameters<BackendModule['init']> | undefined;
  let backend: Promise<BackendModule> | undefined;
  return {
    type: 'backend',
    init(...args) {
      initArgs = args;
    },
    read(language, namespace, callback) {
      backend ??= import('i18next-http-backend').then(({ default: HttpBackend }) => {
        const instance = new HttpBackend() as unknown as BackendModule;
        instance.init(...(initArgs ?? ([] as unknown as Parameters<BackendModule['init']>)));
        return instance;
      });
      backend.then(
        (instance) => instance.read(language, namespace, callback),
        (error: unknown) => {
          backend = undefined; // the chunk may load on the next try
          callback(error as Error, true);
        },
      );
    },
  };
}

const lazyHttpBackend = createLazyHttpBackend();

/** Translations a prerendered page carries: namespace → its texts, for one language. */
export type BundledTranslations = ResourceLanguage;

/**
 * Loads the translations of one language over HTTP (5 retries from 350 ms,
 * doubling; 10 parallel reads). `bundled`, the texts a prerendered page carries for `lng`, are used as
 * they are: only the other namespaces and languages are fetched.
 */
export function setupI18n(lng: Locale, bundled?: BundledTranslations): Promise<unknown> {
  i18n.on('languageChanged', (language: string) =>
    applyDocumentLocale(isLocale(language) ? language : defaultLocale),
  );
  return i18n
    .use(lazyHttpBackend)
    .use(persianDigits)
    .use(initReactI18next)
    .init({
      ...baseI18nOptions,
      lng,
      maxRetries: 5,
      retryTimeout: 350,
      maxParallelReads: 10,
      backend: { loadPath: '/assets/locales/{{lng}}/{{ns}}.json' },
      ...(bundled && { resources: { [lng]: bundled }, partialBundledLanguages: true }),
    });
}

/** The active locale of an instance, as a supported Locale. */
export function currentLocale(instance: I18n = i18n): Locale {
  const lng = instance.resolvedLanguage ?? instance.language;
  return isLocale(lng) ? lng : defaultLocale;
}

/** `<html lang dir>` follow the language (fa and ar → rtl, en → ltr). */
export function applyDocumentLocale(locale: Locale): void {
  const root = document.documentElement;
  root.lang = locale;
  root.dir = localeDirection[locale];
}
