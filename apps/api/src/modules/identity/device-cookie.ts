import { createHmac, randomBytes } from 'node:crypto';
import { identityPaths } from '@wsm/contracts';
import type { FastifyReply, FastifyRequest } from 'fastify';
import type { Config } from '../../config';
import { hashesEqual } from './one-time-codes';

// A browser where the account has signed in before (docs/security.md, "Recovery nobody else can spend").
// Every sign-in sets a cookie naming a random device id and the account, bound by an HMAC under the
// server secret: nobody else can make one for the account. Recovery started from such a browser texts
// its code on a budget of that browser, apart from the phone's budget strangers can spend, so starts by
// others, from any number of addresses, never keep the owner's browser from getting a code.
// HttpOnly, SameSite=Strict, Secure on https, and sent only to the recovery start.

export const deviceCookieName = 'knownDevice';
/** The cookie's path: the recovery start (without its trailing slash, which also matches the path with it). */
export const deviceCookiePath = identityPaths.recoveryStart.replace(/\/+$/, '');
/** A year: a browser stays known across sessions. */
const deviceLifetimeSeconds = 365 * 86_400;

const macOf = (secret: string, userId: string, deviceId: string) =>
  createHmac('sha256', secret).update(`device\0${userId}\0${deviceId}`).digest('base64url');

/** Marks the browser as one where `userId` signed in (a new device id unless it already had one for it). */
export function setDeviceCookie(
  reply: FastifyReply,
  request: FastifyRequest,
  config: Config,
  userId: string,
): void {
  const deviceId = knownDevice(request, config, userId) ?? randomBytes(16).toString('base64url');
  reply.setCookie(deviceCookieName, `${deviceId}.${macOf(config.jwtSecret, userId, deviceId)}`, {
    httpOnly: true,
    sameSite: 'strict',
    secure: config.publicUrl.startsWith('https:'),
    path: deviceCookiePath,
    maxAge: deviceLifetimeSeconds,
  });
}

/** The device id of the request's cookie when `userId` signed in from this browser, else undefined. */
export function knownDevice(request: FastifyRequest, config: Config, userId: string): string | undefined {
  const value = request.cookies?.[deviceCookieName];
  if (!value) return undefined;
  const [deviceId, mac, ...rest] = value.split('.');
  if (!deviceId || !mac || rest.length > 0) return undefined;
  return hashesEqual(mac, macOf(config.jwtSecret, userId, deviceId)) ? deviceId : undefined;
}
