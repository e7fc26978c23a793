import LinearProgress from '@mui/material/LinearProgress';
import { useEffect, useState } from 'react';

/**
 * A picked image shown at once from its local copy while it uploads with its progress. The local copy
 * is freed when replaced or unmounted, and dropped when the upload fails.
 */
export function useImageUpload() {
  const [preview, setPreview] = useState<string | undefined>();
  const [progress, setProgress] = useState<number | undefined>();

  useEffect(() => () => (preview ? URL.revokeObjectURL(preview) : undefined), [preview]);

  /** Sends `file` with `send`, which reports its progress from 0 to 1; its failure is thrown again. */
  const upload = async <T,>(
    file: File,
    send: (file: File, onProgress: (part: number) => void) => Promise<T>,
  ) => {
    setPreview(URL.createObjectURL(file));
    setProgress(0);
    try {
      return await send(file, setProgress);
    } catch (error) {
      setPreview(undefined);
      throw error;
    } finally {
      setProgress(undefined);
    }
  };

  return {
    preview,
    progress,
    uploading: progress !== undefined,
    upload,
    clearPreview: () => setPreview(undefined),
  };
}

/** The upload's progress bar, while there is an upload. */
export function UploadProgress({ progress, label }: { progress: number | undefined; label: string }) {
  if (progress === undefined) return null;
  return <LinearProgress variant="determinate" value={Math.round(progress * 100)} aria-label={label} />;
}
