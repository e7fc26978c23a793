import { randomBytes, timingSafeEqual } from 'node:crypto';
import { identityPaths } from '@wsm/contracts';
import type { FastifyReply, FastifyRequest } from 'fastify';
import type { Config } from '../../config';
import { sessionLifetimeSeconds } from './tokens';

// The web app's refresh token lives in a cookie scripts cannot read (docs/security.md, "Refresh token
// cookie"): HttpOnly, SameSite=Strict, sent only to the renewal path, Secure on https. Beside it a
// readable CSRF cookie: renewal by cookie needs its value echoed in a header (double submit), which a
// cross-site page can neither read nor send without a preflight. Its presence also tells the web app
// a session is there. Token answers still carry the pair in the body for API clients.

export const refreshCookieName = 'refreshToken';
export const csrfCookieName = 'refreshCsrf';
export const csrfHeaderName = 'x-csrf-token';
/** The cookie's path: a path without its trailing slash also matches the path with it. */
export const refreshCookiePath = identityPaths.renew.replace(/\/+$/, '');

const secureFor = (config: Config) => config.publicUrl.startsWith('https:');

/** Sets the refresh token cookie and a new CSRF cookie beside a token pair. */
export function setRefreshCookies(reply: FastifyReply, config: Config, refreshToken: string): void {
  const common = { sameSite: 'strict', secure: secureFor(config), maxAge: sessionLifetimeSeconds } as const;
  reply.setCookie(refreshCookieName, refreshToken, { ...common, httpOnly: true, path: refreshCookiePath });
  reply.setCookie(csrfCookieName, randomBytes(24).toString('base64url'), { ...common, path: '/' });
}

/** Clears both cookies (logout, a refused renewal). */
export function clearRefreshCookies(reply: FastifyReply, config: Config): void {
  const common = { sameSite: 'strict', secure: secureFor(config) } as const;
  reply.clearCookie(refreshCookieName, { ...common, httpOnly: true, path: refreshCookiePath });
  reply.clearCookie(csrfCookieName, { ...common, path: '/' });
}

/** The refresh token of the cookie when the request proves it comes from the web app, else undefined. */
export function cookieRefreshToken(request: FastifyRequest): string | undefined {
  const token = request.cookies[refreshCookieName];
  const csrfCookie = request.cookies[csrfCookieName];
  const csrfHeader = request.headers[csrfHeaderName];
  if (!token || !csrfCookie || typeof csrfHeader !== 'string') return undefined;
  const expected = Buffer.from(csrfCookie);
  const given = Buffer.from(csrfHeader);
  return expected.length === given.length && timingSafeEqual(expected, given) ? token : undefined;
}
