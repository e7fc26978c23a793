import type { IncomingMessage } from 'node:http';
import type { KoaContextWithOIDC, default as Provider } from 'oidc-provider';
import type { AppDeps } from '../../deps';
import type { LimitRule } from '../../http/rate-limit';
import { scaledRule, takeSlots } from '../../http/rate-limit';
import { revokeSession } from '../identity/repository';
import { revokeGrants } from './grants';
import { productSessionOf } from './product-session';
import { closeWriteBatch, openWriteBatch } from './write-batch';

// What the API adds around the provider's own handling (docs/sign-in-with-workspace.md): limits on
// failed token requests, the product session ended by an RP-initiated logout, and the content security
// policy of the logout pages.

/** Failed token requests (a wrong code or refresh token, a wrong client secret); successes never count. */
export const oidcLimits = {
  /** From one client address, across clients. */
  tokenFailIp: { name: 'oidc-token-fail:ip', max: 60, windowSeconds: 600 },
  /**
   * For one client, from anywhere. Anyone can name a public client, so this is high: it bounds
   * guessing at one application's codes and secret, not one person's mistakes.
   */
  tokenFailClient: { name: 'oidc-token-fail:client', max: 600, windowSeconds: 600 },
} as const satisfies Record<string, LimitRule>;

/** The answers of the token endpoint that count as a failure. */
const countedErrors = new Set(['invalid_grant', 'invalid_client']);

/** The client address of a request, as the API computed it (TRUST_PROXY), set by routes.ts. */
export const clientAddress = new WeakMap<IncomingMessage, string>();

/** The client id named by a token request: its Basic credentials, or the form's client_id. */
function clientIdOf(authorization: string, body: Buffer): string {
  const basic = /^Basic\s+(\S+)$/i.exec(authorization)?.[1];
  if (basic) {
    const decoded = Buffer.from(basic, 'base64').toString('utf8');
    const at = decoded.indexOf(':');
    try {
      return decodeURIComponent(at >= 0 ? decoded.slice(0, at) : decoded);
    } catch {
      return decoded;
    }
  }
  return new URLSearchParams(body.toString('utf8')).get('client_id') ?? '';
}

/**
 * The body already read, handed to the provider as the request it reads its form from
 * (oidc-provider's selective_body.js asks only `readable`, `readableEncoding` and `iterator()`): a
 * stream made again for it cost more than the provider's own handling of the form.
 */
function bodyRequest(req: IncomingMessage, body: Buffer): IncomingMessage {
  return {
    headers: req.headers,
    readable: true,
    readableEncoding: null,
    iterator: () => [body].values(),
  } as unknown as IncomingMessage;
}

async function readBody(req: IncomingMessage): Promise<Buffer> {
  const chunks: Buffer[] = [];
  let size = 0;
  for await (const chunk of req) {
    size += (chunk as Buffer).length;
    if (size > 56 * 1024) break;
    chunks.push(chunk as Buffer);
  }
  return Buffer.concat(chunks);
}

async function limitTokenFailures(deps: AppDeps, ctx: KoaContextWithOIDC, next: () => Promise<void>) {
  // The body is read here for its client id (when not in the Basic credentials) and handed on.
  const body = await readBody(ctx.req);
  const clientId = clientIdOf(ctx.get('authorization'), body);
  ctx.req = bodyRequest(ctx.req, body);
  const rule = (r: LimitRule) => scaledRule(r, deps.config.rateLimitMultiplier);
  const slots = await takeSlots(deps.limiter, [
    { rule: rule(oidcLimits.tokenFailIp), subject: clientAddress.get(ctx.request.req) ?? ctx.ip },
    { rule: rule(oidcLimits.tokenFailClient), subject: clientId || '-' },
  ]);
  if (slots.results.some((r) => !r.allowed)) {
    await slots.release();
    const retryAfter = Math.max(1, ...slots.results.filter((r) => !r.allowed).map((r) => r.retryAfter));
    ctx.status = 429;
    ctx.set('retry-after', String(Math.ceil(retryAfter)));
    ctx.set('cache-control', 'no-store');
    ctx.body = {
      error: 'temporarily_unavailable',
      error_description: 'too many failed token requests; retry later',
    };
    return;
  }
  let failed = false;
  try {
    await heldWrites(deps, ctx, next);
    const error = (ctx.body as { error?: unknown } | undefined)?.error;
    failed = ctx.status >= 400 && typeof error === 'string' && countedErrors.has(error);
  } finally {
    if (!failed) await slots.release();
  }
}

/**
 * The token request's writes held and sent as one statement before it answers (write-batch.ts). A code
 * or refresh token another request consumed first answers invalid_grant and revokes its grant, as the
 * provider does when it sees one used twice.
 */
async function heldWrites(deps: AppDeps, ctx: KoaContextWithOIDC, next: () => Promise<void>) {
  openWriteBatch(ctx, deps.database.db);
  let lost: { grantIds: string[] } | undefined;
  try {
    await next();
  } finally {
    lost = await closeWriteBatch(ctx);
  }
  if (!lost) return;
  await revokeGrants(deps.database.db, lost.grantIds);
  ctx.status = 400;
  ctx.body = { error: 'invalid_grant', error_description: 'grant request is invalid' };
}

/** The origin (or private-use scheme) a post-logout redirect goes to, for the form-action directive. */
function formTarget(uri: string): string | undefined {
  try {
    const url = new URL(uri);
    return url.origin !== 'null' ? url.origin : url.protocol;
  } catch {
    return undefined;
  }
}

/** Installs the API's additions on the provider. */
export function installMiddleware(provider: Provider, deps: AppDeps): void {
  provider.use(async (ctx, next) => {
    const oidcCtx = ctx as KoaContextWithOIDC;
    if (ctx.method === 'POST' && ctx.path === '/token') return limitTokenFailures(deps, oidcCtx, next);
    const endSession = ctx.path.startsWith('/session/end');
    // Read before the provider runs: the product session of the browser that confirms the logout.
    const product = endSession ? await productSessionOf(deps, ctx.req) : undefined;
    await next();
    if (!endSession) return;
    // The logout form posts to the provider, which then redirects to the registered post-logout URI:
    // the policy's form-action names that target too.
    const target = oidcCtx.oidc?.session?.state?.postLogoutRedirectUri as string | undefined;
    const csp = ctx.response.get('content-security-policy');
    const origin = target ? formTarget(target) : undefined;
    if (csp && origin)
      ctx.set('content-security-policy', csp.replace(/form-action 'self'/, `form-action 'self' ${origin}`));
    // A confirmed logout ends the product session of that browser too.
    const session = oidcCtx.oidc?.entities?.Session as { destroyed?: boolean } | undefined;
    if (product && session?.destroyed)
      await revokeSession(deps.database.db, product.sessionId, 'logout', new Date(), product.userId);
  });
}
