import Stack from '@mui/material/Stack';
import TextField from '@mui/material/TextField';
import { type SocialNetworks, socialNetworksInputSchema } from '@wsm/contracts';
import { type Control, Controller, type FieldValues, type Path } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import type { z } from 'zod';
import { DigitsField } from '../../auth/components/digits-field';

// The fields the workspace profile form and the application form share: a text field bound to the
// form, and the social network handles (flat in the forms, nested as socialNetworks on save).

/** How a `FormTextField` shows, besides its field and label. */
export interface TextFieldOptions {
  hint?: string;
  /** Handles, addresses and versions read left to right in every language, typed as they are. */
  ltr?: boolean;
  /**
   * A number people type (phone, fax): digits with an optional +, spaces and dashes, shown in the
   * locale's digits whichever were typed, kept with ASCII digits.
   */
  digits?: boolean;
  maxLength?: number;
  /** Several lines, at least this many. */
  multilineRows?: number;
  type?: string;
  disabled?: boolean;
  required?: boolean;
  autoComplete?: string;
  autoFocus?: boolean;
}

/** A text field of a react-hook-form form: its error message replaces the hint under it. */
export function FormTextField<T extends FieldValues, TOut>({
  name,
  control,
  label,
  hint,
  ltr,
  digits,
  multilineRows,
  type,
  disabled,
  required,
  autoComplete,
  autoFocus,
  maxLength,
  onValueChange,
}: TextFieldOptions & {
  name: Path<T>;
  control: Control<T, unknown, TOut>;
  label: string;
  /** Told each typed value after the form has it. */
  onValueChange?: (value: string) => void;
}) {
  return (
    <Controller
      name={name}
      control={control}
      render={({ field, fieldState }) =>
        digits ? (
          <DigitsField
            name={field.name}
            value={typeof field.value === 'string' ? field.value : ''}
            onValueChange={(value) => {
              field.onChange(value);
              onValueChange?.(value);
            }}
            onBlur={field.onBlur}
            ref={field.ref}
            maxDigits={20}
            extraCharacters="+ -"
            slotProps={{ htmlInput: { inputMode: 'tel' } }}
            label={label}
            disabled={disabled}
            error={Boolean(fieldState.error)}
            helperText={fieldState.error?.message ?? hint}
            autoComplete={autoComplete}
            fullWidth
            required={required}
          />
        ) : (
          <TextField
            {...field}
            value={typeof field.value === 'string' ? field.value : ''}
            inputRef={field.ref}
            onChange={(event) => {
              field.onChange(event);
              onValueChange?.(event.target.value);
            }}
            label={label}
            type={type}
            disabled={disabled}
            error={Boolean(fieldState.error)}
            helperText={fieldState.error?.message ?? hint}
            multiline={multilineRows !== undefined}
            minRows={multilineRows}
            autoComplete={autoComplete}
            autoFocus={autoFocus}
            fullWidth
            required={required}
            slotProps={{
              htmlInput: {
                ...(ltr ? { dir: 'ltr', spellCheck: false, autoCapitalize: 'none' } : {}),
                maxLength,
              },
            }}
          />
        )
      }
    />
  );
}

const socialKeys = ['instagram', 'telegram', 'x', 'rubika'] as const;
type SocialInput = z.output<typeof socialNetworksInputSchema>;

/** The social networks in a flat form: their fields, schema, values and the request's part. */
export const socialForm = {
  keys: socialKeys,
  /** The fields' schemas, to spread into the form's schema. */
  shape: socialNetworksInputSchema.shape,
  /** The form's values of saved social networks (none is an empty field). */
  valuesOf: (networks: SocialNetworks): Record<(typeof socialKeys)[number], string> => ({
    instagram: networks.instagram ?? '',
    telegram: networks.telegram ?? '',
    x: networks.x ?? '',
    rubika: networks.rubika ?? '',
  }),
  /** The request's socialNetworks of the form's checked values. */
  networksOf: (values: SocialInput): SocialInput => ({
    instagram: values.instagram,
    telegram: values.telegram,
    x: values.x,
    rubika: values.rubika,
  }),
};

/** The four handles, two to a row from small screens up, labelled as on the workspace profile. */
/** The form must have the four fields (socialForm.shape). */
export function SocialFields<T extends FieldValues, TOut>({
  control,
  disabled,
}: {
  control: Control<T, unknown, TOut>;
  disabled?: boolean;
}) {
  const { t } = useTranslation('workspaces');
  return (
    <Stack sx={{ display: 'grid', gap: 2, gridTemplateColumns: { xs: '1fr', sm: '1fr 1fr' } }}>
      {socialKeys.map((key) => (
        <FormTextField
          key={key}
          name={key as Path<T>}
          control={control}
          label={t(`info.fields.${key}`)}
          disabled={disabled}
          ltr
        />
      ))}
    </Stack>
  );
}
