import { type BackupChallenge, type Locale, maskPhone, StatusCode } from '@wsm/contracts';
import type { AppDeps } from '../../deps';
import { AppError } from '../../http/app-error';
import type { MemberAccess } from '../access/guard';
import {
  getUser,
  type Logger,
  pendingAccountCode,
  resendAccountCode,
  sendAccountCode,
} from '../identity/service';
import { assertRoom, backupOf } from './answers';

// ---------- the SMS step-up

export const createScope = (workspaceId: string) => `workspace:${workspaceId}`;
export const restoreScope = (workspaceId: string, backupId: string) =>
  `workspace:${workspaceId}/backup:${backupId}`;

async function sendCode(
  deps: AppDeps,
  access: MemberAccess,
  purpose: 'backup-create' | 'backup-restore',
  scope: string,
  locale: Locale,
  log: Logger,
): Promise<BackupChallenge> {
  const user = await getUser(deps, access.userId);
  if (!user) throw new AppError(StatusCode.unauthorized);
  const { resendAfter } = await sendAccountCode(deps, {
    userId: user.id,
    purpose,
    channel: 'sms',
    destination: user.phone,
    locale,
    log,
    scope,
    keepPending: true,
  });
  return { method: 'sms', phone: maskPhone(user.phone), resendAfter };
}

/** Texts the owner a code to confirm taking a backup (the 630 step); none when no room is left. */
export async function startCreate(deps: AppDeps, access: MemberAccess, locale: Locale, log: Logger) {
  await assertRoom(deps.database.db, access.workspaceId, locale);
  return sendCode(deps, access, 'backup-create', createScope(access.workspaceId), locale, log);
}

/** Texts the owner a code to confirm restoring this backup (404 for a backup of another workspace). */
export async function startRestore(
  deps: AppDeps,
  access: MemberAccess,
  backupId: string,
  locale: Locale,
  log: Logger,
): Promise<BackupChallenge> {
  await backupOf(deps.database.db, access.workspaceId, backupId);
  return sendCode(deps, access, 'backup-restore', restoreScope(access.workspaceId, backupId), locale, log);
}

/** Texts the pending backup or restore code of this workspace again (404 when none is pending). */
export async function resendCode(
  deps: AppDeps,
  access: MemberAccess,
  locale: Locale,
  log: Logger,
): Promise<BackupChallenge> {
  const candidates = await Promise.all(
    (['backup-create', 'backup-restore'] as const).map(async (purpose) => ({
      purpose,
      pending: await pendingAccountCode(deps, { userId: access.userId, purpose }),
    })),
  );
  const prefix = createScope(access.workspaceId);
  const latest = candidates
    .filter((c) => c.pending?.scope === prefix || c.pending?.scope?.startsWith(`${prefix}/`))
    .sort((a, b) => b.pending!.createdDate.getTime() - a.pending!.createdDate.getTime())[0];
  if (!latest) throw new AppError(StatusCode.notFound);
  const user = await getUser(deps, access.userId);
  if (!user) throw new AppError(StatusCode.unauthorized);
  const { resendAfter } = await resendAccountCode(deps, {
    userId: access.userId,
    purpose: latest.purpose,
    locale,
    log,
  });
  return { method: 'sms', phone: maskPhone(user.phone), resendAfter };
}
