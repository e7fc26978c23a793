import type { AuditEntry } from '@wsm/contracts';
import { describe, expect, it } from 'vitest';
import { auditCsvHeader, auditCsvRow, csvCell } from './csv';

describe('audit CSV cells', () => {
  it('defuses cells a spreadsheet would run as formulas', () => {
    for (const start of ['=', '+', '-', '@', '\t', '\r'])
      expect(csvCell(`${start}1+1`).replace(/^"/, '')[0]).toBe("'");
    expect(csvCell('1+1')).toBe('1+1');
  });

  it('quotes cells with quotes, commas and line ends, doubling the quotes', () => {
    expect(csvCell('a,b')).toBe('"a,b"');
    expect(csvCell('say "hi"')).toBe('"say ""hi"""');
    expect(csvCell('two\nlines')).toBe('"two\nlines"');
    expect(csvCell('سلام')).toBe('سلام');
    expect(csvCell(null)).toBe('');
  });

  it('starts with a byte-order mark and ends the header with CRLF', () => {
    expect(auditCsvHeader().startsWith('\uFEFFid,createdDate,action,')).toBe(true);
    expect(auditCsvHeader().endsWith('\r\n')).toBe(true);
  });

  it('names the API key a change was made with beside its creator, and leaves both cells empty without', () => {
    const entry: AuditEntry = {
      id: 'a1',
      action: 'member.added',
      actor: { id: 'u1', firstName: 'Sara', lastName: 'Ahmadi', username: 'sara' },
      apiKey: { id: 'k1', name: 'HR sync' },
      subject: { type: 'member', id: 'm1', label: 'Ali' },
      details: {},
      createdDate: '2026-11-28T10:00:00.000Z',
    };
    expect(auditCsvHeader()).toContain(',actorUsername,apiKeyId,apiKeyName,subjectType,');
    expect(auditCsvRow(entry)).toContain(',sara,k1,HR sync,member,');
    expect(auditCsvRow({ ...entry, apiKey: undefined })).toContain(',sara,,,member,');
  });
});
