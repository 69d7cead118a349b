import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { csvField, csvFile, defuseFormulas } from './csv';

/** What a spreadsheet runs as a formula when a cell starts with it. */
const formulaStart = /^[=+\-@\t\r]/;
/** What a careless import may split a field on. */
const separators = [',', ';', '\t', '|', '\r', '\n'];

/** Every cell a split of `text` on any one separator, or all of them, could give. */
function cellsOf(text: string): string[] {
  const cells = separators.flatMap((separator) => text.split(separator));
  return [...cells, ...text.split(/[,;\t|\r\n]/)];
}

/** A cell is safe when, with leading spaces and quotes stripped as imports may, no formula starts. */
function isSafeCell(cell: string): boolean {
  return !formulaStart.test(cell) && !formulaStart.test(cell.replace(/^[\s"]+/u, ''));
}

describe('the deliveries CSV', () => {
  it('quotes every field (RFC 4180), doubling quotes', () => {
    expect(csvField('12 Main Street')).toBe('"12 Main Street"');
    expect(csvField('')).toBe('""');
    expect(csvField('Flat 1, 12 Main St')).toBe('"Flat 1, 12 Main St"');
    expect(csvField('say "hi"')).toBe('"say ""hi"""');
    expect(csvField('line\nbreak')).toBe('"line\nbreak"');
    expect(
      csvFile([
        ['District', 'Order'],
        ['BT1', 'FY-100001'],
      ]),
    ).toBe('"District","Order"\r\n"BT1","FY-100001"\r\n');
  });

  it('defuses a formula at the start of the field', () => {
    expect(csvField('=HYPERLINK("x")')).toBe('"\'=HYPERLINK(""x"")"');
    expect(csvField('+44 28 9032 1234')).toBe('"\'+44 28 9032 1234"');
    expect(csvField('-1')).toBe('"\'-1"');
    expect(csvField('@SUM(A1)')).toBe('"\'@SUM(A1)"');
    expect(csvField('\t=1')).toBe('"\'\t\'=1"');
    expect(csvField('\r=1')).toBe('"\'\r\'=1"');
    expect(csvField('  =1')).toBe('"  \'=1"');
    expect(csvField('"=1"')).toBe('"""\'=1"""');
  });

  it('defuses a formula after a separator inside the field (the town of the issue)', () => {
    const town = "Belfast;=cmd|' /C calc'!A0;";
    expect(defuseFormulas(town)).toBe("Belfast;'=cmd|' /C calc'!A0;");
    expect(csvField(town)).toBe(`"Belfast;'=cmd|' /C calc'!A0;"`);
    for (const separator of separators) {
      expect(defuseFormulas(`a${separator}=1`)).toBe(`a${separator}'=1`);
      expect(defuseFormulas(`a${separator} @x`)).toBe(`a${separator} '@x`);
    }
    expect(defuseFormulas('a,\t=1')).toBe("a,'\t'=1");
    expect(defuseFormulas('a|"+1"')).toBe('a|"\'+1"');
  });

  it('leaves ordinary text alone', () => {
    for (const text of [
      'Flat 1 - rear',
      'BT7 1NN',
      'Ciara McAllister',
      'a=b',
      '3 x Coal (25 kg)',
    ]) {
      expect(defuseFormulas(text)).toBe(text);
    }
  });

  it('no split of any field, or of the whole line, starts a cell with a formula', () => {
    const alphabet = fc.constantFrom(
      '=',
      '+',
      '-',
      '@',
      '\t',
      '\r',
      '\n',
      ',',
      ';',
      '|',
      '"',
      "'",
      ' ',
      'a',
      '1',
      '\u00a0',
    );
    fc.assert(
      fc.property(
        fc.array(fc.string({ unit: alphabet, maxLength: 12 }), { maxLength: 4 }),
        (fields) => {
          const line = csvFile([fields]);
          for (const field of fields) {
            for (const cell of cellsOf(defuseFormulas(field)))
              expect(isSafeCell(cell), field).toBe(true);
          }
          // The record's own CRLF ends it: a split there is between records, not in a field.
          for (const cell of cellsOf(line.slice(0, -2))) expect(isSafeCell(cell), line).toBe(true);
          // Read back as RFC 4180, the fields are the defused values.
          expect(line).toBe(
            `${fields.map((f) => `"${defuseFormulas(f).replace(/"/g, '""')}"`).join(',')}\r\n`,
          );
        },
      ),
      { numRuns: 500 },
    );
  });
});
