/** Work in progress. */
export function InfoPage() {
  return null;
}
