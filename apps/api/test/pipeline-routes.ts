import { StatusCode, type StatusCodeValue } from '@wsm/contracts';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { AppError } from '../src/http/app-error';
import { ok } from '../src/http/envelope';
import { limitRoute } from '../src/http/rate-limit';

// Routes that exist only in the HTTP tests, to drive the shared request pipeline.
export function testRoutes(app: FastifyInstance) {
  const typed = app.withTypeProvider<ZodTypeProvider>();
  typed.post(
    '/v1/test/echo',
    {
      schema: {
        body: z.object({
          name: z.string().min(3),
          code: z.string().regex(/^\d+$/),
          count: z.number().max(9).optional(),
          password: z.string().optional(),
        }),
      },
    },
    async (request) => ok(request, request.body),
  );
  typed.get(
    '/v1/test/fail/:code',
    { schema: { params: z.object({ code: z.coerce.number() }) } },
    async (request) => {
      throw new AppError(request.params.code as StatusCodeValue, { data: { reason: 'test' } });
    },
  );
  app.get('/v1/test/not-member', async () => {
    throw new AppError(StatusCode.forbidden, { pageLevel: true });
  });
  // What node-postgres and Drizzle throw when PostgreSQL goes away under a request: code-less messages,
  // the last one a rollback that failed after its connection was lost.
  const lost = [
    new Error('Connection terminated unexpectedly'),
    Object.assign(new Error('Failed query: rollback\nparams: '), {
      cause: new Error('Client has encountered a connection error and is not queryable'),
    }),
    Object.assign(new Error('terminating connection due to administrator command'), { code: '57P01' }),
  ];
  app.get<{ Params: { n: string } }>('/v1/test/database-lost/:n', async (request) => {
    throw lost[Number(request.params.n)];
  });
  app.get('/v1/test/crash', async () => {
    throw new Error('secret internal detail');
  });
  app.get(
    '/v1/test/limited',
    { preHandler: limitRoute(app.deps.limiter, { name: 'test', max: 3, windowSeconds: 60 }) },
    async (request) => ok(request, null),
  );
}
