import fastifyHelmet from '@fastify/helmet';
import fastifyMultipart from '@fastify/multipart';
import fastifySwagger from '@fastify/swagger';
import fastifySwaggerUi from '@fastify/swagger-ui';
import type { Locale } from '@wsm/contracts';
import Fastify, { type FastifyInstance } from 'fastify';
import { jsonSchemaTransform, serializerCompiler, validatorCompiler } from 'fastify-type-provider-zod';
import { uuidv7 } from 'uuidv7';
import type { Config } from './config';
import type { DatabaseHandle } from './db/client';
import { registerErrorHandling, sendNotFound } from './http/error-handler';
import { localeFromHeader } from './http/locale';
import { registerInputNormalization } from './http/normalize-input';
import { registerWebApp } from './http/web-app';
import type { RateLimiter } from './lib/rate-limiter';
import type { Messaging } from './messaging/messaging';
import { devOutboxRoutes } from './messaging/outbox-routes';
import { accessRoutes } from './modules/access/routes';
import { applicationRoutes } from './modules/applications/routes';
import { assetRoutes } from './modules/assets/routes';
import { backupRoutes } from './modules/backups/routes';
import { healthRoutes } from './modules/health/routes';
import { identityRoutes } from './modules/identity/routes';
import { memberRoutes } from './modules/members/routes';
import { notificationRoutes } from './modules/notifications/routes';
import { profileRoutes } from './modules/profile/routes';
import { securityRoutes } from './modules/security/routes';
import { userRoutes } from './modules/users/routes';
import { workspaceRoutes } from './modules/workspaces/routes';

import './wiring';

/** What the routes and services of every module may use; built once per process. */
export interface AppDeps {
  config: Config;
  database: DatabaseHandle;
  limiter: RateLimiter;
  messaging: Messaging;
}

declare module 'fastify' {
  interface FastifyInstance {
    deps: AppDeps;
  }
  interface FastifyRequest {
    locale: Locale;
  }
}

export interface BuildOptions {
  /** Pino logging; tests pass false. */
  logger?: boolean;
}

/** Builds the HTTP app: infrastructure first, then the domain modules, then the web app. */
export async function buildApp(deps: AppDeps, options: BuildOptions = {}): Promise<FastifyInstance> {
  const { config } = deps;
  const app = Fastify({
    logger:
      options.logger === false
        ? false
        : {
            level: config.logLevel,
            redact: ['req.headers.authorization', 'req.headers.cookie'],
          },
    trustProxy: config.trustProxy,
    requestIdHeader: 'x-request-id',
    genReqId: () => uuidv7(),
    routerOptions: { ignoreTrailingSlash: true },
    bodyLimit: 1024 * 1024,
  });
  app.setValidatorCompiler(validatorCompiler);
  app.setSerializerCompiler(serializerCompiler);
  app.decorate('deps', deps);
  app.decorateRequest('locale', 'fa');
  app.addHook('onRequest', async (request, reply) => {
    request.locale = localeFromHeader(request.headers['accept-language']);
    reply.header('x-request-id', request.id);
  });
  registerInputNormalization(app);
  registerErrorHandling(app);

  await app.register(fastifyHelmet, {
    contentSecurityPolicy: {
      directives: {
        defaultSrc: ["'self'"],
        scriptSrc: ["'self'"],
        // Emotion (MUI) injects <style> elements at run time.
        styleSrc: ["'self'", "'unsafe-inline'"],
        imgSrc: ["'self'", 'data:', 'blob:'],
        fontSrc: ["'self'", 'data:'],
        connectSrc: ["'self'"],
        workerSrc: ["'self'"],
        manifestSrc: ["'self'"],
        objectSrc: ["'none'"],
        frameAncestors: ["'none'"],
        upgradeInsecureRequests: config.isProduction ? [] : null,
      },
    },
    crossOriginEmbedderPolicy: false,
    hsts: config.isProduction,
  });

  // Routes read their one file with readUpload (http/multipart.ts), which sets each route's size limit.
  await app.register(fastifyMultipart, { limits: { files: 1, fields: 10, fileSize: 1024 * 1024 } });

  await app.register(fastifySwagger, {
    openapi: {
      info: {
        title: 'Workspace manager API',
        version: '1.0.0',
        description:
          'See api-contract.md: every JSON answer is the envelope { statusCode, statusMessage, data }.',
      },
      components: { securitySchemes: { bearer: { type: 'http', scheme: 'bearer', bearerFormat: 'JWT' } } },
    },
    transform: jsonSchemaTransform,
  });
  await app.register(fastifySwaggerUi, { routePrefix: '/docs', staticCSP: true });

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

  await registerWebApp(app, config.webDistDir, sendNotFound);
  return app;
}
