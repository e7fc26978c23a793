import { memberMockHandlers } from './members';
import { roleMockHandlers } from './roles';
import { userMockHandlers } from './users';

// The workspace settings calls (roles, softwares, permissions, members, invitations, the user directory)
// for the mocked-API mode and the tests' default server, over one in-memory workspace (store.ts). Names
// follow the request's language.

export { resetWorkspaceAdminMock, typedInvitee } from './store';

export const workspaceAdminMockHandlers = [...roleMockHandlers, ...memberMockHandlers, ...userMockHandlers];
