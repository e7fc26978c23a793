import DeleteOutline from '@mui/icons-material/DeleteOutlined';
import Download from '@mui/icons-material/Download';
import Restore from '@mui/icons-material/Restore';
import UploadFile from '@mui/icons-material/UploadFile';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Chip from '@mui/material/Chip';
import Dialog from '@mui/material/Dialog';
import DialogActions from '@mui/material/DialogActions';
import DialogContent from '@mui/material/DialogContent';
import DialogContentText from '@mui/material/DialogContentText';
import DialogTitle from '@mui/material/DialogTitle';
import IconButton from '@mui/material/IconButton';
import LinearProgress from '@mui/material/LinearProgress';
import Paper from '@mui/material/Paper';
import Skeleton from '@mui/material/Skeleton';
import Stack from '@mui/material/Stack';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import { backupUploadLimits, type Locale, StatusCode } from '@wsm/contracts';
import { type ChangeEvent, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { PagedList } from '../../components/paged-list';
import { Hint } from '../../components/plain/hint';
import { ApiError } from '../../lib/api-error';
import { formatAgo, formatDate, type Translate } from '../../lib/dates';
import { formatNumber } from '../../lib/digits';
import { useLocale } from '../../lib/locale-navigation';
import { notify } from '../../lib/notify';
import { useWorkspaceAccess } from '../workspaces/access';
import {
  type Backup,
  backupPageSize,
  createBackup,
  downloadBackup,
  importBackup,
  type RestoreResult,
  resendBackupCode,
  restoreBackup,
  useBackups,
  useBackupsChanged,
  useDeleteBackup,
} from './api';
import { CodeDialog } from './code-dialog';

/** A byte count as the locale writes it: 512 B, 1.4 MB (Persian digits in fa). */
export function formatSize(bytes: number, locale: Locale, t: Translate): string {
  const units = ['bytes', 'kb', 'mb', 'gb'] as const;
  let value = bytes;
  let unit = 0;
  while (value >= 1024 && unit < units.length - 1) {
    value /= 1024;
    unit++;
  }
  const number = formatNumber(value, locale, { maximumFractionDigits: unit === 0 ? 0 : 1 });
  return t(`size.${units[unit]}`, { size: number });
}

/** "First Last", or the username when the person gave no name. */
function personName(person: { firstName: string | null; lastName: string | null; username?: string | null }) {
  return [person.firstName, person.lastName].filter(Boolean).join(' ') || person.username || '';
}

/** The translated reason the server gave for refusing an archive. */
function refusalReason(error: ApiError): string | undefined {
  const data = error.envelope?.data as { errors?: { message?: string }[] } | null | undefined;
  return data?.errors?.[0]?.message ?? error.envelope?.statusMessage;
}

/** /workspace/settings/backups: the owner's backups of the workspace. */
export function Component() {
  const { t } = useTranslation('backups');
  const access = useWorkspaceAccess();
  if (access.loading)
    return <Skeleton variant="rounded" height={160} aria-busy="true" aria-label={t('states.loading')} />;
  if (!access.workspaceId || !access.isOwner) return <Alert severity="info">{t('ownerOnly')}</Alert>;
  return <BackupsScreen workspaceId={access.workspaceId} />;
}

function BackupsScreen({ workspaceId }: { workspaceId: string }) {
  const { t } = useTranslation('backups');
  const [page, setPage] = useState(1);
  const query = useBackups(workspaceId, page);
  const { listChanged, workspaceRestored } = useBackupsChanged(workspaceId);
  const [creating, setCreating] = useState(false);
  const [restoring, setRestoring] = useState<Backup | null>(null);
  const [deleting, setDeleting] = useState<Backup | null>(null);

  return (
    <Stack sx={{ gap: 2 }}>
      <Stack
        direction="row"
        sx={{ alignItems: 'center', justifyContent: 'space-between', gap: 2, flexWrap: 'wrap' }}
      >
        <Box>
          <Typography component="h2" variant="h6" sx={{ fontWeight: 700 }}>
            {t('title')}
          </Typography>
          <Typography variant="body2" color="text.secondary">
            {t('description')}
          </Typography>
        </Box>
        <Stack direction="row" sx={{ gap: 1, flexWrap: 'wrap' }}>
          <ImportButton workspaceId={workspaceId} onImported={listChanged} />
          <Button variant="contained" onClick={() => setCreating(true)}>
            {t('create.action')}
          </Button>
        </Stack>
      </Stack>

      <PagedList
        query={query}
        count={(list) => ({ items: list.items.length, total: list.total })}
        pageSize={backupPageSize}
        page={page}
        onPage={setPage}
        label={t('title')}
        empty={t('states.empty')}
        loadFailed={t('states.loadFailed')}
        listSx={{ display: 'flex', flexDirection: 'column', gap: 1 }}
      >
        {(list) =>
          list.items.map((backup) => (
            <BackupRow key={backup.id} backup={backup} onRestore={setRestoring} onDelete={setDeleting} />
          ))
        }
      </PagedList>

      <CodeDialog
        open={creating}
        title={t('create.title')}
        intro={<DialogContentText>{t('create.intro')}</DialogContentText>}
        startLabel={t('create.sendCode')}
        first={() => createBackup(workspaceId)}
        withCode={(code) => createBackup(workspaceId, code)}
        resend={() => resendBackupCode(workspaceId)}
        onDone={() => {
          setCreating(false);
          notify.success(t('create.done'));
          void listChanged();
        }}
        onClose={() => setCreating(false)}
      />
      {restoring ? (
        <RestoreDialog
          backup={restoring}
          onDone={(result) => {
            setRestoring(null);
            notify.success(t('restore.done'));
            // A restore brings back only people who are members now (and whose accounts exist): say who is missing.
            if (result.missingMembers.length > 0)
              notify.info(
                t('restore.missingMembers', {
                  count: result.missingMembers.length,
                  names: result.missingMembers
                    .map((member) => personName(member) || member.userId)
                    .join(t('listSeparator')),
                }),
              );
            void workspaceRestored();
          }}
          onClose={() => setRestoring(null)}
        />
      ) : null}
      <DeleteDialog backup={deleting} workspaceId={workspaceId} onClose={() => setDeleting(null)} />
    </Stack>
  );
}

function BackupRow({
  backup,
  onRestore,
  onDelete,
}: {
  backup: Backup;
  onRestore: (backup: Backup) => void;
  onDelete: (backup: Backup) => void;
}) {
  const { t } = useTranslation('backups');
  const locale = useLocale();
  const [downloading, setDownloading] = useState(false);
  const when = formatDate(backup.createdDate, locale, t, 'dateTime');
  const download = async () => {
    setDownloading(true);
    try {
      await downloadBackup(backup);
    } catch {
      // The API client has already said why.
    } finally {
      setDownloading(false);
    }
  };
  return (
    <Paper
      component="li"
      variant="outlined"
      aria-label={t('row.label', { date: when })}
      sx={{ p: 2, display: 'flex', gap: 2, alignItems: 'center', flexWrap: 'wrap' }}
    >
      <Stack sx={{ flex: '1 1 16rem', minWidth: 0, gap: 0.5 }}>
        <Stack direction="row" sx={{ gap: 1, alignItems: 'center', flexWrap: 'wrap' }}>
          <Typography sx={{ fontWeight: 600 }}>{when}</Typography>
          <Chip size="small" label={t(`source.${backup.source}`)} />
        </Stack>
        <Typography variant="body2" color="text.secondary">
          {[
            formatAgo(backup.createdDate, t),
            formatSize(backup.size, locale, t),
            backup.creator ? t('row.by', { name: personName(backup.creator) }) : null,
          ]
            .filter(Boolean)
            .join(' · ')}
        </Typography>
      </Stack>
      <Stack direction="row" sx={{ gap: 0.5 }}>
        <Hint title={t('download.action')}>
          <IconButton
            aria-label={t('download.action')}
            onClick={() => void download()}
            disabled={downloading}
          >
            <Download />
          </IconButton>
        </Hint>
        <Hint title={t('restore.action')}>
          <IconButton aria-label={t('restore.action')} onClick={() => onRestore(backup)}>
            <Restore />
          </IconButton>
        </Hint>
        <Hint title={t('delete.action')}>
          <IconButton aria-label={t('delete.action')} onClick={() => onDelete(backup)} color="error">
            <DeleteOutline />
          </IconButton>
        </Hint>
      </Stack>
    </Paper>
  );
}

/** Restoring replaces the workspace's data: the owner types a confirmation word, then the SMS code. */
function RestoreDialog({
  backup,
  onDone,
  onClose,
}: {
  backup: Backup;
  onDone: (result: RestoreResult) => void;
  onClose: () => void;
}) {
  const { t } = useTranslation('backups');
  const locale = useLocale();
  const [typed, setTyped] = useState('');
  const word = t('restore.word');
  return (
    <CodeDialog
      open
      title={t('restore.title')}
      intro={
        <>
          <Alert severity="warning">
            {t('restore.warning', { date: formatDate(backup.createdDate, locale, t, 'dateTime') })}
          </Alert>
          <DialogContentText>{t('restore.safety')}</DialogContentText>
          <TextField
            label={t('restore.confirmLabel', { word })}
            value={typed}
            onChange={(event) => setTyped(event.target.value)}
            autoComplete="off"
          />
        </>
      }
      ready={typed.trim() === word}
      startLabel={t('restore.sendCode')}
      first={() => restoreBackup(backup.workspaceId, backup.id)}
      withCode={(code) => restoreBackup(backup.workspaceId, backup.id, code)}
      resend={() => resendBackupCode(backup.workspaceId)}
      onDone={onDone}
      onClose={onClose}
    />
  );
}

function DeleteDialog({
  backup,
  workspaceId,
  onClose,
}: {
  backup: Backup | null;
  workspaceId: string;
  onClose: () => void;
}) {
  const { t } = useTranslation('backups');
  const locale = useLocale();
  const remove = useDeleteBackup(workspaceId);
  const confirm = async () => {
    if (!backup) return;
    try {
      await remove.mutateAsync(backup.id);
    } catch {
      return; // the API client already said why
    }
    notify.success(t('delete.done'));
    onClose();
  };
  return (
    <Dialog open={backup !== null} onClose={onClose} aria-labelledby="backup-delete-title">
      <DialogTitle id="backup-delete-title">{t('delete.title')}</DialogTitle>
      <DialogContent>
        <DialogContentText>
          {backup
            ? t('delete.question', { date: formatDate(backup.createdDate, locale, t, 'dateTime') })
            : null}
        </DialogContentText>
      </DialogContent>
      <DialogActions>
        <Button onClick={onClose}>{t('actions.cancel')}</Button>
        <Button color="error" variant="contained" loading={remove.isPending} onClick={() => void confirm()}>
          {t('delete.confirm')}
        </Button>
      </DialogActions>
    </Dialog>
  );
}

/** Picks a zip and uploads it with a progress bar; the upload can be cancelled. */
function ImportButton({ workspaceId, onImported }: { workspaceId: string; onImported: () => void }) {
  const { t } = useTranslation('backups');
  const locale = useLocale();
  const input = useRef<HTMLInputElement>(null);
  const [progress, setProgress] = useState<number | null>(null);
  const upload = useRef<AbortController | null>(null);

  const picked = async (event: ChangeEvent<HTMLInputElement>) => {
    const file = event.target.files?.[0];
    event.target.value = '';
    if (!file) return;
    if (!/\.zip$/i.test(file.name)) {
      notify.error(t('import.notZip'));
      return;
    }
    if (file.size > backupUploadLimits.maxBytes) {
      notify.error(t('import.tooLarge', { size: formatSize(backupUploadLimits.maxBytes, locale, t) }));
      return;
    }
    setProgress(0);
    upload.current = new AbortController();
    try {
      await importBackup(workspaceId, file, setProgress, upload.current.signal);
      notify.success(t('import.done'));
      onImported();
    } catch (error) {
      // A refused archive (400) says precisely why; other failures were shown by the API client.
      if (error instanceof ApiError && error.statusCode === StatusCode.validation)
        notify.error(refusalReason(error) ?? t('import.refused'));
    } finally {
      setProgress(null);
      upload.current = null;
    }
  };

  const percent = Math.round((progress ?? 0) * 100);
  return (
    <>
      <input
        ref={input}
        type="file"
        accept=".zip,application/zip"
        hidden
        data-testid="backup-import-input"
        onChange={(event) => void picked(event)}
      />
      {progress === null ? (
        <Button startIcon={<UploadFile />} onClick={() => input.current?.click()}>
          {t('import.action')}
        </Button>
      ) : (
        <Stack direction="row" sx={{ alignItems: 'center', gap: 1, minWidth: '14rem' }}>
          <Box sx={{ flex: 1 }}>
            <Typography variant="caption" id="backup-import-progress">
              {t('import.progress', { percent: formatNumber(percent, locale) })}
            </Typography>
            <LinearProgress variant="determinate" value={percent} aria-labelledby="backup-import-progress" />
          </Box>
          <Button size="small" onClick={() => upload.current?.abort()}>
            {t('actions.cancel')}
          </Button>
        </Stack>
      )}
    </>
  );
}
