// The identity module's events: what it emits once committed (src/events/bus.ts).

/** A new account, emitted after it is committed (members claims the invitations sent to its phone). */
export interface AccountCreated {
  userId: string;
  phone: string;
  nationalCode: string | null;
  username: string | null;
}
/** A completed login (a new session), emitted after it is committed. */
export interface LoginCompleted {
  userId: string;
  sessionId: string;
  ipAddress: string;
  agent: string;
  platform: string;
}
/** The first wrong password over an account's budget in the hour: the owner hears of the burst. */
export interface LoginFailures {
  userId: string;
}
/** The identity module's events (handlers are wired in src/wiring.ts). */
export interface IdentityEvents {
  'account.created': AccountCreated;
  'login.completed': LoginCompleted;
  'login.failures': LoginFailures;
}

// Each module adds its events to the bus's map, so the bus itself imports no module.
declare module '../../events/bus' {
  interface AppEvents extends IdentityEvents {}
}
