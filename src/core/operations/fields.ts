import { z } from 'zod';
import { english, type JoinedPhrases, type Phrase } from '../../i18n/lang.js';
import { withoutInvisibles } from '../validation/withoutInvisibles.js';
import { MAX_PAGE } from './definition.js';

/**
 * Input fields shared by the operations. They take loose input (a string from Slack, a number from
 * code) and either give the canonical value or say, in words a user understands, what is wrong.
 */

type Context = z.core.$RefinementCtx;

/**
 * A problem is a phrase (catalogue key and values), so each reader gets it in their language; the
 * issue's message is the English wording, for logs and the error's own message.
 */
export function addProblem(ctx: Context, problem: Phrase | string, path?: PropertyKey[]): void {
  const phrase: Phrase =
    typeof problem === 'string' ? { key: 'validation.asWritten', values: { text: problem } } : problem;
  ctx.addIssue({ code: 'custom', message: english.t(phrase), params: { phrase }, ...(path ? { path } : {}) });
}

function fail(ctx: Context, problem: Phrase | string): typeof z.NEVER {
  addProblem(ctx, problem);
  return z.NEVER;
}

/**
 * Text as the service would be asked it: invisible characters removed before any check (every
 * surface's text comes through here: commands, forms, Workflow steps, the console), so a keyword
 * of nothing visible is judged empty or too short, and free.
 */
function asText(value: unknown): string | undefined {
  if (typeof value === 'string') return withoutInvisibles(value).trim();
  if (typeof value === 'number' && Number.isFinite(value)) return String(value);
  if (typeof value === 'boolean') return String(value);
  return undefined;
}

/** A value as a message may quote it: never throws (objects can carry a hostile toString), never long. */
function quoted(value: unknown): string {
  let text: string;
  try {
    text = typeof value === 'string' ? value : (JSON.stringify(value) ?? typeof value);
  } catch {
    text = typeof value;
  }
  return text.length > 40 ? `${text.slice(0, 40)}…` : text;
}

/**
 * Zod 4 skips the schema of an absent key unless its input side is required; running every field
 * even when absent is what lets a field apply its default or say "is required" itself.
 */
function anyValue() {
  return z.preprocess((value) => value, z.unknown());
}

function isAbsent(value: unknown): boolean {
  return value === undefined || value === null || (typeof value === 'string' && withoutInvisibles(value).trim() === '');
}

export interface IntegerOptions {
  default?: number;
  min?: number;
  max?: number;
  /** Why the maximum exists, appended to the message. */
  maxReason?: Phrase;
}

export function integerField(options: IntegerOptions) {
  const min = options.min ?? 1;
  return anyValue().transform((value, ctx): number => {
    if (isAbsent(value)) {
      if (options.default !== undefined) return options.default;
      return fail(ctx, { key: 'validation.required' });
    }
    const text = asText(value);
    if (text === undefined || !/^-?\d+$/.test(text))
      return fail(ctx, { key: 'validation.wholeNumber', values: { value: quoted(value) } });
    const number = Number(text);
    if (number < min) return fail(ctx, { key: 'validation.atLeast', values: { min } });
    if (options.max !== undefined && number > options.max) {
      if (!options.maxReason) return fail(ctx, { key: 'validation.atMost', values: { max: options.max } });
      return fail(ctx, { key: 'validation.atMostBecause', values: { max: options.max, reason: options.maxReason } });
    }
    return number;
  });
}

/** A page number, from 1 to MAX_PAGE: the same bound, in the same words, for every paged operation. */
export function pageNumberField() {
  return integerField({ default: 1, max: MAX_PAGE, maxReason: { key: 'validation.reason.pageMax' } });
}

export interface TextOptions {
  required?: boolean;
  /** Runs before the checks (e.g. upper-casing a symbol). */
  normalise?: (text: string) => string;
  /** The problem with the text, as a phrase (or, for older checks, English words), or undefined. */
  check?: (text: string) => Phrase | string | undefined;
}

export function textField(options: TextOptions & { required: true }): z.ZodType<string, unknown>;
export function textField(options: TextOptions): z.ZodType<string | undefined, unknown>;
export function textField(options: TextOptions): z.ZodType<string | undefined, unknown> {
  return anyValue().transform((value, ctx): string | undefined => {
    if (isAbsent(value)) {
      if (options.required) return fail(ctx, { key: 'validation.required' });
      return undefined;
    }
    const raw = asText(value);
    if (raw === undefined) return fail(ctx, { key: 'validation.text' });
    const text = options.normalise ? options.normalise(raw) : raw;
    const problem = options.check?.(text);
    return problem ? fail(ctx, problem) : text;
  });
}

export interface ChoiceOptions<T extends string> {
  required?: boolean;
  synonyms?: Record<string, T>;
  /** Words read as typed, before case is folded for `synonyms` (a month `1M` beside a minute `1m`). */
  exactSynonyms?: Readonly<Record<string, T>>;
  /** Words meaning "no filter": the field is left out. */
  none?: readonly string[];
  /** How the choices are named to people (the words the help teaches, a phrase when they differ by language); the wire values otherwise. */
  words?: readonly string[] | Phrase | JoinedPhrases;
}

function choiceWords(words: readonly string[] | Phrase | JoinedPhrases): string | Phrase | JoinedPhrases {
  return Array.isArray(words) ? words.join(', ') : (words as Phrase | JoinedPhrases);
}

/** Exactly one of the allowed values (after the optional mapping of synonyms). */
export function choiceField<T extends string>(allowed: readonly T[], options: ChoiceOptions<T> = {}) {
  const field = textField({
    required: options.required ?? false,
    // Own keys only: "constructor" must stay the word typed, not become Object's constructor.
    normalise: (text) =>
      options.exactSynonyms && Object.hasOwn(options.exactSynonyms, text)
        ? options.exactSynonyms[text]!
        : options.synonyms && Object.hasOwn(options.synonyms, text.toLowerCase())
          ? options.synonyms[text.toLowerCase()]!
          : text,
    check: (text) =>
      (allowed as readonly string[]).includes(text)
        ? undefined
        : { key: 'validation.oneOf', values: { choices: choiceWords(options.words ?? allowed), value: quoted(text) } },
  });
  if (!options.none?.length) return field as z.ZodType<T | undefined, unknown>;
  const none = new Set(options.none.map((word) => word.toLowerCase()));
  return z.preprocess(
    (value) => (typeof value === 'string' && none.has(value.trim().toLowerCase()) ? undefined : value),
    field,
  ) as unknown as z.ZodType<T | undefined, unknown>;
}

/** Calendar date `yyyy-mm-dd` that exists (no 2026-02-30). */
export function isCalendarDate(text: string): boolean {
  const match = /^(\d{4})-(\d{2})-(\d{2})$/.exec(text);
  if (!match) return false;
  const [year, month, day] = [Number(match[1]), Number(match[2]), Number(match[3])];
  // setUTCFullYear, not Date.UTC, which reads the years 0-99 as 1900-1999.
  const date = new Date(0);
  date.setUTCFullYear(year, month - 1, day);
  return date.getUTCFullYear() === year && date.getUTCMonth() === month - 1 && date.getUTCDate() === day;
}

/**
 * The earliest date a person may give: the spec states none, and years before it are no publication
 * date of anything the service holds (and years below 100 turn into 19xx in date arithmetic).
 */
export const EARLIEST_DATE = '1900-01-01';

export function dateField() {
  return textField({
    check: (text) => {
      if (!isCalendarDate(text)) return { key: 'validation.date', values: { value: quoted(text) } };
      return text < EARLIEST_DATE
        ? { key: 'validation.dateTooEarly', values: { value: quoted(text), earliest: EARLIEST_DATE } }
        : undefined;
    },
  });
}

/** True when `end` is at most one calendar year after `start` (2025-03-01 → 2026-03-01 is allowed). */
export function withinOneYear(start: string, end: string): boolean {
  const [year, month, day] = start.split('-').map(Number) as [number, number, number];
  const limit = new Date(Date.UTC(year + 1, month - 1, day));
  // 29 February + 1 year rolls to 1 March, which is the generous reading of "one year".
  return Date.parse(`${end}T00:00:00Z`) <= limit.getTime();
}

/** Number of user-visible characters (a CJK character counts once). */
export function characterCount(text: string): number {
  return [...text].length;
}
