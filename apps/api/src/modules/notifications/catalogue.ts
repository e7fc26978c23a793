import {
  type DeviceParts,
  formatDevice,
  type Locale,
  toArabicIndicDigits,
  toLocaleDigits,
  toPersianDigits,
} from '@wsm/contracts';

/** Every notification type the server raises, with the words of each in every language. */
export const notificationTypes = [
  'session.new',
  'password.changed',
  'phone.changed',
  'email.changed',
  'two-fa.changed',
  'login.failures',
  'invitation.received',
  'invitation.answered',
  'invitation.withdrawn',
  'member.role_changed',
  'member.removed',
  'member.status_changed',
  'backup.created',
  'backup.restored',
  'webhook.failed',
  'webhook.disabled',
] as const;
export type NotificationType = (typeof notificationTypes)[number];
export type NotificationParams = Record<string, string>;

interface Words {
  title: (p: NotificationParams) => string;
  body: (p: NotificationParams) => string | null;
}

const statusWords: Record<string, Record<Locale, string>> = {
  active: { fa: 'فعال', en: 'active', ar: 'نشط' },
  pending: { fa: 'در انتظار', en: 'pending', ar: 'قيد الانتظار' },
  suspended: { fa: 'تعلیق‌شده', en: 'suspended', ar: 'معلّق' },
};

// The device in the reader's words ("Chrome 156 on Linux", "Chrome ۱۵۶ روی Linux", "Chrome ١٥٦ على
// Linux"), never the raw user agent; notifications stored before the parts were kept name it as the
// server did then. In Persian and Arabic it is a right-to-left phrase with Latin names inside, so it is
// isolated right to left (RLI … PDI): a first-strong isolate would lay it out from its Latin first word.
const device = (p: NotificationParams, locale: Locale): string => {
  const parts: DeviceParts = {
    browser: p.browser,
    browserVersion: p.browserVersion,
    os: p.os,
    osVersion: p.osVersion,
    model: p.model,
  };
  const legacy = p.platform && p.platform !== 'unknown' ? p.platform : undefined;
  const known = formatDevice(parts, locale) ?? (legacy ? toLocaleDigits(legacy, locale) : undefined);
  if (locale === 'en') return known ?? 'an unknown device';
  if (locale === 'ar') return known ? `\u2067${known}\u2069` : 'جهاز غير معروف';
  return known ? `\u2067${known}\u2069` : 'دستگاهی ناشناس';
};

const catalogue: Record<NotificationType, Record<Locale, Words>> = {
  'session.new': {
    fa: {
      title: () => 'ورود تازه به حساب شما',
      body: (p) =>
        `ورودی تازه از ${device(p, 'fa')} با نشانی \u2068${toPersianDigits(p.ipAddress ?? '')}\u2069 انجام شد. اگر شما نبودید، رمز عبور خود را تغییر دهید.`,
    },
    en: {
      title: () => 'New login to your account',
      body: (p) =>
        `A new login from ${device(p, 'en')} at ${p.ipAddress ?? ''}. If this was not you, change your password.`,
    },
    ar: {
      title: () => 'دخول جديد إلى حسابك',
      body: (p) =>
        `تم دخول جديد من ${device(p, 'ar')} من العنوان \u2068${toArabicIndicDigits(p.ipAddress ?? '')}\u2069. إذا لم تكن أنت، فغيّر كلمة المرور.`,
    },
  },
  'password.changed': {
    fa: {
      title: () => 'رمز عبور شما تغییر کرد',
      body: () => 'رمز عبور حساب شما تغییر کرد و نشست‌های دیگر بسته شدند.',
    },
    en: {
      title: () => 'Your password was changed',
      body: () => 'Your account password was changed and your other sessions were ended.',
    },
    ar: {
      title: () => 'تم تغيير كلمة المرور',
      body: () => 'تم تغيير كلمة مرور حسابك وإنهاء جلساتك الأخرى.',
    },
  },
  'phone.changed': {
    fa: {
      title: () => 'شماره همراه شما تغییر کرد',
      body: (p) => `شماره همراه حساب شما به ${toPersianDigits(p.phone ?? '')} تغییر کرد.`,
    },
    en: {
      title: () => 'Your phone number was changed',
      body: (p) => `Your account's phone number is now ${p.phone ?? ''}.`,
    },
    ar: {
      title: () => 'تم تغيير رقم جوالك',
      body: (p) => `أصبح رقم جوال حسابك ${toArabicIndicDigits(p.phone ?? '')}.`,
    },
  },
  'email.changed': {
    fa: {
      title: () => 'ایمیل شما تغییر کرد',
      body: (p) => `ایمیل تأییدشده حساب شما اکنون ${p.email ?? ''} است.`,
    },
    en: {
      title: () => 'Your e-mail address was changed',
      body: (p) => `Your account's verified e-mail address is now ${p.email ?? ''}.`,
    },
    ar: {
      title: () => 'تم تغيير بريدك الإلكتروني',
      body: (p) => `أصبح البريد الإلكتروني المُوثَّق لحسابك ${p.email ?? ''}.`,
    },
  },
  'login.failures': {
    fa: {
      title: () => 'رمزهای نادرست پرشمار برای حساب شما',
      body: () =>
        'کسی رمزهای نادرست بسیاری را برای ورود به حساب شما آزموده است. بی کدی که به تلفن شما فرستاده می‌شود کسی وارد نمی‌شود؛ آن را به هیچ‌کس ندهید. اگر خودتان نبودید، رمز عبور خود را تغییر دهید. تا این وضع ادامه دارد، اگر پس از ورود کدی نرسید، رمز را دوباره با دقت بنویسید.',
    },
    en: {
      title: () => 'Many wrong passwords on your account',
      body: () =>
        'Someone has tried many wrong passwords on your account. Nobody gets in without the code sent to your phone: never share it. If this was not you, change your password. While this goes on, if no code arrives after you log in, type your password again carefully.',
    },
    ar: {
      title: () => 'كلمات مرور خاطئة كثيرة على حسابك',
      body: () =>
        'جرّب أحدهم كلمات مرور خاطئة كثيرة لحسابك. لا يدخل أحد دون الرمز المرسل إلى هاتفك، فلا تشاركه مع أحد. إن لم تكن أنت، فغيّر كلمة المرور. وما دام هذا مستمرًا، إن لم يصلك رمز بعد تسجيل الدخول، فاكتب كلمة المرور مرة أخرى بعناية.',
    },
  },
  'two-fa.changed': {
    fa: {
      title: () => 'روش تأیید دومرحله‌ای تغییر کرد',
      body: (p) =>
        p.method === 'email'
          ? 'از این پس کد ورود به ایمیل تأییدشده شما فرستاده می‌شود. اگر شما این تغییر را نداده‌اید، رمز عبور خود را تغییر دهید.'
          : p.method === 'google'
            ? 'از این پس کد ورود را برنامه‌ی احراز هویت شما می‌سازد. اگر شما این تغییر را نداده‌اید، رمز عبور خود را تغییر دهید.'
            : 'از این پس کد ورود با پیامک به شماره همراه شما فرستاده می‌شود. اگر شما این تغییر را نداده‌اید، رمز عبور خود را تغییر دهید.',
    },
    en: {
      title: () => 'Your two-factor method was changed',
      body: (p) =>
        p.method === 'email'
          ? 'Login codes now go to your verified e-mail address. If this was not you, change your password.'
          : p.method === 'google'
            ? 'Login codes now come from your authenticator app. If this was not you, change your password.'
            : 'Login codes now go to your phone by SMS. If this was not you, change your password.',
    },
    ar: {
      title: () => 'تم تغيير طريقة التحقق بخطوتين',
      body: (p) =>
        p.method === 'email'
          ? 'سترسل رموز الدخول من الآن إلى بريدك الإلكتروني المُوثَّق. إذا لم تُجرِ هذا التغيير، فغيّر كلمة المرور.'
          : p.method === 'google'
            ? 'سيُنشئ تطبيق المصادقة لديك رموز الدخول من الآن. إذا لم تُجرِ هذا التغيير، فغيّر كلمة المرور.'
            : 'سترسل رموز الدخول من الآن برسالة نصية إلى جوالك. إذا لم تُجرِ هذا التغيير، فغيّر كلمة المرور.',
    },
  },
  'invitation.received': {
    fa: {
      title: () => 'دعوت‌نامه تازه',
      body: (p) => `شما به فضای کاری «${p.workspaceName ?? ''}» دعوت شده‌اید.`,
    },
    en: {
      title: () => 'New invitation',
      body: (p) => `You have been invited to the workspace "${p.workspaceName ?? ''}".`,
    },
    ar: {
      title: () => 'دعوة جديدة',
      body: (p) => `تمت دعوتك إلى مساحة العمل «${p.workspaceName ?? ''}».`,
    },
  },
  'invitation.answered': {
    fa: {
      title: (p) => (p.accepted === 'true' ? 'دعوت‌نامه پذیرفته شد' : 'دعوت‌نامه رد شد'),
      body: (p) =>
        `دعوت‌نامه شما به فضای کاری «${p.workspaceName ?? ''}» ${p.accepted === 'true' ? 'پذیرفته' : 'رد'} شد.`,
    },
    en: {
      title: (p) => (p.accepted === 'true' ? 'Invitation accepted' : 'Invitation declined'),
      body: (p) =>
        `Your invitation to the workspace "${p.workspaceName ?? ''}" was ${p.accepted === 'true' ? 'accepted' : 'declined'}.`,
    },
    ar: {
      title: (p) => (p.accepted === 'true' ? 'تم قبول الدعوة' : 'تم رفض الدعوة'),
      body: (p) =>
        `${p.accepted === 'true' ? 'تم قبول' : 'تم رفض'} دعوتك إلى مساحة العمل «${p.workspaceName ?? ''}».`,
    },
  },
  'invitation.withdrawn': {
    fa: {
      title: () => 'دعوت‌نامه پس گرفته شد',
      body: (p) => `دعوت‌نامه فضای کاری «${p.workspaceName ?? ''}» پس گرفته شد.`,
    },
    en: {
      title: () => 'Invitation withdrawn',
      body: (p) => `The invitation to the workspace "${p.workspaceName ?? ''}" was withdrawn.`,
    },
    ar: {
      title: () => 'تم سحب الدعوة',
      body: (p) => `تم سحب الدعوة إلى مساحة العمل «${p.workspaceName ?? ''}».`,
    },
  },
  'member.role_changed': {
    fa: {
      title: () => 'نقش شما تغییر کرد',
      body: (p) => `نقش شما در فضای کاری «${p.workspaceName ?? ''}» تغییر کرد.`,
    },
    en: {
      title: () => 'Your role was changed',
      body: (p) => `Your role in the workspace "${p.workspaceName ?? ''}" was changed.`,
    },
    ar: {
      title: () => 'تم تغيير دورك',
      body: (p) => `تم تغيير دورك في مساحة العمل «${p.workspaceName ?? ''}».`,
    },
  },
  'member.removed': {
    fa: {
      title: () => 'از فضای کاری حذف شدید',
      body: (p) => `عضویت شما در فضای کاری «${p.workspaceName ?? ''}» پایان یافت.`,
    },
    en: {
      title: () => 'Removed from a workspace',
      body: (p) => `Your membership of the workspace "${p.workspaceName ?? ''}" has ended.`,
    },
    ar: {
      title: () => 'تمت إزالتك من مساحة عمل',
      body: (p) => `انتهت عضويتك في مساحة العمل «${p.workspaceName ?? ''}».`,
    },
  },
  'member.status_changed': {
    fa: {
      title: () => 'وضعیت عضویت شما تغییر کرد',
      body: (p) =>
        `وضعیت شما در فضای کاری «${p.workspaceName ?? ''}» اکنون «${statusWords[p.status ?? '']?.fa ?? p.status ?? ''}» است.`,
    },
    en: {
      title: () => 'Your membership status changed',
      body: (p) =>
        `Your status in the workspace "${p.workspaceName ?? ''}" is now ${statusWords[p.status ?? '']?.en ?? p.status ?? ''}.`,
    },
    ar: {
      title: () => 'تغيّرت حالة عضويتك',
      body: (p) =>
        `أصبحت حالتك في مساحة العمل «${p.workspaceName ?? ''}» «${statusWords[p.status ?? '']?.ar ?? p.status ?? ''}».`,
    },
  },
  'backup.created': {
    fa: {
      title: () => 'از فضای کاری پشتیبان گرفته شد',
      body: (p) =>
        `نسخه‌ی پشتیبان تازه‌ای از فضای کاری «${p.workspaceName ?? ''}» ساخته شد. اگر شما نبودید، رمز عبور خود را تغییر دهید.`,
    },
    en: {
      title: () => 'Workspace backup created',
      body: (p) =>
        `A new backup of the workspace "${p.workspaceName ?? ''}" was created. If this was not you, change your password.`,
    },
    ar: {
      title: () => 'تم إنشاء نسخة احتياطية لمساحة العمل',
      body: (p) =>
        `تم إنشاء نسخة احتياطية جديدة لمساحة العمل «${p.workspaceName ?? ''}». إذا لم تكن أنت، فغيّر كلمة المرور.`,
    },
  },
  'backup.restored': {
    fa: {
      title: () => 'فضای کاری از پشتیبان بازگردانی شد',
      body: (p) =>
        `داده‌های فضای کاری «${p.workspaceName ?? ''}» با یک نسخه‌ی پشتیبان جایگزین شد؛ وضعیت پیشین هم به‌صورت پشتیبان نگه داشته شد.`,
    },
    en: {
      title: () => 'Workspace restored from a backup',
      body: (p) =>
        `The data of the workspace "${p.workspaceName ?? ''}" was replaced by a backup; the previous state was kept as a backup too.`,
    },
    ar: {
      title: () => 'تمت استعادة مساحة العمل من نسخة احتياطية',
      body: (p) =>
        `تم استبدال بيانات مساحة العمل «${p.workspaceName ?? ''}» بنسخة احتياطية؛ وحُفظت الحالة السابقة أيضًا كنسخة احتياطية.`,
    },
  },
  'webhook.failed': {
    fa: {
      title: () => 'ارسال یک وب‌هوک ناموفق ماند',
      body: (p) =>
        `رویداد \u2068${p.eventType ?? ''}\u2069 پس از همه‌ی تلاش‌ها به \u2068${p.url ?? ''}\u2069 نرسید.`,
    },
    en: {
      title: () => 'A webhook delivery failed',
      body: (p) =>
        `The \u2068${p.eventType ?? ''}\u2069 event could not be delivered to \u2068${p.url ?? ''}\u2069 after every retry.`,
    },
    ar: {
      title: () => 'فشل تسليم خطاف ويب',
      body: (p) =>
        `تعذّر تسليم الحدث \u2068${p.eventType ?? ''}\u2069 إلى \u2068${p.url ?? ''}\u2069 بعد كل المحاولات.`,
    },
  },
  'webhook.disabled': {
    fa: {
      title: () => 'یک وب‌هوک غیرفعال شد',
      body: (p) => `نشانی \u2068${p.url ?? ''}\u2069 پنج روز به هیچ ارسالی پاسخ درست نداد و غیرفعال شد.`,
    },
    en: {
      title: () => 'A webhook was disabled',
      body: (p) => `\u2068${p.url ?? ''}\u2069 failed every delivery for five days and was disabled.`,
    },
    ar: {
      title: () => 'تم تعطيل خطاف ويب',
      body: (p) => `فشل \u2068${p.url ?? ''}\u2069 في كل عمليات التسليم لمدة خمسة أيام فتم تعطيله.`,
    },
  },
};

/** The title and body of a stored notification in a language; an unknown type keeps its type as title. */
export function renderNotification(
  type: string,
  params: NotificationParams,
  locale: Locale,
): { title: string; body: string | null } {
  const words = (catalogue as Record<string, Record<Locale, Words> | undefined>)[type]?.[locale];
  if (!words) return { title: type, body: null };
  return { title: words.title(params), body: words.body(params) };
}
