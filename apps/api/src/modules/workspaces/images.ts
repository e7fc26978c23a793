/** The public address of an image of the assets store. */
export function imageUrl(imageId: string): string {
  return `/v1/assets/images/${imageId}`;
}

/** `{ id, url }` of an image, or null. */
export function imageRef(imageId: string | null): { id: string; url: string } | null {
  return imageId ? { id: imageId, url: imageUrl(imageId) } : null;
}
