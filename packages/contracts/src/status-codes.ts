/** Body statusCode values. */
export const StatusCode = {
  ok: 200,
  secondStep: 630,
  validation: 400,
  unauthorized: 401,
  forbidden: 403,
  notFound: 404,
  rateLimited: 260,
  duplicate: 261,
  wrongCredentials: 620,
  suspended: 621,
  notVerified: 622,
  securityShield: 660,
  internal: 500,
  unavailable: 503,
} as const;

export type StatusCodeValue = (typeof StatusCode)[keyof typeof StatusCode];

export type Locale = 'fa' | 'en' | 'ar';
export const locales: readonly Locale[] = ['fa', 'en', 'ar'];
export const defaultLocale: Locale = 'fa';

export function isLocale(value: unknown): value is Locale {
  return value === 'fa' || value === 'en' || value === 'ar';
}

/** The statusMessage texts the API sends, by body status code and language. */
export const statusMessages: Record<StatusCodeValue, Record<Locale, string>> = {
  200: { fa: 'عملیات با موفقیت انجام شد', en: 'Done', ar: 'تمت العملية بنجاح' },
  630: {
    fa: 'مرحله‌ی دوم تأیید لازم است',
    en: 'A second verification step is required',
    ar: 'يلزم إجراء خطوة تحقق ثانية',
  },
  400: { fa: 'اطلاعات ارسالی معتبر نیست', en: 'The request is not valid', ar: 'البيانات المرسلة غير صالحة' },
  401: { fa: 'شما دسترسی ندارید', en: 'You do not have access', ar: 'ليس لديك صلاحية الوصول' },
  403: {
    fa: 'شما به این درخواست دسترسی ندارید',
    en: 'You do not have access to this request',
    ar: 'ليس لديك صلاحية الوصول إلى هذا الطلب',
  },
  404: {
    fa: 'مورد درخواستی پیدا نشد',
    en: 'The requested item was not found',
    ar: 'العنصر المطلوب غير موجود',
  },
  260: {
    fa: 'درخواست محدود شده است، لطفاً بعداً تلاش کنید',
    en: 'The request is limited, please try again later',
    ar: 'الطلب محدود، يرجى المحاولة لاحقًا',
  },
  261: {
    fa: 'عملیات درخواستی تکراری است',
    en: 'The requested action is duplicated',
    ar: 'العملية المطلوبة مكررة',
  },
  620: {
    fa: 'اطلاعات وارد شده برای اعتبارسنجی نادرست است',
    en: 'The entered information for validation is incorrect',
    ar: 'المعلومات المدخلة للتحقق غير صحيحة',
  },
  621: { fa: 'حساب کاربری شما تعلیق شده است', en: 'Your account has been suspended', ar: 'تم تعليق حسابك' },
  622: { fa: 'حساب کاربری شما تأیید نشده است', en: 'Your account is not verified', ar: 'حسابك غير مُوثَّق' },
  660: {
    fa: 'سپر امنیتی سامانه خطاهایی را شناسایی کرده است',
    en: "The system's security shield has detected errors",
    ar: 'رصد الدرع الأمني للنظام أخطاء',
  },
  500: { fa: 'خطای غیرمنتظره‌ای رخ داد', en: 'An unexpected error occurred', ar: 'حدث خطأ غير متوقع' },
  503: {
    fa: 'سرویس موقتاً در دسترس نیست، لطفاً بعداً تلاش کنید',
    en: 'The service is temporarily unavailable, please try again later',
    ar: 'الخدمة غير متاحة مؤقتًا، يرجى المحاولة لاحقًا',
  },
};

/** The HTTP status that carries each body status code. */
export function httpStatusFor(code: StatusCodeValue, pageLevel = false): number {
  switch (code) {
    case 200:
    case 630:
      return 200;
    case 401:
      return 401;
    case 403:
      return pageLevel ? 403 : 400;
    case 404:
      return 404;
    case 500:
      return 500;
    case 503:
      return 503;
    default:
      return 400;
  }
}

/** The response envelope every JSON answer uses. */
export interface Envelope<T = unknown> {
  statusCode: number;
  statusMessage: string;
  data: T;
}
