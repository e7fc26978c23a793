import { type Locale, StatusCode, toArabicIndicDigits, toPersianDigits } from '@wsm/contracts';
import { and, eq, gt, ne } from 'drizzle-orm';
import type { AppDeps } from '../../deps';
import { AppError } from '../../http/app-error';
import * as repo from './repository';
import { sessions } from './schema';
import { signSessionToken, verifySessionToken } from './tokens';

// Login alerts (api-contract.md section 9): when an account with a verified e-mail logs in from a
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
    { sub: login.userId, sid: login.sessionId, dev: login.platform, ip: login.ipAddress },
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
        `Device: ${login.platform}\nTime: ${when} (Tehran time)\nAddress: ${login.ipAddress}\n\n` +
        `If this was you, there is nothing to do. If it was not, end that session here and change your password:\n${link}\n`,
    };
  }
  if (locale === 'ar') {
    const when = tehranTime('ar', at);
    return {
      subject: 'تسجيل دخول جديد إلى حسابك',
      text:
        `سُجِّل الدخول للتو إلى حسابك من جهاز لم يُستخدم مؤخرًا.\n\n` +
        `الجهاز: ${login.platform}\nالوقت: ${when} (بتوقيت طهران)\nالعنوان: ${toArabicIndicDigits(login.ipAddress)}\n\n` +
        `إن كنت أنت فلا حاجة لأي إجراء. وإن لم تكن أنت، فأنهِ تلك الجلسة من هذا الرابط وغيّر كلمة المرور:\n${link}\n`,
    };
  }
  const when = tehranTime('fa-IR-u-ca-persian', at);
  return {
    subject: 'ورود تازه به حساب شما',
    text:
      `همین حالا از دستگاهی که این اواخر به کار نرفته بود به حساب شما وارد شدند.\n\n` +
      `دستگاه: ${login.platform}\nزمان: ${when} (به وقت تهران)\nنشانی: ${toPersianDigits(login.ipAddress)}\n\n` +
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
