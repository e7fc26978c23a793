import { appVersionPaths, appVersionSchema } from '@wsm/contracts';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { envelopeSchema, ok } from '../../http/envelope';
import { readAppVersion } from './service';

/** `GET /v1/app/version/` (no login): the web app's version, read once at start-up. */
export async function appVersionRoutes(app: FastifyInstance): Promise<void> {
  const version = await readAppVersion(app.deps.config.webDistDir);
  app.withTypeProvider<ZodTypeProvider>().get(
    appVersionPaths.version,
    {
      schema: {
        tags: ['app'],
        summary: 'The version of the web app this server serves, from its build',
        response: { 200: envelopeSchema(appVersionSchema) },
      },
    },
    async (request) => ok(request, version),
  );
}
