import IconButton from '@mui/material/IconButton';
import type { MouseEvent, ReactNode } from 'react';
import { Hint } from '../../../components/plain/hint';

/**
 * An action of a row: an icon button named by its label (also its tooltip). A disabled one stays
 * visible and its tooltip says why; `menu` marks a button that opens a menu.
 */
export function RowAction({
  label,
  icon,
  onClick,
  disabledReason,
  color,
  menu,
}: {
  label: string;
  icon: ReactNode;
  onClick: (event: MouseEvent<HTMLElement>) => void;
  disabledReason?: string | undefined;
  color?: 'error';
  menu?: { id: string; open: boolean };
}) {
  return (
    <Hint title={disabledReason ?? label} describeChild>
      <span>
        <IconButton
          aria-label={label}
          onClick={onClick}
          disabled={Boolean(disabledReason)}
          color={color ?? 'default'}
          size="small"
          {...(menu
            ? {
                'aria-haspopup': 'menu' as const,
                'aria-controls': menu.open ? menu.id : undefined,
                'aria-expanded': menu.open ? true : undefined,
              }
            : {})}
        >
          {icon}
        </IconButton>
      </span>
    </Hint>
  );
}
