import Alert from '@mui/material/Alert';
import Button from '@mui/material/Button';
import Chip from '@mui/material/Chip';
import Dialog from '@mui/material/Dialog';
import DialogActions from '@mui/material/DialogActions';
import DialogContent from '@mui/material/DialogContent';
import DialogContentText from '@mui/material/DialogContentText';
import DialogTitle from '@mui/material/DialogTitle';
import List from '@mui/material/List';
import ListItem from '@mui/material/ListItem';
import ListItemText from '@mui/material/ListItemText';
import Skeleton from '@mui/material/Skeleton';
import Stack from '@mui/material/Stack';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { formatAgo, formatDate } from '../../../lib/dates';
import { useLocale } from '../../../lib/locale-navigation';
import { notify } from '../../../lib/notify';
import { profileApi, profileKeys, type Session, useSecurityMutation, useSessions } from '../api';
import { SectionCard } from './section-card';

/** Where a session was opened, from its platform and agent. */
function describe(session: Session, unknown: string): string {
  return [session.platform, session.agent].filter(Boolean).join(' · ') || unknown;
}

/** Logged-in sessions, the current one marked; any other can be ended after a confirmation. */
export function SessionsCard() {
  const { t } = useTranslation('profile');
  const locale = useLocale();
  const query = useSessions();
  const revoke = useSecurityMutation(profileApi.revokeSession, profileKeys.sessions);
  const [confirming, setConfirming] = useState<Session | null>(null);
  const endOthers = useSecurityMutation(profileApi.revokeOtherSessions, profileKeys.sessions);
  const [confirmingOthers, setConfirmingOthers] = useState(false);
  const others = query.data?.filter((session) => !session.current).length ?? 0;

  const endAllOthers = async () => {
    setConfirmingOthers(false);
    try {
      const { revoked } = await endOthers.mutateAsync();
      notify.success(t('sessions.othersEnded', { count: revoked }));
    } catch {
      // Already shown by the API client.
    }
  };

  const end = async () => {
    const session = confirming;
    setConfirming(null);
    if (!session) return;
    try {
      await revoke.mutateAsync(session.id);
      notify.success(t('sessions.ended'));
    } catch {
      // Already shown by the API client.
    }
  };

  let content: React.ReactNode;
  if (query.isPending) content = <Skeleton variant="rounded" height={120} />;
  else if (query.isError) content = <Alert severity="error">{t('states.loadFailed')}</Alert>;
  else if (query.data.length === 0) content = <Alert severity="info">{t('sessions.empty')}</Alert>;
  else
    content = (
      <List disablePadding aria-label={t('sessions.title')}>
        {query.data.map((session) => (
          <ListItem
            key={session.id}
            divider
            disableGutters
            secondaryAction={
              session.current ? null : (
                <Button
                  color="error"
                  onClick={() => setConfirming(session)}
                  aria-label={t('sessions.endOne', { name: describe(session, t('sessions.unknownDevice')) })}
                >
                  {t('sessions.end')}
                </Button>
              )
            }
          >
            <ListItemText
              primary={
                <Stack direction="row" sx={{ gap: 1, alignItems: 'center', flexWrap: 'wrap', pe: 10 }}>
                  <span>{describe(session, t('sessions.unknownDevice'))}</span>
                  {session.current ? (
                    <Chip size="small" color="primary" label={t('sessions.current')} />
                  ) : null}
                </Stack>
              }
              secondary={t('sessions.details', {
                ip: session.ipAddress ?? t('sessions.unknownIp'),
                created: formatAgo(session.createdDate, t),
                seen: formatAgo(session.lastSeenDate ?? session.createdDate, t),
              })}
              // Relative times in the line, the exact moments (in the locale's calendar) on hover.
              slotProps={{
                secondary: {
                  dir: 'auto',
                  title: t('sessions.exact', {
                    created: formatDate(session.createdDate, locale, t, 'dateTime'),
                    seen: formatDate(session.lastSeenDate ?? session.createdDate, locale, t, 'dateTime'),
                  }),
                },
              }}
            />
          </ListItem>
        ))}
      </List>
    );

  return (
    <SectionCard id="security-sessions" title={t('sessions.title')} description={t('sessions.description')}>
      {content}
      {others > 0 ? (
        <Button
          color="error"
          variant="outlined"
          onClick={() => setConfirmingOthers(true)}
          loading={endOthers.isPending}
          sx={{ alignSelf: 'flex-start' }}
        >
          {t('sessions.endOthers')}
        </Button>
      ) : null}
      <Dialog
        open={confirmingOthers}
        onClose={() => setConfirmingOthers(false)}
        aria-labelledby="end-other-sessions-title"
      >
        <DialogTitle id="end-other-sessions-title">{t('sessions.endOthersConfirmTitle')}</DialogTitle>
        <DialogContent>
          <DialogContentText>{t('sessions.endOthersConfirmText')}</DialogContentText>
        </DialogContent>
        <DialogActions>
          <Button onClick={() => setConfirmingOthers(false)}>{t('actions.cancel')}</Button>
          <Button color="error" variant="contained" onClick={() => void endAllOthers()}>
            {t('sessions.endOthersConfirm')}
          </Button>
        </DialogActions>
      </Dialog>
      <Dialog
        open={Boolean(confirming)}
        onClose={() => setConfirming(null)}
        aria-labelledby="end-session-title"
      >
        <DialogTitle id="end-session-title">{t('sessions.confirmTitle')}</DialogTitle>
        <DialogContent>
          <DialogContentText>{t('sessions.confirmText')}</DialogContentText>
        </DialogContent>
        <DialogActions>
          <Button onClick={() => setConfirming(null)}>{t('actions.cancel')}</Button>
          <Button color="error" variant="contained" onClick={() => void end()}>
            {t('sessions.end')}
          </Button>
        </DialogActions>
      </Dialog>
    </SectionCard>
  );
}
