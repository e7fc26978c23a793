import Box from '@mui/material/Box';
import type { FormEvent, ReactNode } from 'react';

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
