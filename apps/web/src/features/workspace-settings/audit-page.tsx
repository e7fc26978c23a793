import FileDownloadOutlined from '@mui/icons-material/FileDownloadOutlined';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import MenuItem from '@mui/material/MenuItem';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import { type AuditAction, type AuditEntry, auditActions } from '@wsm/contracts';
import { Fragment, useState } from 'react';
import { Trans, useTranslation } from 'react-i18next';
import { UserValue } from '../../components/user-value';
import type { ValueKind } from '../../lib/bidi';
import { formatDate } from '../../lib/dates';
import { useLocale } from '../../lib/locale-navigation';
import { BirthDateField } from '../profile/components/birth-date-field';
import { useWorkspaceAccess } from '../workspaces/access';
import { allRolesPageSize, personName, useMembers } from './api';
import { type AuditFilters, downloadAuditCsv, useAuditLog } from './audit-api';
import { AdminSection } from './components/admin-section';
import { type Column, DataTable } from './components/data-table';
import { FilterSelect } from './components/filter-select';
import { AccessGate } from './components/no-access';
import { permissions } from './grant';

type Translate = (key: string, options?: Record<string, unknown>) => string;

const isAction = (value: string): value is AuditAction => (auditActions as readonly string[]).includes(value);

// How each field's value is shown (src/lib/bidi.ts): numbers people read, identifiers kept as typed,
// and names and texts in their own direction.
const fieldKinds: Record<string, ValueKind> = {
  phone: 'number',
  fax: 'number',
  nationalCode: 'number',
  email: 'identifier',
  website: 'identifier',
  logo: 'identifier',
  key: 'identifier',
  username: 'identifier',
  permissions: 'identifier',
};

/** One value of a detail: words of the interface, or a value as people provided it. */
export type DetailValue = { words: string } | { value: string; kind: ValueKind };

/** A detail's value: names of what has one, nothing as a dash, known keys in words, the rest as given. */
function detailValue(value: unknown, kind: ValueKind, t: Translate): DetailValue[] {
  if (value === null || value === undefined || value === '') return [{ words: '—' }];
  if (Array.isArray(value))
    return value.length > 0 ? value.flatMap((item) => detailValue(item, kind, t)) : [{ words: '—' }];
  if (typeof value === 'boolean') return [{ words: value ? t('audit.yes') : t('audit.no') }];
  if (typeof value === 'object') {
    const named = value as { name?: unknown };
    return typeof named.name === 'string'
      ? [{ value: named.name, kind: 'text' }]
      : [{ words: t('audit.deletedItem') }];
  }
  const text = String(value);
  // A status or level the interface names; anything else is shown as it was given, digits and all.
  const missing = '\u0000';
  const words = t(`audit.values.${text}`, { defaultValue: missing });
  return words !== missing ? [{ words }] : [{ value: text, kind }];
}

/** What changed, one line per field: its name, and the value before and after (or only the side there is). */
export function detailLines(
  details: AuditEntry['details'],
  t: Translate,
): { field: string; before?: DetailValue[]; after?: DetailValue[] }[] {
  const before = (details.before ?? {}) as Record<string, unknown>;
  const after = (details.after ?? {}) as Record<string, unknown>;
  const fields = [...new Set([...Object.keys(before), ...Object.keys(after)])];
  const field = (key: string) => t(`audit.fields.${key}`, { defaultValue: key });
  const value = (key: string, raw: unknown) => detailValue(raw, fieldKinds[key] ?? 'text', t);
  if (fields.length === 0)
    return 'role' in details ? [{ field: field('role'), after: value('role', details.role) }] : [];
  return fields.map((key) => ({
    field: field(key),
    before: key in before ? value(key, before[key]) : undefined,
    after: key in after ? value(key, after[key]) : undefined,
  }));
}

/** A detail's values, each by the rule of its kind, joined by the language's separator. */
function DetailValues({ values, separator }: { values: DetailValue[]; separator: string }) {
  return values.map((item, index) => (
    // biome-ignore lint/suspicious/noArrayIndexKey: the values of one detail keep their order
    <Fragment key={index}>
      {index > 0 ? separator : null}
      {'words' in item ? item.words : <UserValue value={item.value} kind={item.kind} />}
    </Fragment>
  ));
}

/** One detail line: "field: before → after", the arrow and its direction the language's. */
function DetailLine({ line }: { line: ReturnType<typeof detailLines>[number] }) {
  const { t } = useTranslation('workspace-admin');
  const separator = t('audit.separator');
  const one = line.before && line.after ? undefined : (line.after ?? line.before);
  return (
    <span>
      {line.field}
      {': '}
      {one ? (
        <DetailValues values={one} separator={separator} />
      ) : (
        <Trans
          t={t}
          i18nKey="audit.change"
          components={{
            before: <DetailValues values={line.before ?? []} separator={separator} />,
            after: <DetailValues values={line.after ?? []} separator={separator} />,
          }}
        />
      )}
    </span>
  );
}

function AuditLog({ workspaceId }: { workspaceId: string }) {
  const { t } = useTranslation('workspace-admin');
  const locale = useLocale();
  const { can } = useWorkspaceAccess();
  const [page, setPage] = useState(1);
  const [filters, setFilters] = useState<AuditFilters>({});
  // Remounts the date fields when the filters are cleared (they keep their half-chosen parts).
  const [generation, setGeneration] = useState(0);
  const [exporting, setExporting] = useState(false);
  const log = useAuditLog(workspaceId, page, filters);
  const canReadMembers = can(permissions.membersRead);
  const members = useMembers(workspaceId, { page: 1, pageSize: allRolesPageSize }, canReadMembers);

  const filter = (patch: Partial<AuditFilters>) => {
    setFilters((old) => {
      const next: AuditFilters = { ...old, ...patch };
      for (const key of Object.keys(next) as (keyof AuditFilters)[]) if (!next[key]) delete next[key];
      return next;
    });
    setPage(1);
  };
  const filtered = Object.keys(filters).length > 0;
  // A date filter holds only a whole date; an incomplete one filters nothing yet.
  const dateFilter = (edge: 'from' | 'to') => (
    <Box sx={{ flex: 1, minWidth: 0 }}>
      <BirthDateField
        id={`audit-${edge}`}
        label={t(`audit.${edge}`)}
        help={t('audit.dateHelp')}
        yearCount={10}
        locale={locale}
        value={filters[edge] ?? null}
        onChange={(value) => filter({ [edge]: value === 'incomplete' ? undefined : (value ?? undefined) })}
      />
    </Box>
  );

  const exportCsv = async () => {
    setExporting(true);
    try {
      await downloadAuditCsv(workspaceId, filters);
    } catch {
      // The API client has shown why.
    } finally {
      setExporting(false);
    }
  };

  const subjectText = (entry: AuditEntry) => {
    const label =
      entry.subject.type === 'backup' && !Number.isNaN(Date.parse(entry.subject.label))
        ? formatDate(entry.subject.label, locale, t, 'dateTime')
        : entry.subject.label;
    return label;
  };

  const columns: Column<AuditEntry>[] = [
    {
      id: 'action',
      label: t('audit.columns.action'),
      render: (entry) => (
        <Typography component="span" sx={{ fontWeight: 600 }}>
          {t(`audit.actions.${entry.action}`)}
        </Typography>
      ),
    },
    {
      id: 'date',
      label: t('audit.columns.date'),
      render: (entry) => (
        <Box component="span" sx={{ whiteSpace: 'nowrap' }}>
          {formatDate(entry.createdDate, locale, t, 'dateTime')}
        </Box>
      ),
    },
    {
      id: 'actor',
      label: t('audit.columns.actor'),
      render: (entry) => (
        <>
          {entry.actor ? (
            <UserValue
              value={
                personName({ ...entry.actor, username: null }) ??
                (entry.actor.username ? `@${entry.actor.username}` : t('members.unnamed'))
              }
            />
          ) : (
            t('audit.deletedAccount')
          )}
          {entry.apiKey ? (
            <Typography component="span" variant="body2" sx={{ display: 'block', color: 'text.secondary' }}>
              <Trans
                t={t}
                i18nKey="audit.viaKey"
                components={{ key: <UserValue value={entry.apiKey.name} /> }}
              />
            </Typography>
          ) : null}
        </>
      ),
    },
    {
      id: 'subject',
      label: t('audit.columns.subject'),
      render: (entry) => (
        <Box component="span" sx={{ overflowWrap: 'anywhere' }}>
          {t(`audit.subjects.${entry.subject.type}`)}
          {subjectText(entry) ? (
            <>
              {': '}
              {entry.subject.type === 'backup' ? (
                subjectText(entry)
              ) : (
                <UserValue value={subjectText(entry)} />
              )}
            </>
          ) : null}
        </Box>
      ),
    },
    {
      id: 'details',
      label: t('audit.columns.details'),
      render: (entry) => {
        const lines = detailLines(entry.details, t);
        return lines.length > 0 ? (
          <Stack component="span" sx={{ overflowWrap: 'anywhere', minWidth: 0 }}>
            {lines.map((line) => (
              <DetailLine key={line.field} line={line} />
            ))}
          </Stack>
        ) : (
          '—'
        );
      },
    },
  ];

  return (
    <AdminSection
      id="audit"
      title={t('audit.title')}
      description={t('audit.description')}
      actions={
        <Button
          variant="outlined"
          startIcon={<FileDownloadOutlined />}
          onClick={() => void exportCsv()}
          disabled={exporting}
        >
          {exporting ? t('audit.exporting') : t('audit.export')}
        </Button>
      }
    >
      <Stack
        component="form"
        role="search"
        aria-label={t('audit.filters')}
        onSubmit={(event) => event.preventDefault()}
        sx={{ gap: 2, px: { xs: 2, sm: 3 }, pb: 2 }}
      >
        <Stack direction={{ xs: 'column', sm: 'row' }} sx={{ gap: 1.5 }}>
          {canReadMembers ? (
            <FilterSelect
              id="audit-actor-filter"
              label={t('audit.actor')}
              allLabel={t('audit.everyone')}
              value={filters.actor}
              onChange={(actor) => filter({ actor })}
              minWidth={220}
            >
              {(members.data?.items ?? []).map((member) => (
                <MenuItem key={member.id} value={member.user.id}>
                  <span>
                    <UserValue value={personName(member.user) ?? t('members.unnamed')} />
                    {/* Two people may share a name; their usernames tell them apart. */}
                    {member.user.username && personName({ ...member.user, username: null }) ? (
                      <>
                        {' '}
                        <Typography component="span" variant="body2" sx={{ color: 'text.secondary' }}>
                          <UserValue value={`@${member.user.username}`} kind="identifier" />
                        </Typography>
                      </>
                    ) : null}
                  </span>
                </MenuItem>
              ))}
            </FilterSelect>
          ) : null}
          <FilterSelect
            id="audit-action-filter"
            label={t('audit.action')}
            allLabel={t('audit.allActions')}
            value={filters.action}
            onChange={(action) => filter({ action: action && isAction(action) ? action : undefined })}
            minWidth={240}
          >
            {auditActions.map((action) => (
              <MenuItem key={action} value={action}>
                {t(`audit.actions.${action}`)}
              </MenuItem>
            ))}
          </FilterSelect>
        </Stack>
        <Stack direction={{ xs: 'column', md: 'row' }} sx={{ gap: 2 }} key={generation}>
          {dateFilter('from')}
          {dateFilter('to')}
        </Stack>
        {filtered ? (
          <Box>
            <Button
              onClick={() => {
                setFilters({});
                setPage(1);
                setGeneration((n) => n + 1);
              }}
            >
              {t('audit.clear')}
            </Button>
          </Box>
        ) : null}
      </Stack>
      <DataTable
        label={t('audit.title')}
        columns={columns}
        list={log}
        empty={filtered ? t('audit.noMatches') : t('audit.empty')}
        rowKey={(entry) => entry.id}
        onPage={setPage}
      />
    </AdminSection>
  );
}

/** /workspace/settings/audit: who changed what in the workspace, filtered, paged and exported as CSV. */
export function Component() {
  return (
    <AccessGate permission={permissions.auditRead}>
      {(workspaceId) => <AuditLog workspaceId={workspaceId} />}
    </AccessGate>
  );
}
