import Chip, { type ChipProps } from '@mui/material/Chip';

const colors: Record<string, ChipProps['color']> = {
  active: 'success',
  confirmed: 'success',
  accepted: 'success',
  pending: 'warning',
  unconfirmed: 'info',
  suspended: 'error',
};

/** A status (`{ key, name }`, named by the server in the request's language) as a coloured chip. */
export function StatusChip({ status }: { status: { key: string; name: string } }) {
  return (
    <Chip
      size="small"
      variant="outlined"
      color={colors[status.key] ?? 'default'}
      label={status.name}
      data-status={status.key}
    />
  );
}
