import CloseIcon from '@mui/icons-material/Close';
import IosShareIcon from '@mui/icons-material/IosShare';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import IconButton from '@mui/material/IconButton';
import Paper from '@mui/material/Paper';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import { useTranslation } from 'react-i18next';
import type { InstallPlatform } from './install-policy';

/** The install-to-home-screen card: a button on Android, the steps on iOS (which has no install API). */
export function InstallPrompt({
  platform,
  onInstall,
  onClose,
}: {
  platform: Exclude<InstallPlatform, 'other'>;
  onInstall?: () => void;
  onClose: () => void;
}) {
  const { t } = useTranslation('pwa');
  return (
    <Paper
      role="dialog"
      aria-labelledby="pwa-install-title"
      aria-describedby="pwa-install-text"
      data-testid="pwa-install-prompt"
      elevation={8}
      sx={{
        position: 'fixed',
        insetInline: 16,
        bottom: 16,
        zIndex: (theme) => theme.zIndex.snackbar,
        maxWidth: 480,
        mx: 'auto',
        p: 2,
      }}
    >
      <Stack direction="row" sx={{ alignItems: 'flex-start', gap: 1.5 }}>
        <Box
          component="img"
          src="/icons/icon-192.png"
          alt=""
          sx={{ width: 48, height: 48, borderRadius: 2 }}
        />
        <Box sx={{ flex: 1 }}>
          <Typography id="pwa-install-title" component="h2" sx={{ fontWeight: 700 }}>
            {t('install.title')}
          </Typography>
          <Typography id="pwa-install-text" variant="body2" sx={{ color: 'text.secondary', mt: 0.5 }}>
            {platform === 'ios' ? t('install.iosSteps') : t('install.androidText')}
          </Typography>
          {platform === 'ios' ? (
            <Stack direction="row" sx={{ alignItems: 'center', gap: 0.5, mt: 1 }} aria-hidden="true">
              <IosShareIcon fontSize="small" color="primary" />
              <Typography variant="caption">{t('install.iosShare')}</Typography>
            </Stack>
          ) : (
            <Button variant="contained" size="small" sx={{ mt: 1.5 }} onClick={onInstall}>
              {t('install.install')}
            </Button>
          )}
        </Box>
        <IconButton aria-label={t('install.close')} onClick={onClose} size="small">
          <CloseIcon fontSize="small" />
        </IconButton>
      </Stack>
    </Paper>
  );
}
