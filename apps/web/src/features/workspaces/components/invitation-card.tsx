import type { Invitation } from '@wsm/contracts';
import { Suspense, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { lazyThemed } from '../../../app/lazy-themed';
import { PlainAvatar } from '../../../components/plain/avatar';
import { PathIcon } from '../../../components/plain/icons';
import { signedInIcons } from '../../../components/plain/signed-in-icons';
import { UserValue } from '../../../components/user-value';
import { formatAgo } from '../../../lib/dates';
import { LocaleLink, useLocaleNavigate } from '../../../lib/locale-navigation';
import { notify } from '../../../lib/notify';
import { useRespondToInvitation } from '../api';
import { selectWorkspace } from '../selection';
import '../first-screens.css';

// The decline confirmation is MUI's dialog, loaded when Decline is first pressed: the cards show on the
// first screen, which loads no MUI.
const ConfirmDialog = lazyThemed(
  async () => (await import('../../../components/confirm-dialog')).ConfirmDialog,
);
/** Fetched when the pointer or focus reaches Decline, so the dialog opens at once. */
const preloadDialog = () => void ConfirmDialog.preload().catch(() => undefined);

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
  // Once asked, the dialog stays mounted so that its closing transition plays.
  const [asked, setAsked] = useState(false);
  const answering = respond.isPending ? respond.variables?.accept : undefined;
  const accepting = answering === true;
  const iconSize = size === 'small' ? 18 : 20;

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
    <div className="pl-invitation-actions">
      <button
        type="button"
        className={`pl-button pl-button--contained pl-button--${size} pl-button--mui${accepting ? ' pl-button--loading' : ''}`}
        disabled={respond.isPending}
        aria-busy={accepting || undefined}
        onClick={() => void answer(true)}
        aria-label={t('invitations.acceptNamed', { name: invitation.name })}
      >
        <PathIcon d={signedInIcons.check} size={iconSize} />
        {t('invitations.accept')}
        {accepting ? <span className="pl-spinner" aria-hidden="true" /> : null}
      </button>
      <button
        type="button"
        className={`pl-button pl-button--neutral pl-button--${size} pl-button--mui`}
        disabled={respond.isPending}
        onPointerEnter={preloadDialog}
        onFocus={preloadDialog}
        onClick={() => {
          setAsked(true);
          setConfirming(true);
        }}
        aria-label={t('invitations.declineNamed', { name: invitation.name })}
      >
        <PathIcon d={signedInIcons.close} size={iconSize} />
        {t('invitations.decline')}
      </button>
      {asked ? (
        <Suspense fallback={null}>
          <ConfirmDialog
            open={confirming}
            title={t('invitations.declineTitle')}
            message={t('invitations.declineMessage', { name: invitation.name })}
            confirmLabel={t('invitations.decline')}
            pending={answering === false}
            onConfirm={() => void answer(false)}
            onClose={() => setConfirming(false)}
          />
        </Suspense>
      ) : null}
    </div>
  );
}

/** One pending invitation: the workspace's logo and name, the offered role, when it came; the answers. */
function InvitationCard({ invitation, onAccepted }: { invitation: Invitation; onAccepted?: () => void }) {
  const { t } = useTranslation('workspaces');
  return (
    <article className="pl-panel pl-invitation" aria-label={invitation.name} data-testid="invitation-card">
      <div className="pl-invitation__who">
        <PlainAvatar src={invitation.logo?.url} size={48} fontSize={20} tone="secondary" bold>
          {invitation.name.slice(0, 1)}
        </PlainAvatar>
        <div className="pl-invitation__text">
          <LocaleLink to={`/workspace/invitations/${invitation.id}`} className="pl-invitation__name">
            <UserValue value={invitation.name} kind="text" />
          </LocaleLink>
          <p className="pl-invitation__line">
            {invitation.role
              ? t('invitations.asRole', { role: invitation.role.name })
              : t('invitations.asMember')}
            {' · '}
            {formatAgo(invitation.createdDate, t)}
          </p>
        </div>
      </div>
      <InvitationActions invitation={invitation} onAccepted={onAccepted} size="small" />
    </article>
  );
}

/** Invitations one under the other. */
export function InvitationCards({ invitations }: { invitations: readonly Invitation[] }) {
  return (
    <div className="pl-invitations">
      {invitations.map((invitation) => (
        <InvitationCard key={invitation.id} invitation={invitation} />
      ))}
    </div>
  );
}
