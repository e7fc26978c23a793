import ConstructionOutlined from '@mui/icons-material/ConstructionOutlined';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import { useTranslation } from 'react-i18next';

/** Stands in for a settings section whose page has not landed yet (see the block in app/router.tsx). */
export function Component() {
  const { t } = useTranslation('workspaces');
  return (
    <Stack sx={{ alignItems: 'center', gap: 1.5, py: 6, textAlign: 'center', color: 'text.secondary' }}>
      <ConstructionOutlined sx={{ fontSize: 48 }} aria-hidden />
      <Typography>{t('settings.placeholder')}</Typography>
    </Stack>
  );
}
