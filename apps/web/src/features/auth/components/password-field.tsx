import VisibilityOff from '@mui/icons-material/VisibilityOffOutlined';
import Visibility from '@mui/icons-material/VisibilityOutlined';
import IconButton from '@mui/material/IconButton';
import InputAdornment from '@mui/material/InputAdornment';
import { forwardRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { TextField, type TextFieldProps } from '../../../components/text-field';

/** A password field with a show/hide button. */
export const PasswordField = forwardRef<HTMLInputElement, Omit<TextFieldProps, 'type'>>(
  function PasswordField(props, ref) {
    const { t } = useTranslation('auth');
    const [visible, setVisible] = useState(false);
    return (
      <TextField
        {...props}
        inputRef={ref}
        type={visible ? 'text' : 'password'}
        slotProps={{
          ...props.slotProps,
          htmlInput: { dir: 'ltr', spellCheck: false },
          input: {
            endAdornment: (
              <InputAdornment position="end">
                <IconButton
                  edge="end"
                  onClick={() => setVisible((shown) => !shown)}
                  aria-label={visible ? t('fields.hidePassword') : t('fields.showPassword')}
                  aria-pressed={visible}
                >
                  {visible ? <VisibilityOff /> : <Visibility />}
                </IconButton>
              </InputAdornment>
            ),
          },
        }}
      />
    );
  },
);
