import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { ValidationError } from 'yup';
import {
  enquiryFields,
  enquiryLabels,
  enquiryMaxLengths,
  enquirySchema,
  isHoneypotFilled,
  isWellFormedEmail,
  renderEnquiryEmail,
  validateEnquiry,
  type Enquiry,
} from './enquiry';
import { escapeHtml } from './html';
import { messages } from './messages';
import { site } from './site';

const m = messages.enquiry;

const valid: Enquiry = {
  name: 'Aoife Murphy',
  email: 'aoife@murphyfuels.co.uk',
  address: '3 Quay Street, Newry BT35 6AA',
  companyName: 'Murphy Fuels',
  telephone: '028 3026 1234',
  message: 'Please quote for 20 pallets of smokeless coal.',
};

describe('isWellFormedEmail (SPEC §5)', () => {
  it.each([
    'a@b.co',
    'first.last+tag@sub.example.org',
    "o'neill@example.ie",
    'sales-team@fuel-yard.co.uk',
    'UPPER@EXAMPLE.COM',
    'a_b@c1.example.museum',
    '1234@123.example.com',
    `${'x'.repeat(64)}@${'a'.repeat(63)}.${'b'.repeat(63)}.${'c'.repeat(58)}.uk`,
  ])('accepts %s', (email) => {
    expect(isWellFormedEmail(email)).toBe(true);
  });

  it.each([
    'plain',
    'a@b',
    // No IP literals (stricter than SPEC §5), and no "%", "&" or "?" (they bend mailto: links).
    'x@[127.0.0.1]',
    'x@[10.0.0.1]',
    'user@[192.168.0.1]',
    'user@[0.0.0.0]',
    'user@[255.255.255.255]',
    'a@[IPv6:::1]',
    'a?cc=spy%40evil.example&body=hi@fuelyard.example',
    'a%b@example.com',
    'a&b@example.com',
    'a?b@example.com',
    'a%40evil.example@example.com',
    `${'x'.repeat(64)}@${'a'.repeat(63)}.${'b'.repeat(63)}.${'c'.repeat(59)}.uk`,
    'a@b.c',
    'a@[300.1.1.1]',
    'a@[1.2.3.256]',
    'a@[1.2.3]',
    'a@[01.2.3.4]',
    'a@1.2.3.4',
    'a@b.c0',
    'a@@b.com',
    '@b.com',
    'a b@c.com',
    'a@b .com',
    'a@b..com',
    'a@.b.com',
    'a@b.com.',
    'a@-b.com',
    'a@b-.com',
    '.a@b.com',
    'a.@b.com',
    'a..b@c.com',
    'a@b_c.com',
    '',
    '@',
    'a@',
    'a@[1.2.3.4',
    `${'x'.repeat(65)}@example.com`,
    `a@${'x'.repeat(64)}.com`,
  ])('rejects %j', (email) => {
    expect(isWellFormedEmail(email)).toBe(false);
  });

  const atext = fc.constantFrom(
    ..."abcdefghijklmnopqrstuvwxyzABCDEFGHIJKLMNOPQRSTUVWXYZ0123456789!#$'*+/=^_`{|}~-",
  );
  const atom = fc.string({ unit: atext, minLength: 1, maxLength: 10 });
  const localPart = fc
    .array(atom, { minLength: 1, maxLength: 3 })
    .map((atoms) => atoms.join('.'))
    .filter((local) => local.length <= 64);
  const alnum = fc.constantFrom(...'abcdefghijklmnopqrstuvwxyz0123456789');
  const label = fc
    .tuple(alnum, fc.string({ unit: fc.constantFrom(...'abcz09-'), maxLength: 8 }), alnum)
    .map(([first, middle, last]) => `${first}${middle}${last}`);
  const topLevel = fc.string({
    unit: fc.constantFrom(...'abcdefghijklmnopqrstuvwxyz'),
    minLength: 2,
    maxLength: 6,
  });
  const domain = fc
    .tuple(fc.array(label, { minLength: 1, maxLength: 3 }), topLevel)
    .map(([labels, tld]) => [...labels, tld].join('.'));
  const octet = fc.integer({ min: 0, max: 255 }).map(String);

  it('accepts every dotted-domain address built from the allowed characters', () => {
    fc.assert(
      fc.property(localPart, domain, (local, host) => {
        expect(isWellFormedEmail(`${local}@${host}`)).toBe(true);
      }),
      { numRuns: 100 },
    );
  });

  it('rejects every bracketed IPv4 literal, and any octet above 255', () => {
    fc.assert(
      fc.property(localPart, fc.array(octet, { minLength: 4, maxLength: 4 }), (local, octets) => {
        expect(isWellFormedEmail(`${local}@[${octets.join('.')}]`)).toBe(false);
      }),
      { numRuns: 100 },
    );
    fc.assert(
      fc.property(
        localPart,
        fc.array(octet, { minLength: 3, maxLength: 3 }),
        fc.integer({ min: 256, max: 999 }),
        fc.integer({ min: 0, max: 3 }),
        (local, octets, big, position) => {
          const all = [...octets];
          all.splice(position, 0, String(big));
          expect(isWellFormedEmail(`${local}@[${all.join('.')}]`)).toBe(false);
        },
      ),
      { numRuns: 100 },
    );
  });

  it('rejects every local part holding "%", "&" or "?"', () => {
    fc.assert(
      fc.property(
        localPart,
        fc.constantFrom('%', '&', '?'),
        localPart,
        domain,
        (a, bad, b, host) => {
          expect(isWellFormedEmail(`${a}${bad}${b}@${host}`)).toBe(false);
        },
      ),
      { numRuns: 100 },
    );
  });

  it('rejects anything without an @, with whitespace, or with a second @', () => {
    fc.assert(
      fc.property(fc.string(), (text) => {
        if (!text.includes('@')) expect(isWellFormedEmail(text)).toBe(false);
      }),
      { numRuns: 100 },
    );
    fc.assert(
      fc.property(
        localPart,
        domain,
        fc.constantFrom(' ', '\t', '\n', '\u00a0'),
        fc.nat(),
        (local, host, space, at) => {
          const address = `${local}@${host}`;
          const cut = at % (address.length + 1);
          expect(isWellFormedEmail(address.slice(0, cut) + space + address.slice(cut))).toBe(false);
        },
      ),
      { numRuns: 100 },
    );
    fc.assert(
      fc.property(localPart, domain, (local, host) => {
        expect(isWellFormedEmail(`${local}@@${host}`)).toBe(false);
        expect(isWellFormedEmail(`${local}@${host}@${host}`)).toBe(false);
      }),
      { numRuns: 100 },
    );
  });

  it('rejects a domain whose last label is not at least two letters', () => {
    fc.assert(
      fc.property(
        localPart,
        domain,
        fc.oneof(
          fc.constantFrom(...'abcdefghijklmnopqrstuvwxyz'),
          fc.string({ unit: fc.constantFrom(...'0123456789-'), minLength: 1, maxLength: 4 }),
        ),
        (local, host, tld) => {
          expect(isWellFormedEmail(`${local}@${host}.${tld}`)).toBe(false);
        },
      ),
      { numRuns: 100 },
    );
  });
});

describe('validateEnquiry (SPEC §5)', () => {
  it('accepts a complete enquiry and trims every field', () => {
    const result = validateEnquiry({
      ...valid,
      name: '  Aoife Murphy ',
      email: ' aoife@murphyfuels.co.uk\n',
      message: '\n  Line one\nLine two  \n',
      telephone2: '',
      extra: 'ignored',
    });
    expect(result).toEqual({
      ok: true,
      value: { ...valid, message: 'Line one\nLine two' },
    });
  });

  it('lists all seven messages, in field order, for an empty form', () => {
    const expected = [
      m.nameRequired,
      m.emailRequired,
      m.emailInvalid,
      m.addressRequired,
      m.companyRequired,
      m.telephoneRequired,
      m.messageRequired,
    ];
    expect(expected).toEqual([
      'Name required.',
      'Email required.',
      'Valid email required.',
      'Address required.',
      'Company Name required.',
      'Contact No. required.',
      'Enquiry required.',
    ]);
    expect(validateEnquiry({})).toEqual({ ok: false, errors: expected });
    expect(
      validateEnquiry({
        name: ' ',
        email: '',
        address: '\n',
        companyName: '\t',
        telephone: '',
        message: '   ',
      }),
    ).toEqual({ ok: false, errors: expected });
  });

  it.each([null, undefined, 'text', 42, [valid]])('treats %j as an empty form', (input) => {
    const result = validateEnquiry(input);
    expect(result.ok).toBe(false);
    if (!result.ok) expect(result.errors).toHaveLength(7);
  });

  it('reads values that are not text as missing, and numbers as text', () => {
    const result = validateEnquiry({ ...valid, name: { first: 'A' }, telephone: 2830261234 });
    expect(result).toEqual({ ok: false, errors: [m.nameRequired] });
    expect(validateEnquiry({ ...valid, telephone: 2830261234 })).toEqual({
      ok: true,
      value: { ...valid, telephone: '2830261234' },
    });
  });

  it('refuses a badly formed email with "Valid email required." only', () => {
    expect(validateEnquiry({ ...valid, email: 'aoife@murphyfuels' })).toEqual({
      ok: false,
      errors: ['Valid email required.'],
    });
  });

  it('says "Valid email required." exactly when the trimmed email breaks the email rule', () => {
    const space = fc.constantFrom('', ' ', '\n', '\t ');
    const core = fc.oneof(fc.string({ maxLength: 40 }), fc.emailAddress());
    fc.assert(
      fc.property(space, core, space, (before, text, after) => {
        const email = `${before}${text}${after}`;
        const trimmed = email.trim();
        fc.pre(trimmed.length <= enquiryMaxLengths.email);
        const expected =
          trimmed === ''
            ? { ok: false, errors: [m.emailRequired, m.emailInvalid] }
            : isWellFormedEmail(trimmed)
              ? { ok: true, value: { ...valid, email: trimmed } }
              : { ok: false, errors: [m.emailInvalid] };
        expect(validateEnquiry({ ...valid, email })).toEqual(expected);
      }),
      { numRuns: 100 },
    );
  });

  it('keeps field order when several fields fail', () => {
    expect(validateEnquiry({ ...valid, message: '', email: 'x', name: '' })).toEqual({
      ok: false,
      errors: [m.nameRequired, m.emailInvalid, m.messageRequired],
    });
  });

  it('enforces the length limits with a clear message', () => {
    expect(validateEnquiry({ ...valid, message: 'x'.repeat(5000) }).ok).toBe(true);
    expect(validateEnquiry({ ...valid, message: 'x'.repeat(5001) })).toEqual({
      ok: false,
      errors: ['Enquiry is too long: please keep it to 5000 characters or fewer.'],
    });
    expect(validateEnquiry({ ...valid, companyName: 'c'.repeat(201) })).toEqual({
      ok: false,
      errors: ['Company Name is too long: please keep it to 200 characters or fewer.'],
    });
    const longFields = Object.fromEntries(
      Object.entries(enquiryMaxLengths).map(([field, max]) => [field, 'y'.repeat(max + 1)]),
    );
    const result = validateEnquiry(longFields);
    expect(result.ok).toBe(false);
    if (!result.ok) {
      expect(result.errors).toEqual([
        m.tooLong('Name', 200),
        m.tooLong('Email', 254),
        m.emailInvalid,
        m.tooLong('Address', 500),
        m.tooLong('Company Name', 200),
        m.tooLong('Contact No.', 50),
        m.tooLong('Enquiry', 5000),
      ]);
    }
  });

  it('never validates the honeypot', () => {
    expect(validateEnquiry({ ...valid, telephone2: { any: 'thing' } }).ok).toBe(true);
  });
});

describe('validateEnquiry: only plain text (control characters, line breaks)', () => {
  const singleLineFields = ['name', 'email', 'address', 'companyName', 'telephone'] as const;
  const fields = [...singleLineFields, 'message'] as const;
  const label = (field: keyof Enquiry) => enquiryLabels[field];
  /** The messages a field's value with `char` in its middle gets (the email also stops being one). */
  const refusal = (field: keyof Enquiry, message: string) =>
    field === 'email' ? [m.emailInvalid, message] : [message];
  const withInside = (field: keyof Enquiry, char: string) => {
    const value = valid[field];
    const middle = Math.floor(value.length / 2);
    return { ...valid, [field]: value.slice(0, middle) + char + value.slice(middle) };
  };

  const controls = {
    NUL: '\u0000',
    'C0 SOH': '\u0001',
    'C0 backspace': '\u0008',
    'C0 escape': '\u001b',
    'C0 unit separator': '\u001f',
    DEL: '\u007f',
    'C1 PAD': '\u0080',
    'C1 CSI': '\u009b',
    'C1 APC': '\u009f',
    'lone high surrogate': '\ud83d',
    'lone low surrogate': '\ude00',
  };
  const breaks = {
    LF: '\n',
    CRLF: '\r\n',
    CR: '\r',
    VT: '\v',
    FF: '\f',
    NEL: '\u0085',
    'LINE SEPARATOR': '\u2028',
    'PARAGRAPH SEPARATOR': '\u2029',
  };

  it('gives the new messages in the style of the others', () => {
    expect(m.oneLine('Contact No.')).toBe('Contact No. must be on one line.');
    expect(m.disallowedCharacters('Enquiry')).toBe(
      'Enquiry contains characters that are not allowed.',
    );
  });

  describe.each(fields)('%s', (field) => {
    it.each(Object.entries(controls))('refuses a %s', (_name, char) => {
      expect(validateEnquiry(withInside(field, char))).toEqual({
        ok: false,
        errors: refusal(field, m.disallowedCharacters(label(field))),
      });
    });

    it('takes characters outside the Basic Multilingual Plane (a whole surrogate pair)', () => {
      if (field === 'email') return; // an address is ASCII (SPEC §5)
      expect(validateEnquiry(withInside(field, ' 😀 𝄞 ')).ok).toBe(true);
    });
  });

  describe.each(singleLineFields)('%s (one line)', (field) => {
    it.each(Object.entries(breaks))('refuses a %s inside', (_name, char) => {
      expect(validateEnquiry(withInside(field, char))).toEqual({
        ok: false,
        errors: refusal(field, m.oneLine(label(field))),
      });
    });

    it('refuses a tab inside', () => {
      expect(validateEnquiry(withInside(field, '\t'))).toEqual({
        ok: false,
        errors: refusal(field, m.disallowedCharacters(label(field))),
      });
    });

    it('trims a line break at either end, as any other white space', () => {
      const result = validateEnquiry({ ...valid, [field]: `\r\n${valid[field]}\n` });
      expect(result).toEqual({ ok: true, value: valid });
    });
  });

  it.each(['name', 'companyName', 'telephone', 'address'] as const)(
    'refuses a forged "Bcc:" line in %s',
    (field) => {
      for (const forged of ['\nBcc: x@y', '\r\nBcc: x@y', '\u2028Email: x@y']) {
        expect(validateEnquiry({ ...valid, [field]: valid[field] + forged })).toEqual({
          ok: false,
          errors: [m.oneLine(label(field))],
        });
      }
    },
  );

  it('names both problems when a field has a line break and a control character', () => {
    expect(validateEnquiry({ ...valid, name: 'A\u0000\nB' })).toEqual({
      ok: false,
      errors: ['Name must be on one line.', 'Name contains characters that are not allowed.'],
    });
  });

  it("keeps the enquiry's line breaks and tabs, with every line break stored as LF", () => {
    expect(
      validateEnquiry({ ...valid, message: 'One\r\nTwo\rThree\u2028Four\u2029Five\n\tSix' }),
    ).toEqual({ ok: true, value: { ...valid, message: 'One\nTwo\nThree\nFour\nFive\n\tSix' } });
  });

  it.each(['\v', '\f', '\u0085'])('refuses %j in the enquiry', (char) => {
    expect(validateEnquiry(withInside('message', char))).toEqual({
      ok: false,
      errors: [m.disallowedCharacters('Enquiry')],
    });
  });

  it("counts the enquiry's length with its line breaks as LF", () => {
    const lines = 'x\r\n'.repeat(2500).trim();
    expect(validateEnquiry({ ...valid, message: `${lines}x` }).ok).toBe(true);
  });

  it('shows the same messages per field as validateEnquiry lists (the form uses both)', () => {
    const values = {
      ...valid,
      telephone2: '',
      name: 'A\nB',
      companyName: 'C\u0000',
      message: 'M\u001b',
    };
    const perField = enquiryFields.flatMap((field) => {
      try {
        enquirySchema.validateSyncAt(field, values, { abortEarly: false });
        return [];
      } catch (error) {
        return error instanceof ValidationError ? error.errors : [];
      }
    });
    expect(perField).toEqual([
      'Name must be on one line.',
      'Company Name contains characters that are not allowed.',
      'Enquiry contains characters that are not allowed.',
    ]);
    expect(validateEnquiry(values)).toEqual({ ok: false, errors: perField });
  });

  // Printable text: anything fast-check calls a printable grapheme, spaces included.
  // Printable text: graphemes, but not the line and paragraph separators (U+2028, U+2029), which
  // the validator rightly takes for line breaks.
  const printable = (max: number) =>
    fc
      .string({ unit: 'grapheme', maxLength: Math.min(max, 60) })
      .filter((text) => !/[\u2028\u2029]/u.test(text));
  const control = fc
    .oneof(
      fc.integer({ min: 0x00, max: 0x1f }),
      fc.integer({ min: 0x7f, max: 0x9f }),
      fc.integer({ min: 0xd800, max: 0xdfff }),
    )
    .map((code) => String.fromCharCode(code));
  const textFields = ['name', 'address', 'companyName', 'telephone', 'message'] as const;

  it('refuses any value with a control character or lone surrogate inside it', () => {
    fc.assert(
      fc.property(
        fc.constantFrom(...fields),
        printable(40),
        control,
        printable(40),
        (field, before, char, after) => {
          // A tab or line break inside the enquiry is text; a lone half must stay alone.
          fc.pre(!(field === 'message' && '\t\n\r'.includes(char)));
          fc.pre(!/[\ud800-\udbff]$/.test(before) && !/^[\udc00-\udfff]/.test(after));
          const value = `x${before}${char}${after}x`;
          fc.pre(value.length <= enquiryMaxLengths[field]);
          const result = validateEnquiry({ ...valid, [field]: value });
          expect(result.ok).toBe(false);
          if (!result.ok) {
            expect(result.errors).toSatisfy(
              (errors: string[]) =>
                errors.includes(m.disallowedCharacters(label(field))) ||
                errors.includes(m.oneLine(label(field))),
            );
          }
        },
      ),
      { numRuns: 100 },
    );
  });

  it('accepts any printable value within the limits, trimmed', () => {
    fc.assert(
      fc.property(fc.constantFrom(...textFields), printable(60), (field, text) => {
        const value = text.trim();
        fc.pre(value !== '' && value.length <= enquiryMaxLengths[field]);
        expect(validateEnquiry({ ...valid, [field]: ` ${text} ` })).toEqual({
          ok: true,
          value: { ...valid, [field]: value },
        });
      }),
      { numRuns: 100 },
    );
  });
});

describe('isHoneypotFilled (SPEC §4 "Bot")', () => {
  it.each([
    [{ telephone2: '028 1234' }, true],
    [{ telephone2: ' x ' }, true],
    [{ telephone2: 0 }, true],
    [{ telephone2: false }, true],
    [{ telephone2: '' }, false],
    [{ telephone2: '   ' }, false],
    [{ telephone2: null }, false],
    [{}, false],
    [null, false],
    ['telephone2', false],
  ])('%j -> %s', (input, expected) => {
    expect(isHoneypotFilled(input)).toBe(expected);
  });
});

describe('renderEnquiryEmail (SPEC §3 "Email payload")', () => {
  it('has a fixed subject naming the company', () => {
    expect(renderEnquiryEmail(valid, site).subject).toBe('Wholesale enquiry – Fuelyard');
    expect(renderEnquiryEmail(valid, { companyName: 'Other Co' }).subject).toBe(
      'Wholesale enquiry – Other Co',
    );
  });

  it('lists the six fields one per line, in both parts', () => {
    const { html, text } = renderEnquiryEmail(valid, site);
    const htmlOrder = ['Name', 'Email', 'Address', 'Company Name', 'Telephone', 'Message'].map(
      (label) => html.indexOf(`<strong>${label}:</strong>`),
    );
    expect(htmlOrder.every((index) => index > 0)).toBe(true);
    expect([...htmlOrder].sort((a, b) => a - b)).toEqual(htmlOrder);
    expect(html).toContain('<strong>Company Name:</strong> Murphy Fuels</p>');
    expect(text).toBe(
      [
        'Name: Aoife Murphy',
        'Email: aoife@murphyfuels.co.uk',
        'Address: 3 Quay Street, Newry BT35 6AA',
        'Company Name: Murphy Fuels',
        'Telephone: 028 3026 1234',
        'Message: Please quote for 20 pallets of smokeless coal.',
        '',
      ].join('\n'),
    );
  });

  it('turns message line breaks into <br>', () => {
    const { html, text } = renderEnquiryEmail(
      { ...valid, message: 'Line one\nLine two\r\nLine three' },
      site,
    );
    expect(html).toContain('Line one<br>\nLine two<br>\nLine three</p>');
    // Further lines are indented: the label starts the line, a value's own lines never do.
    expect(text).toContain('Message: Line one\n  Line two\n  Line three\n');
  });

  /** Any UTF-16 code unit (lone surrogates included), with line breaks made likelier. */
  const anyCodeUnit = fc.oneof(
    fc.integer({ min: 0, max: 0xffff }).map((code) => String.fromCharCode(code)),
    fc.constantFrom('\n', '\r\n', '\r', '\v', '\f', '\u0085', '\u2028', '\u2029', '😀'),
  );

  it('never lets a value add a line of its own, whatever it contains', () => {
    const labels = ['Name', 'Email', 'Address', 'Company Name', 'Telephone', 'Message'];
    fc.assert(
      fc.property(
        fc.record({
          name: fc.string({ unit: anyCodeUnit, maxLength: 30 }),
          email: fc.string({ unit: anyCodeUnit, maxLength: 30 }),
          address: fc.string({ unit: anyCodeUnit, maxLength: 30 }),
          companyName: fc.string({ unit: anyCodeUnit, maxLength: 30 }),
          telephone: fc.string({ unit: anyCodeUnit, maxLength: 30 }),
          message: fc.string({ unit: anyCodeUnit, maxLength: 30 }),
        }),
        (enquiry) => {
          const { text, html } = renderEnquiryEmail(enquiry, site);
          const lines = text.slice(0, -1).split('\n');
          const starts = lines.filter((line) => !line.startsWith('  '));
          expect(starts.map((line) => line.slice(0, line.indexOf(':')))).toEqual(labels);
          expect(lines.every((line) => !/[\r\v\f\u0085\u2028\u2029]/.test(line))).toBe(true);
          expect(/(?![\t\n])[\p{Cc}\p{Cs}]/u.test(text + html)).toBe(false);
        },
      ),
      { numRuns: 100 },
    );
  });

  it('shows a typed "Bcc:" line as part of the message, not as a field', () => {
    const { html, text } = renderEnquiryEmail(
      { ...valid, message: 'Quote please\nBcc: x@y\r\nEmail: z@y' },
      site,
    );
    expect(text).toContain('Message: Quote please\n  Bcc: x@y\n  Email: z@y\n');
    expect(text).not.toMatch(/^(Bcc|Email: z)/m);
    expect(html).toContain(
      '<p style="margin:0 0 8px;padding-left:1em;text-indent:-1em"><strong>Message:</strong> Quote please<br>\nBcc: x@y<br>\nEmail: z@y</p>',
    );
  });

  it.each(['name', 'email', 'address', 'companyName', 'telephone', 'message'] as const)(
    'escapes a <script> in %s',
    (field) => {
      const attack = '<script>alert("x")</script> & \'quotes\'';
      const { html, text } = renderEnquiryEmail({ ...valid, [field]: attack }, site);
      expect(html).not.toContain('<script>');
      expect(html).toContain(
        '&lt;script&gt;alert(&quot;x&quot;)&lt;/script&gt; &amp; &#39;quotes&#39;',
      );
      // The plain-text part is text, so it carries the characters as typed.
      expect(text).toContain(attack);
    },
  );

  it('never lets a value open or close a tag, whatever it contains', () => {
    const markup = (html: string) => html.match(/<[^>]*>/g) ?? [];
    const baseline = markup(renderEnquiryEmail(valid, site).html).filter((tag) => tag !== '<br>');
    fc.assert(
      fc.property(
        fc.record({
          name: fc.string(),
          email: fc.string(),
          address: fc.string(),
          companyName: fc.string(),
          telephone: fc.string(),
          message: fc.string(),
        }),
        (enquiry) => {
          const tags = markup(renderEnquiryEmail(enquiry, site).html).filter(
            (tag) => tag !== '<br>',
          );
          expect(tags).toEqual(baseline);
        },
      ),
      { numRuns: 100 },
    );
  });

  it('escapeHtml is reversible and leaves no markup characters', () => {
    const unescape = (s: string) =>
      s
        .replace(/&lt;/g, '<')
        .replace(/&gt;/g, '>')
        .replace(/&quot;/g, '"')
        .replace(/&#39;/g, "'")
        .replace(/&amp;/g, '&');
    fc.assert(
      fc.property(fc.string(), (s) => {
        const escaped = escapeHtml(s);
        expect(escaped).not.toMatch(/[<>"']/);
        expect(unescape(escaped)).toBe(s);
      }),
      { numRuns: 100 },
    );
  });
});
