import { ZxcvbnFactory } from '@zxcvbn-ts/core';
import * as common from '@zxcvbn-ts/language-common';
import * as en from '@zxcvbn-ts/language-en';
import { commonPasswords } from './common-passwords';
import {
  minimumPasswordScore,
  type PasswordEstimator,
  type PasswordScore,
  type PasswordStrength,
} from './password-policy';
import type { Locale } from './status-codes';

// Loaded on demand by loadPasswordEstimator (password-strength.ts): this module pulls in the
// dictionaries. zxcvbn answers feedback as keys (no translations are given to it); the texts are here.

/** zxcvbn's warnings, for people, in both languages. */
export const passwordWarningTexts: Record<string, Record<Locale, string>> = {
  straightRow: {
    fa: 'ردیف پشت‌سرهم کلیدهای صفحه‌کلید به‌آسانی حدس زده می‌شود.',
    en: 'A straight row of keyboard keys is easy to guess.',
    ar: 'من السهل تخمين صف متتالٍ من مفاتيح لوحة المفاتيح.',
  },
  keyPattern: {
    fa: 'الگوهای کوتاه صفحه‌کلید به‌آسانی حدس زده می‌شوند.',
    en: 'Short keyboard patterns are easy to guess.',
    ar: 'من السهل تخمين أنماط لوحة المفاتيح القصيرة.',
  },
  simpleRepeat: {
    fa: 'نویسه‌های تکراری مثل «aaa» به‌آسانی حدس زده می‌شوند.',
    en: 'Repeated characters like “aaa” are easy to guess.',
    ar: 'من السهل تخمين المحارف المكررة مثل «aaa».',
  },
  extendedRepeat: {
    fa: 'الگوهای تکراری مثل «abcabcabc» به‌آسانی حدس زده می‌شوند.',
    en: 'Repeated patterns like “abcabcabc” are easy to guess.',
    ar: 'من السهل تخمين الأنماط المكررة مثل «abcabcabc».',
  },
  sequences: {
    fa: 'دنباله‌های رایج مثل «abc» یا «۱۲۳۴» به‌آسانی حدس زده می‌شوند.',
    en: 'Common sequences like “abc” or “1234” are easy to guess.',
    ar: 'من السهل تخمين التسلسلات الشائعة مثل «abc» أو «١٢٣٤».',
  },
  recentYears: {
    fa: 'سال‌های اخیر به‌آسانی حدس زده می‌شوند.',
    en: 'Recent years are easy to guess.',
    ar: 'من السهل تخمين السنوات الأخيرة.',
  },
  dates: {
    fa: 'تاریخ‌ها به‌آسانی حدس زده می‌شوند.',
    en: 'Dates are easy to guess.',
    ar: 'من السهل تخمين التواريخ.',
  },
  topTen: {
    fa: 'این از پرکاربردترین رمزهای عبور است.',
    en: 'This is one of the most used passwords.',
    ar: 'هذه من أكثر كلمات المرور استخدامًا.',
  },
  topHundred: {
    fa: 'این رمز عبور بسیار پرکاربرد است.',
    en: 'This is a very frequently used password.',
    ar: 'كلمة المرور هذه مستخدمة بكثرة.',
  },
  common: {
    fa: 'این رمز عبور رایج است.',
    en: 'This is a commonly used password.',
    ar: 'كلمة المرور هذه شائعة.',
  },
  similarToCommon: {
    fa: 'این رمز عبور شبیه رمزهای رایج است.',
    en: 'This is similar to a commonly used password.',
    ar: 'كلمة المرور هذه تشبه كلمات المرور الشائعة.',
  },
  wordByItself: {
    fa: 'یک واژه‌ی تنها به‌آسانی حدس زده می‌شود.',
    en: 'A single word is easy to guess.',
    ar: 'من السهل تخمين كلمة واحدة بمفردها.',
  },
  namesByThemselves: {
    fa: 'نام یا نام خانوادگی تنها به‌آسانی حدس زده می‌شود.',
    en: 'A name or surname on its own is easy to guess.',
    ar: 'من السهل تخمين الاسم أو اسم العائلة بمفرده.',
  },
  commonNames: {
    fa: 'نام‌ها و نام‌های خانوادگی رایج به‌آسانی حدس زده می‌شوند.',
    en: 'Common names and surnames are easy to guess.',
    ar: 'من السهل تخمين الأسماء وأسماء العائلات الشائعة.',
  },
  userInputs: {
    fa: 'از اطلاعات خودتان (موبایل، کد ملی، نام کاربری یا نام) استفاده نکنید.',
    en: 'Do not use your own details (mobile, national code, username or name).',
    ar: 'لا تستخدم بياناتك الشخصية (الجوال أو الرقم الوطني أو اسم المستخدم أو الاسم).',
  },
};

/** zxcvbn's suggestions, for people, in both languages. */
export const passwordSuggestionTexts: Record<string, Record<Locale, string>> = {
  l33t: {
    fa: 'جایگزینی‌های قابل پیش‌بینی مثل «@» به جای «a» کمکی نمی‌کند.',
    en: 'Predictable swaps like “@” for “a” do not help.',
    ar: 'الاستبدالات المتوقعة مثل «@» بدل «a» لا تفيد.',
  },
  reverseWords: {
    fa: 'واژه‌های رایجِ وارونه‌نوشته را به کار نبرید.',
    en: 'Avoid common words spelled backwards.',
    ar: 'تجنب الكلمات الشائعة المكتوبة بالعكس.',
  },
  allUppercase: {
    fa: 'برخی حروف را بزرگ بنویسید، نه همه را.',
    en: 'Capitalise some letters, not all of them.',
    ar: 'اكتب بعض الحروف بأحرف كبيرة، لا كلها.',
  },
  capitalization: {
    fa: 'بیش از حرف اول را بزرگ بنویسید.',
    en: 'Capitalise more than the first letter.',
    ar: 'اكتب أكثر من الحرف الأول بحرف كبير.',
  },
  dates: {
    fa: 'تاریخ‌ها و سال‌های مربوط به خودتان را به کار نبرید.',
    en: 'Avoid dates and years tied to you.',
    ar: 'تجنب التواريخ والسنوات المرتبطة بك.',
  },
  recentYears: { fa: 'سال‌های اخیر را به کار نبرید.', en: 'Avoid recent years.', ar: 'تجنب السنوات الأخيرة.' },
  associatedYears: {
    fa: 'سال‌های مربوط به خودتان را به کار نبرید.',
    en: 'Avoid years tied to you.',
    ar: 'تجنب السنوات المرتبطة بك.',
  },
  sequences: {
    fa: 'دنباله‌های رایج نویسه‌ها را به کار نبرید.',
    en: 'Avoid common character sequences.',
    ar: 'تجنب تسلسلات المحارف الشائعة.',
  },
  repeated: {
    fa: 'واژه‌ها و نویسه‌های تکراری را به کار نبرید.',
    en: 'Avoid repeated words and characters.',
    ar: 'تجنب الكلمات والمحارف المكررة.',
  },
  longerKeyboardPattern: {
    fa: 'الگوی صفحه‌کلید بلندتری با چند تغییر جهت به کار ببرید.',
    en: 'Use a longer keyboard pattern that changes direction several times.',
    ar: 'استخدم نمطًا أطول على لوحة المفاتيح يغيّر اتجاهه عدة مرات.',
  },
  anotherWord: {
    fa: 'چند واژه‌ی کم‌کاربردتر اضافه کنید.',
    en: 'Add a few less common words.',
    ar: 'أضف بضع كلمات أقل شيوعًا.',
  },
  useWords: {
    fa: 'چند واژه کنار هم بنویسید، اما نه عبارت‌های رایج.',
    en: 'Use several words, but not a common phrase.',
    ar: 'استخدم عدة كلمات، لكن ليس عبارة شائعة.',
  },
  noNeed: {
    fa: 'رمز قوی بدون نماد، عدد یا حرف بزرگ هم ممکن است.',
    en: 'A strong password needs no symbols, digits or capitals.',
    ar: 'يمكن أن تكون كلمة المرور قوية دون رموز أو أرقام أو أحرف كبيرة.',
  },
};

const tooWeak: Record<Locale, string> = {
  fa: 'این رمز عبور به‌آسانی حدس زده می‌شود.',
  en: 'This password is too easy to guess.',
  ar: 'من السهل جدًا تخمين كلمة المرور هذه.',
};

/** Builds the estimator (about a tenth of a second: the dictionaries are ranked once). */
export function createPasswordEstimator(): PasswordEstimator {
  const zxcvbn = new ZxcvbnFactory({
    dictionary: { ...common.dictionary, ...en.dictionary, 'passwords-ir': [...commonPasswords] },
    graphs: common.adjacencyGraphs,
    // Bounds on the CPU one check may take (it runs on the API's event loop): with the defaults a
    // crafted 128-character password (digits, l33t symbols) took 7 to 13 s; with these, under 0.1 s,
    // and the sample passwords score the same. Levenshtein on the whole password costs up to a second
    // for little gain. The first 64 characters are judged: a longer password is at least that strong.
    useLevenshteinDistance: false,
    l33tMaxSubstitutions: 10,
    maxLength: 64,
  });
  const warningText = (key: string, locale: Locale) => passwordWarningTexts[key]?.[locale] ?? key;
  const suggestionText = (key: string, locale: Locale) => passwordSuggestionTexts[key]?.[locale] ?? key;
  return {
    estimate(password, userInputs): PasswordStrength {
      const result = zxcvbn.check(password, [...userInputs]);
      const score = result.score as PasswordScore;
      return {
        score,
        acceptable: score >= minimumPasswordScore,
        warning: result.feedback.warning,
        suggestions: result.feedback.suggestions,
      };
    },
    warningText,
    suggestionText,
    refusalText(strength, locale) {
      const hint = strength.warning
        ? warningText(strength.warning, locale)
        : strength.suggestions[0] && suggestionText(strength.suggestions[0], locale);
      return hint ? `${tooWeak[locale]} ${hint}` : tooWeak[locale];
    },
  };
}
