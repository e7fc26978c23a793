import Alert from '@mui/material/Alert';
import Button from '@mui/material/Button';
import InputAdornment from '@mui/material/InputAdornment';
import Skeleton from '@mui/material/Skeleton';
import Stack from '@mui/material/Stack';
import TextField from '@mui/material/TextField';
import {
  socialNetworksInputSchema,
  updateWorkspaceProfileRequestSchema,
  type WorkspaceProfile,
} from '@wsm/contracts';
import { type ReactNode, useState } from 'react';
import { type Control, Controller, type FieldPath, useForm } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { z } from 'zod';
import { notify } from '../../../lib/notify';
import { useRevalidateOnLocale } from '../../auth/form';
import { SectionCard } from '../../profile/components/section-card';
import { Gate, useWorkspaceAccess } from '../access';
import { useUpdateWorkspaceProfile, useWorkspaceProfile } from '../api';
import { LoadError } from '../components/load-error';
import { applyFieldErrors, serverErrorAt, useFormResolver } from '../form';
import { useSelectedWorkspaceId } from '../selection';
import { LogoPicker } from './logo-picker';

const fields = updateWorkspaceProfileRequestSchema.shape;
const social = socialNetworksInputSchema.shape;

/** The profile form, flat (react-hook-form keeps flat keys simple); social networks nest on save. */
export const infoFormSchema = z.object({
  name: fields.name.unwrap(),
  description: fields.description,
  email: fields.email,
  phone: fields.phone,
  website: fields.website,
  fax: fields.fax,
  instagram: social.instagram,
  telegram: social.telegram,
  x: social.x,
  rubika: social.rubika,
});
type InfoForm = z.input<typeof infoFormSchema>;
type InfoOutput = z.output<typeof infoFormSchema>;
type InfoField = FieldPath<InfoForm>;

const socialKeys = ['instagram', 'telegram', 'x', 'rubika'] as const;
const formFields: readonly InfoField[] = [
  'name',
  'description',
  'email',
  'phone',
  'website',
  'fax',
  ...socialKeys,
];

const valuesOf = (profile: WorkspaceProfile): Record<InfoField, string> => ({
  name: profile.name,
  description: profile.description ?? '',
  email: profile.email ?? '',
  phone: profile.phone ?? '',
  website: profile.website ?? '',
  fax: profile.fax ?? '',
  instagram: profile.socialNetworks.instagram ?? '',
  telegram: profile.socialNetworks.telegram ?? '',
  x: profile.socialNetworks.x ?? '',
  rubika: profile.socialNetworks.rubika ?? '',
});

/** socialNetworks.x → x; every other server path is the field itself. */
const fieldOfPath = (path: string) => path.replace(/^socialNetworks\./, '');

function Field({
  name,
  control,
  label,
  disabled,
  ltr,
  type,
  hint,
  multiline,
  adornment,
  autoComplete,
}: {
  name: InfoField;
  control: Control<InfoForm, unknown, InfoOutput>;
  label: string;
  disabled: boolean;
  ltr?: boolean;
  type?: string;
  hint?: string;
  multiline?: boolean;
  adornment?: ReactNode;
  autoComplete?: string;
}) {
  return (
    <Controller
      name={name}
      control={control}
      render={({ field, fieldState }) => (
        <TextField
          {...field}
          value={typeof field.value === 'string' ? field.value : ''}
          inputRef={field.ref}
          label={label}
          type={type}
          disabled={disabled}
          error={Boolean(fieldState.error)}
          helperText={fieldState.error?.message ?? hint}
          multiline={multiline}
          minRows={multiline ? 3 : undefined}
          autoComplete={autoComplete}
          fullWidth
          required={name === 'name'}
          slotProps={{
            htmlInput: ltr ? { dir: 'ltr', spellCheck: false } : undefined,
            input: adornment
              ? { startAdornment: <InputAdornment position="start">{adornment}</InputAdornment> }
              : undefined,
          }}
        />
      )}
    />
  );
}

function InfoFormView({
  profile,
  workspaceId,
  editable,
}: {
  profile: WorkspaceProfile;
  workspaceId: string;
  editable: boolean;
}) {
  const { t } = useTranslation('workspaces');
  const update = useUpdateWorkspaceProfile();
  const resolver = useFormResolver(infoFormSchema, t);
  const form = useForm<InfoForm, unknown, InfoOutput>({ resolver, defaultValues: valuesOf(profile) });
  const { control, handleSubmit, setError, reset, formState } = form;
  useRevalidateOnLocale(form);
  // undefined: unchanged; null: remove; a string: the uploaded image.
  const [logoId, setLogoId] = useState<string | null | undefined>(undefined);
  const [logoError, setLogoError] = useState<string | undefined>();
  const [logoKey, setLogoKey] = useState(0);
  const disabled = !editable || formState.isSubmitting;

  const submit = handleSubmit(async (values) => {
    setLogoError(undefined);
    try {
      const saved = await update.mutateAsync({
        workspaceId,
        name: values.name,
        description: values.description,
        email: values.email,
        phone: values.phone,
        website: values.website,
        fax: values.fax,
        socialNetworks: {
          instagram: values.instagram,
          telegram: values.telegram,
          x: values.x,
          rubika: values.rubika,
        },
        ...(logoId !== undefined ? { logoId } : {}),
      });
      reset(valuesOf(saved));
      setLogoId(undefined);
      setLogoKey((key) => key + 1);
      notify.success(t('info.saved'));
    } catch (error) {
      applyFieldErrors(error, setError, formFields, fieldOfPath);
      setLogoError(serverErrorAt(error, 'logoId'));
    }
  });

  const text = (name: InfoField, extra: Partial<Parameters<typeof Field>[0]> = {}) => (
    <Field name={name} control={control} label={t(`info.fields.${name}`)} disabled={disabled} {...extra} />
  );

  return (
    <Stack
      component="form"
      noValidate
      onSubmit={submit}
      sx={{ gap: 3, maxWidth: 820 }}
      data-testid="workspace-info-form"
    >
      {!editable ? <Alert severity="info">{t('info.readOnly')}</Alert> : null}
      <SectionCard
        id="workspace-identity"
        title={t('info.identityTitle')}
        description={t('info.identityDescription')}
      >
        <LogoPicker
          key={logoKey}
          workspaceId={workspaceId}
          currentUrl={profile.logo?.url}
          name={profile.name}
          disabled={disabled}
          error={logoError}
          onChange={setLogoId}
        />
        {text('name', { autoComplete: 'organization' })}
        {text('description', { multiline: true })}
      </SectionCard>
      <SectionCard
        id="workspace-contact"
        title={t('info.contactTitle')}
        description={t('info.contactDescription')}
      >
        {text('email', { ltr: true, type: 'email', autoComplete: 'email' })}
        <Stack direction={{ xs: 'column', sm: 'row' }} sx={{ gap: 2 }}>
          {text('phone', { ltr: true, type: 'tel', autoComplete: 'tel' })}
          {text('fax', { ltr: true, type: 'tel' })}
        </Stack>
        {text('website', { ltr: true, type: 'url', hint: t('info.websiteHint'), autoComplete: 'url' })}
      </SectionCard>
      <SectionCard
        id="workspace-social"
        title={t('info.socialTitle')}
        description={t('info.socialDescription')}
      >
        <Stack sx={{ display: 'grid', gap: 2, gridTemplateColumns: { xs: '1fr', sm: '1fr 1fr' } }}>
          {socialKeys.map((key) => (
            <Field
              key={key}
              name={key}
              control={control}
              label={t(`info.fields.${key}`)}
              disabled={disabled}
              ltr
            />
          ))}
        </Stack>
      </SectionCard>
      <Stack direction="row" sx={{ justifyContent: 'flex-end', gap: 1 }}>
        <Gate permission="tenant_profile_update" mode="disable">
          <Button type="submit" variant="contained" size="large" loading={formState.isSubmitting}>
            {t('actions.save')}
          </Button>
        </Gate>
      </Stack>
    </Stack>
  );
}

/** /workspace/settings/info: the workspace profile (tenant_profile_read; editing tenant_profile_update). */
export function InfoPage() {
  const workspaceId = useSelectedWorkspaceId();
  const access = useWorkspaceAccess();
  const profile = useWorkspaceProfile(workspaceId);
  if (!workspaceId) return null;
  if (profile.isError) return <LoadError onRetry={() => void profile.refetch()} />;
  if (!profile.data) {
    return (
      <Stack sx={{ gap: 3 }} aria-busy="true">
        <Skeleton variant="rounded" height={300} />
        <Skeleton variant="rounded" height={220} />
      </Stack>
    );
  }
  return (
    <InfoFormView
      key={`${workspaceId}:${profile.data.id}`}
      profile={profile.data}
      workspaceId={workspaceId}
      editable={access.can('tenant_profile_update')}
    />
  );
}
