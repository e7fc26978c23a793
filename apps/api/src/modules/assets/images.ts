import { randomUUID } from 'node:crypto';
import { StatusCode } from '@wsm/contracts';
import { and, eq } from 'drizzle-orm';
import sharp from 'sharp';
import type { Database } from '../../db/client';
import { AppError } from '../../http/app-error';
import { type ImageKind, images } from './schema';

/** Largest upload accepted (at most 2 MiB). */
export const maxImageBytes = 2 * 1024 * 1024;
/** Re-encoded images fit in this square; larger ones are scaled down. */
export const maxImageSide = 1024;
/** Refuses decompression bombs before decoding: a 2 MiB file may not claim more pixels than this. */
const maxInputPixels = 40_000_000;
const acceptedFormats = new Set(['png', 'jpeg', 'webp']);

export interface StoredImage {
  imageId: string;
  url: string;
}

export const imageUrl = (id: string) => `/v1/assets/images/${id}`;

/** The `{ id, url }` of an image id, or null; what profile, workspace and user answers carry. */
export function imageRef(id: string | null | undefined): { id: string; url: string } | null {
  return id ? { id, url: imageUrl(id) } : null;
}

// Its message is a key of the contracts' catalogue, which the error handler words in the request's language.
function invalidImage(): AppError {
  return new AppError(StatusCode.validation, {
    data: { errors: [{ path: 'file', message: 'not_an_image' }] },
  });
}

/**
 * Checks the bytes are a PNG, JPEG or WebP by their content (never by name or declared type), then
 * re-encodes them to WebP: metadata (EXIF, GPS) is dropped and nothing but pixels survives.
 */
export async function reencodeImage(
  bytes: Buffer,
): Promise<{ bytes: Buffer; width: number; height: number; contentType: string }> {
  if (bytes.length === 0 || bytes.length > maxImageBytes) throw invalidImage();
  try {
    const input = sharp(bytes, { limitInputPixels: maxInputPixels, failOn: 'error' });
    const meta = await input.metadata();
    if (!meta.format || !acceptedFormats.has(meta.format)) throw invalidImage();
    const { data, info } = await input
      .rotate()
      .resize({ width: maxImageSide, height: maxImageSide, fit: 'inside', withoutEnlargement: true })
      .webp({ quality: 85 })
      .toBuffer({ resolveWithObject: true });
    return { bytes: data, width: info.width, height: info.height, contentType: 'image/webp' };
  } catch (error) {
    if (error instanceof AppError) throw error;
    throw invalidImage();
  }
}

export async function storeImage(
  db: Database,
  input: { bytes: Buffer; kind: ImageKind; ownerUserId: string; workspaceId?: string | null },
): Promise<StoredImage> {
  const image = await reencodeImage(input.bytes);
  const id = randomUUID();
  await db.insert(images).values({
    id,
    kind: input.kind,
    ownerUserId: input.ownerUserId,
    workspaceId: input.workspaceId ?? null,
    contentType: image.contentType,
    width: image.width,
    height: image.height,
    bytes: image.bytes,
  });
  return { imageId: id, url: imageUrl(id) };
}

/** True when `imageId` is a profile image the user uploaded (so nobody can point at another's image). */
export async function isUserImage(db: Database, userId: string, imageId: string): Promise<boolean> {
  const [row] = await db
    .select({ id: images.id })
    .from(images)
    .where(and(eq(images.id, imageId), eq(images.ownerUserId, userId), eq(images.kind, 'user-profile')));
  return Boolean(row);
}

/** True when `imageId` is a logo uploaded for this workspace. */
export async function isWorkspaceLogo(db: Database, workspaceId: string, imageId: string): Promise<boolean> {
  const [row] = await db
    .select({ id: images.id })
    .from(images)
    .where(
      and(eq(images.id, imageId), eq(images.workspaceId, workspaceId), eq(images.kind, 'workspace-logo')),
    );
  return Boolean(row);
}

export async function loadImage(db: Database, id: string) {
  const [row] = await db
    .select({ bytes: images.bytes, contentType: images.contentType })
    .from(images)
    .where(eq(images.id, id));
  return row;
}
