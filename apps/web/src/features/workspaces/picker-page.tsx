import type { Workspace } from '@wsm/contracts';
import { useTranslation } from 'react-i18next';
import { useSearchParams } from 'react-router';
import { LoadError } from '../../components/load-error';
import { PlainAvatar } from '../../components/plain/avatar';
import { PathIcon } from '../../components/plain/icons';
import { signedInIcons } from '../../components/plain/signed-in-icons';
import { UserValue } from '../../components/user-value';
import { LocaleLink, useLocaleNavigate } from '../../lib/locale-navigation';
import { returnToParam, safeReturnTo } from '../../lib/return-to';
import { useMyInvitations, useWorkspaces } from './api';
import { InvitationCards } from './components/invitation-card';
import { MemberLevel } from './components/member-level';
import { PageHeader } from './components/page-header';
import { selectWorkspace, useSelectedWorkspaceId } from './selection';
import './first-screens.css';

// Plain markup and CSS (signed-in.css, first-screens.css): a login lands here, and this screen loads no
// MUI.

function WorkspaceCard({
  workspace,
  current,
  onOpen,
}: {
  workspace: Workspace;
  current: boolean;
  onOpen: () => void;
}) {
  const { t } = useTranslation('workspaces');
  return (
    <div className={`pl-panel pl-tile${current ? ' pl-tile--current' : ''}`} data-testid="workspace-card">
      <button type="button" className="pl-tile__action" onClick={onOpen}>
        <div className="pl-tile__row">
          <PlainAvatar src={workspace.logo?.url} size={56} fontSize={22.4} tone="primary" bold>
            {workspace.name.slice(0, 1)}
          </PlainAvatar>
          <div className="pl-tile__text">
            <h3 className="pl-tile__title pl-workspace-card__name">
              <UserValue value={workspace.name} kind="text" />
            </h3>
            <p className="pl-tile__line pl-workspace-card__handle">
              <UserValue value={`@${workspace.workspaceName}`} kind="identifier" />
            </p>
          </div>
          <PathIcon
            d={signedInIcons.arrowForward}
            size={20}
            className="pl-workspace-card__arrow pl-flip-rtl"
          />
        </div>
        <div className="pl-chips">
          <span className={workspace.level === 'owner' ? 'pl-chip pl-chip--primary' : 'pl-chip'}>
            <MemberLevel level={workspace.level} role={workspace.role} />
          </span>
          {current ? <span className="pl-chip pl-chip--success">{t('picker.current')}</span> : null}
        </div>
      </button>
    </div>
  );
}

function EmptyWorkspaces() {
  const { t } = useTranslation('workspaces');
  return (
    <div className="pl-panel pl-panel--dashed pl-empty" data-testid="workspaces-empty">
      <div className="pl-empty__body">
        <PathIcon d={signedInIcons.workspaces} size={56} className="pl-empty__icon" />
        <h2 className="pl-empty__title">{t('picker.emptyTitle')}</h2>
        <p className="pl-empty__text">{t('picker.emptyText')}</p>
        <LocaleLink
          to="/workspace/new"
          className="pl-button pl-button--contained pl-button--large pl-button--mui pl-empty__action"
        >
          <PathIcon d={signedInIcons.add} size={22} />
          {t('picker.create')}
        </LocaleLink>
      </div>
    </div>
  );
}

/** The root of a signed-in user: pending invitations, then the workspaces to choose from. */
export function PickerPage() {
  const { t } = useTranslation('workspaces');
  const navigate = useLocaleNavigate();
  const selectedId = useSelectedWorkspaceId();
  const workspaces = useWorkspaces();
  const invitations = useMyInvitations();
  // A login that asked for a page inside a workspace continues there once one is chosen.
  const [params] = useSearchParams();
  const returnTo = safeReturnTo(params.get(returnToParam));

  const open = (workspace: Workspace) => {
    selectWorkspace(workspace.id);
    navigate(returnTo ?? '/workspace/apps');
  };

  return (
    <div>
      <PageHeader
        title={t('picker.title')}
        subtitle={t('picker.subtitle')}
        actions={
          workspaces.data && workspaces.data.length > 0 ? (
            <LocaleLink
              to="/workspace/new"
              className="pl-button pl-button--contained pl-button--medium pl-button--mui"
            >
              <PathIcon d={signedInIcons.add} size={20} />
              {t('picker.create')}
            </LocaleLink>
          ) : null
        }
      />

      {invitations.data && invitations.data.length > 0 ? (
        <section aria-labelledby="picker-invitations" className="pl-picker-invitations">
          <div className="pl-section-head">
            <h2 id="picker-invitations" className="pl-section-heading">
              {t('picker.invitations')}
            </h2>
            <LocaleLink
              to="/workspace/invitations"
              className="pl-button pl-button--text pl-button--small pl-button--primary pl-button--mui"
            >
              {t('picker.allInvitations')}
            </LocaleLink>
          </div>
          <InvitationCards invitations={invitations.data} />
        </section>
      ) : null}

      <section aria-labelledby="picker-workspaces">
        <h2 id="picker-workspaces" className="pl-section-heading">
          {t('picker.workspaces')}
        </h2>
        {workspaces.isPending ? (
          <div className="pl-grid" role="progressbar" aria-busy="true" aria-label={t('states.loading')}>
            {[0, 1, 2].map((key) => (
              <div key={key} className="pl-skeleton" style={{ height: 132 }} />
            ))}
          </div>
        ) : workspaces.isError ? (
          <LoadError message={t('states.loadFailed')} smallButton onRetry={() => void workspaces.refetch()} />
        ) : workspaces.data.length === 0 ? (
          <EmptyWorkspaces />
        ) : (
          <div className="pl-grid">
            {workspaces.data.map((workspace) => (
              <WorkspaceCard
                key={workspace.id}
                workspace={workspace}
                current={workspace.id === selectedId}
                onOpen={() => open(workspace)}
              />
            ))}
          </div>
        )}
      </section>
    </div>
  );
}
