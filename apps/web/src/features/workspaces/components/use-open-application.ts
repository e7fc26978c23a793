import { type Application, tenantSettingsKey } from '@wsm/contracts';
import { useCallback } from 'react';
import { useTranslation } from 'react-i18next';
import { useLocaleNavigate } from '../../../lib/locale-navigation';
import { notify } from '../../../lib/notify';
import { selectApp } from '../selection';
import { applicationTitle } from './application-title';

/**
 * Opens an application: its id becomes the selected app-id; the built-in `tenant-settings` leads to
 * the workspace settings. Other applications have no screens in this product yet, so they are only
 * selected (the app bar and the list show which one is current).
 */
export function useOpenApplication(): (
  application: Pick<Application, 'id' | 'key' | 'name' | 'title'>,
) => void {
  const { t } = useTranslation('workspaces');
  const navigate = useLocaleNavigate();
  return useCallback(
    (application) => {
      selectApp(application.id);
      if (application.key === tenantSettingsKey) navigate('/workspace/settings');
      else
        notify.success(t('apps.selected', { name: applicationTitle(application, t) }), {
          toastId: 'app-selected',
        });
    },
    [navigate, t],
  );
}
