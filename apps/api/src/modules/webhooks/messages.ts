import type { Locale, WebhookEventType } from '@wsm/contracts';
import type { UrlProblem } from './address-guard';

// The words of the webhooks module, in fa, en and ar.

const urlProblems: Record<UrlProblem, Record<Locale, string>> = {
  invalid: { fa: 'نشانی معتبر نیست.', en: 'This is not a valid URL.', ar: 'هذا ليس عنوانًا صالحًا.' },
  scheme: {
    fa: 'نشانی باید با https آغاز شود.',
    en: 'The URL must use https.',
    ar: 'يجب أن يستخدم العنوان https.',
  },
  credentials: {
    fa: 'نشانی نباید نام کاربری یا گذرواژه داشته باشد.',
    en: 'The URL must not contain a user name or password.',
    ar: 'يجب ألا يحتوي العنوان على اسم مستخدم أو كلمة مرور.',
  },
  unresolvable: {
    fa: 'نام میزبان این نشانی پیدا نشد.',
    en: "The URL's host name could not be resolved.",
    ar: 'تعذّر العثور على اسم المضيف لهذا العنوان.',
  },
  address: {
    fa: 'این نشانی به یک آدرس داخلی، خصوصی یا رزروشده می‌رسد و مجاز نیست.',
    en: 'This URL leads to an internal, private or reserved address, which is not allowed.',
    ar: 'يؤدي هذا العنوان إلى عنوان داخلي أو خاص أو محجوز، وهذا غير مسموح.',
  },
};

export function urlProblemMessage(problem: UrlProblem, locale: Locale): string {
  return urlProblems[problem][locale];
}

export const tooManyWebhooks: Record<Locale, string> = {
  fa: 'این فضای کاری به بیشترین تعداد وب‌هوک رسیده است.',
  en: 'This workspace has reached the largest number of webhooks.',
  ar: 'وصلت مساحة العمل هذه إلى الحد الأقصى لعدد خطافات الويب.',
};

type Names = Record<Locale, string>;

const objectNames: Record<string, Names> = {
  role: { fa: 'نقش', en: 'Role', ar: 'الدور' },
  member: { fa: 'عضو', en: 'Member', ar: 'العضو' },
  invitation: { fa: 'دعوت', en: 'Invitation', ar: 'الدعوة' },
  user: { fa: 'کاربر', en: 'User', ar: 'المستخدم' },
  profile: { fa: 'نمایه‌ی فضای کاری', en: 'Workspace profile', ar: 'ملف مساحة العمل' },
  application: { fa: 'برنامه', en: 'Application', ar: 'التطبيق' },
  backup: { fa: 'پشتیبان', en: 'Backup', ar: 'النسخة الاحتياطية' },
  webhook: { fa: 'وب‌هوک', en: 'Webhook', ar: 'خطاف الويب' },
  api_key: { fa: 'کلید API', en: 'API key', ar: 'مفتاح API' },
};

const verbNames: Record<string, Names> = {
  created: { fa: 'ساخته شد', en: 'created', ar: 'أُنشئ' },
  updated: { fa: 'تغییر کرد', en: 'changed', ar: 'تغيّر' },
  deleted: { fa: 'حذف شد', en: 'deleted', ar: 'حُذف' },
  added: { fa: 'افزوده شد', en: 'added', ar: 'أُضيف' },
  role_changed: { fa: 'نقشش تغییر کرد', en: 'role changed', ar: 'تغيّر دوره' },
  removed: { fa: 'برداشته شد', en: 'removed', ar: 'أُزيل' },
  left: { fa: 'بیرون رفت', en: 'left', ar: 'غادر' },
  sent: { fa: 'فرستاده شد', en: 'sent', ar: 'أُرسلت' },
  withdrawn: { fa: 'پس گرفته شد', en: 'withdrawn', ar: 'سُحبت' },
  accepted: { fa: 'پذیرفته شد', en: 'accepted', ar: 'قُبلت' },
  declined: { fa: 'رد شد', en: 'declined', ar: 'رُفضت' },
  status_changed: { fa: 'وضعیتش تغییر کرد', en: 'status changed', ar: 'تغيّرت حالته' },
  imported: { fa: 'بارگذاری شد', en: 'uploaded', ar: 'رُفعت' },
  restored: { fa: 'بازگردانی شد', en: 'restored', ar: 'استُعيدت' },
  disconnected: { fa: 'را عضوی قطع کرد', en: 'disconnected by a member', ar: 'فصله عضو' },
  secret_rotated: { fa: 'رازش عوض شد', en: 'secret rotated', ar: 'تم تدوير سرّه' },
  test: { fa: 'آزمایشی', en: 'test', ar: 'تجريبي' },
  revoked: { fa: 'باطل شد', en: 'revoked', ar: 'أُبطل' },
};

/** "Member added", "عضو افزوده شد": an event type in the reader's words. */
export function eventTypeName(key: WebhookEventType, locale: Locale): string {
  const [object = '', verb = ''] = key.split('.');
  const o = objectNames[object]?.[locale] ?? object;
  const v = verbNames[verb]?.[locale] ?? verb;
  if (key === 'webhook.test') return { fa: 'رویداد آزمایشی', en: 'Test event', ar: 'حدث تجريبي' }[locale];
  return `${o} ${v}`;
}
