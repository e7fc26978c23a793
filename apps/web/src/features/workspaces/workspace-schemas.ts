// The contracts' schemas of the workspace calls other than the frame's first reads (those are checked
// by virtual:read-checks): zod and these load with the first such call, not with the first screen.
export {
  applicationSchema,
  createApplicationRequestSchema,
  createWorkspaceRequestSchema,
  deleteApplicationRequestSchema,
  invitationResponseRequestSchema,
  invitationSchema,
  updateApplicationRequestSchema,
  updateWorkspaceProfileRequestSchema,
  workspaceImageResponseSchema,
  workspaceProfileSchema,
  workspaceSchema,
} from '@wsm/contracts';
