import type { WorkspaceUserStatus } from '@wsm/contracts';
import type { MemberStatus } from '../members/schema';
import type { ArchiveRow } from './registry';

// What the API keeps true between a workspace's user directory, its members and its invitations
// (users/entries.ts, members/service.ts), checked across an archive's tables. Every archive this server
// writes holds to it, since it is read from one snapshot; one that does not was written by hand.

/** The member status behind each directory status of a member (users/service.ts changeStatus). */
const memberStatusOf: Partial<Record<WorkspaceUserStatus, MemberStatus>> = {
  confirmed: 'active',
  pending: 'pending',
  suspended: 'suspended',
};

/** A broken relation: the directory entry's 1-based row and the column that is wrong. */
export interface RelationProblem {
  table: string;
  row: number;
  field: string;
}

interface Entry {
  row: number;
  userId: string | null;
  phone: string | null;
  status: WorkspaceUserStatus;
}

/**
 * Gathers what the rules need as the rows stream by (a few strings per row), then checks:
 *   - an entry in a member's status (pending, confirmed, suspended) has a member in the matching status;
 *   - an unconfirmed entry belongs to an account with a pending invitation and no membership;
 *   - an unregistered entry has a pending invitation to its phone.
 */
export class DirectoryRelations {
  private readonly entries: Entry[] = [];
  private readonly members = new Map<string, MemberStatus>();
  private readonly invitedUsers = new Set<string>();
  private readonly invitedPhones = new Set<string>();

  observe(table: string, row: number, record: ArchiveRow): void {
    if (table === 'workspace_users')
      this.entries.push({
        row,
        userId: (record.user_id as string | null) ?? null,
        phone: (record.phone as string | null) ?? null,
        status: record.status as WorkspaceUserStatus,
      });
    else if (table === 'workspace_members')
      this.members.set(String(record.user_id), record.status as MemberStatus);
    else if (table === 'workspace_invitations' && record.status === 'pending') {
      if (typeof record.invitee_user_id === 'string') this.invitedUsers.add(record.invitee_user_id);
      if (typeof record.invitee_phone === 'string') this.invitedPhones.add(record.invitee_phone);
    }
  }

  /** The first entry that breaks a rule, or undefined. */
  firstProblem(): RelationProblem | undefined {
    for (const entry of this.entries) {
      const member = entry.userId === null ? undefined : this.members.get(entry.userId);
      const expected = memberStatusOf[entry.status];
      const holds = expected
        ? member === expected
        : entry.status === 'unconfirmed'
          ? member === undefined && this.invitedUsers.has(entry.userId ?? '')
          : entry.phone !== null && this.invitedPhones.has(entry.phone);
      if (!holds) return { table: 'workspace_users', row: entry.row, field: 'status' };
    }
    return undefined;
  }
}
