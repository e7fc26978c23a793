import type { FastifyInstance } from 'fastify';

/** /healthz: the process is up. /readyz: the database answers within a second. Not enveloped. */
export async function healthRoutes(app: FastifyInstance): Promise<void> {
  const hide = { hide: false, tags: ['health'] };
  app.get('/healthz', { schema: { ...hide, summary: 'The process is up' } }, async () => ({ status: 'ok' }));
  app.get(
    '/readyz',
    { schema: { ...hide, summary: 'The database is reachable' } },
    async (request, reply) => {
      try {
        await app.deps.database.ping(900);
        return { status: 'ok' };
      } catch (error) {
        request.log.warn({ err: error }, 'database not ready');
        // A load balancer or orchestrator polls again soon; clients that honour it wait that long.
        return reply.code(503).header('retry-after', '5').send({ status: 'unavailable' });
      }
    },
  );
}
