import Alert from '@mui/material/Alert';
import Button from '@mui/material/Button';
import Skeleton from '@mui/material/Skeleton';
import Stack from '@mui/material/Stack';
import { updateWorkspaceProfileRequestSchema, type WorkspaceProfile } from '@wsm/contracts';
import { useState } from 'react';
import { type FieldPath, useForm } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { z } from 'zod';
import { LoadError } from '../../../components/load-error';
import { notify } from '../../../lib/notify';
import { useRevalidateOnLocale } from '../../auth/form';
import { SectionCard } from '../../profile/components/section-card';
import { Gate, useWorkspaceAccess } from '../access';
import { useUpdateWorkspaceProfile, useWorkspaceProfile } from '../api';
import { applyFieldErrors, serverErrorAt, useFormResolver } from '../form';
import { useSelectedWorkspaceId } from '../selection';
import { FormTextField, SocialFields, socialForm, type TextFieldOptions } from './form-fields';
import { LogoPicker } from './logo-picker';

const fields = updateWorkspaceProfileRequestSchema.shape;

/** The profile form, flat (react-hook-form keeps flat keys simple); social networks nest on save. */
export const infoFormSchema = z.object({
  name: fields.name.unwrap(),
  description: fields.description,
  email: fields.email,
  phone: fields.phone,
  website: fields.website,
  fax: fields.fax,
  ...socialForm.shape,
});
type InfoForm = z.input<typeof infoFormSchema>;
type InfoOutput = z.output<typeof infoFormSchema>;
type InfoField = FieldPath<InfoForm>;

const formFields: readonly InfoField[] = [
  'name',
  'description',
  'email',
  'phone',
  'website',
  'fax',
  ...socialForm.keys,
];

const valuesOf = (profile: WorkspaceProfile): Record<InfoField, string> => ({
  name: profile.name,
  description: profile.description ?? '',
  email: profile.email ?? '',
  phone: profile.phone ?? '',
  website: profile.website ?? '',
  fax: profile.fax ?? '',
  ...socialForm.valuesOf(profile.socialNetworks),
});

/** socialNetworks.x → x; every other server path is the field itself. */
const fieldOfPath = (path: string) => path.replace(/^socialNetworks\./, '');

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
        socialNetworks: socialForm.networksOf(values),
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

  const text = (name: InfoField, extra: TextFieldOptions = {}) => (
    <FormTextField
      name={name}
      control={control}
      label={t(`info.fields.${name}`)}
      disabled={disabled}
      required={name === 'name'}
      {...extra}
    />
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
        {text('description', { multilineRows: 3 })}
      </SectionCard>
      <SectionCard
        id="workspace-contact"
        title={t('info.contactTitle')}
        description={t('info.contactDescription')}
      >
        {text('email', { ltr: true, type: 'email', autoComplete: 'email' })}
        <Stack direction={{ xs: 'column', sm: 'row' }} sx={{ gap: 2 }}>
          {text('phone', { digits: true, autoComplete: 'tel' })}
          {text('fax', { digits: true })}
        </Stack>
        {text('website', { ltr: true, type: 'url', hint: t('info.websiteHint'), autoComplete: 'url' })}
      </SectionCard>
      <SectionCard
        id="workspace-social"
        title={t('info.socialTitle')}
        description={t('info.socialDescription')}
      >
        <SocialFields control={control} disabled={disabled} />
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
  const { t } = useTranslation('workspaces');
  const workspaceId = useSelectedWorkspaceId();
  const access = useWorkspaceAccess();
  const profile = useWorkspaceProfile(workspaceId);
  if (!workspaceId) return null;
  if (profile.isError)
    return <LoadError message={t('states.loadFailed')} smallButton onRetry={() => void profile.refetch()} />;
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
