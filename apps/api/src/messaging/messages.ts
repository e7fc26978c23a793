import { type Locale, toArabicIndicDigits, toPersianDigits } from '@wsm/contracts';

/** Why a one-time code is sent; each flow has its own words. */
export type CodePurpose =
  | 'signup'
  | 'login'
  | 'recovery'
  | 'password-change'
  | 'email-verify'
  | 'phone-change'
  | 'backup-create'
  | 'backup-restore'
  | 'step-up';

interface CodeTexts {
  subject: string;
  /** `link`: a recovery text's link (recovery.ts), on a line of its own. */
  line: (code: string, minutes: number, link?: string) => string;
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
    ar: {
      subject: 'رمز تأكيد التسجيل',
      line: (code, minutes) =>
        `رمز تأكيد التسجيل: ${code}\nهذا الرمز صالح لمدة ${toArabicIndicDigits(minutes)} دقيقة.`,
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
    ar: {
      subject: 'رمز الدخول',
      line: (code, minutes) =>
        `رمز الدخول: ${code}\nهذا الرمز صالح لمدة ${toArabicIndicDigits(minutes)} دقيقة. لا تشاركه مع أحد.`,
    },
  },
  recovery: {
    fa: {
      subject: 'کد بازیابی رمز عبور',
      line: (code, minutes, link) =>
        `کد بازیابی رمز عبور شما: ${code}\nاین کد تا ${toPersianDigits(minutes)} دقیقه معتبر است.${link ? `\nیا این پیوند را تا یک روز باز کنید:\n${link}` : ''}\nاگر شما درخواست نداده‌اید، آن را نادیده بگیرید.`,
    },
    en: {
      subject: 'Your password recovery code',
      line: (code, minutes, link) =>
        `Your password recovery code: ${code}\nIt is valid for ${minutes} minutes.${link ? `\nOr open this link within a day:\n${link}` : ''}\nIf you did not ask for it, ignore this message.`,
    },
    ar: {
      subject: 'رمز استعادة كلمة المرور',
      line: (code, minutes, link) =>
        `رمز استعادة كلمة المرور: ${code}\nهذا الرمز صالح لمدة ${toArabicIndicDigits(minutes)} دقيقة.${link ? `\nأو افتح هذا الرابط خلال يوم واحد:\n${link}` : ''}\nإذا لم تطلبه فتجاهل هذه الرسالة.`,
    },
  },
  'password-change': {
    fa: {
      subject: 'کد تغییر رمز عبور',
      line: (code, minutes) =>
        `کد تغییر رمز عبور شما: ${code}\nاین کد تا ${toPersianDigits(minutes)} دقیقه معتبر است. آن را به کسی ندهید.`,
    },
    en: {
      subject: 'Your password change code',
      line: (code, minutes) =>
        `Your password change code: ${code}\nIt is valid for ${minutes} minutes. Do not share it.`,
    },
    ar: {
      subject: 'رمز تغيير كلمة المرور',
      line: (code, minutes) =>
        `رمز تغيير كلمة المرور: ${code}\nهذا الرمز صالح لمدة ${toArabicIndicDigits(minutes)} دقيقة. لا تشاركه مع أحد.`,
    },
  },
  'email-verify': {
    fa: {
      subject: 'کد تأیید ایمیل',
      line: (code, minutes) =>
        `کد تأیید ایمیل شما: ${code}\nاین کد تا ${toPersianDigits(minutes)} دقیقه معتبر است.`,
    },
    en: {
      subject: 'Your e-mail verification code',
      line: (code, minutes) => `Your e-mail verification code: ${code}\nIt is valid for ${minutes} minutes.`,
    },
    ar: {
      subject: 'رمز تأكيد البريد الإلكتروني',
      line: (code, minutes) =>
        `رمز تأكيد البريد الإلكتروني: ${code}\nهذا الرمز صالح لمدة ${toArabicIndicDigits(minutes)} دقيقة.`,
    },
  },
  'phone-change': {
    fa: {
      subject: 'کد تأیید شماره همراه',
      line: (code, minutes) =>
        `کد تأیید شماره همراه جدید شما: ${code}\nاین کد تا ${toPersianDigits(minutes)} دقیقه معتبر است.`,
    },
    en: {
      subject: 'Your phone verification code',
      line: (code, minutes) =>
        `Your new phone's verification code: ${code}\nIt is valid for ${minutes} minutes.`,
    },
    ar: {
      subject: 'رمز تأكيد رقم الجوال',
      line: (code, minutes) =>
        `رمز تأكيد رقم جوالك الجديد: ${code}\nهذا الرمز صالح لمدة ${toArabicIndicDigits(minutes)} دقيقة.`,
    },
  },
  'backup-create': {
    fa: {
      subject: 'کد تأیید پشتیبان‌گیری',
      line: (code, minutes) =>
        `کد تأیید پشتیبان‌گیری از فضای کاری: ${code}\nاین کد تا ${toPersianDigits(minutes)} دقیقه معتبر است. آن را به کسی ندهید.`,
    },
    en: {
      subject: 'Your workspace backup code',
      line: (code, minutes) =>
        `Your code to back up the workspace: ${code}\nIt is valid for ${minutes} minutes. Do not share it.`,
    },
    ar: {
      subject: 'رمز تأكيد النسخ الاحتياطي',
      line: (code, minutes) =>
        `رمز تأكيد النسخ الاحتياطي لمساحة العمل: ${code}\nهذا الرمز صالح لمدة ${toArabicIndicDigits(minutes)} دقيقة. لا تشاركه مع أحد.`,
    },
  },
  'backup-restore': {
    fa: {
      subject: 'کد تأیید بازگردانی پشتیبان',
      line: (code, minutes) =>
        `کد تأیید بازگردانی فضای کاری از پشتیبان: ${code}\nبا این کد همه‌ی داده‌های فضای کاری جایگزین می‌شود. این کد تا ${toPersianDigits(minutes)} دقیقه معتبر است. آن را به کسی ندهید.`,
    },
    en: {
      subject: 'Your workspace restore code',
      line: (code, minutes) =>
        `Your code to restore the workspace from a backup: ${code}\nIt replaces all of the workspace's data. It is valid for ${minutes} minutes. Do not share it.`,
    },
    ar: {
      subject: 'رمز تأكيد الاستعادة من النسخة الاحتياطية',
      line: (code, minutes) =>
        `رمز تأكيد استعادة مساحة العمل من نسخة احتياطية: ${code}\nسيستبدل هذا جميع بيانات مساحة العمل. هذا الرمز صالح لمدة ${toArabicIndicDigits(minutes)} دقيقة. لا تشاركه مع أحد.`,
    },
  },
  'step-up': {
    fa: {
      subject: 'کد تأیید هویت',
      line: (code, minutes) =>
        `کد تأیید هویت برای تغییر اطلاعات حساب: ${code}\nاین کد تا ${toPersianDigits(minutes)} دقیقه معتبر است. اگر شما درخواست نداده‌اید، رمز عبور خود را تغییر دهید.`,
    },
    en: {
      subject: 'Your identity confirmation code',
      line: (code, minutes) =>
        `Your code to confirm a change to your account: ${code}\nIt is valid for ${minutes} minutes. If you did not ask for it, change your password.`,
    },
    ar: {
      subject: 'رمز تأكيد الهوية',
      line: (code, minutes) =>
        `رمز تأكيد الهوية لتغيير بيانات الحساب: ${code}\nهذا الرمز صالح لمدة ${toArabicIndicDigits(minutes)} دقيقة. إذا لم تطلبه فغيّر كلمة المرور.`,
    },
  },
};

/** The text (and e-mail subject) carrying a one-time code, in the user's language. The code stays in ASCII digits so phones can offer to copy it. */
export function codeMessage(
  purpose: CodePurpose,
  locale: Locale,
  code: string,
  validMinutes: number,
  link?: string,
): { subject: string; text: string } {
  const t = texts[purpose][locale];
  return { subject: t.subject, text: t.line(code, validMinutes, link) };
}
