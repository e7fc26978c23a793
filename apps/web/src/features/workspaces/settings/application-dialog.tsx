import Button from '@mui/material/Button';
import Dialog from '@mui/material/Dialog';
import DialogActions from '@mui/material/DialogActions';
import DialogContent from '@mui/material/DialogContent';
import DialogTitle from '@mui/material/DialogTitle';
import Stack from '@mui/material/Stack';
import { useTheme } from '@mui/material/styles';
import Typography from '@mui/material/Typography';
import useMediaQuery from '@mui/material/useMediaQuery';
import {
  type Application,
  applicationKeySchema,
  createApplicationRequestSchema,
  StatusCode,
  tenantSettingsKey,
} from '@wsm/contracts';
import { type ReactNode, useId } from 'react';
import { type FieldPath, useForm } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { z } from 'zod';
import { ApiError } from '../../../lib/api-error';
import { notify } from '../../../lib/notify';
import { useRevalidateOnLocale } from '../../auth/form';
import { useCreateApplication, useUpdateApplication } from '../api';
import { applyFieldErrors, useFormResolver } from '../form';
import { FormTextField, SocialFields, socialForm } from './form-fields';

const fields = createApplicationRequestSchema.shape;
const versions = fields.version.unwrap().shape;

/** Keywords are typed as one line, separated by Latin or Persian commas. */
const keywordsSchema = z
  .string()
  .transform((value) =>
    value
      .split(/[,،]/)
      .map((word) => word.trim())
      .filter(Boolean),
  )
  .pipe(fields.keywords.unwrap());

/** The application form, flat; version and social networks nest on save. */
export const applicationFormSchema = z.object({
  key: applicationKeySchema,
  name: fields.name,
  title: fields.title,
  slogan: fields.slogan,
  description: fields.description,
  keywords: keywordsSchema,
  pwa: versions.pwa,
  ios: versions.ios,
  android: versions.android,
  windows: versions.windows,
  macos: versions.macos,
  ...socialForm.shape,
});
type AppForm = z.input<typeof applicationFormSchema>;
type AppOutput = z.output<typeof applicationFormSchema>;
type AppField = FieldPath<AppForm>;

export const versionKeys = ['pwa', 'ios', 'android', 'windows', 'macos'] as const;
const formFields: readonly AppField[] = [
  'key',
  'name',
  'title',
  'slogan',
  'description',
  'keywords',
  ...versionKeys,
  ...socialForm.keys,
];

const emptyValues: Record<AppField, string> = {
  key: '',
  name: '',
  title: '',
  slogan: '',
  description: '',
  keywords: '',
  pwa: '',
  ios: '',
  android: '',
  windows: '',
  macos: '',
  instagram: '',
  telegram: '',
  x: '',
  rubika: '',
};

const valuesOf = (application: Application | undefined): Record<AppField, string> =>
  application
    ? {
        key: application.key,
        name: application.name,
        title: application.title ?? '',
        slogan: application.slogan ?? '',
        description: application.description ?? '',
        keywords: application.keywords.join(', '),
        pwa: application.version.pwa ?? '',
        ios: application.version.ios ?? '',
        android: application.version.android ?? '',
        windows: application.version.windows ?? '',
        macos: application.version.macos ?? '',
        ...socialForm.valuesOf(application.socialNetworks),
      }
    : emptyValues;

/** version.pwa → pwa, socialNetworks.x → x, keywords.3 → keywords. */
const fieldOfPath = (path: string) => {
  const [head, tail] = path.split('.');
  if ((head === 'version' || head === 'socialNetworks') && tail) return tail;
  return head ?? path;
};

function Group({ title, children }: { title: string; children: ReactNode }) {
  return (
    <Stack component="fieldset" sx={{ border: 0, p: 0, m: 0, gap: 2 }}>
      <Typography
        component="legend"
        variant="subtitle2"
        sx={{ fontWeight: 700, color: 'text.secondary', mb: 1.5 }}
      >
        {title}
      </Typography>
      {children}
    </Stack>
  );
}

const twoColumns = { display: 'grid', gap: 2, gridTemplateColumns: { xs: '1fr', sm: '1fr 1fr' } } as const;

/** Create (no `application`) or edit an application; full screen on small screens. */
export function ApplicationDialog({
  workspaceId,
  application,
  open,
  onClose,
}: {
  workspaceId: string;
  application?: Application;
  open: boolean;
  onClose: () => void;
}) {
  const { t } = useTranslation('workspaces');
  const theme = useTheme();
  const fullScreen = useMediaQuery(theme.breakpoints.down('sm'));
  const titleId = useId();
  const create = useCreateApplication(workspaceId);
  const update = useUpdateApplication(workspaceId);
  const resolver = useFormResolver(applicationFormSchema, t);
  const form = useForm<AppForm, unknown, AppOutput>({
    resolver,
    defaultValues: valuesOf(application),
  });
  const { control, handleSubmit, setError, formState } = form;
  useRevalidateOnLocale(form);
  const builtIn = application?.key === tenantSettingsKey;

  const submit = handleSubmit(async (values) => {
    const body = {
      name: values.name,
      title: values.title,
      slogan: values.slogan,
      description: values.description,
      keywords: values.keywords,
      version: {
        pwa: values.pwa,
        ios: values.ios,
        android: values.android,
        windows: values.windows,
        macos: values.macos,
      },
      socialNetworks: socialForm.networksOf(values),
    };
    try {
      if (application) {
        await update.mutateAsync({
          workspaceId,
          applicationId: application.id,
          ...(builtIn ? {} : { key: values.key }),
          ...body,
        });
        notify.success(t('applications.updated', { name: values.name }));
      } else {
        await create.mutateAsync({ workspaceId, key: values.key, ...body });
        notify.success(t('applications.created', { name: values.name }));
      }
      onClose();
    } catch (error) {
      if (error instanceof ApiError && error.statusCode === StatusCode.duplicate)
        setError('key', { type: 'server', message: t('applications.keyTaken') }, { shouldFocus: true });
      else applyFieldErrors(error, setError, formFields, fieldOfPath);
    }
  });

  return (
    <Dialog
      open={open}
      onClose={formState.isSubmitting ? undefined : onClose}
      fullScreen={fullScreen}
      maxWidth="md"
      fullWidth
      aria-labelledby={titleId}
    >
      <form noValidate onSubmit={submit} data-testid="application-form">
        <DialogTitle id={titleId}>
          {application
            ? t('applications.editTitle', { name: application.name })
            : t('applications.createTitle')}
        </DialogTitle>
        <DialogContent dividers>
          <Stack sx={{ gap: 3 }}>
            <Group title={t('applications.groups.identity')}>
              <Stack sx={twoColumns}>
                <FormTextField name="name" control={control} label={t('applications.fields.name')} required />
                <FormTextField
                  name="key"
                  control={control}
                  label={t('applications.fields.key')}
                  hint={builtIn ? t('applications.builtInKey') : t('applications.keyHint')}
                  disabled={builtIn}
                  required
                  ltr
                />
                <FormTextField name="title" control={control} label={t('applications.fields.title')} />
                <FormTextField name="slogan" control={control} label={t('applications.fields.slogan')} />
              </Stack>
              <FormTextField
                name="description"
                control={control}
                label={t('applications.fields.description')}
                multilineRows={2}
              />
              <FormTextField
                name="keywords"
                control={control}
                label={t('applications.fields.keywords')}
                hint={t('applications.keywordsHint')}
              />
            </Group>
            <Group title={t('applications.groups.versions')}>
              <Stack
                sx={{
                  display: 'grid',
                  gap: 2,
                  gridTemplateColumns: { xs: '1fr 1fr', sm: 'repeat(5, minmax(0, 1fr))' },
                }}
              >
                {versionKeys.map((key) => (
                  <FormTextField
                    key={key}
                    name={key}
                    control={control}
                    label={t(`applications.versions.${key}`)}
                    ltr
                  />
                ))}
              </Stack>
            </Group>
            <Group title={t('applications.groups.social')}>
              <SocialFields control={control} />
            </Group>
          </Stack>
        </DialogContent>
        <DialogActions sx={{ px: 3, py: 2 }}>
          <Button onClick={onClose} color="inherit" disabled={formState.isSubmitting}>
            {t('actions.cancel')}
          </Button>
          <Button type="submit" variant="contained" loading={formState.isSubmitting}>
            {application ? t('actions.save') : t('applications.create')}
          </Button>
        </DialogActions>
      </form>
    </Dialog>
  );
}
