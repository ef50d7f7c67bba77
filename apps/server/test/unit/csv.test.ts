import { describe, expect, it } from 'vitest';
import { csvCell, csvDocument } from '../../src/modules/earnings/csv';

describe('CSV cells (decision 336)', () => {
  it('quotes commas, quotes and line breaks, doubling the quotes', () => {
    expect(csvCell('plain')).toBe('plain');
    expect(csvCell('a,b')).toBe('"a,b"');
    expect(csvCell('say "hi"')).toBe('"say ""hi"""');
    expect(csvCell('one\ntwo')).toBe('"one\ntwo"');
    expect(csvCell('one\r\ntwo')).toBe('"one\r\ntwo"');
    expect(csvCell(null)).toBe('');
    expect(csvCell(12)).toBe('12');
  });

  it('writes a text that a spreadsheet would run after an apostrophe', () => {
    for (const start of ['=', '+', '-', '@', '\t']) {
      expect(csvCell(`${start}1+1`)).toBe(`'${start}1+1`);
    }
    expect(csvCell('=HYPERLINK("x","y")')).toBe(`"'=HYPERLINK(""x"",""y"")"`);
    expect(csvCell('a=b')).toBe('a=b');
    // Numbers the server writes are numbers, not text: a negative one stays as it is.
    expect(csvCell(-5)).toBe('-5');
  });

  it('starts with the byte-order mark and ends every line with CRLF', () => {
    expect(
      csvDocument([
        ['a', 'b'],
        [1, null],
      ]),
    ).toBe('\uFEFFa,b\r\n1,\r\n');
  });
});
