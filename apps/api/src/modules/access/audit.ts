import { uuidv7 } from 'uuidv7';
import type { Db } from '../identity/repository';
import { accessAudit } from './schema';

/** The access changes the audit records (product-spec.md sections 3 and 6). */
export type AccessAction =
  | 'role.created'
  | 'role.updated'
  | 'role.deleted'
  | 'member.added'
  | 'member.role_changed'
  | 'member.removed'
  | 'member.left'
  | 'invitation.sent'
  | 'invitation.withdrawn'
  | 'invitation.accepted'
  | 'invitation.declined'
  | 'user.status_changed'
  | 'workspace.restored';

/** Records one access change; call it inside the transaction that makes the change. */
export async function recordAccessChange(
  tx: Db,
  entry: {
    workspaceId: string;
    actorUserId: string | null;
    action: AccessAction;
    subject: Record<string, unknown>;
  },
): Promise<void> {
  await tx.insert(accessAudit).values({ id: uuidv7(), ...entry });
}
