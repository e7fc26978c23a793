/** Work in progress. */
export function ApplicationsPage() {
  return null;
}
