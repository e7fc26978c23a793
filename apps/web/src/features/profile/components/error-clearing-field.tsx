import TextField, { type TextFieldProps } from '@mui/material/TextField';

/** A text field with its error under it, in place of `hint`; typing clears the error. */
export function ErrorClearingField({
  error,
  hint,
  onValue,
  onClearError,
  ...field
}: Omit<TextFieldProps, 'error' | 'helperText' | 'onChange'> & {
  error: string;
  hint?: string;
  onValue: (value: string) => void;
  onClearError: () => void;
}) {
  return (
    <TextField
      {...field}
      onChange={(event) => {
        onValue(event.target.value);
        onClearError();
      }}
      error={Boolean(error)}
      helperText={error || hint}
    />
  );
}
