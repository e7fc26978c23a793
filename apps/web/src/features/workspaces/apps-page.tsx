/** Work in progress. */
export function AppsPage() {
  return null;
}
