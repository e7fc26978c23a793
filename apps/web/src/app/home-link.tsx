import Box from '@mui/material/Box';
import { type SxProps, type Theme, useTheme } from '@mui/material/styles';
import Typography from '@mui/material/Typography';
import { useTranslation } from 'react-i18next';
import { LocaleLink } from '../lib/locale-navigation';
import { BrandMark } from './brand-mark';

/** The product mark and name at the start of a top bar, linking home (public frame and app bar). */
export function HomeLink({
  markSize,
  gap,
  endMargin,
  titleSx,
}: {
  markSize: number;
  gap: number;
  /** Space after the link, before the bar's next item. */
  endMargin?: { xs: number; sm: number };
  /** The name's own look (its size, or on which screens it shows). */
  titleSx: SxProps<Theme>;
}) {
  const { t } = useTranslation('common');
  const theme = useTheme();
  const title = t('app.title');
  return (
    <Box
      component={LocaleLink}
      to="/"
      aria-label={t('nav.home', { title })}
      sx={{
        display: 'inline-flex',
        alignItems: 'center',
        gap,
        color: 'inherit',
        textDecoration: 'none',
        borderRadius: 2,
        mr: endMargin,
        '&:focus-visible': { outline: `2px solid ${theme.palette.primary.main}`, outlineOffset: 4 },
      }}
    >
      <BrandMark size={markSize} />
      <Typography
        component="span"
        sx={[{ fontWeight: 800 }, ...(Array.isArray(titleSx) ? titleSx : [titleSx])]}
      >
        {title}
      </Typography>
    </Box>
  );
}
