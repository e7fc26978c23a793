import type { z } from 'zod';
import { toPersianDigits } from './normalize';
import type { Locale } from './status-codes';

/** Texts of the project's own refinement keys (the `message` of a custom issue). */
export const customIssueMessages: Record<string, Record<Locale, string>> = {
  invalid_national_code: { fa: 'کد ملی معتبر نیست', en: 'The national code is not valid' },
  invalid_body: { fa: 'بدنه‌ی درخواست معتبر نیست', en: 'The request body is not valid' },
  body_too_large: { fa: 'حجم درخواست بیش از حد مجاز است', en: 'The request is too large' },
  invalid_phone: { fa: 'شماره‌ی موبایل معتبر نیست', en: 'The mobile number is not valid' },
  invalid_username: {
    fa: 'نام کاربری باید ۳ تا ۳۲ حرف از a-z، ۰-۹، _ و . باشد و با حرف شروع شود',
    en: 'The username must be 3–32 of a-z, 0-9, _ and ., starting with a letter',
  },
  password_too_common: {
    fa: 'این رمز عبور بسیار رایج است؛ رمز دیگری انتخاب کنید',
    en: 'This password is too common; choose another one',
  },
  invalid_code: { fa: 'کد باید ۶ رقم باشد', en: 'The code must be 6 digits' },
  email_not_available: {
    fa: 'ایمیل تأییدشده‌ای برای این حساب ثبت نشده است',
    en: 'This account has no verified e-mail address',
  },
  invalid_workspace_name: {
    fa: 'نام فضای کاری باید ۳ تا ۴۰ نویسه از a-z، ۰-۹ و - باشد',
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
    fa: 'فیلد workspaceId پیش از فایل لازم است',
    en: 'The field workspaceId is required before the file',
  },
  invalid_status_transition: {
    fa: 'این تغییر وضعیت مجاز نیست',
    en: 'This status change is not allowed',
  },
  invalid_application_key: {
    fa: 'کلید برنامه باید ۲ تا ۴۰ نویسه از a-z، ۰-۹ و - باشد و با حرف شروع شود',
    en: 'The application key must be 2–40 of a-z, 0-9 and -, starting with a letter',
  },
  invalid_birth_date: { fa: 'تاریخ تولد معتبر نیست', en: 'The birth date is not valid' },
  unknown_gender: { fa: 'جنسیت ناشناخته است', en: 'Unknown gender' },
  unknown_language: { fa: 'زبان ناشناخته است', en: 'Unknown language' },
};

type Issue = z.core.$ZodIssue;

function persianMessage(issue: Issue): string {
  const n = (value: number | bigint) => toPersianDigits(String(value));
  switch (issue.code) {
    case 'invalid_type':
      return issue.input === undefined || issue.input === null ? 'این مقدار الزامی است' : 'ورودی نامعتبر است';
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

/** One validation issue as a text in the given language: Persian by product-spec section 5, zod's English otherwise. */
export function issueMessage(issue: Issue, locale: Locale): string {
  const custom = customIssueMessages[issue.message];
  if (custom) return custom[locale];
  if (locale === 'fa') return persianMessage(issue);
  if (issue.code === 'invalid_type' && issue.input === undefined) return 'Required';
  return issue.message;
}

/** A zod error as the `data.errors` list of a body-400 answer. */
export function validationErrors(error: z.ZodError, locale: Locale): { path: string; message: string }[] {
  return error.issues.map((issue) => ({
    path: issue.path.map(String).join('.'),
    message: issueMessage(issue, locale),
  }));
}
