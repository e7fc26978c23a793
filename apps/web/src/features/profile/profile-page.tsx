import Button from '@mui/material/Button';
import FormControl from '@mui/material/FormControl';
import FormControlLabel from '@mui/material/FormControlLabel';
import FormLabel from '@mui/material/FormLabel';
import InputLabel from '@mui/material/InputLabel';
import MenuItem from '@mui/material/MenuItem';
import Radio from '@mui/material/Radio';
import RadioGroup from '@mui/material/RadioGroup';
import Select from '@mui/material/Select';
import Skeleton from '@mui/material/Skeleton';
import Stack from '@mui/material/Stack';
import TextField from '@mui/material/TextField';
import type { Locale } from '@wsm/contracts';
import { type FormEvent, type ReactNode, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useLocation, useNavigate } from 'react-router';
import { type ModePreference, useColorMode } from '../../app/color-mode';
import { LoadError } from '../../components/load-error';
import { useLocale } from '../../lib/locale-navigation';
import { switchLocalePath } from '../../lib/locale-path';
import { notify } from '../../lib/notify';
import { saveLanguage } from '../../lib/storage';
import {
  type Option,
  type Profile,
  type ProfileUpdateRequest,
  profileUpdateRequestSchema,
  useGenders,
  useLanguages,
  useProfile,
  useUpdateProfile,
} from './api';
import { BirthDateField } from './components/birth-date-field';
import { ImagePicker } from './components/image-picker';
import { SectionCard } from './components/section-card';
import { checkAndSave, type FieldErrors } from './form-errors';

const languageLocale: Record<string, Locale> = { persian: 'fa', english: 'en', arabic: 'ar' };

const imageUrl = (image: Profile['image']): string | undefined =>
  typeof image === 'string' ? image : (image?.url ?? undefined);

interface FormState {
  firstName: string;
  lastName: string;
  genderId: string;
  birthDate: string | null | 'incomplete';
  languageId: string;
  mode: ModePreference;
  imageId?: string;
}

const initialState = (profile: Profile, preference: ModePreference): FormState => ({
  firstName: profile.firstName ?? '',
  lastName: profile.lastName ?? '',
  genderId: profile.gender?.id ?? '',
  birthDate: profile.birthDate ? profile.birthDate.slice(0, 10) : null,
  languageId: profile.language?.id ?? '',
  // The mode in use on this device: the profile's, or the one chosen here before (or the system).
  mode: profile.mode ?? preference,
});

/** A full-width select under its label; `id` links the two. */
function LabelledSelect({
  id,
  label,
  value,
  onChange,
  children,
}: {
  id: string;
  label: string;
  value: string;
  onChange: (value: string) => void;
  children: ReactNode;
}) {
  return (
    <FormControl fullWidth>
      <InputLabel id={id}>{label}</InputLabel>
      <Select labelId={id} label={label} value={value} onChange={(event) => onChange(event.target.value)}>
        {children}
      </Select>
    </FormControl>
  );
}

function ProfileForm({
  profile,
  genders,
  languages,
}: {
  profile: Profile;
  genders: Option[];
  languages: Option[];
}) {
  const { t } = useTranslation('profile');
  const locale = useLocale();
  const navigate = useNavigate();
  const location = useLocation();
  const { setMode, preference } = useColorMode();
  const update = useUpdateProfile();
  const [form, setForm] = useState<FormState>(() => initialState(profile, preference));
  const [errors, setErrors] = useState<FieldErrors>({});
  const set = <K extends keyof FormState>(key: K, value: FormState[K]) =>
    setForm((old) => ({ ...old, [key]: value }));

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    if (form.birthDate === 'incomplete') {
      setErrors({ birthDate: t('profile.birthDateIncomplete') });
      return;
    }
    const body: ProfileUpdateRequest = {
      firstName: form.firstName,
      lastName: form.lastName,
      genderId: form.genderId || null,
      birthDate: form.birthDate,
      ...(form.languageId ? { languageId: form.languageId } : {}),
      mode: form.mode === 'system' ? null : form.mode,
      ...(form.imageId ? { imageId: form.imageId } : {}),
    };
    if (!(await checkAndSave(profileUpdateRequestSchema, body, locale, setErrors, update.mutateAsync)))
      return;
    notify.success(t('profile.saved'));
    setMode(form.mode);
    // Only a language the user picked here moves the app; re-saving the stored one while reading the
    // other locale (the URL wins at start-up) must not.
    const chosen = languages.find((language) => language.id === form.languageId);
    const next = chosen ? languageLocale[chosen.key] : undefined;
    if (next && form.languageId !== (profile.language?.id ?? '')) {
      saveLanguage(next);
      if (next !== locale)
        void navigate(switchLocalePath(location.pathname, location.search, location.hash, next));
    }
  };

  const fullName = `${form.firstName} ${form.lastName}`.trim();
  const nameField = (name: 'firstName' | 'lastName', autoComplete: string) => (
    <TextField
      label={t(`profile.${name}`)}
      value={form[name]}
      onChange={(event) => set(name, event.target.value)}
      error={Boolean(errors[name])}
      helperText={errors[name]}
      autoComplete={autoComplete}
      fullWidth
    />
  );
  return (
    <Stack component="form" noValidate onSubmit={(event) => void submit(event)} sx={{ gap: 3 }}>
      <SectionCard id="profile-identity" title={t('profile.title')} description={t('profile.description')}>
        <ImagePicker
          currentUrl={imageUrl(profile.image)}
          name={fullName}
          onUploaded={(id) => set('imageId', id)}
        />
        <Stack direction={{ xs: 'column', sm: 'row' }} sx={{ gap: 2 }}>
          {nameField('firstName', 'given-name')}
          {nameField('lastName', 'family-name')}
        </Stack>
        <LabelledSelect
          id="profile-gender-label"
          label={t('profile.gender')}
          value={form.genderId}
          onChange={(value) => set('genderId', value)}
        >
          <MenuItem value="">{t('profile.none')}</MenuItem>
          {genders.map((gender) => (
            <MenuItem key={gender.id} value={gender.id}>
              {t(`genders.${gender.key}`, { defaultValue: gender.name })}
            </MenuItem>
          ))}
        </LabelledSelect>
        <BirthDateField
          key={locale}
          value={form.birthDate === 'incomplete' ? null : form.birthDate}
          onChange={(value) => set('birthDate', value)}
          locale={locale}
          error={errors.birthDate}
        />
      </SectionCard>
      <SectionCard
        id="profile-preferences"
        title={t('preferences.title')}
        description={t('preferences.description')}
      >
        <LabelledSelect
          id="profile-language-label"
          label={t('preferences.language')}
          value={form.languageId}
          onChange={(value) => set('languageId', value)}
        >
          {languages.map((language) => (
            <MenuItem key={language.id} value={language.id}>
              {t(`languages.${language.key}`, { defaultValue: language.name })}
            </MenuItem>
          ))}
        </LabelledSelect>
        <FormControl>
          <FormLabel id="profile-mode-label">{t('preferences.mode')}</FormLabel>
          <RadioGroup
            row
            aria-labelledby="profile-mode-label"
            value={form.mode}
            onChange={(event) => set('mode', event.target.value as FormState['mode'])}
          >
            <FormControlLabel value="system" control={<Radio />} label={t('preferences.system')} />
            <FormControlLabel value="light" control={<Radio />} label={t('preferences.light')} />
            <FormControlLabel value="dark" control={<Radio />} label={t('preferences.dark')} />
          </RadioGroup>
        </FormControl>
      </SectionCard>
      <Stack direction="row" sx={{ justifyContent: 'flex-end' }}>
        <Button type="submit" variant="contained" size="large" loading={update.isPending}>
          {t('actions.save')}
        </Button>
      </Stack>
    </Stack>
  );
}

/** /profile: names, gender, birth date, picture, language and colour mode. */
export function ProfilePage() {
  const { t } = useTranslation('profile');
  const profile = useProfile();
  const genders = useGenders();
  const languages = useLanguages();
  if (profile.isError || genders.isError || languages.isError) {
    return (
      <LoadError
        message={t('states.loadFailed')}
        onRetry={() => {
          void profile.refetch();
          void genders.refetch();
          void languages.refetch();
        }}
      />
    );
  }
  if (!profile.data || !genders.data || !languages.data) {
    return (
      <Stack sx={{ gap: 2 }} aria-busy="true" aria-label={t('states.loading')}>
        <Skeleton variant="rounded" height={320} />
        <Skeleton variant="rounded" height={180} />
      </Stack>
    );
  }
  return <ProfileForm profile={profile.data} genders={genders.data} languages={languages.data} />;
}
