import type { Database } from '../../db/client';

// The one hook point of the members module: every change a notification could be raised for.
// The lead wires a listener (notifications) at start-up: membersEventListeners.push(listener).

export type MembersEvent =
  | {
      type: 'invitation.received';
      workspaceId: string;
      invitationId: string;
      /** Null while the invitee has no account (an SMS went to `phone` instead). */
      inviteeUserId: string | null;
      phone: string | null;
      invitedBy: string | null;
    }
  | {
      type: 'invitation.answered';
      workspaceId: string;
      invitationId: string;
      inviteeUserId: string;
      accepted: boolean;
      invitedBy: string | null;
    }
  | {
      type: 'invitation.withdrawn';
      workspaceId: string;
      invitationId: string;
      inviteeUserId: string | null;
      byUserId: string;
    }
  | {
      type: 'member.role_changed';
      workspaceId: string;
      memberId: string;
      userId: string;
      roleId: string | null;
      byUserId: string;
    }
  | { type: 'member.removed'; workspaceId: string; memberId: string; userId: string; byUserId: string }
  | {
      type: 'member.status_changed';
      workspaceId: string;
      userId: string;
      status: 'active' | 'pending' | 'suspended';
      byUserId: string;
    };

/** The database a listener may write to (the change is already committed). */
export type EventDb = Database;

export type MembersEventListener = (event: MembersEvent, db: EventDb) => void | Promise<void>;

/** The listeners called after each committed change; replace or push at start-up. */
export const membersEventListeners: MembersEventListener[] = [];

/** Where a listener failure is reported. */
export interface EventLogger {
  error(object: unknown, message: string): void;
}

/**
 * Hands one event to every listener, after the change is committed. A failing listener is logged and
 * never undoes or fails the request.
 */
export async function onMembersEvent(db: EventDb, event: MembersEvent, log?: EventLogger): Promise<void> {
  for (const listener of [...membersEventListeners]) {
    try {
      await listener(event, db);
    } catch (error) {
      log?.error({ err: error, event: event.type }, 'members event listener failed');
    }
  }
}
