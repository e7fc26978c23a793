import Box from '@mui/material/Box';
import Typography from '@mui/material/Typography';
import { isLocale } from '@wsm/contracts';
import { useRouteError } from 'react-router';
import { displayDigits } from '../lib/digits';
import { i18n } from './i18n';

// A navigation that fails (a route module that cannot load, a render error) shows the 404 page
// (product-spec.md section 8). Kept free of lazy chunks so it still renders when loading is what failed.
export function RouteError() {
  const error = useRouteError();
  console.error(error);
  const lang = document.documentElement.lang;
  const locale = isLocale(lang) ? lang : 'fa';
  const t = (key: string, fallback: string) =>
    i18n.isInitialized && i18n.exists(key) ? i18n.t(key) : fallback;
  return (
    <Box
      component="main"
      sx={{ minHeight: '100dvh', display: 'grid', placeItems: 'center', p: 3, textAlign: 'center' }}
    >
      <Box sx={{ maxWidth: 480 }}>
        <Typography component="h1" variant="h4" sx={{ mb: 1.5 }}>
          <Box
            component="span"
            sx={{ display: 'block', fontSize: 64, color: 'primary.main', lineHeight: 1.1 }}
          >
            {displayDigits(404, locale)}
          </Box>
          {t('errors:pages.404.title', 'Page not found')}
        </Typography>
        <Typography color="text.secondary" sx={{ mb: 3 }}>
          {t('errors:pages.404.text', "The page you are looking for doesn't exist or has been moved.")}
        </Typography>
        <Typography component="a" href={`/${locale}`} sx={{ color: 'primary.main', fontWeight: 600 }}>
          {t('common:actions.backHome', 'Back to home')}
        </Typography>
      </Box>
    </Box>
  );
}
