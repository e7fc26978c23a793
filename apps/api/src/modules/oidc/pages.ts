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

// The product's look (apps/web/src/app/theme.ts: page and paper colours, primary blue, 10px corners; the
// Vazirmatn face where it is installed for right-to-left text), light or dark as the system is.
const style = [
  ':root{color-scheme:light dark;--bg:#f4f6fb;--paper:#fff;--text:#0f172a;--muted:#475569;--primary:#2563eb;--on-primary:#fff;--line:rgba(15,23,42,.1)}',
  '@media(prefers-color-scheme:dark){:root{--bg:#0b1220;--paper:#111a2e;--text:#e2e8f0;--muted:#a3b1c6;--primary:#60a5fa;--on-primary:#0b1220;--line:rgba(226,232,240,.12)}}',
  'body{margin:0;min-height:100vh;display:grid;place-items:center;background:var(--bg);color:var(--text);font:16px/1.7 system-ui,"Segoe UI",Tahoma,sans-serif}',
  '[dir=rtl] body{font-family:"Vazirmatn RTL",Vazirmatn,Tahoma,system-ui,sans-serif}',
  'main{box-sizing:border-box;width:min(28rem,calc(100% - 2rem));margin:1rem;padding:2rem;background:var(--paper);border:1px solid var(--line);border-radius:10px;box-shadow:0 8px 24px rgba(15,23,42,.08)}',
  'h1{margin:0 0 1rem;font-size:1.35rem;font-weight:800}p{margin:0 0 1rem;color:var(--muted)}',
  '.actions{display:flex;flex-wrap:wrap;gap:.5rem;margin-top:1.5rem}',
  'button{font:inherit;font-weight:600;padding:.55rem 1.2rem;border-radius:10px;border:1px solid var(--line);background:transparent;color:var(--text);cursor:pointer}',
  'button.primary{background:var(--primary);border-color:var(--primary);color:var(--on-primary)}',
  'button:focus-visible{outline:3px solid var(--primary);outline-offset:2px}',
].join('');

function page(locale: Locale, title: string, body: string): string {
  const dir = locale === 'en' ? 'ltr' : 'rtl';
  return `<!doctype html><html lang="${locale}" dir="${dir}"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width, initial-scale=1"><title>${escapeHtml(
    title,
  )}</title><style>${style}</style></head><body><main><h1>${escapeHtml(title)}</h1>${body}</main></body></html>`;
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
    `<p>${escapeHtml(t.logoutQuestion)} <bdi dir="ltr">${escapeHtml(ctx.host)}</bdi></p>${form}<div class="actions"><button class="primary" autofocus type="submit" form="op.logoutForm" value="yes" name="logout">${escapeHtml(
      t.logoutYes,
    )}</button><button type="submit" form="op.logoutForm">${escapeHtml(t.logoutNo)}</button></div>`,
  );
}

/** After a logout without a post-logout redirect URI. */
export async function postLogoutSuccessSource(ctx: KoaContextWithOIDC): Promise<void> {
  const locale = pageLocale(ctx);
  const t = texts[locale];
  ctx.body = page(locale, t.logoutTitle, `<p>${escapeHtml(t.loggedOut)}</p>`);
}
