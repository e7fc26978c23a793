import { StatusCode } from '@wsm/contracts';
import type { FastifyRequest } from 'fastify';
import { AppError } from './app-error';

export interface Upload {
  bytes: Buffer;
  /** The form's text fields sent before the file. */
  fields: Record<string, string>;
}

const invalidFile = () =>
  new AppError(StatusCode.validation, { data: { errors: [{ path: 'file', message: 'file' }] } });

/** The refusals of a route that words them itself (no file or not multipart; over the size limit). */
export interface UploadErrors {
  missing: () => AppError;
  tooLarge: () => AppError;
}

/**
 * Reads the one file of a multipart request from field `file`, refusing
 * anything larger than maxBytes while it streams in. Not multipart, no file or too large: body 400.
 */
export async function readUpload(
  request: FastifyRequest,
  maxBytes: number,
  errors: UploadErrors = { missing: invalidFile, tooLarge: invalidFile },
): Promise<Upload> {
  if (!request.isMultipart()) throw errors.missing();
  let part: Awaited<ReturnType<FastifyRequest['file']>>;
  try {
    part = await request.file({ limits: { fileSize: maxBytes, files: 1, fields: 10 } });
  } catch {
    throw errors.missing();
  }
  if (part?.fieldname !== 'file') throw errors.missing();
  let bytes: Buffer;
  try {
    bytes = await part.toBuffer();
  } catch (error) {
    throw (error as { code?: string }).code === 'FST_REQ_FILE_TOO_LARGE'
      ? errors.tooLarge()
      : errors.missing();
  }
  if (part.file.truncated) throw errors.tooLarge();
  const fields: Record<string, string> = {};
  for (const [name, field] of Object.entries(part.fields)) {
    const value = Array.isArray(field) ? field[0] : field;
    if (value && value.type === 'field' && typeof value.value === 'string') fields[name] = value.value.trim();
  }
  return { bytes, fields };
}
