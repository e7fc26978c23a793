/** Work in progress. */
export function InvitationsPage() {
  return null;
}

/** Work in progress. */
export function InvitationPage() {
  return null;
}
