import type { Locale } from '@wsm/contracts';

/** Each language in its own name: a reader finds their language whatever the current one is. */
export const languageNames: Record<Locale, string> = { fa: 'فارسی', en: 'English', ar: 'العربية' };
