import CloseOutlined from '@mui/icons-material/CloseOutlined';
import Alert from '@mui/material/Alert';
import AlertTitle from '@mui/material/AlertTitle';
import Button from '@mui/material/Button';
import IconButton from '@mui/material/IconButton';
import Portal from '@mui/material/Portal';
import Snackbar from '@mui/material/Snackbar';
import { useTranslation } from 'react-i18next';
import { UserValue } from '../../components/user-value';
import { LocaleLink } from '../../lib/locale-navigation';

/** The announcement prompt's look (announcement-prompt.tsx decides when it shows), drawn with MUI. */
export function AnnouncementSnackbar({
  newest,
  onDone,
}: {
  newest: { id: string; title: string };
  onDone: () => void;
}) {
  const { t } = useTranslation('notifications');
  // In a portal: the prompt is placed from the app bar, whose backdrop filter would otherwise become the
  // box its fixed position is measured from, and draw it above the top of the window.
  return (
    <Portal>
      {/* Below dialogs (a snackbar sits above them by default): it must not cover a dialog's buttons. */}
      <Snackbar
        open
        anchorOrigin={{ vertical: 'bottom', horizontal: 'center' }}
        sx={(theme) => ({ zIndex: theme.zIndex.modal - 1 })}
      >
        <Alert
          severity="info"
          variant="filled"
          role="status"
          sx={{ width: '100%', maxWidth: { sm: 560 }, '& .MuiAlert-message': { overflowWrap: 'anywhere' } }}
          action={
            <>
              <Button
                color="inherit"
                size="small"
                component={LocaleLink}
                to={`/announcement/${encodeURIComponent(newest.id)}`}
                onClick={onDone}
                sx={{ whiteSpace: 'nowrap' }}
              >
                {t('announcements.read')}
              </Button>
              <IconButton
                color="inherit"
                size="small"
                aria-label={t('announcements.dismiss')}
                onClick={onDone}
              >
                <CloseOutlined fontSize="small" />
              </IconButton>
            </>
          }
        >
          <AlertTitle>{t('announcements.new')}</AlertTitle>
          <UserValue value={newest.title} kind="text" />
        </Alert>
      </Snackbar>
    </Portal>
  );
}
