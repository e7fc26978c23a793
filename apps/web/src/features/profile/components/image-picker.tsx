import Avatar from '@mui/material/Avatar';
import FormHelperText from '@mui/material/FormHelperText';
import Stack from '@mui/material/Stack';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import {
  ImageFileButton,
  imageProblem,
  UploadProgress,
  useImageUpload,
} from '../../../components/image-upload';
import { notify } from '../../../lib/notify';
import { profileApi, profileImageRules } from '../api';
import { serverFieldErrors } from '../form-errors';
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
  const { preview, progress, uploading, upload: send } = useImageUpload();
  const [error, setError] = useState('');
  const [cropping, setCropping] = useState<File | null>(null);

  const choose = (file: File) => {
    const problem = imageProblem(file, profileImageRules);
    if (problem) {
      setError(t(`image.${problem}`));
      return;
    }
    setError('');
    setCropping(file);
  };

  const upload = async (file: File) => {
    setCropping(null);
    const toastId = notify.loading(t('image.uploading'));
    try {
      const { imageId } = await send(file, profileApi.uploadImage);
      notify.update(toastId, {
        render: t('image.uploaded'),
        type: 'success',
        isLoading: false,
        autoClose: 5000,
      });
      onUploaded(imageId);
    } catch (cause) {
      notify.dismiss(toastId);
      // A file the server cannot read as an image: its answer names the accepted formats.
      setError(serverFieldErrors(cause).file ?? t('image.failed'));
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
        <ImageFileButton
          rules={profileImageRules}
          inputTestId="profile-image-input"
          onPick={choose}
          disabled={uploading}
          sx={{ alignSelf: 'flex-start' }}
        >
          {t('image.choose')}
        </ImageFileButton>
        <UploadProgress progress={progress} label={t('image.uploading')} />
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
