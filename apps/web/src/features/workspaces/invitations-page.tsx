import ArrowBack from '@mui/icons-material/ArrowBack';
import MailOutlined from '@mui/icons-material/MailOutlined';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Card from '@mui/material/Card';
import CardContent from '@mui/material/CardContent';
import Chip from '@mui/material/Chip';
import Divider from '@mui/material/Divider';
import Skeleton from '@mui/material/Skeleton';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import { useTranslation } from 'react-i18next';
import { useParams } from 'react-router';
import { LazyAvatar } from '../../components/lazy-image';
import { LoadError } from '../../components/load-error';
import { UserValue } from '../../components/user-value';
import { formatDate, formatRemaining } from '../../lib/dates';
import { LocaleLink, useLocale, useLocaleNavigate } from '../../lib/locale-navigation';
import { useInvitation, useMyInvitations } from './api';
import { InvitationActions, InvitationCards } from './components/invitation-card';
import { PageHeader } from './components/page-header';

const backIcon = (
  <ArrowBack sx={(theme) => ({ transform: theme.direction === 'rtl' ? 'scaleX(-1)' : undefined })} />
);

/** /workspace/invitations: the caller's pending invitations, each to accept or decline. */
export function InvitationsPage() {
  const { t } = useTranslation('workspaces');
  const invitations = useMyInvitations();
  return (
    <Box sx={{ maxWidth: 840, mx: 'auto' }}>
      <PageHeader title={t('invitations.title')} subtitle={t('invitations.subtitle')} />
      {invitations.isPending ? (
        <Stack sx={{ gap: 1.5 }} aria-busy="true" aria-label={t('states.loading')}>
          <Skeleton variant="rounded" height={84} />
          <Skeleton variant="rounded" height={84} />
        </Stack>
      ) : invitations.isError ? (
        <LoadError message={t('states.loadFailed')} smallButton onRetry={() => void invitations.refetch()} />
      ) : invitations.data.length === 0 ? (
        <Card
          variant="outlined"
          sx={{ borderRadius: 2.5, borderStyle: 'dashed', p: { xs: 3, sm: 5 }, textAlign: 'center' }}
          data-testid="invitations-empty"
        >
          <Stack sx={{ alignItems: 'center', gap: 1 }}>
            <MailOutlined sx={{ fontSize: 48, color: 'text.secondary' }} aria-hidden />
            <Typography sx={{ fontWeight: 700 }}>{t('invitations.emptyTitle')}</Typography>
            <Typography variant="body2" sx={{ color: 'text.secondary' }}>
              {t('invitations.emptyText')}
            </Typography>
            <Button component={LocaleLink} to="/" sx={{ mt: 1 }}>
              {t('switcher.allWorkspaces')}
            </Button>
          </Stack>
        </Card>
      ) : (
        <InvitationCards invitations={invitations.data} />
      )}
    </Box>
  );
}

/** /workspace/invitations/:id: one invitation in full; accepting opens the workspace. */
export function InvitationPage() {
  const { t } = useTranslation('workspaces');
  const locale = useLocale();
  const navigate = useLocaleNavigate();
  const { id = '' } = useParams();
  const invitation = useInvitation(id);

  const back = (
    <Button
      component={LocaleLink}
      to="/workspace/invitations"
      color="inherit"
      startIcon={backIcon}
      sx={{ alignSelf: 'flex-start', mb: 1 }}
    >
      {t('invitations.title')}
    </Button>
  );

  if (invitation.isPending) {
    return (
      <Stack sx={{ maxWidth: 640, mx: 'auto', gap: 2 }} aria-busy="true" aria-label={t('states.loading')}>
        <Skeleton variant="rounded" height={260} />
      </Stack>
    );
  }
  if (invitation.isError) {
    return (
      <Stack sx={{ maxWidth: 640, mx: 'auto' }}>
        {back}
        <Alert severity="warning">{t('invitations.notFound')}</Alert>
      </Stack>
    );
  }

  const item = invitation.data;
  const pending = item.status.key === 'pending';
  return (
    <Stack sx={{ maxWidth: 640, mx: 'auto' }}>
      {back}
      <Card variant="outlined" sx={{ borderRadius: 2.5 }} data-testid="invitation-detail">
        <CardContent sx={{ p: { xs: 2.5, sm: 4 } }}>
          <Stack sx={{ alignItems: 'center', textAlign: 'center', gap: 1.5 }}>
            <LazyAvatar
              src={item.logo?.url}
              alt=""
              variant="rounded"
              sx={{ width: 72, height: 72, fontSize: '1.8rem', bgcolor: 'secondary.main' }}
            >
              {item.name.slice(0, 1)}
            </LazyAvatar>
            <Typography component="h1" variant="h5" sx={{ fontWeight: 800 }}>
              {t('invitations.detailTitle', { name: item.name })}
            </Typography>
            <Typography sx={{ color: 'text.secondary' }}>
              {item.role ? t('invitations.asRole', { role: item.role.name }) : t('invitations.asMember')}
            </Typography>
            <Chip
              size="small"
              label={item.status.name}
              color={pending ? 'warning' : 'default'}
              variant="outlined"
            />
          </Stack>
          <Divider sx={{ my: 3 }} />
          <Box
            component="dl"
            sx={{ display: 'grid', gridTemplateColumns: 'auto 1fr', columnGap: 3, rowGap: 1.25, m: 0 }}
          >
            <Typography component="dt" sx={{ color: 'text.secondary' }}>
              {t('invitations.workspaceName')}
            </Typography>
            <Typography component="dd" sx={{ m: 0 }}>
              <UserValue value={`@${item.workspaceName}`} kind="identifier" />
            </Typography>
            <Typography component="dt" sx={{ color: 'text.secondary' }}>
              {t('invitations.sent')}
            </Typography>
            <Typography component="dd" sx={{ m: 0 }}>
              {formatDate(item.createdDate, locale, t, 'dateTime')}
            </Typography>
            {pending ? (
              <>
                <Typography component="dt" sx={{ color: 'text.secondary' }}>
                  {t('invitations.expires')}
                </Typography>
                <Typography component="dd" sx={{ m: 0 }}>
                  {formatRemaining(item.expiresDate, t)}
                </Typography>
              </>
            ) : null}
          </Box>
          {pending ? (
            <Stack direction="row" sx={{ justifyContent: 'center', mt: 4 }}>
              <InvitationActions
                invitation={item}
                onDeclined={() => navigate('/workspace/invitations', { replace: true })}
              />
            </Stack>
          ) : null}
        </CardContent>
      </Card>
    </Stack>
  );
}
