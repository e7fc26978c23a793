import DeleteOutlined from '@mui/icons-material/DeleteOutlined';
import Avatar from '@mui/material/Avatar';
import Button from '@mui/material/Button';
import FormHelperText from '@mui/material/FormHelperText';
import Stack from '@mui/material/Stack';
import { useId, useState } from 'react';
import { useTranslation } from 'react-i18next';
import {
  ImageFileButton,
  imageProblem,
  UploadProgress,
  useImageUpload,
} from '../../../components/image-upload';
import { logoRules, workspacesApi } from '../api';
import { serverErrorAt } from '../form';

/**
 * The workspace logo: the chosen file shows at once, uploads with its progress, and its image id goes
 * to the form (saved with the profile). `logoId` null means "remove the logo" on save.
 */
export function LogoPicker({
  workspaceId,
  currentUrl,
  name,
  disabled,
  error: serverError,
  onChange,
}: {
  workspaceId: string;
  currentUrl: string | undefined;
  name: string;
  disabled: boolean;
  error?: string;
  onChange: (logoId: string | null | undefined) => void;
}) {
  const { t } = useTranslation('workspaces');
  const helperId = useId();
  const { preview, progress, uploading, upload, clearPreview } = useImageUpload();
  const [removed, setRemoved] = useState(false);
  const [error, setError] = useState('');

  const choose = async (file: File) => {
    const problem = imageProblem(file, logoRules);
    if (problem) {
      setError(t(`info.logo.${problem}`));
      return;
    }
    setError('');
    setRemoved(false);
    try {
      const { imageId } = await upload(file, (chosen, onProgress) =>
        workspacesApi.uploadLogo(workspaceId, chosen, onProgress),
      );
      onChange(imageId);
    } catch (cause) {
      // A file the server cannot read as an image: its answer names the accepted formats.
      setError(serverErrorAt(cause, 'file') ?? t('info.logo.failed'));
      onChange(undefined);
    }
  };

  const remove = () => {
    clearPreview();
    setRemoved(true);
    setError('');
    onChange(null);
  };

  const shown = removed ? undefined : (preview ?? currentUrl);
  const message = error || serverError;
  return (
    <Stack direction="row" sx={{ alignItems: 'center', gap: 2 }}>
      <Avatar
        src={shown}
        variant="rounded"
        alt={shown ? t('info.logo.alt', { name }) : undefined}
        sx={{ width: 80, height: 80, fontSize: '2rem', bgcolor: 'primary.main', fontWeight: 700 }}
        data-testid="logo-preview"
      >
        {name.slice(0, 1)}
      </Avatar>
      <Stack sx={{ gap: 0.75, flex: 1, minWidth: 0 }}>
        <Stack direction="row" sx={{ gap: 1, flexWrap: 'wrap' }}>
          <ImageFileButton
            rules={logoRules}
            inputTestId="logo-input"
            onPick={(file) => void choose(file)}
            disabled={disabled || uploading}
            aria-describedby={helperId}
          >
            {t('info.logo.choose')}
          </ImageFileButton>
          {shown ? (
            <Button
              color="error"
              startIcon={<DeleteOutlined />}
              onClick={remove}
              disabled={disabled || uploading}
            >
              {t('info.logo.remove')}
            </Button>
          ) : null}
        </Stack>
        <UploadProgress progress={progress} label={t('info.logo.uploading')} />
        <FormHelperText id={helperId} error={Boolean(message)} role={message ? 'alert' : undefined}>
          {message || t('info.logo.rules')}
        </FormHelperText>
      </Stack>
    </Stack>
  );
}
