import { canonicalPhone, outboxMessageSchema, outboxQuerySchema } from '@wsm/contracts';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { envelopeSchema, ok } from '../http/envelope';

/**
 * GET /dev/outbox?to=: the messages the log providers kept. Registered only
 * outside production and only while a log provider is active, so the route does not exist otherwise.
 */
export async function devOutboxRoutes(app: FastifyInstance): Promise<void> {
  const outbox = app.deps.messaging.outbox;
  if (app.deps.config.isProduction || !outbox) return;
  app.withTypeProvider<ZodTypeProvider>().get(
    '/dev/outbox',
    {
      schema: {
        tags: ['development'],
        summary: 'Messages the log providers kept (not in production)',
        querystring: outboxQuerySchema,
        response: { 200: envelopeSchema(z.array(outboxMessageSchema)) },
      },
    },
    async (request) => {
      const { to } = request.query;
      return ok(request, outbox.list(to === undefined ? undefined : (canonicalPhone(to) ?? to)));
    },
  );
}
