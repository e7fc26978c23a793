import { useTranslation } from 'react-i18next';
import { PlainAlert } from './plain/alert';

/** The error state of a failed load: what failed, and a retry. Plain markup: the first screens show it too. */
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
    <PlainAlert
      tone="error"
      standard
      action={
        <button
          type="button"
          className={`pl-button pl-button--text pl-button--mui${smallButton ? ' pl-button--small' : ''}`}
          onClick={onRetry}
        >
          {t('actions.retry')}
        </button>
      }
    >
      {message}
    </PlainAlert>
  );
}
