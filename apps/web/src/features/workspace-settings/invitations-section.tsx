import UndoIcon from '@mui/icons-material/Undo';
import Box from '@mui/material/Box';
import Stack from '@mui/material/Stack';
import { useTheme } from '@mui/material/styles';
import Typography from '@mui/material/Typography';
import type { Invitation, Locale } from '@wsm/contracts';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { ConfirmDialog } from '../../components/confirm-dialog';
import { UserValue } from '../../components/user-value';
import { formatAgo, formatDate, formatRemaining } from '../../lib/dates';
import { displayDigits } from '../../lib/digits';
import { useLocale } from '../../lib/locale-navigation';
import { notify } from '../../lib/notify';
import { useWorkspaceAccess } from '../workspaces/access';
import {
  adminApi,
  defaultPageSize,
  type ListQuery,
  personName,
  useAdminMutation,
  useSentInvitations,
} from './api';
import { AdminSection } from './components/admin-section';
import type { Column } from './components/data-table';
import { RowAction } from './components/row-action';
import { SearchedTable } from './components/searched-table';
import { StatusChip } from './components/status-chip';
import { permissions } from './grant';
import { type InviteeKind, shownInviteeValue } from './invite-dialog';

// The members page's second section: the invitations sent and not yet answered, and withdrawing them.

function inviteeName(
  invitation: Invitation,
  locale: Locale,
): {
  name: string | null;
  /** What the invitation was sent to: in full for its inviter, masked (phone, national code) for others. */
  typed: string | null;
  kind: InviteeKind | null;
} {
  const { invitee } = invitation;
  // Until the invitee accepts, the API gives only what was typed (no name): two invitations by national
  // code are told apart by what their inviter typed, the role and the date.
  const name = personName({ ...invitee, username: null });
  if (invitee.typed)
    return {
      name,
      typed: shownInviteeValue(invitee.typed.kind, invitee.typed.value, locale),
      kind: invitee.typed.kind,
    };
  if (invitee.phone) return { name, typed: displayDigits(invitee.phone, locale), kind: 'phone' };
  if (invitee.nationalCode)
    return { name, typed: displayDigits(invitee.nationalCode, locale), kind: 'nationalCode' };
  if (invitee.username) return { name, typed: `@${invitee.username}`, kind: 'username' };
  return { name, typed: null, kind: null };
}

/** How an invitee's typed value shows: a username as an identifier, a phone or national code as a number. */
const typedKind = (kind: InviteeKind | null) => (kind === 'username' ? 'identifier' : 'number');

export function InvitationsSection({ workspaceId }: { workspaceId: string }) {
  const { t } = useTranslation('workspace-admin');
  const rtl = useTheme().direction === 'rtl';
  const locale = useLocale();
  const { can } = useWorkspaceAccess();
  const [query, setQuery] = useState<ListQuery>({ page: 1, pageSize: defaultPageSize });
  const invitations = useSentInvitations(workspaceId, query);
  const [withdrawing, setWithdrawing] = useState<Invitation | null>(null);
  const withdraw = useAdminMutation(workspaceId, (invitationId: string) =>
    adminApi.withdrawInvitation(workspaceId, invitationId),
  );

  const describe = (invitation: Invitation) => {
    const who = inviteeName(invitation, locale);
    return who.name ?? who.typed ?? t('members.unnamed');
  };

  const confirmWithdraw = async () => {
    if (!withdrawing) return;
    try {
      await withdraw.mutateAsync(withdrawing.id);
      notify.success(t('invitations.withdrawn'));
    } catch {
      // The API client has shown why.
    }
    setWithdrawing(null);
  };

  const columns: Column<Invitation>[] = [
    {
      id: 'invitee',
      label: t('invitations.columns.invitee'),
      render: (invitation) => {
        const who = inviteeName(invitation, locale);
        return (
          <Stack sx={{ minWidth: 0 }}>
            <Typography component="span" sx={{ fontWeight: 600 }}>
              {who.name ? (
                <UserValue value={who.name} />
              ) : who.typed ? (
                <UserValue value={who.typed} kind={typedKind(who.kind)} />
              ) : (
                t('members.unnamed')
              )}
            </Typography>
            {who.kind ? (
              <Typography component="span" variant="body2" sx={{ color: 'text.secondary' }}>
                {t(`invite.kinds.${who.kind}`)}
                {who.name && who.typed ? (
                  <>
                    {' · '}
                    <UserValue value={who.typed} kind={typedKind(who.kind)} />
                  </>
                ) : null}
              </Typography>
            ) : null}
          </Stack>
        );
      },
    },
    {
      id: 'role',
      label: t('invitations.columns.role'),
      render: (invitation) => invitation.role?.name ?? t('roles.none'),
    },
    {
      id: 'status',
      label: t('invitations.columns.status'),
      render: (invitation) => <StatusChip status={invitation.status} />,
    },
    {
      id: 'sent',
      label: t('invitations.columns.sent'),
      render: (invitation) => (
        <Stack component="span" sx={{ whiteSpace: 'nowrap' }}>
          <span>{formatDate(invitation.createdDate, locale, t)}</span>
          <Typography component="span" variant="body2" sx={{ color: 'text.secondary' }}>
            {formatAgo(invitation.createdDate, t)}
          </Typography>
        </Stack>
      ),
    },
    {
      id: 'expires',
      label: t('invitations.columns.expires'),
      render: (invitation) => (
        <Box component="span" sx={{ whiteSpace: 'nowrap' }}>
          {invitation.status.key === 'pending' ? formatRemaining(invitation.expiresDate, t) : '—'}
        </Box>
      ),
    },
  ];

  return (
    <AdminSection id="invitations" title={t('invitations.title')} description={t('invitations.description')}>
      <SearchedTable
        label={t('invitations.title')}
        searchLabel={t('invitations.search')}
        query={query}
        onQuery={setQuery}
        columns={columns}
        list={invitations}
        empty={t('invitations.empty')}
        rowKey={(invitation) => invitation.id}
        actions={
          can(permissions.withdraw)
            ? (invitation) =>
                invitation.status.key === 'pending' ? (
                  <RowAction
                    label={t('invitations.withdraw', { name: describe(invitation) })}
                    icon={<UndoIcon fontSize="small" sx={{ transform: rtl ? 'scaleX(-1)' : undefined }} />}
                    color="error"
                    onClick={() => setWithdrawing(invitation)}
                  />
                ) : null
            : undefined
        }
      />
      <ConfirmDialog
        open={withdrawing !== null}
        title={t('invitations.withdrawTitle')}
        message={t('invitations.withdrawText', { name: withdrawing ? describe(withdrawing) : '' })}
        confirmLabel={t('invitations.withdrawConfirm')}
        pending={withdraw.isPending}
        onConfirm={() => void confirmWithdraw()}
        onClose={() => setWithdrawing(null)}
      />
    </AdminSection>
  );
}

/** /workspace/settings/members: members with their roles, invitations sent and their state. */
