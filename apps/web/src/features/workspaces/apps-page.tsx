import { type Application, tenantSettingsKey } from '@wsm/contracts';
import { useTranslation } from 'react-i18next';
import { LoadError } from '../../components/load-error';
import { PlainAlert } from '../../components/plain/alert';
import { PlainAvatar } from '../../components/plain/avatar';
import { PathIcon } from '../../components/plain/icons';
import { signedInIcons } from '../../components/plain/signed-in-icons';
import { UserValue } from '../../components/user-value';
import { isolateValue } from '../../lib/bidi';
import { LocaleLink, useLocale } from '../../lib/locale-navigation';
import { Gate, useWorkspaceAccess } from './access';
import { useApplications, useWorkspaces } from './api';
import { ApplicationIcon } from './components/application-icon';
import { applicationTitle } from './components/application-title';
import { PageHeader } from './components/page-header';
import { useOpenApplication } from './components/use-open-application';
import { useSelectedAppId, useSelectedWorkspaceId } from './selection';
import { canOpenSection, settingsSections } from './settings/sections';
import './first-screens.css';

// Plain markup and CSS (signed-in.css, first-screens.css): a login with a selected workspace lands here,
// and this screen loads no MUI.

function ApplicationCard({ application, current }: { application: Application; current: boolean }) {
  const { t } = useTranslation('workspaces');
  const locale = useLocale();
  const open = useOpenApplication();
  const builtIn = application.key === tenantSettingsKey;
  const line = builtIn ? t('apps.settingsDescription') : (application.slogan ?? application.description);
  const title = applicationTitle(application, t);
  return (
    <div className={`pl-panel pl-tile${current ? ' pl-tile--current' : ''}`} data-testid="application-card">
      <button type="button" className="pl-tile__action" onClick={() => open(application)}>
        <div className="pl-tile__row">
          <div className={builtIn ? 'pl-tile__icon pl-tile__icon--primary' : 'pl-tile__icon'}>
            <ApplicationIcon applicationKey={application.key} />
          </div>
          <div className="pl-tile__text">
            <h2 className="pl-tile__title">
              <UserValue value={title} kind="text" />
            </h2>
            <p className="pl-tile__line">{line ? <UserValue value={line} kind="text" /> : '\u00a0'}</p>
          </div>
        </div>
        {application.version.pwa || current ? (
          <div className="pl-chips">
            {application.version.pwa ? (
              <span className="pl-chip">
                {t('apps.version', { version: isolateValue(application.version.pwa, locale, 'number') })}
              </span>
            ) : null}
            {current ? <span className="pl-chip pl-chip--success">{t('apps.current')}</span> : null}
          </div>
        ) : null}
      </button>
    </div>
  );
}

/** /workspace/apps: the applications of the selected workspace; opening one selects it. */
export function AppsPage() {
  const { t } = useTranslation('workspaces');
  const workspaceId = useSelectedWorkspaceId();
  const appId = useSelectedAppId();
  const workspaces = useWorkspaces();
  const applications = useApplications(workspaceId);
  const workspace = workspaces.data?.find((item) => item.id === workspaceId);
  const access = useWorkspaceAccess();
  // The settings tile leads nowhere for a role that holds none of their sections: it is not offered.
  const offersSettings =
    access.loading || settingsSections.some((section) => canOpenSection(section, access));
  const shown = applications.data?.filter(
    (application) => offersSettings || application.key !== tenantSettingsKey,
  );

  if (!workspaceId) {
    return (
      <PlainAlert
        tone="info"
        standard
        action={
          <LocaleLink to="/" className="pl-button pl-button--text pl-button--small pl-button--mui">
            {t('switcher.allWorkspaces')}
          </LocaleLink>
        }
      >
        {t('apps.noWorkspace')}
      </PlainAlert>
    );
  }

  return (
    <div>
      <PageHeader
        title={t('apps.title')}
        subtitle={
          <span className="pl-apps-workspace">
            <PlainAvatar src={workspace?.logo?.url} size={22} fontSize={12}>
              {workspace?.name.slice(0, 1)}
            </PlainAvatar>
            <span>{workspace ? <UserValue value={workspace.name} kind="text" /> : '\u00a0'}</span>
          </span>
        }
        actions={
          <>
            <LocaleLink to="/" className="pl-button pl-button--neutral pl-button--medium pl-button--mui">
              <PathIcon d={signedInIcons.swapHoriz} size={20} />
              {t('apps.switchWorkspace')}
            </LocaleLink>
            <Gate permission="tenant_profile_read">
              <LocaleLink
                to="/workspace/settings/applications"
                className="pl-button pl-button--outlined pl-button--medium pl-button--mui"
              >
                <PathIcon d={signedInIcons.settings} size={20} />
                {t('apps.manage')}
              </LocaleLink>
            </Gate>
          </>
        }
      />
      {applications.isPending ? (
        <div className="pl-grid" role="progressbar" aria-busy="true" aria-label={t('states.loading')}>
          {[0, 1, 2].map((key) => (
            <div key={key} className="pl-skeleton" style={{ height: 128 }} />
          ))}
        </div>
      ) : applications.isError ? (
        <LoadError message={t('states.loadFailed')} smallButton onRetry={() => void applications.refetch()} />
      ) : shown?.length === 0 ? (
        <div className="pl-panel pl-panel--dashed pl-empty" data-testid="applications-empty">
          <div className="pl-empty__body">
            <PathIcon d={signedInIcons.apps} size={56} className="pl-empty__icon" />
            <h2 className="pl-empty__title">{t('apps.emptyTitle')}</h2>
            <p className="pl-empty__text">{t('apps.emptyText')}</p>
          </div>
        </div>
      ) : (
        <div className="pl-grid">
          {(shown ?? []).map((application) => (
            <ApplicationCard
              key={application.id}
              application={application}
              current={application.id === appId}
            />
          ))}
        </div>
      )}
    </div>
  );
}
