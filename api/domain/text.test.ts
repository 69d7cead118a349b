import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import * as yup from 'yup';
import {
  displayLines,
  hasDisallowedCharacter,
  hasLineBreak,
  multiLine,
  normaliseLineBreaks,
  singleLine,
} from './text';

const lineBreaks = ['\n', '\r\n', '\r', '\v', '\f', '\u0085', '\u2028', '\u2029'];
/** C0 (less the line breaks and tab), DEL, C1 (less NEL), and both halves of a pair alone. */
const otherControls = [
  '\u0000',
  '\u0001',
  '\u0008',
  '\u000e',
  '\u001b',
  '\u001f',
  '\u007f',
  '\u0080',
  '\u009b',
  '\u009f',
];
const loneSurrogates = ['\ud800', '\udbff', '\udc00', '\udfff'];

/** Any UTF-16 code unit (lone surrogates included), with line breaks and a pair made likelier. */
const anyCodeUnit = fc.oneof(
  fc.integer({ min: 0, max: 0xffff }).map((code) => String.fromCharCode(code)),
  fc.constantFrom(...lineBreaks, '\t', '😀'),
);

describe('hasLineBreak', () => {
  it.each(lineBreaks)('finds %j', (brk) => {
    expect(hasLineBreak(`one${brk}two`)).toBe(true);
  });

  it.each(['one line', 'tab\there', 'é ü 😀 ﬁ', '\u00a0nbsp', ''])('finds none in %j', (text) => {
    expect(hasLineBreak(text)).toBe(false);
  });
});

describe('hasDisallowedCharacter', () => {
  it.each([...otherControls, ...loneSurrogates, '\t'])('refuses %j in one line', (char) => {
    expect(hasDisallowedCharacter(`a${char}b`, 'single')).toBe(true);
  });

  it.each([...otherControls, ...loneSurrogates, '\v', '\f', '\u0085'])(
    'refuses %j in several lines',
    (char) => {
      expect(hasDisallowedCharacter(`a${char}b`, 'multi')).toBe(true);
    },
  );

  it.each(['\t', '\n', '\r\n', '\r', '\u2028', '\u2029'])('takes %j in several lines', (char) => {
    expect(hasDisallowedCharacter(`a${char}b`, 'multi')).toBe(false);
  });

  it('leaves line breaks in one line to hasLineBreak', () => {
    for (const brk of lineBreaks) expect(hasDisallowedCharacter(`a${brk}b`, 'single')).toBe(false);
  });

  it('takes surrogate pairs, in both kinds of field', () => {
    const text = '😀 \ud83d\ude00 𝄞';
    expect(hasDisallowedCharacter(text, 'single')).toBe(false);
    expect(hasDisallowedCharacter(text, 'multi')).toBe(false);
    // A pair cut in half, or in the wrong order, is not.
    expect(hasDisallowedCharacter('😀'.slice(0, 1), 'single')).toBe(true);
    expect(hasDisallowedCharacter('\ude00\ud83d', 'multi')).toBe(true);
  });

  it('refuses every control character and lone surrogate, and nothing printable', () => {
    const control = fc.oneof(
      fc.integer({ min: 0x00, max: 0x1f }),
      fc.integer({ min: 0x7f, max: 0x9f }),
      fc.integer({ min: 0xd800, max: 0xdfff }),
    );
    // Printable text: graphemes, less LINE and PARAGRAPH SEPARATOR (U+2028, U+2029), which are line
    // breaks (a single-line field refuses them, tested above) and which the grapheme arbitrary
    // produces now and then.
    const printable = fc
      .string({ unit: 'grapheme' })
      .filter((text) => !/[\u2028\u2029]/u.test(text));
    fc.assert(
      fc.property(printable, control, fc.nat(), (text, code, at) => {
        const char = String.fromCharCode(code);
        const cut = at % (text.length + 1);
        // Never between the halves of a pair (that would make two lone halves, not one).
        fc.pre(!/[\ud800-\udbff]/.test(text.charAt(cut - 1)));
        const dirty = text.slice(0, cut) + char + text.slice(cut);
        expect(hasDisallowedCharacter(dirty, 'single') || hasLineBreak(dirty)).toBe(true);
        if (!'\t\n\r'.includes(char)) expect(hasDisallowedCharacter(dirty, 'multi')).toBe(true);
        expect(hasDisallowedCharacter(text, 'single') || hasLineBreak(text)).toBe(false);
      }),
      { numRuns: 100 },
    );
  });
});

describe('normaliseLineBreaks', () => {
  it('turns CRLF, CR, U+2028 and U+2029 into one LF each, and leaves LF and tab', () => {
    expect(normaliseLineBreaks('a\r\nb\rc\u2028d\u2029e\nf\tg\r\n\r\nh')).toBe(
      'a\nb\nc\nd\ne\nf\tg\n\nh',
    );
  });
});

describe('displayLines', () => {
  it('splits at every line break and shows anything that is not text as U+FFFD', () => {
    expect(displayLines('a\r\nb\u0000\rc\u2028d\u0085e\tf\ud800')).toEqual([
      'a',
      'b\ufffd',
      'c',
      'd',
      'e\tf\ufffd',
    ]);
  });

  it('gives lines that hold no line break and nothing that is not text', () => {
    fc.assert(
      fc.property(fc.string({ unit: anyCodeUnit, maxLength: 40 }), (text) => {
        for (const line of displayLines(text)) {
          expect(hasLineBreak(line)).toBe(false);
          expect(/(?!\t)[\p{Cc}\p{Cs}]/u.test(line)).toBe(false);
        }
      }),
      { numRuns: 100 },
    );
  });
});

describe('singleLine and multiLine (yup)', () => {
  const schema = yup.object({
    title: singleLine(yup.string().required('Title required.'), {
      lineBreak: 'Title must be on one line.',
      disallowed: 'Title contains characters that are not allowed.',
    }),
    notes: multiLine(yup.string().default(''), 'Notes contain characters that are not allowed.'),
  });
  const errorsOf = (value: unknown): string[] => {
    try {
      schema.validateSync(value, { abortEarly: false });
      return [];
    } catch (error) {
      if (error instanceof yup.ValidationError) return error.errors;
      throw error;
    }
  };

  it('refuses a line break and a control character in a single-line field, each by name', () => {
    expect(errorsOf({ title: 'A\nB' })).toEqual(['Title must be on one line.']);
    expect(errorsOf({ title: 'A\u0000B' })).toEqual([
      'Title contains characters that are not allowed.',
    ]);
    expect(errorsOf({ title: 'A\u0000\nB' })).toEqual([
      'Title must be on one line.',
      'Title contains characters that are not allowed.',
    ]);
    // Missing is the required rule's business alone.
    expect(errorsOf({})).toEqual(['Title required.']);
  });

  it('keeps line breaks (as LF) and tabs in a multi-line field, and refuses control characters', () => {
    expect(schema.validateSync({ title: 'T', notes: 'a\r\nb\tc\rd' })).toEqual({
      title: 'T',
      notes: 'a\nb\tc\nd',
    });
    expect(errorsOf({ title: 'T', notes: 'a\u001bb' })).toEqual([
      'Notes contain characters that are not allowed.',
    ]);
  });
});
