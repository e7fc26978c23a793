import Alert from '@mui/material/Alert';
import Checkbox from '@mui/material/Checkbox';
import Dialog from '@mui/material/Dialog';
import DialogContent from '@mui/material/DialogContent';
import DialogTitle from '@mui/material/DialogTitle';
import FormControlLabel from '@mui/material/FormControlLabel';
import FormGroup from '@mui/material/FormGroup';
import Radio from '@mui/material/Radio';
import RadioGroup from '@mui/material/RadioGroup';
import Skeleton from '@mui/material/Skeleton';
import Stack from '@mui/material/Stack';
import { useTheme } from '@mui/material/styles';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import useMediaQuery from '@mui/material/useMediaQuery';
import type { Webhook, WebhookEventType, WebhookWithSecret } from '@wsm/contracts';
import { type FormEvent, useId, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useLocale } from '../../lib/locale-navigation';
import { notify } from '../../lib/notify';
import { serverFieldErrors } from '../profile/form-errors';
import { DialogForm, DialogFormActions } from '../workspace-settings/components/dialog-form';
import { ShownSecret } from './webhook-secret';
import { useEventTypes, useWebhookMutation, webhooksApi } from './webhooks-api';

interface Errors {
  url?: string;
  description?: string;
  events?: string;
}

/** A URL the browser can read as http(s); the server checks the rest (docs/webhooks.md). */
function looksLikeUrl(value: string): boolean {
  try {
    return /^https?:$/.test(new URL(value).protocol);
  } catch {
    return false;
  }
}

function EndpointForm({
  workspaceId,
  webhook,
  onCreated,
  onDone,
}: {
  workspaceId: string;
  webhook: Webhook | null;
  onCreated: (created: WebhookWithSecret) => void;
  onDone: () => void;
}) {
  const { t } = useTranslation('workspace-admin');
  const locale = useLocale();
  const eventsLabelId = useId();
  const types = useEventTypes(locale);
  const [url, setUrl] = useState(webhook?.url ?? '');
  const [description, setDescription] = useState(webhook?.description ?? '');
  const [all, setAll] = useState(webhook ? webhook.events.includes('*') : true);
  const [chosen, setChosen] = useState<Set<string>>(
    new Set(webhook?.events.filter((key) => key !== '*') ?? []),
  );
  const [errors, setErrors] = useState<Errors>({});
  const create = useWebhookMutation(workspaceId, webhooksApi.create);
  const update = useWebhookMutation(workspaceId, webhooksApi.update);
  const pending = create.isPending || update.isPending;

  const toggle = (key: string, on: boolean) => {
    setChosen((old) => {
      const next = new Set(old);
      if (on) next.add(key);
      else next.delete(key);
      return next;
    });
    setErrors((old) => ({ ...old, events: undefined }));
  };

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    const found: Errors = {};
    const trimmed = url.trim();
    if (!trimmed) found.url = t('webhooks.urlRequired');
    else if (!looksLikeUrl(trimmed)) found.url = t('webhooks.urlInvalid');
    if (!all && chosen.size === 0) found.events = t('webhooks.eventsRequired');
    setErrors(found);
    if (Object.keys(found).length > 0) return;
    const events = (all ? ['*'] : [...chosen]) as ['*'] | WebhookEventType[];
    try {
      if (webhook) {
        await update.mutateAsync({
          workspaceId,
          id: webhook.id,
          url: trimmed,
          events,
          description: description.trim() || null,
        });
        notify.success(t('webhooks.saved'));
        onDone();
      } else {
        onCreated(
          await create.mutateAsync({
            workspaceId,
            url: trimmed,
            events,
            ...(description.trim() ? { description: description.trim() } : {}),
          }),
        );
      }
    } catch (error) {
      // A refused URL comes back as a 400 with the reason on `url`; anything else the API client has shown.
      const server = serverFieldErrors(error);
      setErrors({ url: server.url, description: server.description, events: server.events });
    }
  };

  return (
    <DialogForm onSubmit={(event) => void submit(event)}>
      <DialogContent dividers>
        <Stack sx={{ gap: 2.5 }}>
          <TextField
            label={t('webhooks.url')}
            value={url}
            onChange={(event) => {
              setUrl(event.target.value);
              setErrors((old) => ({ ...old, url: undefined }));
            }}
            required
            autoFocus
            type="url"
            error={Boolean(errors.url)}
            helperText={errors.url || t('webhooks.urlHelp')}
            slotProps={{ htmlInput: { maxLength: 2000, dir: 'ltr', spellCheck: false, autoComplete: 'off' } }}
          />
          <TextField
            label={t('webhooks.descriptionLabel')}
            value={description}
            onChange={(event) => setDescription(event.target.value)}
            error={Boolean(errors.description)}
            helperText={errors.description || t('webhooks.descriptionHelp')}
            slotProps={{ htmlInput: { maxLength: 200 } }}
          />
          <Stack sx={{ gap: 1 }} role="group" aria-labelledby={eventsLabelId}>
            <Typography id={eventsLabelId} component="h3" variant="subtitle1" sx={{ fontWeight: 700 }}>
              {t('webhooks.events')}
            </Typography>
            <RadioGroup
              value={all ? 'all' : 'chosen'}
              onChange={(event) => setAll(event.target.value === 'all')}
            >
              <FormControlLabel value="all" control={<Radio />} label={t('webhooks.allEvents')} />
              <FormControlLabel value="chosen" control={<Radio />} label={t('webhooks.chosenEvents')} />
            </RadioGroup>
            {errors.events ? <Alert severity="error">{errors.events}</Alert> : null}
            {all ? null : types.data ? (
              <FormGroup
                sx={{
                  display: 'grid',
                  gridTemplateColumns: { xs: '1fr', sm: '1fr 1fr' },
                  columnGap: 2,
                  maxHeight: 320,
                  overflowY: 'auto',
                  border: 1,
                  borderColor: 'divider',
                  borderRadius: 1,
                  px: 1.5,
                  py: 1,
                }}
              >
                {types.data.map((type) => (
                  <FormControlLabel
                    key={type.key}
                    control={
                      <Checkbox
                        checked={chosen.has(type.key)}
                        onChange={(event) => toggle(type.key, event.target.checked)}
                        slotProps={{ input: { 'data-event': type.key } as object }}
                      />
                    }
                    label={type.name}
                  />
                ))}
              </FormGroup>
            ) : (
              <Skeleton variant="rounded" height={160} />
            )}
          </Stack>
        </Stack>
      </DialogContent>
      <DialogFormActions
        pending={pending}
        submitLabel={webhook ? t('actions.save') : t('webhooks.submit')}
        onCancel={onDone}
      />
    </DialogForm>
  );
}

/** Add or change an endpoint; after adding, its secret, shown once. */
export function WebhookDialog({
  workspaceId,
  open,
  webhook,
  onClose,
}: {
  workspaceId: string;
  open: boolean;
  /** The endpoint to change, or null for a new one. */
  webhook: Webhook | null;
  onClose: () => void;
}) {
  const { t } = useTranslation('workspace-admin');
  const theme = useTheme();
  const fullScreen = useMediaQuery(theme.breakpoints.down('sm'));
  const titleId = useId();
  const [created, setCreated] = useState<WebhookWithSecret | null>(null);
  const close = () => {
    setCreated(null);
    onClose();
  };
  const title = created
    ? t('webhooks.secretTitle')
    : webhook
      ? t('webhooks.editTitle')
      : t('webhooks.createTitle');
  return (
    <Dialog
      open={open}
      // The secret is shown once: a stray click outside must not lose it.
      onClose={created ? undefined : close}
      aria-labelledby={titleId}
      fullScreen={fullScreen}
      maxWidth="md"
      fullWidth
    >
      <DialogTitle id={titleId}>{title}</DialogTitle>
      {created ? (
        <ShownSecret secret={created.secret} onDone={close} />
      ) : open ? (
        <EndpointForm
          key={webhook?.id ?? 'new'}
          workspaceId={workspaceId}
          webhook={webhook}
          onCreated={setCreated}
          onDone={close}
        />
      ) : null}
    </Dialog>
  );
}
