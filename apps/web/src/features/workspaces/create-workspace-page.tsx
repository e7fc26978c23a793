/** Work in progress. */
export function CreateWorkspacePage() {
  return null;
}
