import AddOutlined from '@mui/icons-material/AddOutlined';
import DeleteOutlined from '@mui/icons-material/DeleteOutlined';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import IconButton from '@mui/material/IconButton';
import List from '@mui/material/List';
import ListItem from '@mui/material/ListItem';
import ListItemText from '@mui/material/ListItemText';
import Stack from '@mui/material/Stack';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import { useId, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { type UriRefusal, uriRefusal, uriTextValues } from './uri-check';

/**
 * A list of exact redirect URIs: each one removable, a field to add another, checked as it is added with
 * the server's rule; a refused one stays in the field with the reason under it.
 */
export function UriList({
  title,
  hint,
  empty,
  values,
  onChange,
  readOnly,
  testId,
}: {
  title: string;
  hint: string;
  empty: string;
  values: readonly string[];
  onChange: (values: string[]) => void;
  readOnly: boolean;
  testId: string;
}) {
  const { t } = useTranslation('workspaces');
  const [draft, setDraft] = useState('');
  const [refusal, setRefusal] = useState<UriRefusal | undefined>();
  const titleId = useId();
  const add = () => {
    const value = draft.trim();
    const reason = uriRefusal(value, values);
    setRefusal(reason);
    if (reason) return;
    onChange([...values, value]);
    setDraft('');
  };
  return (
    <Stack sx={{ gap: 1 }} data-testid={testId}>
      <Box>
        <Typography id={titleId} component="h3" variant="subtitle2" sx={{ fontWeight: 700 }}>
          {title}
        </Typography>
        <Typography variant="body2" sx={{ color: 'text.secondary' }}>
          {hint}
        </Typography>
      </Box>
      {values.length === 0 ? (
        <Typography variant="body2" sx={{ color: 'text.secondary', fontStyle: 'italic' }}>
          {empty}
        </Typography>
      ) : (
        <List dense disablePadding aria-labelledby={titleId}>
          {values.map((value) => (
            <ListItem
              key={value}
              divider
              disableGutters
              secondaryAction={
                readOnly ? null : (
                  <IconButton
                    edge="end"
                    aria-label={t('signIn.removeUri', { uri: value })}
                    onClick={() => onChange(values.filter((v) => v !== value))}
                  >
                    <DeleteOutlined fontSize="small" />
                  </IconButton>
                )
              }
            >
              <ListItemText
                primary={value}
                slotProps={{
                  primary: { dir: 'ltr', sx: { fontFamily: 'monospace', wordBreak: 'break-all', pe: 5 } },
                }}
              />
            </ListItem>
          ))}
        </List>
      )}
      {readOnly ? null : (
        <Stack direction={{ xs: 'column', sm: 'row' }} sx={{ gap: 1, alignItems: { sm: 'flex-start' } }}>
          <TextField
            size="small"
            fullWidth
            label={t('signIn.newUri')}
            placeholder="https://app.example.com/callback"
            value={draft}
            error={refusal !== undefined}
            helperText={refusal ? t(`signIn.refused.${refusal}`, uriTextValues) : ' '}
            onChange={(event) => {
              setDraft(event.target.value);
              setRefusal(undefined);
            }}
            onKeyDown={(event) => {
              if (event.key === 'Enter') {
                event.preventDefault();
                add();
              }
            }}
            slotProps={{ htmlInput: { dir: 'ltr', inputMode: 'url', spellCheck: false } }}
          />
          <Button
            variant="outlined"
            startIcon={<AddOutlined />}
            onClick={add}
            sx={{ flexShrink: 0, mt: { sm: 0.25 } }}
          >
            {t('signIn.addUri')}
          </Button>
        </Stack>
      )}
    </Stack>
  );
}
