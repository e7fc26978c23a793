import {
  type BackupChallenge,
  backupChallengeSchema,
  backupParamsSchema,
  backupProblemMessage,
  backupSchema,
  backupsPageSchema,
  backupsQuerySchema,
  backupUploadLimits,
  createBackupRequestSchema,
  deleteBackupRequestSchema,
  type Envelope,
  type Locale,
  resendBackupCodeRequestSchema,
  restoreBackupRequestSchema,
  restoreResultSchema,
  StatusCode,
  workspaceIdParamsSchema,
} from '@wsm/contracts';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { AppError } from '../../http/app-error';
import { envelopeSchema, ok, plainSerializer, secondStep } from '../../http/envelope';
import { readUpload } from '../../http/multipart';
import { enforceLimit, limitFailures } from '../../http/rate-limit';
import { type MemberAccess, requireMember } from '../access/guard';
import { nothing, signedInRoutes } from '../identity/route-options';
import { type BackupLimit, backupRule } from './limits';
import * as backups from './service';

const signedIn = signedInRoutes(['backups']);
const base = '/v1/migration/workspace-backup';
const challengeOrBackup = envelopeSchema(z.union([backupSchema, backupChallengeSchema]));
const challengeOrResult = envelopeSchema(z.union([restoreResultSchema, backupChallengeSchema]));

/**
 * Every backup route is the owner's alone: a member of the workspace who is
 * not its owner gets 403 (toast), anyone else the page-level 403 of the tenant guard.
 */
async function requireOwner(request: FastifyRequest, workspaceId: string): Promise<MemberAccess> {
  const access = await requireMember(request, workspaceId);
  if (access.level !== 'owner') throw new AppError(StatusCode.forbidden);
  return access;
}

function uploadRefusal(locale: Locale, problem: 'file_required' | 'too_large') {
  return () =>
    new AppError(StatusCode.validation, {
      data: { errors: [{ path: 'file', message: backupProblemMessage(problem, locale) }], reason: problem },
    });
}

/** Workspace backup, export, import and restore. */
export async function backupRoutes(app: FastifyInstance): Promise<void> {
  const r = app.withTypeProvider<ZodTypeProvider>();
  const deps = app.deps;
  const db = deps.database.db;
  const limit = (request: FastifyRequest, name: BackupLimit) =>
    enforceLimit(deps.limiter, backupRule(deps.config, name), request.user.id);
  /** A call carrying a code: only wrong codes count, so an owner's busy day of backups passes. */
  const checkingCode = <T>(request: FastifyRequest, attempt: () => Promise<T>) =>
    limitFailures(
      deps.limiter,
      [{ rule: backupRule(deps.config, 'verifyUser'), subject: request.user.id }],
      attempt,
    );
  /**
   * A change confirmed by a texted code: without `code` one is texted (a send, limited) and the answer
   * is 630 with the challenge; with it, `run` makes the change.
   */
  const confirmedByCode = async <T>(
    request: FastifyRequest,
    reply: FastifyReply,
    code: string | undefined,
    start: () => Promise<BackupChallenge>,
    run: (code: string) => Promise<T>,
  ): Promise<Envelope<BackupChallenge> | Envelope<T>> => {
    if (!code) {
      await limit(request, 'sendUser');
      return secondStep(request, reply, await start());
    }
    return ok(request, await checkingCode(request, () => run(code)));
  };

  r.get(
    `${base}/workspaceId/:id/`,
    {
      ...signedIn({
        summary:
          "A page of the workspace's backups, newest first (owner); search by source or by who made it",
        params: workspaceIdParamsSchema,
        querystring: backupsQuerySchema,
        response: { 200: envelopeSchema(backupsPageSchema) },
      }),
      ...plainSerializer,
    },
    async (request) => {
      await requireOwner(request, request.params.id);
      return ok(request, await backups.listBackups(db, request.params.id, request.query));
    },
  );

  r.post(
    `${base}/`,
    signedIn({
      summary:
        "Take a backup (owner): without code, 630 { method, phone, resendAfter } and a code is texted to the caller's phone; with it, 200 the backup (620 wrong code, 660 after 5)",
      body: createBackupRequestSchema,
      response: { 200: challengeOrBackup },
    }),
    async (request, reply) => {
      const access = await requireOwner(request, request.body.workspaceId);
      return confirmedByCode(
        request,
        reply,
        request.body.code,
        () => backups.startCreate(deps, access, request.locale, request.log),
        (code) => backups.createBackup(deps, access, code, request.locale, request.log),
      );
    },
  );

  r.post(
    `${base}/2fa/resend/sms/`,
    signedIn({
      summary:
        'Text the pending backup or restore code of this workspace again once its timer has run out (404 when none is pending, 260 while the timer runs)',
      body: resendBackupCodeRequestSchema,
      response: { 200: envelopeSchema(backupChallengeSchema) },
    }),
    async (request) => {
      const access = await requireOwner(request, request.body.workspaceId);
      await limit(request, 'sendUser');
      return ok(request, await backups.resendCode(deps, access, request.locale, request.log));
    },
  );

  r.delete(
    `${base}/`,
    signedIn({
      summary: 'Delete a backup (owner)',
      body: deleteBackupRequestSchema,
      response: { 200: nothing },
    }),
    async (request) => {
      const access = await requireOwner(request, request.body.workspaceId);
      await backups.deleteBackup(db, access, request.body.backupId);
      return ok(request, null);
    },
  );

  r.get(
    `${base}/export/id/:backupId/workspaceId/:id/`,
    signedIn({
      summary:
        'Download a backup (owner): application/zip, as an attachment, streamed from the database slice by slice',
      params: backupParamsSchema,
      produces: ['application/zip'],
    }),
    async (request, reply) => {
      const access = await requireOwner(request, request.params.id);
      await limit(request, 'exportUser');
      const file = await backups.exportBackup(db, access, request.params.backupId, request.locale);
      return reply
        .header('content-type', 'application/zip')
        .header('content-disposition', `attachment; filename="${file.fileName}"`)
        .header('content-length', String(file.size))
        .header('cache-control', 'no-store')
        .send(file.stream);
    },
  );

  r.put(
    `${base}/import/workspace-id/:id`,
    signedIn({
      summary: `Upload a backup (owner; multipart field file, a zip of at most ${backupUploadLimits.maxBytes / (1024 * 1024)} MiB). Checked in full before anything is stored; a refusal answers 400 with data.reason and a translated message`,
      consumes: ['multipart/form-data'],
      params: workspaceIdParamsSchema,
      response: { 200: envelopeSchema(backupSchema) },
    }),
    async (request) => {
      const access = await requireOwner(request, request.params.id);
      await limit(request, 'importUser');
      const upload = await readUpload(request, backupUploadLimits.maxBytes, {
        missing: uploadRefusal(request.locale, 'file_required'),
        tooLarge: uploadRefusal(request.locale, 'too_large'),
      });
      return ok(request, await backups.importBackup(deps, access, upload.bytes, request.locale));
    },
  );

  r.put(
    `${base}/restore/`,
    signedIn({
      summary:
        "Restore a backup (owner): without code, 630 and a code is texted; with it, the current state is kept as a pre-restore backup and the workspace's data is replaced in one transaction (the caller stays owner; members whose accounts are gone are reported, not restored)",
      body: restoreBackupRequestSchema,
      response: { 200: challengeOrResult },
    }),
    async (request, reply) => {
      const access = await requireOwner(request, request.body.workspaceId);
      const { backupId } = request.body;
      return confirmedByCode(
        request,
        reply,
        request.body.code,
        () => backups.startRestore(deps, access, backupId, request.locale, request.log),
        (code) => backups.restoreBackup(deps, access, backupId, code, request.locale, request.log),
      );
    },
  );
}
