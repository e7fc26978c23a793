import { type InputHTMLAttributes, type ReactNode, type Ref, useId, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Icon } from './icons';

// MUI's outlined text field as plain markup (plain.css): the label rests inside the empty field and
// floats onto its border when the field has focus or a value; the help text under it turns into the
// error message. The ids and ARIA wiring are TextField's own.

export interface PlainTextFieldProps
  extends Omit<InputHTMLAttributes<HTMLInputElement>, 'value' | 'children'> {
  name: string;
  label: string;
  value: string;
  /** The new text (or `onChange` for the event itself). */
  onValueChange?: (value: string) => void;
  /** Shown under the field; the error message when `error`. */
  helperText?: string;
  error?: boolean;
  inputRef?: Ref<HTMLInputElement>;
  /** Classes of the <input> besides the field's own. */
  className?: string;
  /** A button inside the field, at its end. */
  end?: ReactNode;
}

export function PlainTextField({
  id: idOverride,
  label,
  value,
  onValueChange,
  helperText,
  error = false,
  required = false,
  inputRef,
  end,
  onChange,
  className,
  ...input
}: PlainTextFieldProps) {
  const generatedId = useId();
  const id = idOverride ?? generatedId;
  const helperId = helperText ? `${id}-helper-text` : undefined;
  const classes = ['pl-field'];
  if (value !== '') classes.push('pl-field--filled');
  if (error) classes.push('pl-field--error');
  if (end) classes.push('pl-field--adorned');
  return (
    <div className={classes.join(' ')}>
      <div className="pl-field__box">
        <input
          {...input}
          ref={inputRef}
          id={id}
          className={className ? `pl-field__input ${className}` : 'pl-field__input'}
          value={value}
          onChange={(event) => {
            onChange?.(event);
            onValueChange?.(event.target.value);
          }}
          required={required}
          aria-invalid={error}
          aria-describedby={helperId}
        />
        <label className="pl-field__label" htmlFor={id} id={`${id}-label`}>
          {label}
          {required && <span aria-hidden="true"> *</span>}
        </label>
        {end && <span className="pl-field__end">{end}</span>}
      </div>
      {helperText && (
        <p className="pl-field__helper" id={helperId}>
          {helperText}
        </p>
      )}
    </div>
  );
}

/** A password field with a show/hide button. */
export function PlainPasswordField(props: Omit<PlainTextFieldProps, 'type' | 'end'>) {
  const { t } = useTranslation('auth');
  const [visible, setVisible] = useState(false);
  return (
    <PlainTextField
      {...props}
      type={visible ? 'text' : 'password'}
      dir="ltr"
      spellCheck={false}
      end={
        <button
          type="button"
          className="pl-icon-button"
          onClick={() => setVisible((shown) => !shown)}
          aria-label={visible ? t('fields.hidePassword') : t('fields.showPassword')}
          aria-pressed={visible}
        >
          <Icon name={visible ? 'visibilityOff' : 'visibility'} />
        </button>
      }
    />
  );
}
