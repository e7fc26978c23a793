import ArrowBack from '@mui/icons-material/ArrowBack';
import Button from '@mui/material/Button';
import { useTheme } from '@mui/material/styles';
import Typography from '@mui/material/Typography';
import type { ReactNode } from 'react';
import { LocaleLink } from '../../../lib/locale-navigation';

/** The h1 and the short text under it, on every identity screen. */
export function AuthHeading({ title, children }: { title: string; children?: ReactNode }) {
  return (
    <div>
      <Typography component="h1" variant="h5">
        {title}
      </Typography>
      {children && (
        <Typography
          variant="body2"
          component="div"
          sx={{ color: 'text.secondary', mt: 0.75, lineHeight: 1.9 }}
        >
          {children}
        </Typography>
      )}
    </div>
  );
}

/** A way back to an earlier screen; its arrow points backwards in both directions. */
export function BackLink({
  to,
  children,
  onClick,
}: {
  to: string;
  children: ReactNode;
  onClick?: () => void;
}) {
  const theme = useTheme();
  return (
    <Button
      component={LocaleLink}
      to={to}
      onClick={onClick}
      size="small"
      startIcon={<ArrowBack sx={{ transform: theme.direction === 'rtl' ? 'scaleX(-1)' : undefined }} />}
      sx={{ alignSelf: 'flex-start' }}
    >
      {children}
    </Button>
  );
}

/** A masked phone or e-mail inside a sentence: kept left to right in Persian text. */
export function Destination({ value }: { value: string }) {
  return (
    <Typography
      component="bdi"
      dir="ltr"
      sx={{ fontWeight: 700, color: 'text.primary', fontSize: 'inherit' }}
    >
      {value}
    </Typography>
  );
}
