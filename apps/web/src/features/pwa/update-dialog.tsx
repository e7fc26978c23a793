import Button from '@mui/material/Button';
import Dialog from '@mui/material/Dialog';
import DialogActions from '@mui/material/DialogActions';
import DialogContent from '@mui/material/DialogContent';
import DialogContentText from '@mui/material/DialogContentText';
import DialogTitle from '@mui/material/DialogTitle';
import { useTranslation } from 'react-i18next';

/** The update-available dialog: asks whether to update to the new release. */
export function UpdateDialog({ open, onYes, onNo }: { open: boolean; onYes: () => void; onNo: () => void }) {
  const { t } = useTranslation('pwa');
  return (
    <Dialog
      open={open}
      onClose={onNo}
      aria-labelledby="pwa-update-title"
      aria-describedby="pwa-update-text"
      data-testid="pwa-update-dialog"
    >
      <DialogTitle id="pwa-update-title">{t('update.title')}</DialogTitle>
      <DialogContent>
        <DialogContentText id="pwa-update-text">{t('update.question')}</DialogContentText>
      </DialogContent>
      <DialogActions>
        <Button onClick={onNo}>{t('update.no')}</Button>
        <Button onClick={onYes} variant="contained" autoFocus>
          {t('update.yes')}
        </Button>
      </DialogActions>
    </Dialog>
  );
}
