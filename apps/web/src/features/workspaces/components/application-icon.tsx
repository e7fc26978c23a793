import { tenantSettingsKey } from '@wsm/contracts';
import { PathIcon } from '../../../components/plain/icons';
import { signedInIcons } from '../../../components/plain/signed-in-icons';

/** The built-in settings application gets a gear; every other application a generic tile. Plain markup. */
export function ApplicationIcon({ applicationKey, size = 24 }: { applicationKey: string; size?: number }) {
  return (
    <PathIcon
      d={applicationKey === tenantSettingsKey ? signedInIcons.settings : signedInIcons.widgets}
      size={size}
    />
  );
}
