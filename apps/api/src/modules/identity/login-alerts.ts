import {
  formatDevice,
  type Locale,
  StatusCode,
  toArabicIndicDigits,
  toLocaleDigits,
  toPersianDigits,
} from '@wsm/contracts';
import { and, eq, gt, ne } from 'drizzle-orm';
import type { AppDeps } from '../../deps';
import { emit } from '../../events/bus';
import { AppError } from '../../http/app-error';
import { localeOf } from './challenges';
import { deviceParts } from './client-info';
import { limitRule } from './limits';
import * as repo from './repository';
import { sessions, type UserRow } from './schema';
import { signSessionToken, verifySessionToken } from './tokens';

// Login alerts: when an account with a verified e-mail logs in from a
// browser and system it has not used in the last 90 days, an e-mail names the device, time and address,
// with a link that ends that session after a confirmation on the page it opens. The link carries a
// signed token naming the session; it is good for a week, and ends nothing but that session.

const unusedForDays = 90;
const linkLifetimeSeconds = 7 * 24 * 3600;
const linkAudience = 'wsm-end-session';
const linkIssuer = 'wsm-identity';

export interface NewLogin {
  userId: string;
  sessionId: string;
  ipAddress: string;
  platform: string;
  /** The user agent, for the device's parts; without it the stored platform is named as it is. */
  agent?: string;
}

/** The device of a login in a language's words, digits by the language's rule. */
function deviceWords(login: NewLogin, locale: Locale): string {
  const named = formatDevice(login.agent ? deviceParts(login.agent) : null, locale);
  return named ?? toLocaleDigits(login.platform, locale);
}

/** The token of an "end that session" link: the session, and what the page shows about it. */
export function signSessionLink(
  secret: string,
  login: NewLogin,
  issuedAt: number = Math.floor(Date.now() / 1000),
): string {
  return signSessionToken(
    secret,
    linkAudience,
    linkIssuer,
    {
      sub: login.userId,
      sid: login.sessionId,
      dev: login.platform,
      // The device's parts, for the page to name it in its own language.
      dv: login.agent ? deviceParts(login.agent) : null,
      ip: login.ipAddress,
    },
    linkLifetimeSeconds,
    issuedAt,
  );
}

function readSessionLink(secret: string, token: string): { userId: string; sessionId: string } {
  const claims = verifySessionToken(secret, token, linkAudience, linkIssuer);
  if (!claims) throw new AppError(StatusCode.unauthorized);
  return { userId: claims.sub, sessionId: claims.sid };
}

/** Turns a person's login alerts on or off. */
export async function setLoginAlerts(deps: AppDeps, userId: string, on: boolean): Promise<void> {
  await repo.updateUser(deps.database.db, userId, { loginAlerts: on }, new Date());
}

/** Ends the session a login alert's link names; false when it had already ended. 401 for a bad link. */
export async function endSessionByLink(deps: AppDeps, token: string): Promise<boolean> {
  const link = readSessionLink(deps.config.jwtSecret, token);
  return repo.revokeSession(deps.database.db, link.sessionId, 'revoked', new Date(), link.userId);
}

/**
 * Whether the session a login alert's link names has ended already (the link used, or the session
 * closed another way); 401 for a bad link. Only the link's holder learns it, who could end it anyway.
 */
export async function sessionLinkEnded(deps: AppDeps, token: string): Promise<boolean> {
  const link = readSessionLink(deps.config.jwtSecret, token);
  return !(await repo.findLiveSession(deps.database.db, link.sessionId, link.userId, new Date()));
}

/** The date and time of `at` in Tehran, written for the language tag `tag`. */
function tehranTime(tag: string, at: Date): string {
  return new Intl.DateTimeFormat(tag, {
    dateStyle: 'long',
    timeStyle: 'short',
    timeZone: 'Asia/Tehran',
  }).format(at);
}

function alertText(
  locale: Locale,
  login: NewLogin,
  at: Date,
  link: string,
): { subject: string; text: string } {
  if (locale === 'en') {
    const when = tehranTime('en-GB', at);
    return {
      subject: 'A new login to your account',
      text:
        `Your account was just logged in to from a device it has not used recently.\n\n` +
        `Device: ${deviceWords(login, 'en')}\nTime: ${when} (Tehran time)\nAddress: ${login.ipAddress}\n\n` +
        `If this was you, there is nothing to do. If it was not, end that session here and change your password:\n${link}\n`,
    };
  }
  if (locale === 'ar') {
    const when = tehranTime('ar-u-nu-arab', at);
    return {
      subject: 'تسجيل دخول جديد إلى حسابك',
      text:
        `سُجِّل الدخول للتو إلى حسابك من جهاز لم يُستخدم مؤخرًا.\n\n` +
        `الجهاز: ${deviceWords(login, 'ar')}\nالوقت: ${when} (بتوقيت طهران)\nالعنوان: ${toArabicIndicDigits(login.ipAddress)}\n\n` +
        `إن كنت أنت فلا حاجة لأي إجراء. وإن لم تكن أنت، فأنهِ تلك الجلسة من هذا الرابط وغيّر كلمة المرور:\n${link}\n`,
    };
  }
  const when = tehranTime('fa-IR-u-ca-persian', at);
  return {
    subject: 'ورود تازه به حساب شما',
    text:
      `همین حالا از دستگاهی که این اواخر به کار نرفته بود به حساب شما وارد شدند.\n\n` +
      `دستگاه: ${deviceWords(login, 'fa')}\nزمان: ${when} (به وقت تهران)\nنشانی: ${toPersianDigits(login.ipAddress)}\n\n` +
      `اگر خودتان بودید، کاری لازم نیست. اگر نه، آن نشست را از این پیوند پایان دهید و رمز عبورتان را عوض کنید:\n${link}\n`,
  };
}

/**
 * E-mails a login alert when the login's browser and system were not used by this account in the last
 * 90 days and the account has a verified e-mail with alerts on. Runs after the login has answered its
 * caller's transaction; a mail server that is down costs the alert (logged), never the login.
 */
export async function alertIfNewDevice(
  deps: AppDeps,
  login: NewLogin,
  locale: Locale,
  log?: { error(object: unknown, message: string): void },
): Promise<void> {
  try {
    const db = deps.database.db;
    const user = await repo.findUserById(db, login.userId);
    if (!user?.email || !user.emailVerified || !user.loginAlerts) return;
    const at = new Date();
    const since = new Date(at.getTime() - unusedForDays * 24 * 3600 * 1000);
    const [seen] = await db
      .select({ id: sessions.id })
      .from(sessions)
      .where(
        and(
          eq(sessions.userId, login.userId),
          eq(sessions.platform, login.platform),
          ne(sessions.id, login.sessionId),
          gt(sessions.createdDate, since),
        ),
      )
      .limit(1);
    if (seen) return;
    const token = signSessionLink(deps.config.jwtSecret, login);
    const link = `${deps.config.publicUrl}/${locale}/security/end-session?token=${token}`;
    await deps.messaging.email.send({ to: user.email, ...alertText(locale, login, at, link) });
  } catch (error) {
    log?.error({ err: error, userId: login.userId }, 'login alert not sent');
  }
}

const failuresText: Record<Locale, { subject: string; text: string }> = {
  en: {
    subject: 'Many wrong passwords on your account',
    text:
      'Someone has just tried many wrong passwords to log in to your account.\n\n' +
      'Nobody gets in without the code we send to your phone: never share it with anyone. If this was not you, change your password.\n\n' +
      'While this goes on, if no code arrives after you log in, type your password again carefully.\n',
  },
  fa: {
    subject: 'رمزهای نادرست پرشمار برای حساب شما',
    text:
      'همین حالا کسی رمزهای نادرست بسیاری را برای ورود به حساب شما آزموده است.\n\n' +
      'بی کدی که به تلفن شما فرستاده می‌شود کسی وارد نمی‌شود؛ آن را به هیچ‌کس ندهید. اگر خودتان نبودید، رمز عبور خود را تغییر دهید.\n\n' +
      'تا این وضع ادامه دارد، اگر پس از ورود کدی نرسید، رمز را دوباره با دقت بنویسید.\n',
  },
  ar: {
    subject: 'كلمات مرور خاطئة كثيرة على حسابك',
    text:
      'جرّب أحدهم للتو كلمات مرور خاطئة كثيرة لتسجيل الدخول إلى حسابك.\n\n' +
      'لا يدخل أحد دون الرمز الذي نرسله إلى هاتفك، فلا تشاركه مع أحد. إن لم تكن أنت، فغيّر كلمة المرور.\n\n' +
      'وما دام هذا مستمرًا، إن لم يصلك رمز بعد تسجيل الدخول، فاكتب كلمة المرور مرة أخرى بعناية.\n',
  },
};

/**
 * Tells the owner of a burst of wrong passwords: a notification, and an e-mail in the account's language
 * when its address is verified. Once an hour at most, however long the burst; a failure to tell is
 * logged and never changes the login's answer.
 */
export async function alertFailedLogins(
  deps: AppDeps,
  user: UserRow,
  log: { error(object: unknown, message: string): void },
): Promise<void> {
  try {
    const rule = limitRule(deps.config, 'loginFailAlert');
    const first = await deps.limiter.hit(`${rule.name}:user:${user.id}`, rule.max, rule.windowSeconds);
    if (!first.allowed) return;
    await emit('login.failures', { userId: user.id }, { db: deps.database.db, log });
    if (user.email && user.emailVerified)
      await deps.messaging.email.send({ to: user.email, ...failuresText[localeOf(user.language)] });
  } catch (error) {
    log.error({ err: error, userId: user.id }, 'failed-login alert not sent');
  }
}
