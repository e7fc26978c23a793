import { apiClient, unwrap } from './api-client';

/**
 * Sends `file` as multipart, under `file` after `fields` (in their order: a server may read them before
 * the file), and tells `onProgress` the share sent so far, from 0 to 1. Answers the envelope's data.
 */
export function sendFile(
  method: 'post' | 'put',
  path: string,
  file: File,
  {
    fields = {},
    onProgress,
    signal,
  }: { fields?: Record<string, string>; onProgress?: (share: number) => void; signal?: AbortSignal } = {},
): Promise<unknown> {
  const form = new FormData();
  for (const [name, value] of Object.entries(fields)) form.append(name, value);
  form.append('file', file);
  return unwrap(
    apiClient[method](path, form, {
      signal,
      onUploadProgress: (event) => {
        if (event.total) onProgress?.(Math.min(event.loaded / event.total, 1));
      },
    }),
  );
}
