import SettingsOutlined from '@mui/icons-material/SettingsOutlined';
import SwapHorizOutlined from '@mui/icons-material/SwapHorizOutlined';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Card from '@mui/material/Card';
import CardActionArea from '@mui/material/CardActionArea';
import Chip from '@mui/material/Chip';
import Skeleton from '@mui/material/Skeleton';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import { type Application, tenantSettingsKey } from '@wsm/contracts';
import { useTranslation } from 'react-i18next';
import { LazyAvatar } from '../../components/lazy-image';
import { LoadError } from '../../components/load-error';
import { displayDigits } from '../../lib/digits';
import { LocaleLink, useLocale } from '../../lib/locale-navigation';
import { Gate } from './access';
import { useApplications, useWorkspaces } from './api';
import { ApplicationIcon } from './components/application-icon';
import { applicationTitle } from './components/application-title';
import { PageHeader } from './components/page-header';
import { useOpenApplication } from './components/use-open-application';
import { useSelectedAppId, useSelectedWorkspaceId } from './selection';

const grid = {
  display: 'grid',
  gap: 2,
  gridTemplateColumns: { xs: '1fr', sm: 'repeat(2, minmax(0, 1fr))', lg: 'repeat(3, minmax(0, 1fr))' },
} as const;

function ApplicationCard({ application, current }: { application: Application; current: boolean }) {
  const { t } = useTranslation('workspaces');
  const locale = useLocale();
  const open = useOpenApplication();
  const builtIn = application.key === tenantSettingsKey;
  const line = builtIn ? t('apps.settingsDescription') : (application.slogan ?? application.description);
  const title = applicationTitle(application, t);
  return (
    <Card
      variant="outlined"
      data-testid="application-card"
      sx={{
        borderRadius: 2.5,
        borderColor: current ? 'primary.main' : 'divider',
        '&:hover': { borderColor: 'primary.main', boxShadow: 3 },
      }}
    >
      <CardActionArea
        onClick={() => open(application)}
        sx={{ p: 2.5, height: '100%' }}
        aria-label={t('apps.open', { name: title })}
      >
        <Stack direction="row" sx={{ gap: 2, alignItems: 'center' }}>
          <Box
            sx={{
              width: 48,
              height: 48,
              borderRadius: 2.5,
              display: 'grid',
              placeItems: 'center',
              bgcolor: builtIn ? 'primary.main' : 'action.selected',
              color: builtIn ? 'primary.contrastText' : 'text.primary',
              flexShrink: 0,
            }}
          >
            <ApplicationIcon applicationKey={application.key} />
          </Box>
          <Box sx={{ minWidth: 0 }}>
            <Typography component="h2" sx={{ fontWeight: 700 }} noWrap dir="auto">
              {title}
            </Typography>
            <Typography variant="body2" sx={{ color: 'text.secondary' }} noWrap>
              {line ?? '\u00a0'}
            </Typography>
          </Box>
        </Stack>
        {application.version.pwa || current ? (
          <Stack direction="row" sx={{ gap: 1, mt: 2, flexWrap: 'wrap' }}>
            {application.version.pwa ? (
              <Chip
                size="small"
                variant="outlined"
                label={t('apps.version', { version: displayDigits(application.version.pwa, locale) })}
              />
            ) : null}
            {current ? (
              <Chip size="small" color="success" variant="outlined" label={t('apps.current')} />
            ) : null}
          </Stack>
        ) : null}
      </CardActionArea>
    </Card>
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

  if (!workspaceId) {
    return (
      <Alert
        severity="info"
        action={
          <Button component={LocaleLink} to="/" color="inherit" size="small">
            {t('switcher.allWorkspaces')}
          </Button>
        }
      >
        {t('apps.noWorkspace')}
      </Alert>
    );
  }

  return (
    <Box>
      <PageHeader
        title={t('apps.title')}
        subtitle={
          <Stack component="span" direction="row" sx={{ alignItems: 'center', gap: 1 }}>
            <LazyAvatar
              src={workspace?.logo?.url}
              alt=""
              variant="rounded"
              sx={{ width: 22, height: 22, fontSize: '0.75rem' }}
            >
              {workspace?.name.slice(0, 1)}
            </LazyAvatar>
            <span>{workspace?.name ?? '\u00a0'}</span>
          </Stack>
        }
        actions={
          <>
            <Button
              component={LocaleLink}
              to="/"
              variant="outlined"
              color="inherit"
              startIcon={<SwapHorizOutlined />}
            >
              {t('apps.switchWorkspace')}
            </Button>
            <Gate permission="tenant_profile_read">
              <Button
                component={LocaleLink}
                to="/workspace/settings/applications"
                variant="outlined"
                startIcon={<SettingsOutlined />}
              >
                {t('apps.manage')}
              </Button>
            </Gate>
          </>
        }
      />
      {applications.isPending ? (
        <Box sx={grid} aria-busy="true" aria-label={t('states.loading')}>
          {[0, 1, 2].map((key) => (
            <Skeleton key={key} variant="rounded" height={128} sx={{ borderRadius: 2.5 }} />
          ))}
        </Box>
      ) : applications.isError ? (
        <LoadError message={t('states.loadFailed')} smallButton onRetry={() => void applications.refetch()} />
      ) : (
        <Box sx={grid}>
          {applications.data.map((application) => (
            <ApplicationCard
              key={application.id}
              application={application}
              current={application.id === appId}
            />
          ))}
        </Box>
      )}
    </Box>
  );
}
