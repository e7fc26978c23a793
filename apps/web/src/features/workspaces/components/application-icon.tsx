import SettingsOutlined from '@mui/icons-material/SettingsOutlined';
import WidgetsOutlined from '@mui/icons-material/WidgetsOutlined';
import type { SvgIconProps } from '@mui/material/SvgIcon';
import { tenantSettingsKey } from '@wsm/contracts';

/** The built-in settings application gets a gear; every other application a generic tile. */
export function ApplicationIcon({ applicationKey, ...props }: { applicationKey: string } & SvgIconProps) {
  return applicationKey === tenantSettingsKey ? (
    <SettingsOutlined aria-hidden {...props} />
  ) : (
    <WidgetsOutlined aria-hidden {...props} />
  );
}
