import FormControl from '@mui/material/FormControl';
import FormHelperText from '@mui/material/FormHelperText';
import type { InputBaseComponentProps } from '@mui/material/InputBase';
import InputLabel from '@mui/material/InputLabel';
import OutlinedInput, { type OutlinedInputProps } from '@mui/material/OutlinedInput';
import type { SxProps, Theme } from '@mui/material/styles';
import { forwardRef, type ReactNode, type Ref, useId } from 'react';

// MUI's TextField as the public forms use it (outlined, never a select), built from its parts: TextField
// itself imports Select, and with it Menu, Popover, Modal and the focus trap, ~12 KB brotli that the
// login page never draws (issue 13). The markup, ids and ARIA wiring are TextField's own.

export interface TextFieldProps
  extends Omit<OutlinedInputProps, 'label' | 'slotProps' | 'inputProps' | 'error' | 'sx' | 'className'> {
  label?: ReactNode;
  helperText?: ReactNode;
  error?: boolean;
  required?: boolean;
  className?: string;
  sx?: SxProps<Theme>;
  inputRef?: Ref<HTMLInputElement>;
  /** As TextField's: `htmlInput` for the <input>, `input` for the outlined input around it. */
  slotProps?: { htmlInput?: InputBaseComponentProps; input?: Partial<OutlinedInputProps> };
}

export const TextField = forwardRef<HTMLDivElement, TextFieldProps>(function TextField(
  {
    id: idOverride,
    label,
    helperText,
    error = false,
    required = false,
    disabled = false,
    fullWidth = false,
    color = 'primary',
    size,
    className,
    sx,
    slotProps,
    ...input
  },
  ref,
) {
  const generatedId = useId();
  const id = idOverride ?? generatedId;
  const helperTextId = helperText ? `${id}-helper-text` : undefined;
  return (
    <FormControl
      ref={ref}
      className={className ? `MuiTextField-root ${className}` : 'MuiTextField-root'}
      sx={sx}
      variant="outlined"
      error={error}
      required={required}
      disabled={disabled}
      fullWidth={fullWidth}
      color={color}
      size={size}
    >
      {label != null && label !== '' && (
        <InputLabel htmlFor={id} id={`${id}-label`}>
          {label}
        </InputLabel>
      )}
      <OutlinedInput
        aria-describedby={helperTextId}
        id={id}
        label={label}
        fullWidth={fullWidth}
        {...input}
        inputProps={slotProps?.htmlInput}
        {...slotProps?.input}
      />
      {helperText && <FormHelperText id={helperTextId}>{helperText}</FormHelperText>}
    </FormControl>
  );
});
