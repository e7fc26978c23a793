import type { Locale } from '@wsm/contracts';
import type { KoaContextWithOIDC } from 'oidc-provider';
import { localeFromHeader } from '../../http/locale';

// The provider's own pages (its errors and RP-initiated logout) in the product's languages, right to
// left in Persian and Arabic. Identifiers (error codes, the host) keep their characters, isolated left to
// right. No script: the API's content security policy stays as it is (forms post to the provider itself).

const texts = {
  fa: {
    errorTitle: 'ورود ادامه نیافت',
    error: 'برنامه درخواستی فرستاد که این فضای کاری نمی‌پذیرد. به برنامه برگردید و دوباره تلاش کنید.',
    redirect: 'نشانی بازگشت این برنامه ثبت نشده است؛ به هیچ نشانی‌ای فرستاده نمی‌شوید.',
    client: 'این برنامه شناخته نیست یا ورود با فضای کاری برای آن خاموش است.',
    code: 'کد خطا',
    logoutTitle: 'خروج',
    logoutQuestion: 'از حساب خود در این نشانی خارج می‌شوید؟',
    logoutYes: 'بله، خارج شو',
    logoutNo: 'نه، وارد بمان',
    loggedOut: 'از حساب خود خارج شدید.',
  },
  en: {
    errorTitle: 'Sign-in could not continue',
    error: 'The application sent a request this workspace does not accept. Go back to it and try again.',
    redirect: "This application's return address is not registered, so you are not sent anywhere.",
    client: 'This application is unknown, or signing in with the workspace is switched off for it.',
    code: 'Error code',
    logoutTitle: 'Sign out',
    logoutQuestion: 'Sign out of your account at this address?',
    logoutYes: 'Yes, sign me out',
    logoutNo: 'No, stay signed in',
    loggedOut: 'You are signed out.',
  },
  ar: {
    errorTitle: 'تعذّر متابعة تسجيل الدخول',
    error: 'أرسل التطبيق طلبًا لا تقبله مساحة العمل هذه. ارجع إلى التطبيق وحاول مرة أخرى.',
    redirect: 'عنوان العودة لهذا التطبيق غير مسجَّل، لذلك لن يتم تحويلك إلى أي مكان.',
    client: 'هذا التطبيق غير معروف، أو أن تسجيل الدخول بمساحة العمل معطَّل له.',
    code: 'رمز الخطأ',
    logoutTitle: 'تسجيل الخروج',
    logoutQuestion: 'هل تريد تسجيل الخروج من حسابك على هذا العنوان؟',
    logoutYes: 'نعم، سجّل خروجي',
    logoutNo: 'لا، أبقِني مسجّلًا',
    loggedOut: 'تم تسجيل خروجك.',
  },
} as const satisfies Record<Locale, Record<string, string>>;

const escapeHtml = (text: string) => text.replace(/[&<>"']/g, (c) => `&#${c.charCodeAt(0)};`);

/** The page's language: the request's ui_locales first, then Accept-Language (Persian by default). */
export function pageLocale(ctx: KoaContextWithOIDC): Locale {
  const uiLocales = ctx.oidc?.params?.ui_locales;
  const first = typeof uiLocales === 'string' ? uiLocales.split(' ')[0] : undefined;
  return localeFromHeader([first, ctx.get('accept-language')].filter(Boolean).join(','));
}

function page(locale: Locale, title: string, body: string): string {
  const dir = locale === 'en' ? 'ltr' : 'rtl';
  return `<!doctype html><html lang="${locale}" dir="${dir}"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width, initial-scale=1"><title>${escapeHtml(
    title,
  )}</title><style>body{font-family:system-ui,Tahoma,sans-serif;max-width:32rem;margin:3rem auto;padding:0 1rem;line-height:1.6;color:#1b1b1f;background:#fafafa}@media(prefers-color-scheme:dark){body{color:#e6e6ea;background:#16161a}}button{font:inherit;padding:.5rem 1rem;margin-inline-end:.5rem}</style></head><body><main><h1>${escapeHtml(
    title,
  )}</h1>${body}</main></body></html>`;
}

/** The provider's error page: never a redirect (an unregistered redirect URI lands here). */
export function renderError(ctx: KoaContextWithOIDC, out: { error: string; error_description?: string }) {
  const locale = pageLocale(ctx);
  const t = texts[locale];
  const description = out.error_description ?? '';
  const reason = /redirect_uri/.test(description)
    ? t.redirect
    : out.error === 'invalid_client' || /client/.test(description)
      ? t.client
      : t.error;
  ctx.type = 'html';
  ctx.body = page(
    locale,
    t.errorTitle,
    `<p>${escapeHtml(reason)}</p><p>${escapeHtml(t.code)}: <bdi dir="ltr"><code>${escapeHtml(out.error)}</code></bdi></p>`,
  );
}

/** The end-session confirmation: the provider's form (its xsrf field) and two buttons. */
export async function logoutSource(ctx: KoaContextWithOIDC, form: string): Promise<void> {
  const locale = pageLocale(ctx);
  const t = texts[locale];
  ctx.body = page(
    locale,
    t.logoutTitle,
    `<p>${escapeHtml(t.logoutQuestion)} <bdi dir="ltr">${escapeHtml(ctx.host)}</bdi></p>${form}<button autofocus type="submit" form="op.logoutForm" value="yes" name="logout">${escapeHtml(
      t.logoutYes,
    )}</button><button type="submit" form="op.logoutForm">${escapeHtml(t.logoutNo)}</button>`,
  );
}

/** After a logout without a post-logout redirect URI. */
export async function postLogoutSuccessSource(ctx: KoaContextWithOIDC): Promise<void> {
  const locale = pageLocale(ctx);
  const t = texts[locale];
  ctx.body = page(locale, t.logoutTitle, `<p>${escapeHtml(t.loggedOut)}</p>`);
}
