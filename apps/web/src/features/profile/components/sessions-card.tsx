import ComputerOutlined from '@mui/icons-material/ComputerOutlined';
import DevicesOtherOutlined from '@mui/icons-material/DevicesOtherOutlined';
import PhoneIphoneOutlined from '@mui/icons-material/PhoneIphoneOutlined';
import TabletMacOutlined from '@mui/icons-material/TabletMacOutlined';
import Alert from '@mui/material/Alert';
import Button from '@mui/material/Button';
import Chip from '@mui/material/Chip';
import List from '@mui/material/List';
import Skeleton from '@mui/material/Skeleton';
import Stack from '@mui/material/Stack';
import { formatDevice, type Locale } from '@wsm/contracts';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { ConfirmDialog } from '../../../components/confirm-dialog';
import { isolateValue } from '../../../lib/bidi';
import { formatAgo, formatDate } from '../../../lib/dates';
import { displayDigits } from '../../../lib/digits';
import { useLocale } from '../../../lib/locale-navigation';
import { notify } from '../../../lib/notify';
import { profileApi, profileKeys, type Session, useSecurityMutation, useSessions } from '../api';
import { ActionListItem } from './action-list-item';
import { SectionCard } from './section-card';

/** The device in the page's language ("Chrome ۱۵۶ روی Linux"); null when the server could not read it. */
function deviceName(session: Session, locale: Locale): string | null {
  const named = formatDevice(session.device, locale);
  if (named) return named;
  return session.platform && session.platform !== 'unknown' ? displayDigits(session.platform, locale) : null;
}

type DeviceKind = 'phone' | 'tablet' | 'computer' | 'other';

/** The kind of device, read from the user agent's well-known tokens; "other" for a program or nothing. */
export function deviceKind(agent: string | null | undefined): DeviceKind {
  if (!agent || !/^Mozilla\//.test(agent)) return 'other';
  if (/iPad|Tablet/i.test(agent) || (/Android/.test(agent) && !/Mobile/.test(agent))) return 'tablet';
  if (/Mobi|iPhone|Android/.test(agent)) return 'phone';
  return 'computer';
}

const deviceIcons = {
  phone: PhoneIphoneOutlined,
  tablet: TabletMacOutlined,
  computer: ComputerOutlined,
  other: DevicesOtherOutlined,
} as const;

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
        {query.data.map((session) => {
          const name = deviceName(session, locale) ?? t('sessions.unknownDevice');
          const kind = deviceKind(session.agent);
          const Icon = deviceIcons[kind];
          return (
            <ActionListItem
              key={session.id}
              icon={<Icon titleAccess={t(`sessions.kinds.${kind}`)} />}
              primary={
                <Stack direction="row" sx={{ gap: 1, alignItems: 'center', flexWrap: 'wrap' }}>
                  {/* The raw user agent only on hover. */}
                  {/* A phrase of the page's language around product names: isolated in its direction. */}
                  <bdi dir={locale === 'en' ? 'ltr' : 'rtl'} title={session.agent || undefined}>
                    {name}
                  </bdi>
                  {session.current ? (
                    <Chip size="small" color="primary" label={t('sessions.current')} />
                  ) : null}
                </Stack>
              }
              secondary={t('sessions.details', {
                // An address is an identifier: its own digits, isolated left to right in every language.
                ip: session.ipAddress
                  ? isolateValue(session.ipAddress, locale, 'identifier')
                  : t('sessions.unknownIp'),
                created: formatAgo(session.createdDate, t),
                seen: formatAgo(session.lastSeenDate ?? session.createdDate, t),
              })}
              // Relative times in the line, the exact moments (in the locale's calendar) on hover.
              secondaryTitle={t('sessions.exact', {
                created: formatDate(session.createdDate, locale, t, 'dateTime'),
                seen: formatDate(session.lastSeenDate ?? session.createdDate, locale, t, 'dateTime'),
              })}
            >
              {session.current ? null : (
                <Button
                  color="error"
                  onClick={() => setConfirming(session)}
                  aria-label={t('sessions.endOne', { name })}
                  sx={{ flexShrink: 0, marginInlineStart: 'auto' }}
                >
                  {t('sessions.end')}
                </Button>
              )}
            </ActionListItem>
          );
        })}
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
      <ConfirmDialog
        open={confirmingOthers}
        title={t('sessions.endOthersConfirmTitle')}
        message={t('sessions.endOthersConfirmText')}
        confirmLabel={t('sessions.endOthersConfirm')}
        onConfirm={() => void endAllOthers()}
        onClose={() => setConfirmingOthers(false)}
      />
      <ConfirmDialog
        open={Boolean(confirming)}
        title={t('sessions.confirmTitle')}
        message={t('sessions.confirmText')}
        confirmLabel={t('sessions.end')}
        onConfirm={() => void end()}
        onClose={() => setConfirming(null)}
      />
    </SectionCard>
  );
}
