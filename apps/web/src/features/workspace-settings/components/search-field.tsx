import SearchIcon from '@mui/icons-material/Search';
import InputAdornment from '@mui/material/InputAdornment';
import TextField from '@mui/material/TextField';
import { useEffect, useRef, useState } from 'react';

export const searchDelayMs = 300;

/** A search box that reports its text once typing pauses, so each keystroke is not a request. */
export function SearchField({
  label,
  onSearch,
  delayMs = searchDelayMs,
}: {
  label: string;
  onSearch: (value: string) => void;
  delayMs?: number;
}) {
  const [value, setValue] = useState('');
  const latest = useRef(onSearch);
  latest.current = onSearch;
  const first = useRef(true);

  useEffect(() => {
    if (first.current) {
      first.current = false;
      return;
    }
    const timer = setTimeout(() => latest.current(value.trim()), delayMs);
    return () => clearTimeout(timer);
  }, [value, delayMs]);

  return (
    <TextField
      type="search"
      size="small"
      label={label}
      value={value}
      onChange={(event) => setValue(event.target.value)}
      sx={{ minWidth: { xs: '100%', sm: 260 } }}
      slotProps={{
        input: {
          startAdornment: (
            <InputAdornment position="start">
              <SearchIcon fontSize="small" />
            </InputAdornment>
          ),
        },
      }}
    />
  );
}
