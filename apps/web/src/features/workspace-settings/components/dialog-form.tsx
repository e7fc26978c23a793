import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import CircularProgress from '@mui/material/CircularProgress';
import DialogActions from '@mui/material/DialogActions';
import type { SxProps, Theme } from '@mui/material/styles';
import type { FormEvent, ReactNode } from 'react';
import { useTranslation } from 'react-i18next';

/**
 * A form filling a dialog: a flex column, so a long DialogContent scrolls while the DialogActions stay
 * in view (a plain <form> would let the whole dialog scroll and hide the buttons on a phone).
 */
export function DialogForm({
  onSubmit,
  children,
}: {
  onSubmit: (event: FormEvent) => void;
  children: ReactNode;
}) {
  return (
    <Box
      component="form"
      noValidate
      onSubmit={onSubmit}
      sx={{ display: 'flex', flexDirection: 'column', flex: '1 1 auto', minHeight: 0 }}
    >
      {children}
    </Box>
  );
}

/**
 * The form's cancel and submit buttons: while `pending` both wait and the submit shows a spinner;
 * `disabled` holds the submit for the form's own reasons.
 */
export function DialogFormActions({
  pending,
  disabled = false,
  submitLabel,
  cancelLabel,
  onCancel,
  sx,
}: {
  pending: boolean;
  disabled?: boolean;
  submitLabel: string;
  /** Instead of "Cancel", once the form has done something there is nothing to cancel. */
  cancelLabel?: string | undefined;
  onCancel: () => void;
  /** The actions' own spacing, after the usual. */
  sx?: SxProps<Theme>;
}) {
  const { t } = useTranslation('workspace-admin');
  return (
    <DialogActions sx={[{ px: 3, pb: 2 }, ...(Array.isArray(sx) ? sx : [sx])]}>
      <Button onClick={onCancel} disabled={pending}>
        {cancelLabel ?? t('actions.cancel')}
      </Button>
      <Button
        type="submit"
        variant="contained"
        disabled={disabled || pending}
        startIcon={pending ? <CircularProgress size={16} color="inherit" /> : undefined}
      >
        {submitLabel}
      </Button>
    </DialogActions>
  );
}
