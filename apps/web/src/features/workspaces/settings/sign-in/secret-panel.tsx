import ContentCopyOutlined from '@mui/icons-material/ContentCopyOutlined';
import DownloadOutlined from '@mui/icons-material/DownloadOutlined';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Stack from '@mui/material/Stack';
import { useTranslation } from 'react-i18next';
import { copyText } from './copy-field';

/** Saves the client's credentials as a small text file. */
function download(clientId: string, secret: string, issuer: string): void {
  const text = `issuer=${issuer}\nclient_id=${clientId}\nclient_secret=${secret}\n`;
  const url = URL.createObjectURL(new Blob([text], { type: 'text/plain' }));
  const link = document.createElement('a');
  link.href = url;
  link.download = `${clientId}.env`;
  link.click();
  setTimeout(() => URL.revokeObjectURL(url), 1000);
}

/** A client secret, shown this once: copy it or download it before the dialog closes. */
export function SecretPanel({
  clientId,
  secret,
  issuer,
}: {
  clientId: string;
  secret: string;
  issuer: string;
}) {
  const { t } = useTranslation('workspaces');
  return (
    <Alert
      severity="warning"
      data-testid="client-secret"
      sx={{ '& .MuiAlert-message': { minWidth: 0, flex: 1 } }}
    >
      <Stack sx={{ gap: 1 }}>
        <span>{t('signIn.secretOnce')}</span>
        <Box
          component="code"
          dir="ltr"
          sx={{
            fontFamily: 'monospace',
            wordBreak: 'break-all',
            bgcolor: 'action.hover',
            p: 1,
            borderRadius: 1,
          }}
        >
          {secret}
        </Box>
        <Stack direction="row" sx={{ gap: 1, flexWrap: 'wrap' }}>
          <Button
            size="small"
            variant="outlined"
            startIcon={<ContentCopyOutlined />}
            onClick={() => void copyText(secret, t('signIn.copied'), t('signIn.copyFailed'))}
          >
            {t('signIn.copySecret')}
          </Button>
          <Button
            size="small"
            variant="outlined"
            startIcon={<DownloadOutlined />}
            onClick={() => download(clientId, secret, issuer)}
          >
            {t('signIn.downloadSecret')}
          </Button>
        </Stack>
      </Stack>
    </Alert>
  );
}
