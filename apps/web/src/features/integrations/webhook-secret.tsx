import { useTranslation } from 'react-i18next';
import { ShownOnce } from './shown-once';

/**
 * An endpoint's signing secret, shown this once (after it is added or its secret rotated), with a copy
 * button and a warning that it will not be shown again.
 */
export function ShownSecret({ secret, note, onDone }: { secret: string; note?: string; onDone: () => void }) {
  const { t } = useTranslation('workspace-admin');
  return (
    <ShownOnce
      value={secret}
      label={t('webhooks.secretLabel')}
      warning={t('webhooks.secretWarning')}
      note={note}
      testId="webhook-secret"
      copyFailed={t('webhooks.copyFailed')}
      onDone={onDone}
    />
  );
}
