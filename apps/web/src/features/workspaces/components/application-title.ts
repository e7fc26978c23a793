import { type Application, tenantSettingsKey } from '@wsm/contracts';
import type { TFunction } from 'i18next';

/**
 * What people call an application: the built-in one by its translated name (its stored name is its
 * key, `tenant-settings`), any other by its title, else its name.
 */
export function applicationTitle(
  application: Pick<Application, 'key' | 'name' | 'title'>,
  t: TFunction,
): string {
  if (application.key === tenantSettingsKey) return t('workspaces:apps.settingsName');
  return application.title?.trim() || application.name;
}
