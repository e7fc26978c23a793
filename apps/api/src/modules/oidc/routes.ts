import type { IncomingMessage, ServerResponse } from 'node:http';
import {
  rotateSignInSecretRequestSchema,
  saveSignInRequestSchema,
  signInParamsSchema,
  signInPaths,
  signInSecretSchema,
  signInSettingsSchema,
} from '@wsm/contracts';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import type { default as Provider } from 'oidc-provider';
import { envelopeSchema } from '../../http/envelope';
import { memberChange, memberRead } from '../access/guard';
import { signedInRoutes } from '../identity/route-options';
import { runInteraction } from './interaction';
import { keysFingerprint } from './keys';
import { clientAddress } from './middleware';
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
  // Signing keys rotated by another process (keys.ts) are picked up within a minute: the provider is
  // made again when the set of keys changed.
  let keys: { print: string; checkedAt: number } | undefined;
  const providerOf = async () => {
    const now = Date.now();
    if (!keys || now - keys.checkedAt > 60_000) {
      const print = await keysFingerprint(app.deps.database.db);
      if (keys && keys.print !== print) provider = undefined;
      keys = { print, checkedAt: now };
    }
    provider ??= createProvider(app.deps).catch((error: unknown) => {
      provider = undefined;
      keys = undefined;
      throw error;
    });
    return provider;
  };
  const handlers = new WeakMap<Provider, (req: IncomingMessage, res: ServerResponse) => void>();
  const handlerOf = async () => {
    const current = await providerOf();
    let handler = handlers.get(current);
    if (!handler) {
      handler = current.callback();
      handlers.set(current, handler);
    }
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
      request: { raw: IncomingMessage; ip: string },
      reply: { hijack(): void; raw: ServerResponse },
    ) => {
      const callback = await handlerOf();
      clientAddress.set(request.raw, request.ip);
      reply.hijack();
      callback(underPrefix(request.raw), reply.raw);
    };
    scope.get(`${oidcPrefix}/interaction/:uid/`, { schema: { hide: true } }, async (request, reply) => {
      const provider = await providerOf();
      const raw = underPrefix(request.raw);
      const answer = await runInteraction(app.deps, provider, raw, reply.raw, request.locale, () =>
        reply.hijack(),
      );
      if (answer) return reply.redirect(answer.redirect, 303);
    });
    scope.all(oidcPrefix, { schema: { hide: true } }, forward);
    scope.all(`${oidcPrefix}/*`, { schema: { hide: true } }, forward);
  });
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
