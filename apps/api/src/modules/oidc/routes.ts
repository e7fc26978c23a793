import type { IncomingMessage, ServerResponse } from 'node:http';
import {
  rotateSignInSecretRequestSchema,
  saveSignInRequestSchema,
  signInParamsSchema,
  signInPaths,
  signInSecretSchema,
  signInSettingsSchema,
} from '@wsm/contracts';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import type { InteractionResults, default as Provider } from 'oidc-provider';
import { envelopeSchema } from '../../http/envelope';
import { signedInRoutes } from '../../http/route-options';
import { loadAccess, memberChange, memberRead } from '../access/guard';
import { bearerToken } from '../identity/auth-guard';
import { isSessionAlive } from '../identity/service';
import { verifyAccessToken } from '../identity/tokens';
import { createProvider, oidcPrefix } from './provider';
import * as signIn from './service';
import { signInRequestRoutes } from './sign-in-request';

/**
 * The OpenID Connect provider at /oidc (docs/sign-in-with-workspace.md). Its routes take the raw
 * request, as oidc-provider's guide for mounting under a prefix describes: the prefix is cut from the
 * URL and kept as originalUrl, from which the provider builds its endpoints' addresses. The provider is
 * made at the first request, so a process that never serves sign-in makes no keys.
 */
export async function oidcProviderRoutes(app: FastifyInstance): Promise<void> {
  let provider: Promise<Provider> | undefined;
  let handler: ((req: IncomingMessage, res: ServerResponse) => void) | undefined;
  const providerOf = () => {
    provider ??= createProvider(app.deps).catch((error: unknown) => {
      provider = undefined;
      throw error;
    });
    return provider;
  };
  const handlerOf = async () => {
    handler ??= (await providerOf()).callback();
    return handler;
  };

  await app.register(async (scope) => {
    // The provider reads its own bodies (form posts): Fastify leaves the stream unread here.
    scope.removeAllContentTypeParsers();
    scope.addContentTypeParser('*', (_request, _payload, done) => done(null));
    // The provider builds its addresses (the resume URL too) from the URL under its prefix.
    const underPrefix = (raw: IncomingMessage & { originalUrl?: string }) => {
      raw.originalUrl = raw.url;
      raw.url = raw.url?.slice(oidcPrefix.length) || '/';
      return raw;
    };
    const forward = async (
      request: { raw: IncomingMessage },
      reply: { hijack(): void; raw: ServerResponse },
    ) => {
      const callback = await handlerOf();
      reply.hijack();
      callback(underPrefix(request.raw), reply.raw);
    };
    scope.get(`${oidcPrefix}/interaction/:uid/`, { schema: { hide: true } }, async (request, reply) => {
      const provider = await providerOf();
      const raw = underPrefix(request.raw);
      const details = await provider.interactionDetails(raw, reply.raw);
      const userId = await productSessionUser(request);
      if (!userId) {
        // Not signed in to the product: its login page, which comes back here after the second step.
        const returnTo = `${oidcPrefix}/interaction/${details.uid}/`;
        const base = app.deps.config.publicUrl.replace(/\/$/, '');
        return reply.redirect(
          `${base}/${request.locale}/login?returnTo=${encodeURIComponent(returnTo)}`,
          303,
        );
      }
      const clientId = String(details.params.client_id ?? '');
      const workspaceId = await signIn.workspaceOfClient(app.deps.database.db, clientId);
      const access = workspaceId ? await loadAccess(app.deps.database.db, workspaceId, userId) : undefined;
      const sessionAccount = details.session?.accountId;
      let result: InteractionResults;
      if (access?.status !== 'active' || (sessionAccount && sessionAccount !== userId))
        result = { error: 'access_denied', error_description: 'not an active member of the workspace' };
      else if (details.prompt.name === 'consent') {
        // Native clients are always asked; the workspace's own applications are granted what they ask.
        const grant =
          (details.grantId ? await provider.Grant.find(details.grantId) : undefined) ??
          new provider.Grant({ accountId: userId, clientId });
        const missing = details.prompt.details as {
          missingOIDCScope?: string[];
          missingOIDCClaims?: string[];
        };
        if (missing.missingOIDCScope) grant.addOIDCScope(missing.missingOIDCScope.join(' '));
        if (missing.missingOIDCClaims) grant.addOIDCClaims(missing.missingOIDCClaims);
        result = { consent: { grantId: await grant.save() } };
      } else result = { login: { accountId: userId } };
      reply.hijack();
      await provider.interactionFinished(raw, reply.raw, result, { mergeWithLastSubmission: true });
    });
    scope.all(oidcPrefix, { schema: { hide: true } }, forward);
    scope.all(`${oidcPrefix}/*`, { schema: { hide: true } }, forward);
  });
}

/**
 * The user of the product session the browser carries (the access token of the `accessToken` cookie or
 * an Authorization header), when its signature holds and its session is alive.
 */
async function productSessionUser(request: FastifyRequest): Promise<string | undefined> {
  const cookie = /(?:^|;\s*)accessToken=([^;]+)/.exec(request.headers.cookie ?? '')?.[1];
  const token = bearerToken(request) ?? (cookie ? decodeURIComponent(cookie) : undefined);
  if (!token) return undefined;
  const deps = request.server.deps;
  const claims = verifyAccessToken(deps.config.jwtSecret, token);
  if (!claims || !(await isSessionAlive(deps, claims.sub, claims.sid))) return undefined;
  return claims.sub;
}

const signedIn = signedInRoutes(['applications']);

/** An application's sign-in settings (docs/sign-in-with-workspace.md). */
export async function signInSettingsRoutes(app: FastifyInstance): Promise<void> {
  const r = app.withTypeProvider<ZodTypeProvider>();
  const db = app.deps.database.db;
  await app.register(signInRequestRoutes);

  r.get(
    '/v1/workspaces/profile/applications/sign-in/application-id/:appId/workspace-id/:id/',
    signedIn({
      summary:
        "An application's sign-in settings, without a secret (tenant_profile_read; 404 while never set)",
      params: signInParamsSchema,
      response: { 200: envelopeSchema(signInSettingsSchema) },
    }),
    memberRead('tenant_profile_read', (_access, request) =>
      signIn.getSignIn(db, request.params.id, request.params.appId),
    ),
  );

  r.put(
    signInPaths.save,
    signedIn({
      summary:
        "Set an application's sign-in settings (tenant_profile_update; a new confidential client's secret once)",
      body: saveSignInRequestSchema,
      response: { 200: envelopeSchema(signInSettingsSchema) },
    }),
    memberChange('tenant_profile_update', (access, { body, locale }) =>
      signIn.saveSignIn(db, access, body, locale),
    ),
  );

  r.post(
    signInPaths.secret,
    signedIn({
      summary: 'A new client secret, shown once; the old one stops at once (tenant_profile_update)',
      body: rotateSignInSecretRequestSchema,
      response: { 200: envelopeSchema(signInSecretSchema) },
    }),
    memberChange('tenant_profile_update', (access, { body, locale }) =>
      signIn.rotateSignInSecret(db, access, body.applicationId, locale),
    ),
  );
}
