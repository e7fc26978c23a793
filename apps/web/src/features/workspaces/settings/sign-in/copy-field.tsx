import ContentCopyOutlined from '@mui/icons-material/ContentCopyOutlined';
import IconButton from '@mui/material/IconButton';
import InputAdornment from '@mui/material/InputAdornment';
import TextField from '@mui/material/TextField';
import { useTranslation } from 'react-i18next';
import { Hint } from '../../../../components/plain/hint';
import { notify } from '../../../../lib/notify';

/** Puts `value` on the clipboard and says so (or that the browser refused). */
export async function copyText(value: string, done: string, failed: string): Promise<void> {
  try {
    await navigator.clipboard.writeText(value);
    notify.success(done);
  } catch {
    notify.error(failed);
  }
}

/** A read-only value (a client id, an address) with a button that copies it; always left to right. */
export function CopyField({ label, value, testId }: { label: string; value: string; testId?: string }) {
  const { t } = useTranslation('workspaces');
  const copyLabel = t('signIn.copyNamed', { name: label });
  return (
    <TextField
      label={label}
      value={value}
      fullWidth
      size="small"
      slotProps={{
        htmlInput: { readOnly: true, dir: 'ltr', 'data-testid': testId, style: { fontFamily: 'monospace' } },
        input: {
          endAdornment: (
            <InputAdornment position="end">
              <Hint title={copyLabel}>
                <IconButton
                  aria-label={copyLabel}
                  edge="end"
                  onClick={() => void copyText(value, t('signIn.copied'), t('signIn.copyFailed'))}
                >
                  <ContentCopyOutlined fontSize="small" />
                </IconButton>
              </Hint>
            </InputAdornment>
          ),
        },
      }}
    />
  );
}
