import { Suspense, useState } from 'react';
import { lazyThemed } from '../../app/lazy-themed';
import { readSession, sessionKeys, writeSession } from '../../lib/storage';
import { useAnnouncements } from './api';

const AnnouncementSnackbar = lazyThemed(
  async () => (await import('./announcement-snackbar')).AnnouncementSnackbar,
);

/**
 * The newest unread announcement, offered once per browser session. Reading of the spec's
 * "announcement-allowed" flag (session storage): while it is not "false" the prompt may show; reading
 * or dismissing the announcement sets it to "false", so the prompt does not come back on every page of
 * this session, and a new session offers an announcement still unread. Its look is drawn with MUI,
 * loaded only when there is one to show (the app bar itself loads no MUI).
 */
export function AnnouncementPrompt() {
  const [allowed, setAllowed] = useState(() => readSession(sessionKeys.announcementAllowed) !== 'false');
  const query = useAnnouncements(1, allowed);
  const newest = query.data?.notifications.find((item) => !item.read);
  const done = () => {
    writeSession(sessionKeys.announcementAllowed, 'false');
    setAllowed(false);
  };
  if (!allowed || !newest) return null;
  return (
    <Suspense fallback={null}>
      <AnnouncementSnackbar newest={newest} onDone={done} />
    </Suspense>
  );
}
