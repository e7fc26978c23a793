import FormControl from '@mui/material/FormControl';
import InputLabel from '@mui/material/InputLabel';
import MenuItem from '@mui/material/MenuItem';
import Select from '@mui/material/Select';
import type { ReactNode } from 'react';

// The value of the 'all' entry: not a value any filter takes.
const everyone = '__all__';

/** A filter's select: its first entry (`allLabel`) filters nothing and reports undefined. */
export function FilterSelect({
  id,
  label,
  allLabel,
  value,
  onChange,
  minWidth,
  children,
}: {
  id: string;
  label: string;
  allLabel: string;
  value: string | undefined;
  onChange: (value: string | undefined) => void;
  minWidth: number;
  children: ReactNode;
}) {
  return (
    <FormControl size="small" sx={{ minWidth: { xs: '100%', sm: minWidth } }}>
      <InputLabel id={id}>{label}</InputLabel>
      <Select
        labelId={id}
        label={label}
        value={value ?? everyone}
        onChange={(event) => onChange(event.target.value === everyone ? undefined : event.target.value)}
      >
        <MenuItem value={everyone}>{allLabel}</MenuItem>
        {children}
      </Select>
    </FormControl>
  );
}
