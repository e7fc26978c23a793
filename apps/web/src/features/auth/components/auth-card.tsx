import Box from '@mui/material/Box';
import Card from '@mui/material/Card';
import Divider from '@mui/material/Divider';
import Typography from '@mui/material/Typography';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { BrandMark } from '../../../app/brand-mark';

/** The card every identity screen sits in: product mark, title and slogan, then the step's content. */
export function AuthCard({ children }: { children: ReactNode }) {
  const { t } = useTranslation('common');
  return (
    <Card
      component="section"
      sx={{ width: '100%', maxWidth: 440, px: { xs: 3, sm: 5 }, py: { xs: 4, sm: 5 } }}
    >
      <Box sx={{ textAlign: 'center' }}>
        <Box sx={{ display: 'inline-flex', mb: 2 }}>
          <BrandMark size={52} />
        </Box>
        <Typography component="p" sx={{ fontWeight: 800, fontSize: '1.2rem' }}>
          {t('app.title')}
        </Typography>
        <Typography variant="body2" sx={{ color: 'text.secondary', mt: 0.5 }}>
          {t('app.slogan')}
        </Typography>
      </Box>
      <Divider sx={{ my: 3 }} />
      {children}
    </Card>
  );
}
