import { Readable } from 'node:stream';
import {
  auditFilterSchema,
  auditPageSchema,
  auditQuerySchema,
  workspaceIdParamsSchema,
} from '@wsm/contracts';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { envelopeSchema, plainSerializer } from '../../http/envelope';
import { enforceLimit } from '../../http/rate-limit';
import { memberRead, requireMember } from '../access/guard';
import { signedInRoutes } from '../identity/route-options';
import { getWorkspace } from '../workspaces/service';
import { auditCsvHeader, auditCsvRow } from './csv';
import { auditExportLimit } from './limits';
import * as audit from './service';

const signedIn = signedInRoutes(['audit']);
const base = '/v1/workspaces/audit';

/** The workspace audit log and its CSV export. */
export async function auditRoutes(app: FastifyInstance): Promise<void> {
  const r = app.withTypeProvider<ZodTypeProvider>();
  const deps = app.deps;
  const db = deps.database.db;

  r.get(
    `${base}/workspace-id/:id/`,
    {
      ...signedIn({
        summary:
          "A page of the workspace's audit log, newest first, filtered by ?actor= (user id), ?action= (key), ?from= and ?to= (tenant_audit_read)",
        params: workspaceIdParamsSchema,
        querystring: auditQuerySchema,
        response: { 200: envelopeSchema(auditPageSchema) },
      }),
      ...plainSerializer,
    },
    memberRead('tenant_audit_read', (_access, request) =>
      audit.listAudit(db, request.params.id, request.query),
    ),
  );

  r.get(
    `${base}/export/workspace-id/:id/`,
    signedIn({
      summary:
        'The filtered audit log as CSV (tenant_audit_read): text/csv in UTF-8 with a byte-order mark, one header row, ISO-8601 dates, streamed a batch at a time',
      params: workspaceIdParamsSchema,
      querystring: auditFilterSchema,
      produces: ['text/csv'],
    }),
    async (request, reply) => {
      const access = await requireMember(request, request.params.id, 'tenant_audit_read');
      await enforceLimit(deps.limiter, auditExportLimit(deps.config), request.user.id);
      const workspace = await getWorkspace(db, access, request.locale);
      const slug = workspace.workspaceName.replace(/[^a-z0-9-]/g, '-') || 'workspace';
      const day = new Date().toISOString().slice(0, 10);
      async function* lines() {
        yield auditCsvHeader();
        for await (const batch of audit.allAuditEntries(db, access.workspaceId, request.query))
          yield batch.map(auditCsvRow).join('');
      }
      return reply
        .header('content-type', 'text/csv; charset=utf-8')
        .header('content-disposition', `attachment; filename="${slug}-audit-${day}.csv"`)
        .header('cache-control', 'no-store')
        .send(Readable.from(lines()));
    },
  );
}
