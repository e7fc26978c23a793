import CloseOutlined from '@mui/icons-material/CloseOutlined';
import Alert from '@mui/material/Alert';
import AlertTitle from '@mui/material/AlertTitle';
import Button from '@mui/material/Button';
import IconButton from '@mui/material/IconButton';
import Portal from '@mui/material/Portal';
import Snackbar from '@mui/material/Snackbar';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { LocaleLink } from '../../lib/locale-navigation';
import { readSession, sessionKeys, writeSession } from '../../lib/storage';
import { useAnnouncements } from './api';

/**
 * The newest unread announcement, offered once per browser session. Reading of the spec's
 * "announcement-allowed" flag (session storage): while it is not "false" the prompt may show; reading
 * or dismissing the announcement sets it to "false", so the prompt does not come back on every page of
 * this session, and a new session offers an announcement still unread.
 */
export function AnnouncementPrompt() {
  const { t } = useTranslation('notifications');
  const [allowed, setAllowed] = useState(() => readSession(sessionKeys.announcementAllowed) !== 'false');
  const query = useAnnouncements(1, allowed);
  const newest = query.data?.notifications.find((item) => !item.read);
  const done = () => {
    writeSession(sessionKeys.announcementAllowed, 'false');
    setAllowed(false);
  };
  if (!allowed || !newest) return null;
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
                onClick={done}
                sx={{ whiteSpace: 'nowrap' }}
              >
                {t('announcements.read')}
              </Button>
              <IconButton color="inherit" size="small" aria-label={t('announcements.dismiss')} onClick={done}>
                <CloseOutlined fontSize="small" />
              </IconButton>
            </>
          }
        >
          <AlertTitle>{t('announcements.new')}</AlertTitle>
          <bdi>{newest.title}</bdi>
        </Alert>
      </Snackbar>
    </Portal>
  );
}
