import Alert from '@mui/material/Alert';
import Button from '@mui/material/Button';
import { useTranslation } from 'react-i18next';

/** The error state of a failed load, with a retry. */
export function LoadError({ onRetry }: { onRetry: () => void }) {
  const { t } = useTranslation('workspaces');
  return (
    <Alert
      severity="error"
      action={
        <Button color="inherit" size="small" onClick={onRetry}>
          {t('states.retry')}
        </Button>
      }
    >
      {t('states.loadFailed')}
    </Alert>
  );
}
