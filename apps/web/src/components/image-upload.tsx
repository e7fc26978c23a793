import PhotoCamera from '@mui/icons-material/PhotoCamera';
import Button, { type ButtonProps } from '@mui/material/Button';
import LinearProgress from '@mui/material/LinearProgress';
import { type ChangeEvent, useEffect, useRef, useState } from 'react';

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

/** What an image upload accepts; the server checks the content again. */
export interface ImageRules {
  types: readonly string[];
  maxBytes: number;
}

/** Why `file` cannot be uploaded under `rules` (its type by name here, by content on the server). */
export function imageProblem(file: File, rules: ImageRules): 'wrongType' | 'tooLarge' | undefined {
  if (!rules.types.includes(file.type)) return 'wrongType';
  if (file.size > rules.maxBytes) return 'tooLarge';
  return undefined;
}

/**
 * The button that opens the file picker for an image of `rules`' types, with the hidden file input it
 * clicks. `onPick` gets the chosen file; the input is emptied, so choosing the same file again counts.
 */
export function ImageFileButton({
  rules,
  inputTestId,
  onPick,
  ...button
}: Omit<ButtonProps, 'onClick'> & { rules: ImageRules; inputTestId: string; onPick: (file: File) => void }) {
  const input = useRef<HTMLInputElement>(null);
  const choose = (event: ChangeEvent<HTMLInputElement>) => {
    const file = event.target.files?.[0];
    event.target.value = '';
    if (file) onPick(file);
  };
  return (
    <>
      <input
        ref={input}
        type="file"
        accept={rules.types.join(',')}
        hidden
        data-testid={inputTestId}
        onChange={choose}
      />
      <Button
        variant="outlined"
        startIcon={<PhotoCamera />}
        onClick={() => input.current?.click()}
        {...button}
      />
    </>
  );
}
