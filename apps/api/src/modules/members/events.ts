// The changes of the members module that another module may react to (notifications, wired in
// src/wiring.ts), each emitted through the event bus once committed.

export interface MembersEvents {
  'invitation.received': {
    workspaceId: string;
    invitationId: string;
    /** Null while the invitee has no account (an SMS went to `phone` instead). */
    inviteeUserId: string | null;
    phone: string | null;
    invitedBy: string | null;
  };
  'invitation.answered': {
    workspaceId: string;
    invitationId: string;
    inviteeUserId: string;
    accepted: boolean;
    invitedBy: string | null;
  };
  'invitation.withdrawn': {
    workspaceId: string;
    invitationId: string;
    inviteeUserId: string | null;
    byUserId: string;
  };
  'member.role_changed': {
    workspaceId: string;
    memberId: string;
    userId: string;
    roleId: string | null;
    byUserId: string;
  };
  'member.removed': { workspaceId: string; memberId: string; userId: string; byUserId: string };
  'member.status_changed': {
    workspaceId: string;
    userId: string;
    status: 'active' | 'pending' | 'suspended';
    byUserId: string;
  };
}

// Each module adds its events to the bus's map, so the bus itself imports no module.
declare module '../../events/bus' {
  interface AppEvents extends MembersEvents {}
}
