import ArrowBack from '@mui/icons-material/ArrowBack';
import BlockOutlined from '@mui/icons-material/BlockOutlined';
import CloudOffOutlined from '@mui/icons-material/CloudOffOutlined';
import ErrorOutline from '@mui/icons-material/ErrorOutlineOutlined';
import HomeOutlined from '@mui/icons-material/HomeOutlined';
import LockOutlined from '@mui/icons-material/LockOutlined';
import LoginOutlined from '@mui/icons-material/LoginOutlined';
import ReportProblemOutlined from '@mui/icons-material/ReportProblemOutlined';
import RocketLaunchOutlined from '@mui/icons-material/RocketLaunchOutlined';
import SearchOff from '@mui/icons-material/SearchOff';
import WifiOffOutlined from '@mui/icons-material/WifiOffOutlined';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Card from '@mui/material/Card';
import Stack from '@mui/material/Stack';
import type { SvgIconProps } from '@mui/material/SvgIcon';
import { useTheme } from '@mui/material/styles';
import Typography from '@mui/material/Typography';
import { type ComponentType, useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router';
import { tint } from '../../app/theme';
import { displayDigits } from '../../lib/digits';
import { LocaleLink, useLocale } from '../../lib/locale-navigation';
import { clearStoredErrorCode, getStoredErrorCode } from '../../lib/storage';
import type { StatusPageKind } from './status-kinds';

/** How long the /error page's stored code survives after it was shown (product-spec.md section 9). */
export const storedErrorClearMs = 3000;

type Tone = 'primary' | 'warning' | 'error';

interface PageSpec {
  /** Translation key under errors:pages. */
  textKey: string;
  icon: ComponentType<SvgIconProps>;
  tone: Tone;
  /** The big number shown above the title; 'stored' reads it from storage (the /error page). */
  code?: string | 'stored';
}

const pages: Record<StatusPageKind, PageSpec> = {
  '401': { textKey: '401', icon: LockOutlined, tone: 'warning', code: '401' },
  '403': { textKey: '403', icon: BlockOutlined, tone: 'error', code: '403' },
  '404': { textKey: '404', icon: SearchOff, tone: 'primary', code: '404' },
  '500': { textKey: '500', icon: ErrorOutline, tone: 'error', code: '500' },
  '503': { textKey: '503', icon: CloudOffOutlined, tone: 'warning', code: '503' },
  '600': { textKey: '600', icon: WifiOffOutlined, tone: 'warning', code: '600' },
  error: { textKey: 'error', icon: ReportProblemOutlined, tone: 'error', code: 'stored' },
  'coming-soon': { textKey: 'comingSoon', icon: RocketLaunchOutlined, tone: 'primary' },
};

/** The stored HTTP status of the last unexpected answer; forgotten a few seconds after it was shown. */
function useStoredErrorCode(enabled: boolean): string | null {
  const [code] = useState(() => (enabled ? getStoredErrorCode() : null));
  useEffect(() => {
    if (!enabled) return;
    const timer = setTimeout(clearStoredErrorCode, storedErrorClearMs);
    return () => clearTimeout(timer);
  }, [enabled]);
  return code;
}

/** One error or status page: icon, code, h1 title, a short text and the way back. */
export function StatusPage({ kind }: { kind: StatusPageKind }) {
  const { t } = useTranslation('errors');
  const locale = useLocale();
  const theme = useTheme();
  const navigate = useNavigate();
  const spec = pages[kind];
  const storedCode = useStoredErrorCode(spec.code === 'stored');
  const code = spec.code === 'stored' ? storedCode : spec.code;
  const Icon = spec.icon;
  const toneColor = theme.palette[spec.tone].main;
  const canGoBack = typeof window !== 'undefined' && window.history.length > 1;

  return (
    <Card
      component="section"
      aria-labelledby="status-title"
      sx={{ width: '100%', maxWidth: 520, px: { xs: 3, sm: 6 }, py: { xs: 4, sm: 6 }, textAlign: 'center' }}
    >
      <Box
        sx={{
          width: 72,
          height: 72,
          mx: 'auto',
          mb: 3,
          borderRadius: '22px',
          display: 'grid',
          placeItems: 'center',
          color: toneColor,
          bgcolor: tint(toneColor, theme.palette.mode),
        }}
      >
        <Icon sx={{ fontSize: 36 }} />
      </Box>
      <Typography id="status-title" component="h1" sx={{ mb: 1.5 }}>
        {code && (
          <Box
            component="span"
            sx={{
              display: 'block',
              fontSize: { xs: '3.5rem', sm: '4.5rem' },
              fontWeight: 800,
              lineHeight: 1.05,
              letterSpacing: locale === 'en' ? '-0.02em' : 0,
              color: 'primary.main',
              mb: 1,
            }}
          >
            {displayDigits(code, locale)}
          </Box>
        )}{' '}
        <Box component="span" sx={{ display: 'block', typography: 'h5', fontWeight: 800 }}>
          {t(`pages.${spec.textKey}.title`)}
        </Box>
      </Typography>
      <Typography sx={{ color: 'text.secondary', maxWidth: 400, mx: 'auto', lineHeight: 1.9 }}>
        {t(`pages.${spec.textKey}.text`)}
      </Typography>
      <Stack direction={{ xs: 'column', sm: 'row' }} sx={{ gap: 1.5, justifyContent: 'center', mt: 4 }}>
        {kind === '401' ? (
          <Button
            component={LocaleLink}
            to="/login"
            variant="contained"
            size="large"
            startIcon={<LoginOutlined />}
          >
            {t('common:actions.login')}
          </Button>
        ) : (
          <Button component={LocaleLink} to="/" variant="contained" size="large" startIcon={<HomeOutlined />}>
            {t('common:actions.backHome')}
          </Button>
        )}
        {kind === '401' && (
          <Button component={LocaleLink} to="/" variant="outlined" size="large" startIcon={<HomeOutlined />}>
            {t('common:actions.backHome')}
          </Button>
        )}
        {kind !== '401' && canGoBack && (
          <Button
            variant="outlined"
            size="large"
            onClick={() => void navigate(-1)}
            // A "back" arrow points to where reading started: left in ltr, right in rtl.
            startIcon={<ArrowBack sx={{ transform: theme.direction === 'rtl' ? 'scaleX(-1)' : undefined }} />}
          >
            {t('common:actions.goBack')}
          </Button>
        )}
      </Stack>
    </Card>
  );
}
