import type { AuditEntry } from '@wsm/contracts';

// The audit log as CSV (RFC 4180) for spreadsheets: a UTF-8 byte-order mark so Excel reads Persian
// text as UTF-8, CRLF line ends, and cells that could run as formulas defused.

export const csvByteOrderMark = '\uFEFF';

export const auditCsvColumns = [
  'id',
  'createdDate',
  'action',
  'actorId',
  'actorFirstName',
  'actorLastName',
  'actorUsername',
  'apiKeyId',
  'apiKeyName',
  'subjectType',
  'subjectId',
  'subjectLabel',
  'details',
] as const;

// A spreadsheet runs a cell starting with one of these as a formula (CSV injection): a leading
// apostrophe makes it text. Tab and carriage return start formulas in some spreadsheets too.
const formulaStart = /^[=+\-@\t\r]/;

/** One cell: defused when it could start a formula, quoted when it holds a quote, comma or line end. */
export function csvCell(value: string | null | undefined): string {
  let cell = value ?? '';
  if (formulaStart.test(cell)) cell = `'${cell}`;
  return /[",\r\n]/.test(cell) ? `"${cell.replace(/"/g, '""')}"` : cell;
}

export function csvLine(cells: readonly (string | null | undefined)[]): string {
  return `${cells.map(csvCell).join(',')}\r\n`;
}

/** The header row, after the byte-order mark that starts the file. */
export function auditCsvHeader(): string {
  return csvByteOrderMark + csvLine(auditCsvColumns);
}

export function auditCsvRow(entry: AuditEntry): string {
  return csvLine([
    entry.id,
    entry.createdDate,
    entry.action,
    entry.actor?.id,
    entry.actor?.firstName,
    entry.actor?.lastName,
    entry.actor?.username,
    entry.apiKey?.id,
    entry.apiKey?.name,
    entry.subject.type,
    entry.subject.id,
    entry.subject.label,
    JSON.stringify(entry.details),
  ]);
}
