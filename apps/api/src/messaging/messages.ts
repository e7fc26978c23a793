import { type Locale, toPersianDigits } from '@wsm/contracts';

/** Why a one-time code is sent; each flow has its own words. */
export type CodePurpose = 'signup' | 'login' | 'recovery';

interface CodeTexts {
  subject: string;
  line: (code: string, minutes: number) => string;
}

const texts: Record<CodePurpose, Record<Locale, CodeTexts>> = {
  signup: {
    fa: {
      subject: 'کد تأیید ثبت‌نام',
      line: (code, minutes) =>
        `کد تأیید ثبت‌نام شما: ${code}\nاین کد تا ${toPersianDigits(minutes)} دقیقه معتبر است.`,
    },
    en: {
      subject: 'Your sign-up code',
      line: (code, minutes) => `Your sign-up code: ${code}\nIt is valid for ${minutes} minutes.`,
    },
  },
  login: {
    fa: {
      subject: 'کد ورود',
      line: (code, minutes) =>
        `کد ورود شما: ${code}\nاین کد تا ${toPersianDigits(minutes)} دقیقه معتبر است. آن را به کسی ندهید.`,
    },
    en: {
      subject: 'Your login code',
      line: (code, minutes) =>
        `Your login code: ${code}\nIt is valid for ${minutes} minutes. Do not share it.`,
    },
  },
  recovery: {
    fa: {
      subject: 'کد بازیابی رمز عبور',
      line: (code, minutes) =>
        `کد بازیابی رمز عبور شما: ${code}\nاین کد تا ${toPersianDigits(minutes)} دقیقه معتبر است. اگر شما درخواست نداده‌اید، آن را نادیده بگیرید.`,
    },
    en: {
      subject: 'Your password recovery code',
      line: (code, minutes) =>
        `Your password recovery code: ${code}\nIt is valid for ${minutes} minutes. If you did not ask for it, ignore this message.`,
    },
  },
};

/** The text (and e-mail subject) carrying a one-time code, in the user's language. The code stays in ASCII digits so phones can offer to copy it. */
export function codeMessage(
  purpose: CodePurpose,
  locale: Locale,
  code: string,
  validMinutes: number,
): { subject: string; text: string } {
  const t = texts[purpose][locale];
  return { subject: t.subject, text: t.line(code, validMinutes) };
}
