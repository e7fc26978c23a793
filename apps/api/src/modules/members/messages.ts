import type { Locale } from '@wsm/contracts';

/** The text of an invitation sent to a phone that has no account yet. */
export function invitationText(locale: Locale, workspaceName: string, publicUrl: string): string {
  const signup = `${publicUrl.replace(/\/$/, '')}/${locale}/signup`;
  if (locale === 'ar')
    return `تمت دعوتك إلى مساحة العمل «${workspaceName}». لقبول الدعوة سجّل بهذا الرقم:\n${signup}`;
  return locale === 'fa'
    ? `شما به فضای کاری «${workspaceName}» دعوت شده‌اید. برای پذیرفتن دعوت با همین شماره ثبت‌نام کنید:\n${signup}`
    : `You have been invited to the workspace "${workspaceName}". To accept, sign up with this number:\n${signup}`;
}
