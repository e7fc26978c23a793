import fastifyCookie from '@fastify/cookie';
import fastifyMultipart from '@fastify/multipart';
import fastifySwagger from '@fastify/swagger';
import fastifySwaggerUi from '@fastify/swagger-ui';
import type { Locale } from '@wsm/contracts';
import Fastify, { type FastifyInstance, type FastifyReply, type FastifyRequest } from 'fastify';
import { jsonSchemaTransform, serializerCompiler, validatorCompiler } from 'fastify-type-provider-zod';
import type { AppDeps } from './deps';
import { type HousekeepingTiming, housekeepingTiming, registerHousekeeping } from './housekeeping';
import { answerClientError } from './http/client-error';
import { registerErrorHandling, sendFrameworkError, sendNotFound } from './http/error-handler';
import { localeFromHeader } from './http/locale';
import { logRedactPaths } from './http/logging';
import { registerMetrics } from './http/metrics';
import { registerInputNormalization } from './http/normalize-input';
import { proxyRequestIdOf, requestIdOf, trustProxyOf } from './http/request-id';
import { securityHeaders } from './http/security-headers';
import { registerWebApp } from './http/web-app';
import { AuthCache, listenForInvalidations } from './lib/auth-cache';
import { BackgroundTasks } from './lib/background';
import { devOutboxRoutes } from './messaging/outbox-routes';
import { registerSmsOutbox } from './messaging/sms-outbox';
import type { MemberAccess } from './modules/access/guard';
import { accessRoutes } from './modules/access/routes';
import type { CachedApiKey } from './modules/api-keys/key-auth';
import { LastUsedTracker } from './modules/api-keys/last-used';
import { apiKeyRoutes, declareApiKeySecurity } from './modules/api-keys/routes';
import { appVersionRoutes } from './modules/app-version/routes';
import { applicationRoutes } from './modules/applications/routes';
import { assetRoutes } from './modules/assets/routes';
import { auditRoutes } from './modules/audit/routes';
import { actingWithKey } from './modules/audit/via-key';
import { backupRoutes } from './modules/backups/routes';
import { healthRoutes } from './modules/health/routes';
import { identityRoutes } from './modules/identity/routes';
import { memberRoutes } from './modules/members/routes';
import { notificationRoutes } from './modules/notifications/routes';
import { connectedApplicationsRoutes } from './modules/oidc/connected-routes';
import { oidcProviderRoutes, signInSettingsRoutes } from './modules/oidc/routes';
import type { ApplicationSignInRow } from './modules/oidc/schema';
import { profileRoutes } from './modules/profile/routes';
import { securityRoutes } from './modules/security/routes';
import { userRoutes } from './modules/users/routes';
import { registerWebhookWorker } from './modules/webhooks/delivery';
import { webhookRoutes } from './modules/webhooks/routes';
import { workspaceRoutes } from './modules/workspaces/routes';

import './wiring';

/** What the routes and services of every module may use; built once per process. */

declare module 'fastify' {
  interface FastifyInstance {
    deps: AppDeps;
  }
  interface FastifyRequest {
    locale: Locale;
    /**
     * Set by a route whose writes, this time, are none that a trigger of migration 0018 announces: its
     * answer then waits for no auth-cache sync, as there is nothing for a process to hear.
     */
    cacheUntouched: boolean;
  }
}

export interface BuildOptions {
  /** Pino logging; tests pass false. */
  logger?: boolean;
  /** Where log lines go instead of the standard output (tests that read them). */
  logStream?: { write(line: string): void };
  /** The housekeeping job's timing (housekeeping.ts), or false not to run it (the test app). */
  housekeeping?: Partial<HousekeepingTiming> | false;
  /** Run a webhook delivery worker in this app (on unless false: the test app's default). */
  webhookWorker?: boolean;
}

/** Builds the HTTP app: infrastructure first, then the domain modules, then the web app. */
export async function buildApp(deps: AppDeps, options: BuildOptions = {}): Promise<FastifyInstance> {
  const { config } = deps;
  const applySecurityHeaders = securityHeaders(config.isProduction);
  // Every answer, a framework error included, has the request's language, its id and the security headers.
  const prepareAnswer = (request: FastifyRequest, reply: FastifyReply) => {
    request.locale = localeFromHeader(request.headers['accept-language']);
    reply.header('x-request-id', request.id);
    applySecurityHeaders(request, reply);
  };
  const trustProxy = trustProxyOf(config.trustProxy);
  const app = Fastify({
    logger:
      options.logger === false
        ? false
        : {
            level: config.logLevel,
            redact: { paths: logRedactPaths, censor: '[redacted]' },
            ...(options.logStream ? { stream: options.logStream } : {}),
          },
    trustProxy,
    // Ours, always: a client must not choose the id of log lines (a trusted proxy's goes beside it).
    requestIdHeader: false,
    genReqId: requestIdOf,
    clientErrorHandler: answerClientError,
    routerOptions: { ignoreTrailingSlash: true },
    bodyLimit: 1024 * 1024,
    frameworkErrors: (error, request, reply) => {
      prepareAnswer(request, reply);
      return sendFrameworkError(error, request, reply);
    },
    // While shutting down, a request that still arrives on an open connection is served (with
    // Connection: close) instead of Fastify's own 503 outside the envelope; the pool closes after it.
    return503OnClosing: false,
  });
  app.setChildLoggerFactory((logger, bindings, options, raw) => {
    const proxyRequestId = proxyRequestIdOf(raw, trustProxy);
    return logger.child(proxyRequestId ? { ...bindings, proxyRequestId } : bindings, options);
  });
  app.setValidatorCompiler(validatorCompiler);
  app.setSerializerCompiler(serializerCompiler);
  app.decorate('deps', deps);
  app.decorateRequest('locale', 'fa');
  app.decorateRequest('cacheUntouched', false);
  // The first hook, so that no later hook's failure can leave an answer without these headers.
  app.addHook('onRequest', async (request, reply) => prepareAnswer(request, reply));
  deps.background ??= new BackgroundTasks();
  const background = deps.background;
  app.addHook('onClose', () => background.idle());
  registerInputNormalization(app);
  registerErrorHandling(app);
  registerMetrics(app, deps.metrics, config, deps.limiter);
  registerSmsOutbox(app);
  if (options.webhookWorker !== false) registerWebhookWorker(app);
  registerHousekeeping(
    app,
    options.housekeeping === false ? false : { ...housekeepingTiming, ...options.housekeeping },
  );
  if (!deps.authCache) {
    const cache = new AuthCache<MemberAccess, CachedApiKey, ApplicationSignInRow>({
      onLookup: deps.metrics.cacheLookup,
    });
    deps.authCache = cache;
    const stopListening = await listenForInvalidations(
      cache as AuthCache<unknown, unknown>,
      deps.database,
      app.log,
    );
    app.addHook('onClose', async () => stopListening());
  }
  // A request that may have changed something answers only once every listening process has heard every
  // change committed so far (lib/auth-cache.ts, sync): the caller's next request, to any process, finds a
  // revoked session or a changed role already dropped there.
  const authCache = deps.authCache;
  app.addHook('onSend', async (request) => {
    if (request.cacheUntouched) return;
    if (request.method !== 'GET' && request.method !== 'HEAD' && request.method !== 'OPTIONS')
      await authCache.sync();
  });

  // The web app's refresh token travels in an HttpOnly cookie (modules/identity/refresh-cookie.ts).
  await app.register(fastifyCookie);

  // Routes read their one file with readUpload (http/multipart.ts), which sets each route's size limit.
  await app.register(fastifyMultipart, { limits: { files: 1, fields: 10, fileSize: 1024 * 1024 } });

  if (!deps.apiKeyUse) {
    const tracker = new LastUsedTracker(deps.database.db);
    deps.apiKeyUse = tracker;
    app.addHook('onClose', () => tracker.flush());
  }
  // A request made with an API key runs its handler knowing the key, for the audit entries it records.
  app.addHook('onRoute', (route) => {
    const handler = route.handler;
    route.handler = function (this: FastifyInstance, request, reply) {
      const key = request.apiKey;
      return key
        ? actingWithKey(key, () => handler.call(this, request, reply))
        : handler.call(this, request, reply);
    };
    declareApiKeySecurity(route);
  });

  if (config.apiDocs) {
    await app.register(fastifySwagger, {
      openapi: {
        info: {
          title: 'Workspace manager API',
          version: '1.0.0',
          description: 'Every JSON answer is the envelope { statusCode, statusMessage, data } (docs/api.md).',
        },
        components: {
          securitySchemes: {
            bearer: { type: 'http', scheme: 'bearer', bearerFormat: 'JWT' },
            apiKey: {
              type: 'http',
              scheme: 'bearer',
              bearerFormat: 'wsk_',
              description:
                "A workspace's API key (`wsk_` + 38 base62 characters): only on that workspace's routes, with the key's permissions",
            },
          },
        },
      },
      transform: jsonSchemaTransform,
    });
    await app.register(fastifySwaggerUi, { routePrefix: '/docs', staticCSP: true });
  }

  await app.register(healthRoutes);
  await app.register(identityRoutes);
  await app.register(devOutboxRoutes);
  await app.register(assetRoutes);
  await app.register(workspaceRoutes);
  await app.register(accessRoutes);
  await app.register(memberRoutes);
  await app.register(userRoutes);
  await app.register(applicationRoutes);
  await app.register(profileRoutes);
  await app.register(securityRoutes);
  await app.register(notificationRoutes);
  await app.register(backupRoutes);
  await app.register(auditRoutes);
  await app.register(apiKeyRoutes);
  await app.register(webhookRoutes);
  await app.register(appVersionRoutes);
  await app.register(oidcProviderRoutes);
  await app.register(signInSettingsRoutes);
  await app.register(connectedApplicationsRoutes);

  await registerWebApp(app, config.webDistDir, sendNotFound);
  return app;
}
