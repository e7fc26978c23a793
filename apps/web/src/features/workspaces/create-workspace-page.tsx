import ArrowBack from '@mui/icons-material/ArrowBack';
import Button from '@mui/material/Button';
import Card from '@mui/material/Card';
import CardContent from '@mui/material/CardContent';
import Stack from '@mui/material/Stack';
import { createWorkspaceRequestSchema, StatusCode } from '@wsm/contracts';
import { useForm } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { ApiError } from '../../lib/api-error';
import { LocaleLink, useLocaleNavigate } from '../../lib/locale-navigation';
import { notify } from '../../lib/notify';
import { useRevalidateOnLocale } from '../auth/form';
import { useCreateWorkspace } from './api';
import { PageHeader } from './components/page-header';
import { applyFieldErrors, useFormResolver } from './form';
import { selectWorkspace } from './selection';
import { FormTextField } from './settings/form-fields';

/** A slug suggestion from a Latin display name: "Acme Trading Co." → "acme-trading-co". */
export function suggestWorkspaceName(name: string): string {
  return name
    .toLowerCase()
    .replace(/[^a-z0-9]+/g, '-')
    .replace(/^-+|-+$/g, '')
    .slice(0, 40);
}

/** /workspace/new: display name, unique workspace name (slug) and description; the creator owns it. */
export function CreateWorkspacePage() {
  const { t } = useTranslation('workspaces');
  const navigate = useLocaleNavigate();
  const create = useCreateWorkspace();
  const resolver = useFormResolver(createWorkspaceRequestSchema, t);
  const form = useForm({ resolver, defaultValues: { name: '', workspaceName: '', description: '' } });
  const { control, handleSubmit, setError, setValue, getFieldState, formState } = form;
  useRevalidateOnLocale(form);

  const submit = handleSubmit(async (body) => {
    try {
      const workspace = await create.mutateAsync(body);
      notify.success(t('create.created', { name: workspace.name }));
      selectWorkspace(workspace.id);
      navigate('/workspace/apps', { replace: true });
    } catch (error) {
      if (error instanceof ApiError && error.statusCode === StatusCode.duplicate)
        setError('workspaceName', { type: 'server', message: t('create.nameTaken') }, { shouldFocus: true });
      else applyFieldErrors(error, setError, ['name', 'workspaceName', 'description']);
    }
  });

  return (
    <Stack sx={{ maxWidth: 640, mx: 'auto' }}>
      <Button
        component={LocaleLink}
        to="/"
        color="inherit"
        startIcon={
          <ArrowBack sx={(theme) => ({ transform: theme.direction === 'rtl' ? 'scaleX(-1)' : undefined })} />
        }
        sx={{ alignSelf: 'flex-start', mb: 1 }}
      >
        {t('switcher.allWorkspaces')}
      </Button>
      <PageHeader title={t('create.title')} subtitle={t('create.subtitle')} />
      <Card variant="outlined" sx={{ borderRadius: 2.5 }}>
        <CardContent sx={{ p: { xs: 2, sm: 3 } }}>
          <Stack
            component="form"
            noValidate
            onSubmit={submit}
            sx={{ gap: 2.5 }}
            data-testid="create-workspace-form"
          >
            <FormTextField
              name="name"
              control={control}
              label={t('create.name')}
              hint={t('create.nameHint')}
              onValueChange={(name) => {
                // Until the slug is typed by hand it follows a Latin name.
                if (!getFieldState('workspaceName').isDirty) {
                  const slug = suggestWorkspaceName(name);
                  if (slug.length >= 3) setValue('workspaceName', slug);
                }
              }}
              required
              autoFocus
            />
            <FormTextField
              name="workspaceName"
              control={control}
              label={t('create.workspaceName')}
              hint={t('create.workspaceNameHint')}
              required
              ltr
              maxLength={40}
            />
            <FormTextField
              name="description"
              control={control}
              label={t('create.description')}
              multilineRows={3}
            />
            <Stack direction="row" sx={{ justifyContent: 'flex-end', gap: 1 }}>
              <Button component={LocaleLink} to="/" color="inherit">
                {t('actions.cancel')}
              </Button>
              <Button type="submit" variant="contained" loading={formState.isSubmitting}>
                {t('create.submit')}
              </Button>
            </Stack>
          </Stack>
        </CardContent>
      </Card>
    </Stack>
  );
}
