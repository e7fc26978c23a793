/** Work in progress. */
export function PickerPage() {
  return null;
}
