import type { IncomingMessage, ServerResponse } from 'node:http';
import type { FastifyInstance } from 'fastify';
import type Provider from 'oidc-provider';
import { createProvider, oidcPrefix } from './provider';

/**
 * The OpenID Connect provider at /oidc (docs/sign-in-with-workspace.md). Its routes take the raw
 * request, as oidc-provider's guide for mounting under a prefix describes: the prefix is cut from the
 * URL and kept as originalUrl, from which the provider builds its endpoints' addresses. The provider is
 * made at the first request, so a process that never serves sign-in makes no keys.
 */
export async function oidcProviderRoutes(app: FastifyInstance): Promise<void> {
  let provider: Promise<Provider> | undefined;
  let handler: ((req: IncomingMessage, res: ServerResponse) => void) | undefined;
  const handlerOf = async () => {
    provider ??= createProvider(app.deps).catch((error: unknown) => {
      provider = undefined;
      throw error;
    });
    handler ??= (await provider).callback();
    return handler;
  };

  await app.register(async (scope) => {
    // The provider reads its own bodies (form posts): Fastify leaves the stream unread here.
    scope.removeAllContentTypeParsers();
    scope.addContentTypeParser('*', (_request, _payload, done) => done(null));
    const forward = async (
      request: { raw: IncomingMessage },
      reply: { hijack(): void; raw: ServerResponse },
    ) => {
      const callback = await handlerOf();
      const raw = request.raw as IncomingMessage & { originalUrl?: string };
      raw.originalUrl = raw.url;
      raw.url = raw.url?.slice(oidcPrefix.length) || '/';
      reply.hijack();
      callback(raw, reply.raw);
    };
    scope.all(oidcPrefix, { schema: { hide: true } }, forward);
    scope.all(`${oidcPrefix}/*`, { schema: { hide: true } }, forward);
  });
}
