import Alert from '@mui/material/Alert';
import Button from '@mui/material/Button';
import { useTranslation } from 'react-i18next';

/** The error state of a failed load: what failed, and a retry. */
export function LoadError({
  message,
  onRetry,
  smallButton = false,
}: {
  message: string;
  onRetry: () => void;
  smallButton?: boolean;
}) {
  const { t } = useTranslation('common');
  return (
    <Alert
      severity="error"
      action={
        <Button color="inherit" size={smallButton ? 'small' : undefined} onClick={onRetry}>
          {t('actions.retry')}
        </Button>
      }
    >
      {message}
    </Alert>
  );
}
