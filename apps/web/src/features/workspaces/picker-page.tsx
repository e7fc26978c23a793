import AddOutlined from '@mui/icons-material/AddOutlined';
import ArrowForward from '@mui/icons-material/ArrowForward';
import WorkspacesOutlined from '@mui/icons-material/WorkspacesOutlined';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Card from '@mui/material/Card';
import CardActionArea from '@mui/material/CardActionArea';
import Chip from '@mui/material/Chip';
import Skeleton from '@mui/material/Skeleton';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import type { Workspace } from '@wsm/contracts';
import { useTranslation } from 'react-i18next';
import { LazyAvatar } from '../../components/lazy-image';
import { LoadError } from '../../components/load-error';
import { LocaleLink, useLocaleNavigate } from '../../lib/locale-navigation';
import { useMyInvitations, useWorkspaces } from './api';
import { InvitationCards } from './components/invitation-card';
import { MemberLevel } from './components/member-level';
import { PageHeader } from './components/page-header';
import { selectWorkspace, useSelectedWorkspaceId } from './selection';

const grid = {
  display: 'grid',
  gap: 2,
  gridTemplateColumns: { xs: '1fr', sm: 'repeat(2, minmax(0, 1fr))', lg: 'repeat(3, minmax(0, 1fr))' },
} as const;

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
    <Card
      variant="outlined"
      data-testid="workspace-card"
      sx={{
        borderRadius: 2.5,
        borderColor: current ? 'primary.main' : 'divider',
        transition: 'border-color 150ms, box-shadow 150ms',
        '&:hover': { borderColor: 'primary.main', boxShadow: 3 },
      }}
    >
      <CardActionArea
        onClick={onOpen}
        sx={{ p: 2.5, height: '100%' }}
        aria-label={t('picker.open', { name: workspace.name })}
      >
        <Stack direction="row" sx={{ gap: 2, alignItems: 'center' }}>
          <LazyAvatar
            src={workspace.logo?.url}
            alt=""
            variant="rounded"
            sx={{ width: 56, height: 56, bgcolor: 'primary.main', fontSize: '1.4rem', fontWeight: 700 }}
          >
            {workspace.name.slice(0, 1)}
          </LazyAvatar>
          <Box sx={{ minWidth: 0, flex: 1 }}>
            <Typography component="h3" sx={{ fontWeight: 700, fontSize: '1.05rem' }} noWrap>
              {workspace.name}
            </Typography>
            <Typography
              variant="body2"
              dir="ltr"
              data-identifier
              sx={{ color: 'text.secondary', textAlign: 'left' }}
              noWrap
            >
              @{workspace.workspaceName}
            </Typography>
          </Box>
          <ArrowForward
            fontSize="small"
            sx={(theme) => ({
              color: 'text.secondary',
              transform: theme.direction === 'rtl' ? 'scaleX(-1)' : undefined,
            })}
            aria-hidden
          />
        </Stack>
        <Stack direction="row" sx={{ gap: 1, mt: 2, flexWrap: 'wrap' }}>
          <Chip
            size="small"
            color={workspace.level === 'owner' ? 'primary' : 'default'}
            variant={workspace.level === 'owner' ? 'filled' : 'outlined'}
            label={<MemberLevel level={workspace.level} role={workspace.role} />}
          />
          {current ? (
            <Chip size="small" color="success" variant="outlined" label={t('picker.current')} />
          ) : null}
        </Stack>
      </CardActionArea>
    </Card>
  );
}

function EmptyWorkspaces() {
  const { t } = useTranslation('workspaces');
  return (
    <Card
      variant="outlined"
      sx={{ borderRadius: 2.5, borderStyle: 'dashed', p: { xs: 3, sm: 6 }, textAlign: 'center' }}
      data-testid="workspaces-empty"
    >
      <Stack sx={{ alignItems: 'center', gap: 1.5, maxWidth: 440, mx: 'auto' }}>
        <WorkspacesOutlined sx={{ fontSize: 56, color: 'primary.main' }} aria-hidden />
        <Typography component="h2" variant="h6" sx={{ fontWeight: 700 }}>
          {t('picker.emptyTitle')}
        </Typography>
        <Typography sx={{ color: 'text.secondary' }}>{t('picker.emptyText')}</Typography>
        <Button
          component={LocaleLink}
          to="/workspace/new"
          variant="contained"
          size="large"
          startIcon={<AddOutlined />}
          sx={{ mt: 1 }}
        >
          {t('picker.create')}
        </Button>
      </Stack>
    </Card>
  );
}

/** The root of a signed-in user: pending invitations, then the workspaces to choose from. */
export function PickerPage() {
  const { t } = useTranslation('workspaces');
  const navigate = useLocaleNavigate();
  const selectedId = useSelectedWorkspaceId();
  const workspaces = useWorkspaces();
  const invitations = useMyInvitations();

  const open = (workspace: Workspace) => {
    selectWorkspace(workspace.id);
    navigate('/workspace/apps');
  };

  return (
    <Box>
      <PageHeader
        title={t('picker.title')}
        subtitle={t('picker.subtitle')}
        actions={
          workspaces.data && workspaces.data.length > 0 ? (
            <Button
              component={LocaleLink}
              to="/workspace/new"
              variant="contained"
              startIcon={<AddOutlined />}
            >
              {t('picker.create')}
            </Button>
          ) : null
        }
      />

      {invitations.data && invitations.data.length > 0 ? (
        <Box component="section" aria-labelledby="picker-invitations" sx={{ mb: 4 }}>
          <Stack direction="row" sx={{ alignItems: 'baseline', justifyContent: 'space-between', mb: 1.5 }}>
            <Typography id="picker-invitations" component="h2" variant="h6" sx={{ fontWeight: 700 }}>
              {t('picker.invitations')}
            </Typography>
            <Button component={LocaleLink} to="/workspace/invitations" size="small">
              {t('picker.allInvitations')}
            </Button>
          </Stack>
          <InvitationCards invitations={invitations.data} />
        </Box>
      ) : null}

      <Box component="section" aria-labelledby="picker-workspaces">
        <Typography id="picker-workspaces" component="h2" variant="h6" sx={{ fontWeight: 700, mb: 1.5 }}>
          {t('picker.workspaces')}
        </Typography>
        {workspaces.isPending ? (
          <Box sx={grid} aria-busy="true" aria-label={t('states.loading')}>
            {[0, 1, 2].map((key) => (
              <Skeleton key={key} variant="rounded" height={132} sx={{ borderRadius: 2.5 }} />
            ))}
          </Box>
        ) : workspaces.isError ? (
          <LoadError message={t('states.loadFailed')} smallButton onRetry={() => void workspaces.refetch()} />
        ) : workspaces.data.length === 0 ? (
          <EmptyWorkspaces />
        ) : (
          <Box sx={grid}>
            {workspaces.data.map((workspace) => (
              <WorkspaceCard
                key={workspace.id}
                workspace={workspace}
                current={workspace.id === selectedId}
                onOpen={() => open(workspace)}
              />
            ))}
          </Box>
        )}
      </Box>
    </Box>
  );
}
