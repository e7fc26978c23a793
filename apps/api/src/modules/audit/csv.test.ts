import { describe, expect, it } from 'vitest';
import { auditCsvHeader, csvCell } from './csv';

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
});
