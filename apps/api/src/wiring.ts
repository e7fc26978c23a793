import { accountCreatedListeners } from './modules/identity/service';
import { claimInvitationsForAccount } from './modules/members/service';

// Reactions between modules, wired once per process (imported by app.ts): a module announces what
// happened, another reacts, and neither reaches into the other's internals.

// Invitations sent to a phone before it had an account become the new account's invitations.
accountCreatedListeners.push((deps, account) => claimInvitationsForAccount(deps.database.db, account));
