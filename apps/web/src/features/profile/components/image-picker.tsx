import PhotoCamera from '@mui/icons-material/PhotoCamera';
import Avatar from '@mui/material/Avatar';
import Button from '@mui/material/Button';
import FormHelperText from '@mui/material/FormHelperText';
import LinearProgress from '@mui/material/LinearProgress';
import Stack from '@mui/material/Stack';
import { type ChangeEvent, useEffect, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { notify } from '../../../lib/notify';
import { profileApi, profileImageRules } from '../api';
import { ImageCropDialog } from './image-crop-dialog';

/**
 * The profile picture: the chosen file is framed in a square (ImageCropDialog), previewed at once and
 * uploaded as multipart (field `file`) with its progress; the new image id goes to the form, which
 * saves it with the profile.
 */
export function ImagePicker({
  currentUrl,
  name,
  onUploaded,
}: {
  currentUrl: string | undefined;
  name: string;
  onUploaded: (imageId: string) => void;
}) {
  const { t } = useTranslation('profile');
  const input = useRef<HTMLInputElement>(null);
  const [preview, setPreview] = useState<string | undefined>();
  const [progress, setProgress] = useState<number | undefined>();
  const [error, setError] = useState('');
  const [cropping, setCropping] = useState<File | null>(null);

  useEffect(() => () => (preview ? URL.revokeObjectURL(preview) : undefined), [preview]);

  const choose = (event: ChangeEvent<HTMLInputElement>) => {
    const file = event.target.files?.[0];
    event.target.value = '';
    if (!file) return;
    if (!profileImageRules.types.includes(file.type)) {
      setError(t('image.wrongType'));
      return;
    }
    if (file.size > profileImageRules.maxBytes) {
      setError(t('image.tooLarge'));
      return;
    }
    setError('');
    setCropping(file);
  };

  const upload = async (file: File) => {
    setCropping(null);
    setPreview(URL.createObjectURL(file));
    setProgress(0);
    const toastId = notify.loading(t('image.uploading'));
    try {
      const { imageId } = await profileApi.uploadImage(file, setProgress);
      notify.update(toastId, {
        render: t('image.uploaded'),
        type: 'success',
        isLoading: false,
        autoClose: 5000,
      });
      onUploaded(imageId);
    } catch {
      notify.dismiss(toastId);
      setPreview(undefined);
      setError(t('image.failed'));
    } finally {
      setProgress(undefined);
    }
  };

  return (
    <Stack direction="row" sx={{ alignItems: 'center', gap: 2 }}>
      <Avatar
        src={preview ?? currentUrl}
        alt={name ? t('image.alt', { name }) : t('image.altNone')}
        sx={{ width: 72, height: 72, fontSize: '1.75rem' }}
        data-testid="profile-image"
      >
        {name.slice(0, 1)}
      </Avatar>
      <Stack sx={{ gap: 0.5, flex: 1 }}>
        <input
          ref={input}
          type="file"
          accept={profileImageRules.types.join(',')}
          hidden
          data-testid="profile-image-input"
          onChange={choose}
        />
        <Button
          variant="outlined"
          startIcon={<PhotoCamera />}
          onClick={() => input.current?.click()}
          disabled={progress !== undefined}
          sx={{ alignSelf: 'flex-start' }}
        >
          {t('image.choose')}
        </Button>
        {progress !== undefined ? (
          <LinearProgress
            variant="determinate"
            value={Math.round(progress * 100)}
            aria-label={t('image.uploading')}
          />
        ) : null}
        <FormHelperText error={Boolean(error)}>{error || t('image.rules')}</FormHelperText>
      </Stack>
      <ImageCropDialog
        file={cropping}
        onCancel={() => setCropping(null)}
        onCropped={(file) => void upload(file)}
      />
    </Stack>
  );
}
