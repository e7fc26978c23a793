import ContentCopyOutlined from '@mui/icons-material/ContentCopyOutlined';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import DialogActions from '@mui/material/DialogActions';
import DialogContent from '@mui/material/DialogContent';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import { useId, useState } from 'react';
import { useTranslation } from 'react-i18next';

/**
 * A secret shown this once (an API key, a webhook's signing secret): a warning that it will not be
 * shown again, the value to select or copy, and Done.
 */
export function ShownOnce({
  value,
  label,
  warning,
  note,
  testId,
  copyFailed,
  onDone,
}: {
  value: string;
  label: string;
  warning: string;
  note?: string | undefined;
  testId: string;
  copyFailed: string;
  onDone: () => void;
}) {
  const { t } = useTranslation('workspace-admin');
  const inputId = useId();
  const [copied, setCopied] = useState<'yes' | 'failed' | null>(null);
  const copy = async () => {
    try {
      await navigator.clipboard.writeText(value);
      setCopied('yes');
    } catch {
      setCopied('failed');
    }
  };
  return (
    <>
      <DialogContent dividers>
        <Stack sx={{ gap: 2 }}>
          <Alert severity="warning">{warning}</Alert>
          {note ? <Alert severity="info">{note}</Alert> : null}
          <Typography component="label" htmlFor={inputId} variant="subtitle2">
            {label}
          </Typography>
          <Stack direction={{ xs: 'column', sm: 'row' }} sx={{ gap: 1, alignItems: { sm: 'center' } }}>
            <Box
              component="input"
              id={inputId}
              readOnly
              value={value}
              dir="ltr"
              data-testid={testId}
              data-identifier=""
              onFocus={(event) => (event.target as HTMLInputElement).select()}
              sx={{
                flex: 1,
                minWidth: 0,
                font: 'inherit',
                fontFamily: 'monospace',
                p: 1.25,
                borderRadius: 1,
                border: 1,
                borderColor: 'divider',
                bgcolor: 'action.hover',
                color: 'text.primary',
              }}
            />
            <Button variant="outlined" startIcon={<ContentCopyOutlined />} onClick={() => void copy()}>
              {copied === 'yes' ? t('apiKeys.copied') : t('apiKeys.copy')}
            </Button>
          </Stack>
          <Box role="status" aria-live="polite">
            {copied === 'failed' ? <Alert severity="error">{copyFailed}</Alert> : null}
          </Box>
        </Stack>
      </DialogContent>
      <DialogActions sx={{ px: 3, pb: 2 }}>
        <Button variant="contained" onClick={onDone}>
          {t('apiKeys.done')}
        </Button>
      </DialogActions>
    </>
  );
}
