import type * as yup from 'yup';

/**
 * What a text field of a form may hold, shared by every form (the enquiry now; checkout and account
 * later) and by the browser and the API alike. Pure: no Node, Koa or database.
 *
 * - No field takes a control character (C0 U+0000–U+001F, DEL U+007F, C1 U+0080–U+009F) or half of
 *   a surrogate pair: PostgreSQL refuses NUL, a lone surrogate is not valid UTF-8, and escape codes
 *   have no business in a shop's records or e-mails.
 * - A single-line field (an `<input>`) takes no line break at all: LF, CR, VT, FF, NEL (U+0085),
 *   LINE SEPARATOR (U+2028) and PARAGRAPH SEPARATOR (U+2029). A value that is one line can never
 *   add a line of its own to an e-mail or a log.
 * - A multi-line field (a `<textarea>`) takes line breaks and tabs. Its line breaks are stored as
 *   LF: CRLF, a lone CR, U+2028 and U+2029 each become one LF (as a browser's textarea does for
 *   CRLF and CR), so that one text has one spelling and its length one meaning.
 */

/** Every line break: Unicode's mandatory breaks (CRLF counts as one). */
const LINE_BREAK = /\r\n|[\n\v\f\r\u0085\u2028\u2029]/u;
const LINE_BREAKS = new RegExp(LINE_BREAK.source, 'gu');

/** The line breaks a multi-line field keeps, as LF; VT, FF and NEL are refused there instead. */
const KEPT_LINE_BREAKS = /\r\n|[\r\u2028\u2029]/gu;

// With the `u` flag a well-formed surrogate pair is read as one code point, so \p{Cs} matches only
// a half without its other half. \p{Cc} is exactly C0, DEL and C1.
/** In a single-line field: any control character or lone surrogate (line breaks are told apart). */
const NOT_ONE_LINE_TEXT = /(?![\n\v\f\r\u0085])[\p{Cc}\p{Cs}]/u;
/** In a multi-line field: the same, less tab and the line breaks LF and CR. */
const NOT_MULTI_LINE_TEXT = /(?![\t\n\r])[\p{Cc}\p{Cs}]/u;
/** Anything that is not text at all, for display: every control character but tab, lone surrogates. */
const NOT_TEXT = /(?!\t)[\p{Cc}\p{Cs}]/gu;

export type Lines = 'single' | 'multi';

/** True when `text` holds any line break (see LINE_BREAK). */
export function hasLineBreak(text: string): boolean {
  return LINE_BREAK.test(text);
}

/**
 * True when `text` holds a character its field refuses, line breaks aside: for a single-line field
 * those are reported by `hasLineBreak`, and a multi-line field takes them (tab too).
 */
export function hasDisallowedCharacter(text: string, lines: Lines): boolean {
  return (lines === 'single' ? NOT_ONE_LINE_TEXT : NOT_MULTI_LINE_TEXT).test(text);
}

/** A multi-line field's text with its line breaks as LF (CRLF, CR, U+2028 and U+2029 each one LF). */
export function normaliseLineBreaks(text: string): string {
  return text.replace(KEPT_LINE_BREAKS, '\n');
}

/**
 * A text split into its lines at every line break, each line with any character that is not text
 * shown as U+FFFD. For output (e-mails, logs) that must stay one line per line whatever it is given,
 * even text that never went through a schema.
 */
export function displayLines(text: string): string[] {
  return text.split(LINE_BREAKS).map((line) => line.replace(NOT_TEXT, '\uFFFD'));
}

/** The yup string schemas these helpers take (a form's text fields, before or after `required`). */
type TextSchema = yup.StringSchema<string | null | undefined, yup.AnyObject, unknown, yup.Flags>;

const isMissing = (value: unknown): boolean => value === undefined || value === null;

/**
 * A single-line field: refuses any line break with `messages.lineBreak`, and any other control
 * character or lone surrogate with `messages.disallowed`. An empty or missing value passes (that is
 * the `required` rule's business).
 */
export function singleLine<S extends TextSchema>(
  schema: S,
  messages: { lineBreak: string; disallowed: string },
): S {
  return schema
    .test(
      'single-line',
      messages.lineBreak,
      (value) => isMissing(value) || !hasLineBreak(String(value)),
    )
    .test(
      'plain-text',
      messages.disallowed,
      (value) => isMissing(value) || !hasDisallowedCharacter(String(value), 'single'),
    );
}

/**
 * A multi-line field: stores its line breaks as LF (see `normaliseLineBreaks`) and refuses any
 * control character but tab and line breaks, and any lone surrogate, with `message`.
 */
export function multiLine<S extends TextSchema>(schema: S, message: string): S {
  return schema
    .transform((value: unknown) => (typeof value === 'string' ? normaliseLineBreaks(value) : value))
    .test(
      'plain-text',
      message,
      (value) => isMissing(value) || !hasDisallowedCharacter(String(value), 'multi'),
    );
}
