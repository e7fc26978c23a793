import type { z } from 'zod';
import { toArabicIndicDigits, toPersianDigits } from './normalize';
import type { Locale } from './status-codes';

/** Texts of the project's own refinement keys (the `message` of a custom issue). */
export const customIssueMessages: Record<string, Record<Locale, string>> = {
  expiry_in_past: {
    fa: 'تاریخ انقضا باید در آینده باشد',
    en: 'The expiry date must be in the future',
    ar: 'يجب أن يكون تاريخ الانتهاء في المستقبل',
  },
  invalid_national_code: {
    fa: 'کد ملی معتبر نیست',
    en: 'The national code is not valid',
    ar: 'الرقم الوطني غير صالح',
  },
  invalid_body: {
    fa: 'بدنه‌ی درخواست معتبر نیست',
    en: 'The request body is not valid',
    ar: 'محتوى الطلب غير صالح',
  },
  body_too_large: {
    fa: 'حجم درخواست بیش از حد مجاز است',
    en: 'The request is too large',
    ar: 'حجم الطلب أكبر من المسموح',
  },
  headers_too_large: {
    fa: 'سرآیندهای درخواست بیش از حد بزرگ است',
    en: 'The request headers are too large',
    ar: 'ترويسات الطلب أكبر من المسموح',
  },
  request_timeout: {
    fa: 'درخواست به‌موقع کامل نرسید',
    en: 'The request did not arrive in time',
    ar: 'لم يصل الطلب كاملًا في الوقت المحدد',
  },
  invalid_request: {
    fa: 'درخواست درست ساخته نشده است',
    en: 'The request is malformed',
    ar: 'الطلب غير سليم البنية',
  },
  too_deep: {
    fa: 'ساختار درخواست بیش از حد تودرتو است',
    en: 'The request is nested too deeply',
    ar: 'بنية الطلب متداخلة أكثر من اللازم',
  },
  nul_character: {
    fa: 'درخواست نویسه‌ی تهی (U+0000) دارد که پذیرفته نیست',
    en: 'The request contains a null character (U+0000), which is not accepted',
    ar: 'يحتوي الطلب على محرف فارغ (U+0000) وهو غير مقبول',
  },
  lone_surrogate: {
    fa: 'درخواست متنی با نویسه‌ی یونیکد ناقص دارد',
    en: 'The request contains text with a broken Unicode character (a lone surrogate)',
    ar: 'يحتوي الطلب على نص فيه محرف يونيكود ناقص',
  },
  invalid_url: {
    fa: 'نشانی درخواست معتبر نیست',
    en: 'The request address is not valid',
    ar: 'عنوان الطلب غير صالح',
  },
  invalid_phone: {
    fa: 'شماره‌ی موبایل معتبر نیست',
    en: 'The mobile number is not valid',
    ar: 'رقم الجوال غير صالح',
  },
  invalid_username: {
    fa: 'نام کاربری باید ۳ تا ۳۲ نویسه از حروف کوچک انگلیسی، رقم، خط زیر (_) و نقطه (.) باشد و با حرف شروع شود',
    en: 'The username must be 3–32 of a-z, 0-9, _ and ., starting with a letter',
    ar: 'يجب أن يتكون اسم المستخدم من ٣ إلى ٣٢ محرفًا من الحروف الإنجليزية الصغيرة والأرقام والشرطة السفلية (_) والنقطة (.) وأن يبدأ بحرف',
  },
  password_too_common: {
    fa: 'این رمز عبور بسیار رایج است؛ رمز دیگری انتخاب کنید',
    en: 'This password is too common; choose another one',
    ar: 'كلمة المرور هذه شائعة جدًا؛ اختر كلمة أخرى',
  },
  invalid_code: {
    fa: 'کد باید ۶ رقم باشد',
    en: 'The code must be 6 digits',
    ar: 'يجب أن يتكون الرمز من ٦ أرقام',
  },
  invalid_recovery_code: {
    fa: 'کد بازیابی ۱۰ حرف و رقم دارد، همان‌گونه که در فهرست کدهای بازیابی آمده است',
    en: 'A recovery code has 10 characters, like abcde-fghij',
    ar: 'يتكون رمز الاسترداد من ١٠ أحرف وأرقام، كما في قائمة رموز الاسترداد',
  },
  invalid_passkey_response: {
    fa: 'پاسخ کلید عبور خوانا نیست؛ دوباره تلاش کنید',
    en: 'The passkey answer could not be read; try again',
    ar: 'تعذرت قراءة رد مفتاح المرور؛ حاول مرة أخرى',
  },
  method_or_login_alerts: {
    fa: 'روش تأیید یا هشدار ورود را بفرستید',
    en: 'Send the two-factor method, the login alerts setting, or both',
    ar: 'أرسل طريقة التحقق أو إعداد تنبيهات الدخول أو كليهما',
  },
  code_or_recovery_code: {
    fa: 'کد یا کد بازیابی را وارد کنید (یکی از آن دو)',
    en: 'Enter either the code or a recovery code',
    ar: 'أدخل الرمز أو رمز الاسترداد (أحدهما فقط)',
  },
  google_not_available: {
    fa: 'برنامه‌ی احراز هویت برای این حساب فعال نشده است',
    en: 'This account has no authenticator app set up',
    ar: 'لم يُفعَّل تطبيق المصادقة لهذا الحساب',
  },
  email_not_available: {
    fa: 'ایمیل تأییدشده‌ای برای این حساب ثبت نشده است',
    en: 'This account has no verified e-mail address',
    ar: 'لا يوجد بريد إلكتروني مُوثَّق لهذا الحساب',
  },
  invalid_workspace_name: {
    fa: 'نام فضای کاری باید ۳ تا ۴۰ نویسه از حروف کوچک انگلیسی، رقم و خط تیره (-) باشد',
    en: 'The workspace name must be 3–40 of a-z, 0-9 and -',
    ar: 'يجب أن يتكون اسم مساحة العمل من ٣ إلى ٤٠ محرفًا من الحروف الإنجليزية الصغيرة والأرقام والشرطة (-)',
  },
  invalid_phone_number: {
    fa: 'شماره‌ی تلفن معتبر نیست',
    en: 'The phone number is not valid',
    ar: 'رقم الهاتف غير صالح',
  },
  one_invitee: {
    fa: 'دقیقاً یکی از موبایل، کد ملی یا نام کاربری را وارد کنید',
    en: 'Enter exactly one of mobile number, national code or username',
    ar: 'أدخل واحدًا فقط من: رقم الجوال أو الرقم الوطني أو اسم المستخدم',
  },
  unknown_permission: { fa: 'دسترسی ناشناخته است', en: 'Unknown permission', ar: 'صلاحية غير معروفة' },
  unknown_image: { fa: 'تصویر پیدا نشد', en: 'The image was not found', ar: 'لم يتم العثور على الصورة' },
  required_workspace_id: {
    fa: 'شناسه‌ی فضای کاری باید پیش از فایل فرستاده شود',
    en: 'The field workspaceId is required before the file',
    ar: 'يجب إرسال معرّف مساحة العمل قبل الملف',
  },
  invalid_status_transition: {
    fa: 'این تغییر وضعیت مجاز نیست',
    en: 'This status change is not allowed',
    ar: 'تغيير الحالة هذا غير مسموح',
  },
  invalid_application_key: {
    fa: 'کلید برنامه باید ۲ تا ۴۰ نویسه از حروف کوچک انگلیسی، رقم و خط تیره (-) باشد و با حرف شروع شود',
    en: 'The application key must be 2–40 of a-z, 0-9 and -, starting with a letter',
    ar: 'يجب أن يتكون مفتاح التطبيق من ٢ إلى ٤٠ محرفًا من الحروف الإنجليزية الصغيرة والأرقام والشرطة (-) وأن يبدأ بحرف',
  },
  invalid_redirect_uri: {
    fa: 'نشانی بازگشت باید امن باشد (اچ‌تی‌تی‌پی‌اس)، یا نشانی محلی همین دستگاه، یا طرحی خصوصی به نام دامنه‌ی برنامه؛ بدون ستاره (*) و بدون بخش پس از #',
    en: 'A redirect URI must be https, or http only on 127.0.0.1, [::1] or localhost, or a private-use scheme such as com.example.app:/cb; no * and no #',
    ar: 'يجب أن يكون عنوان إعادة التوجيه آمنًا (إتش تي تي بي إس)، أو عنوانًا محليًا على هذا الجهاز، أو مخططًا خاصًا باسم نطاق التطبيق؛ بدون نجمة (*) وبدون جزء بعد #',
  },
  public_client_no_secret: {
    fa: 'برنامه‌ی عمومی رمز ندارد؛ نخست آن را محرمانه کنید',
    en: 'A public client has no secret; make it confidential first',
    ar: 'العميل العام ليس له سر؛ اجعله سريًا أولًا',
  },
  invalid_birth_date: {
    fa: 'تاریخ تولد معتبر نیست',
    en: 'The birth date is not valid',
    ar: 'تاريخ الميلاد غير صالح',
  },
  unknown_gender: { fa: 'جنسیت ناشناخته است', en: 'Unknown gender', ar: 'جنس غير معروف' },
  not_an_image: {
    fa: 'فایل باید تصویری با قالب \u2066PNG\u2069، \u2066JPEG\u2069 یا \u2066WebP\u2069 و حداکثر ۲ مگابایت باشد',
    en: 'The file must be a PNG, JPEG or WebP image of at most 2 MB',
    ar: 'يجب أن يكون الملف صورة بصيغة \u2066PNG\u2069 أو \u2066JPEG\u2069 أو \u2066WebP\u2069 بحجم ٢ ميغابايت على الأكثر',
  },
  unknown_language: { fa: 'زبان ناشناخته است', en: 'Unknown language', ar: 'لغة غير معروفة' },
};

type Issue = z.core.$ZodIssue;

/** A left-to-right isolate: an example address keeps its order inside right-to-left text. */
const ltr = (example: string) => `\u2066${example}\u2069`;

/** A value of a known format that is not in it says the format, with an example to copy. */
const formatMessages: Partial<Record<string, Record<Locale, string>>> = {
  email: {
    fa: `ایمیل را به شکل ${ltr('name@example.com')} وارد کنید`,
    en: 'Enter an e-mail like name@example.com',
    ar: `أدخل البريد الإلكتروني بصيغة ${ltr('name@example.com')}`,
  },
  url: {
    fa: `نشانی وب را به شکل ${ltr('https://example.com')} وارد کنید`,
    en: 'Enter a web address like https://example.com',
    ar: `أدخل عنوان الويب بصيغة ${ltr('https://example.com')}`,
  },
};

// Every zod issue gets a text written for people, in every language (Persian first;
// English and Arabic say the same): zod's own messages ("Too small: expected string to have >=8
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

// Arabic counts agree with the number: one and two in words, 3–10 with the plural, 11–99 with the
// singular accusative, hundreds and thousands with the singular (the CLDR few/many/other forms).
function arabicCount(
  value: number | bigint,
  words: { one: string; two: string; few: string; many: string; other: string },
): string {
  const count = Number(value);
  if (count === 1) return words.one;
  if (count === 2) return words.two;
  const rest = count % 100;
  const noun = rest >= 3 && rest <= 10 ? words.few : rest >= 11 ? words.many : words.other;
  return `${toArabicIndicDigits(String(value))} ${noun}`;
}

function arabicMessage(issue: Issue): string {
  const n = (value: number | bigint) => toArabicIndicDigits(String(value));
  const characters = (value: number | bigint) =>
    arabicCount(value, { one: 'محرف واحد', two: 'محرفين', few: 'محارف', many: 'محرفًا', other: 'محرف' });
  const items = (value: number | bigint) =>
    arabicCount(value, { one: 'عنصر واحد', two: 'عنصرين', few: 'عناصر', many: 'عنصرًا', other: 'عنصر' });
  switch (issue.code) {
    case 'invalid_type':
      return isMissing(issue) ? 'هذه القيمة مطلوبة' : 'القيمة المدخلة غير صالحة';
    case 'too_small':
      if (issue.origin === 'string') return `يجب ألا يقل عن ${characters(issue.minimum)}`;
      if (issue.origin === 'number') return `يجب أن يكون أكبر من ${n(issue.minimum)} أو مساويًا له`;
      if (issue.origin === 'array') return `يجب أن يحتوي على ${items(issue.minimum)} على الأقل`;
      return 'القيمة المدخلة غير صالحة';
    case 'too_big':
      if (issue.origin === 'string') return `يجب ألا يزيد على ${characters(issue.maximum)}`;
      if (issue.origin === 'number') return `يجب أن يكون أصغر من ${n(issue.maximum)} أو مساويًا له`;
      if (issue.origin === 'array') return `يجب أن يحتوي على ${items(issue.maximum)} على الأكثر`;
      return 'القيمة المدخلة غير صالحة';
    default:
      return 'القيمة المدخلة غير صالحة';
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

/** One validation issue as a text in the given language, written for people in each. */
export function issueMessage(issue: Issue, locale: Locale): string {
  const custom = customIssueMessages[issue.message];
  if (custom) return custom[locale];
  const format = issue.code === 'invalid_format' ? formatMessages[issue.format] : undefined;
  if (format) return format[locale];
  if (locale === 'fa') return persianMessage(issue);
  return locale === 'ar' ? arabicMessage(issue) : englishMessage(issue);
}

/** A zod error as the `data.errors` list of a body-400 answer. */
export function validationErrors(error: z.ZodError, locale: Locale): { path: string; message: string }[] {
  return error.issues.map((issue) => ({
    path: issue.path.map(String).join('.'),
    message: issueMessage(issue, locale),
  }));
}
