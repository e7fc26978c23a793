import Chip from '@mui/material/Chip';
import type { Theme } from '@mui/material/styles';

type Tone = 'success' | 'warning' | 'error' | 'info';

const tones: Record<string, Tone> = {
  active: 'success',
  confirmed: 'success',
  accepted: 'success',
  pending: 'warning',
  unconfirmed: 'info',
  suspended: 'error',
};

// Small text on a chip needs 4.5:1: MUI's main warning and success colours are too light on white
// (and too dark on the dark paper), so the text takes a darker shade in light mode and a lighter one in dark.
const text: Record<'light' | 'dark', Record<Tone, string>> = {
  light: { success: '#1b5e20', warning: '#8a4600', error: '#b71c1c', info: '#01579b' },
  dark: { success: '#81c784', warning: '#ffb74d', error: '#ef9a9a', info: '#81d4fa' },
};

/** A status (`{ key, name }`, named by the server in the request's language) as a coloured chip. */
export function StatusChip({ status }: { status: { key: string; name: string } }) {
  const tone = tones[status.key];
  return (
    <Chip
      size="small"
      variant="outlined"
      label={status.name}
      data-status={status.key}
      sx={
        tone
          ? (theme: Theme) => {
              const color = text[theme.palette.mode][tone];
              return { color, borderColor: color };
            }
          : undefined
      }
    />
  );
}
