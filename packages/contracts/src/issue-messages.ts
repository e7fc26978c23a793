import type { z } from 'zod';
import { toPersianDigits } from './normalize';
import type { Locale } from './status-codes';

/** Texts of the project's own refinement keys (the `message` of a custom issue). */
export const customIssueMessages: Record<string, Record<Locale, string>> = {
  invalid_national_code: { fa: 'کد ملی معتبر نیست', en: 'The national code is not valid' },
  invalid_body: { fa: 'بدنه‌ی درخواست معتبر نیست', en: 'The request body is not valid' },
  body_too_large: { fa: 'حجم درخواست بیش از حد مجاز است', en: 'The request is too large' },
  too_deep: { fa: 'ساختار درخواست بیش از حد تودرتو است', en: 'The request is nested too deeply' },
  nul_character: {
    fa: 'درخواست نویسه‌ی تهی (U+0000) دارد که پذیرفته نیست',
    en: 'The request contains a null character (U+0000), which is not accepted',
  },
  lone_surrogate: {
    fa: 'درخواست متنی با نویسه‌ی یونیکد ناقص دارد',
    en: 'The request contains text with a broken Unicode character (a lone surrogate)',
  },
  invalid_url: { fa: 'نشانی درخواست معتبر نیست', en: 'The request address is not valid' },
  invalid_phone: { fa: 'شماره‌ی موبایل معتبر نیست', en: 'The mobile number is not valid' },
  invalid_username: {
    fa: 'نام کاربری باید ۳ تا ۳۲ نویسه از حروف کوچک انگلیسی، رقم، خط زیر (_) و نقطه (.) باشد و با حرف شروع شود',
    en: 'The username must be 3–32 of a-z, 0-9, _ and ., starting with a letter',
  },
  password_too_common: {
    fa: 'این رمز عبور بسیار رایج است؛ رمز دیگری انتخاب کنید',
    en: 'This password is too common; choose another one',
  },
  invalid_code: { fa: 'کد باید ۶ رقم باشد', en: 'The code must be 6 digits' },
  invalid_recovery_code: {
    fa: 'کد بازیابی ۱۰ حرف و رقم دارد، همان‌گونه که در فهرست کدهای بازیابی آمده است',
    en: 'A recovery code has 10 characters, like abcde-fghij',
  },
  method_or_login_alerts: {
    fa: 'روش تأیید یا هشدار ورود را بفرستید',
    en: 'Send the two-factor method, the login alerts setting, or both',
  },
  code_or_recovery_code: {
    fa: 'کد یا کد بازیابی را وارد کنید (یکی از آن دو)',
    en: 'Enter either the code or a recovery code',
  },
  google_not_available: {
    fa: 'برنامه‌ی احراز هویت برای این حساب فعال نشده است',
    en: 'This account has no authenticator app set up',
  },
  email_not_available: {
    fa: 'ایمیل تأییدشده‌ای برای این حساب ثبت نشده است',
    en: 'This account has no verified e-mail address',
  },
  invalid_workspace_name: {
    fa: 'نام فضای کاری باید ۳ تا ۴۰ نویسه از حروف کوچک انگلیسی، رقم و خط تیره (-) باشد',
    en: 'The workspace name must be 3–40 of a-z, 0-9 and -',
  },
  invalid_phone_number: { fa: 'شماره‌ی تلفن معتبر نیست', en: 'The phone number is not valid' },
  one_invitee: {
    fa: 'دقیقاً یکی از موبایل، کد ملی یا نام کاربری را وارد کنید',
    en: 'Enter exactly one of mobile number, national code or username',
  },
  unknown_permission: { fa: 'دسترسی ناشناخته است', en: 'Unknown permission' },
  unknown_image: { fa: 'تصویر پیدا نشد', en: 'The image was not found' },
  required_workspace_id: {
    fa: 'شناسه‌ی فضای کاری باید پیش از فایل فرستاده شود',
    en: 'The field workspaceId is required before the file',
  },
  invalid_status_transition: {
    fa: 'این تغییر وضعیت مجاز نیست',
    en: 'This status change is not allowed',
  },
  invalid_application_key: {
    fa: 'کلید برنامه باید ۲ تا ۴۰ نویسه از حروف کوچک انگلیسی، رقم و خط تیره (-) باشد و با حرف شروع شود',
    en: 'The application key must be 2–40 of a-z, 0-9 and -, starting with a letter',
  },
  invalid_birth_date: { fa: 'تاریخ تولد معتبر نیست', en: 'The birth date is not valid' },
  unknown_gender: { fa: 'جنسیت ناشناخته است', en: 'Unknown gender' },
  unknown_language: { fa: 'زبان ناشناخته است', en: 'Unknown language' },
};

type Issue = z.core.$ZodIssue;

// Every zod issue gets a text written for people, in both languages (product-spec.md section 5 for
// Persian; English says the same): zod's own messages ("Too small: expected string to have >=8
// characters") never reach the screen.

/** A missing value rather than a wrong one. Zod keeps the input only when asked to, so its message is the fallback witness. */
function isMissing(issue: Issue): boolean {
  if ('input' in issue) return issue.input === undefined || issue.input === null;
  return /received (undefined|null)$/.test(issue.message);
}

function persianMessage(issue: Issue): string {
  const n = (value: number | bigint) => toPersianDigits(String(value));
  switch (issue.code) {
    case 'invalid_type':
      return isMissing(issue) ? 'این مقدار الزامی است' : 'ورودی نامعتبر است';
    case 'too_small':
      if (issue.origin === 'string') return `باید حداقل ${n(issue.minimum)} نویسه باشد`;
      if (issue.origin === 'number') return `باید بزرگ‌تر یا مساوی ${n(issue.minimum)} باشد`;
      if (issue.origin === 'array') return `باید حداقل ${n(issue.minimum)} مورد داشته باشد`;
      return 'ورودی نامعتبر است';
    case 'too_big':
      if (issue.origin === 'string') return `باید حداکثر ${n(issue.maximum)} نویسه باشد`;
      if (issue.origin === 'number') return `باید کوچک‌تر یا مساوی ${n(issue.maximum)} باشد`;
      if (issue.origin === 'array') return `باید حداکثر ${n(issue.maximum)} مورد داشته باشد`;
      return 'ورودی نامعتبر است';
    default:
      return 'ورودی نامعتبر است';
  }
}

function englishMessage(issue: Issue): string {
  const count = (value: number | bigint, one: string, many: string) =>
    `${String(value)} ${Number(value) === 1 ? one : many}`;
  switch (issue.code) {
    case 'invalid_type':
      return isMissing(issue) ? 'Required' : 'This value is not valid';
    case 'too_small':
      if (issue.origin === 'string')
        return `Must be at least ${count(issue.minimum, 'character', 'characters')}`;
      if (issue.origin === 'number') return `Must be ${String(issue.minimum)} or more`;
      if (issue.origin === 'array') return `Must have at least ${count(issue.minimum, 'item', 'items')}`;
      return 'This value is not valid';
    case 'too_big':
      if (issue.origin === 'string')
        return `Must be at most ${count(issue.maximum, 'character', 'characters')}`;
      if (issue.origin === 'number') return `Must be ${String(issue.maximum)} or less`;
      if (issue.origin === 'array') return `Must have at most ${count(issue.maximum, 'item', 'items')}`;
      return 'This value is not valid';
    default:
      return 'This value is not valid';
  }
}

/** One validation issue as a text in the given language, written for people in both (product-spec.md section 5). */
export function issueMessage(issue: Issue, locale: Locale): string {
  const custom = customIssueMessages[issue.message];
  if (custom) return custom[locale];
  return locale === 'fa' ? persianMessage(issue) : englishMessage(issue);
}

/** A zod error as the `data.errors` list of a body-400 answer. */
export function validationErrors(error: z.ZodError, locale: Locale): { path: string; message: string }[] {
  return error.issues.map((issue) => ({
    path: issue.path.map(String).join('.'),
    message: issueMessage(issue, locale),
  }));
}
