import CheckOutlined from '@mui/icons-material/CheckOutlined';
import CloseOutlined from '@mui/icons-material/CloseOutlined';
import Button from '@mui/material/Button';
import Card from '@mui/material/Card';
import Link from '@mui/material/Link';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import type { Invitation } from '@wsm/contracts';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { ConfirmDialog } from '../../../components/confirm-dialog';
import { LazyAvatar } from '../../../components/lazy-image';
import { formatAgo } from '../../../lib/dates';
import { LocaleLink, useLocaleNavigate } from '../../../lib/locale-navigation';
import { notify } from '../../../lib/notify';
import { useRespondToInvitation } from '../api';
import { selectWorkspace } from '../selection';

/** Opens the workspace an accepted invitation joined: selected, on its applications. */
export function useEnterJoinedWorkspace(): (workspaceId: string) => void {
  const navigate = useLocaleNavigate();
  return (workspaceId) => {
    selectWorkspace(workspaceId);
    navigate('/workspace/apps');
  };
}

/**
 * The answer buttons of a pending invitation: accept at once, decline after a confirmation. Accepting
 * opens the joined workspace unless the caller says otherwise.
 */
export function InvitationActions({
  invitation,
  onAccepted,
  onDeclined,
  size = 'medium',
}: {
  invitation: Invitation;
  onAccepted?: () => void;
  onDeclined?: () => void;
  size?: 'small' | 'medium';
}) {
  const { t } = useTranslation('workspaces');
  const respond = useRespondToInvitation();
  const enterJoinedWorkspace = useEnterJoinedWorkspace();
  const [confirming, setConfirming] = useState(false);
  const answering = respond.isPending ? respond.variables?.accept : undefined;

  const answer = async (accept: boolean) => {
    try {
      await respond.mutateAsync({ invitationId: invitation.id, accept });
    } catch {
      // The API client has shown why.
      return;
    } finally {
      setConfirming(false);
    }
    if (accept) {
      notify.success(t('invitations.accepted', { name: invitation.name }));
      if (onAccepted) onAccepted();
      else enterJoinedWorkspace(invitation.workspaceId);
    } else {
      notify.info(t('invitations.declined', { name: invitation.name }));
      onDeclined?.();
    }
  };

  return (
    <Stack direction="row" sx={{ gap: 1, flexShrink: 0 }}>
      <Button
        variant="contained"
        size={size}
        startIcon={<CheckOutlined />}
        loading={answering === true}
        disabled={respond.isPending}
        onClick={() => void answer(true)}
        aria-label={t('invitations.acceptNamed', { name: invitation.name })}
      >
        {t('invitations.accept')}
      </Button>
      <Button
        variant="outlined"
        color="inherit"
        size={size}
        startIcon={<CloseOutlined />}
        disabled={respond.isPending}
        onClick={() => setConfirming(true)}
        aria-label={t('invitations.declineNamed', { name: invitation.name })}
      >
        {t('invitations.decline')}
      </Button>
      <ConfirmDialog
        open={confirming}
        title={t('invitations.declineTitle')}
        message={t('invitations.declineMessage', { name: invitation.name })}
        confirmLabel={t('invitations.decline')}
        pending={answering === false}
        onConfirm={() => void answer(false)}
        onClose={() => setConfirming(false)}
      />
    </Stack>
  );
}

/** One pending invitation: the workspace's logo and name, the offered role, when it came; the answers. */
function InvitationCard({ invitation, onAccepted }: { invitation: Invitation; onAccepted?: () => void }) {
  const { t } = useTranslation('workspaces');
  return (
    <Card
      variant="outlined"
      component="article"
      aria-label={invitation.name}
      data-testid="invitation-card"
      sx={{ p: 2, borderRadius: 2.5 }}
    >
      <Stack direction={{ xs: 'column', sm: 'row' }} sx={{ gap: 2, alignItems: { sm: 'center' } }}>
        <Stack direction="row" sx={{ gap: 2, alignItems: 'center', flex: 1, minWidth: 0 }}>
          <LazyAvatar
            src={invitation.logo?.url}
            alt=""
            variant="rounded"
            sx={{ width: 48, height: 48, bgcolor: 'secondary.main', fontWeight: 700 }}
          >
            {invitation.name.slice(0, 1)}
          </LazyAvatar>
          <Stack sx={{ minWidth: 0 }}>
            <Link
              component={LocaleLink}
              to={`/workspace/invitations/${invitation.id}`}
              underline="hover"
              color="inherit"
              sx={{ fontWeight: 700 }}
              noWrap
            >
              {invitation.name}
            </Link>
            <Typography variant="body2" sx={{ color: 'text.secondary' }}>
              {invitation.role
                ? t('invitations.asRole', { role: invitation.role.name })
                : t('invitations.asMember')}
              {' · '}
              {formatAgo(invitation.createdDate, t)}
            </Typography>
          </Stack>
        </Stack>
        <InvitationActions invitation={invitation} onAccepted={onAccepted} size="small" />
      </Stack>
    </Card>
  );
}

/** Invitations one under the other. */
export function InvitationCards({ invitations }: { invitations: readonly Invitation[] }) {
  return (
    <Stack sx={{ gap: 1.5 }}>
      {invitations.map((invitation) => (
        <InvitationCard key={invitation.id} invitation={invitation} />
      ))}
    </Stack>
  );
}
