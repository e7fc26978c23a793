import type { TwoFaMethod } from '@wsm/contracts';

// The security module's events: what it emits once committed (src/events/bus.ts).

/** Changed secrets and contacts, emitted once committed (notifications and invitations react in src/wiring.ts). */
export interface SecurityEvents {
  'password.changed': { userId: string };
  'two-fa.changed': { userId: string; method: TwoFaMethod };
  'email.changed': { userId: string; email: string };
  'phone.changed': { userId: string; phone: string };
  'username.changed': { userId: string; username: string };
  'national-code.added': { userId: string; nationalCode: string };
}

// Each module adds its events to the bus's map, so the bus itself imports no module.
declare module '../../events/bus' {
  interface AppEvents extends SecurityEvents {}
}
