import { readdirSync, readFileSync } from 'node:fs';
import i18next, { type i18n } from 'i18next';
import type { CatalogueKey } from './catalogueKeys.js';
import { dateTimeText } from './timeText.js';

export type { CatalogueKey, NamesUnder, OperationName } from './catalogueKeys.js';

/**
 * The languages the app speaks. Every text the app itself writes lives in the catalogues under
 * `locales/<locale>/<namespace>.json` (one file per area, keys `<namespace>.<path>`) and
 * `locales/<locale>/operations/<name>.json` (one file per operation, all of its own texts, keys
 * `<name>.<path>`); data from the service is shown as it comes. Neither Slack nor core: both sides
 * and the console read it.
 */
export const LOCALES = ['en', 'zh-CN'] as const;
export type Locale = (typeof LOCALES)[number];
/**
 * The language when nothing else names one (no choice of one's own, no workspace language, no Slack
 * locale); not the DEFAULT_LOCALE setting, which is the workspace's language and may be unset.
 */
export const FALLBACK_LOCALE: Locale = 'en';

/** A text the app will say, named by its catalogue key, so each reader gets it in their own language. */
export interface Phrase {
  key: CatalogueKey;
  values?: Record<string, unknown>;
}

/**
 * Words kept one catalogue entry each, said in the reader's language and joined: the choices of an
 * option (`tender, award, planned`, `招标、中标、拟建`) built from the entry of each value, so no
 * list repeats them.
 */
export interface JoinedPhrases {
  words: readonly Phrase[];
  /** `common.wordList.choices` (`, ` / `、`) or `common.wordList.alternatives` (`|`). */
  joinedBy: CatalogueKey;
}

/**
 * A moment in a phrase's values, written when the phrase is said, in the style of the reader's
 * language (`2026-11-23 00:00 GMT+8 (Asia/Shanghai)`, `2026年11月23日 00:00（北京时间）`): a phrase
 * stored once (a digest run's failure, a watch's pause) is read later in either language.
 */
export interface Moment {
  moment: number;
  timeZone: string;
  /** False: without the zone, where the sentence names it or it is the reader's own. */
  withZone?: boolean;
}

export function momentOf(ms: number, timeZone: string, options: { withZone?: boolean } = {}): Moment {
  return { moment: ms, timeZone, ...(options.withZone === false ? { withZone: false } : {}) };
}

/** One language to speak in: its catalogue and its formats. */
export interface Lang {
  readonly locale: Locale;
  /**
   * The catalogue text of `key` with `{{values}}` filled in (values are not escaped; a value that
   * is itself a phrase, a word list or a moment is said first); `count` picks the plural.
   */
  t(key: CatalogueKey, values?: Record<string, unknown>): string;
  t(phrase: Phrase | JoinedPhrases): string;
}

/** Where the catalogues are: `locales/` at the project root, the same from src/ (tsx) and dist/. */
const CATALOGUE_DIR = new URL('../../locales/', import.meta.url);

export type Catalogue = Record<string, unknown>;

/** The folder of a locale's operation catalogues, beside its area files. */
const OPERATIONS_FOLDER = 'operations';

/**
 * Every namespace file of a locale, merged under its namespace: `common.json` → `{ common: … }`,
 * `operations/newFunds.json` → `{ newFunds: … }`. An operation named like an area would hide one
 * of the two, so that is refused.
 */
export function readCatalogue(locale: Locale): Catalogue {
  const catalogue: Catalogue = {};
  for (const folder of [`${locale}/`, `${locale}/${OPERATIONS_FOLDER}/`]) {
    const dir = new URL(folder, CATALOGUE_DIR);
    for (const file of readdirSync(dir)
      .filter((name) => name.endsWith('.json'))
      .sort()) {
      const namespace = file.slice(0, -'.json'.length);
      if (Object.hasOwn(catalogue, namespace))
        throw new Error(`locales/${folder}${file}: the namespace ${namespace} is taken`);
      catalogue[namespace] = JSON.parse(readFileSync(new URL(file, dir), 'utf8')) as unknown;
    }
  }
  return catalogue;
}

let instance: i18n | undefined;

const ENGLISH_NUMBERS = [
  'zero',
  'one',
  'two',
  'three',
  'four',
  'five',
  'six',
  'seven',
  'eight',
  'nine',
  'ten',
  'eleven',
  'twelve',
  'thirteen',
  'fourteen',
  'fifteen',
  'sixteen',
  'seventeen',
  'eighteen',
  'nineteen',
];
const ENGLISH_TENS = ['', '', 'twenty', 'thirty', 'forty', 'fifty', 'sixty', 'seventy', 'eighty', 'ninety'];

/** 0 to 99 in English words ("fifteen", "forty-two"); undefined past them. */
function englishNumber(value: number): string | undefined {
  if (!Number.isInteger(value) || value < 0 || value > 99) return undefined;
  if (value < 20) return ENGLISH_NUMBERS[value];
  const ones = value % 10;
  return `${ENGLISH_TENS[Math.floor(value / 10)]}${ones ? `-${ENGLISH_NUMBERS[ones]}` : ''}`;
}

/** A unit that starts with a number ("5-minute", "1-hour"). */
const NUMBER_LED = /^(\d+)(?=\D)/;

/** Whether English spells the count itself before `unit`: up to nine, before a unit that starts with a number. */
function spellsCount(count: unknown, unit: unknown, lng: string | undefined): boolean {
  return (
    lng === 'en' &&
    typeof count === 'number' &&
    count >= 0 &&
    count <= 9 &&
    Number.isInteger(count) &&
    typeof unit === 'string' &&
    NUMBER_LED.test(unit)
  );
}

/**
 * Two numbers side by side read as one ("5 5-minute candles"). Before a unit that starts with a
 * number, English spells a count up to nine ("five 5-minute candles") and, past nine, the unit's own
 * number ("12 five-minute candles"): `{{count, beforeUnit(unit: period)}} {{period, afterCount(counted:
 * count)}}`, each naming the other value (i18next hands a format the text's values over its own
 * options, so neither may be named like a value). Chinese writes "5 根5分钟K线" and needs neither.
 */
function addCountFormats(resources: i18n): void {
  resources.services.formatter?.add('beforeUnit', (value, lng, options) => {
    const unit = (options as Record<string, unknown>)[String((options as { unit?: unknown }).unit)];
    if (spellsCount(value, unit, lng)) return englishNumber(value as number)!;
    return typeof value === 'number' ? new Intl.NumberFormat(lng).format(value) : String(value);
  });
  resources.services.formatter?.add('afterCount', (value, lng, options) => {
    const count = (options as Record<string, unknown>)[String((options as { counted?: unknown }).counted)];
    const unit = String(value);
    if (lng !== 'en' || spellsCount(count, unit, lng)) return unit;
    const leading = NUMBER_LED.exec(unit);
    const word = leading ? englishNumber(Number(leading[1])) : undefined;
    return word ? `${word}${unit.slice(leading![1]!.length)}` : unit;
  });
}

function catalogues(): i18n {
  if (instance) return instance;
  const created = i18next.createInstance();
  void created.init({
    resources: Object.fromEntries(LOCALES.map((locale) => [locale, { translation: readCatalogue(locale) }])),
    lng: FALLBACK_LOCALE,
    supportedLngs: [...LOCALES],
    // A key missing in Chinese is caught by the catalogue test; at run time English beats a raw key.
    fallbackLng: FALLBACK_LOCALE,
    // Values are escaped for Slack by the caller (mrkdwn, not HTML), so i18next must not touch them.
    interpolation: { escapeValue: false },
    returnNull: false,
    initAsync: false,
  });
  addCountFormats(created);
  instance = created;
  return created;
}

/**
 * The text of `key` in every language the app speaks, in the order of LOCALES (a language without
 * the text is left out): `bids.keys.region` → `['region', '地区']`. Words people type are read
 * in any language, so a word's catalogue entries are both what each reader is shown and what is read.
 */
export function inEveryLanguage(key: CatalogueKey): string[] {
  const resources = catalogues();
  return LOCALES.map((locale) => resources.getResource(locale, 'translation', key) as unknown).filter(
    (text): text is string => typeof text === 'string',
  );
}

const langs = new Map<Locale, Lang>();
/** Texts remembered per language; the texts of a few thousand replies, then forgotten at once. */
const SAID_MEMO_SIZE = 20_000;

function isPhrase(value: unknown): value is Phrase {
  return typeof value === 'object' && value !== null && typeof (value as { key?: unknown }).key === 'string';
}

function isJoinedPhrases(value: unknown): value is JoinedPhrases {
  return (
    typeof value === 'object' &&
    value !== null &&
    Array.isArray((value as { words?: unknown }).words) &&
    typeof (value as { joinedBy?: unknown }).joinedBy === 'string'
  );
}

function isMoment(value: unknown): value is Moment {
  return (
    typeof value === 'object' &&
    value !== null &&
    typeof (value as { moment?: unknown }).moment === 'number' &&
    typeof (value as { timeZone?: unknown }).timeZone === 'string'
  );
}

const isPlainValue = (value: unknown) =>
  typeof value === 'string' || (typeof value === 'number' && Number.isFinite(value)) || typeof value === 'boolean';

export function langFor(locale: Locale): Lang {
  const known = langs.get(locale);
  if (known) return known;
  const fixed = catalogues().getFixedT(locale);
  // i18next's t() resolves, interpolates and plural-picks on every call (a fifth of a cached
  // answer's CPU under load); the catalogues never change while the process runs, so the same key
  // and values always give the same text.
  const said = new Map<string, string>();
  const lookUp = (key: CatalogueKey, values?: Record<string, unknown>) => {
    // Only texts made of plain values are remembered: JSON names them exactly.
    if (values !== undefined && !Object.values(values).every(isPlainValue)) return fixed(key, values) as string;
    const memoKey = values === undefined ? key : `${key}\u0000${JSON.stringify(values)}`;
    let text = said.get(memoKey);
    if (text === undefined) {
      text = fixed(key, values ?? {}) as string;
      if (said.size >= SAID_MEMO_SIZE) said.clear();
      said.set(memoKey, text);
    }
    return text;
  };
  const t = (keyOrPhrase: CatalogueKey | Phrase | JoinedPhrases, givenValues?: Record<string, unknown>): string => {
    if (typeof keyOrPhrase !== 'string' && isJoinedPhrases(keyOrPhrase))
      return keyOrPhrase.words.map((word) => t(word)).join(lookUp(keyOrPhrase.joinedBy));
    const { key, values } = typeof keyOrPhrase === 'string' ? { key: keyOrPhrase, values: givenValues } : keyOrPhrase;
    if (!values) return lookUp(key);
    const said = (value: unknown) => isPhrase(value) || isJoinedPhrases(value) || isMoment(value);
    if (!Object.values(values).some(said)) return lookUp(key, values);
    const say = (value: unknown) => {
      if (isMoment(value))
        return dateTimeText(value.moment, value.timeZone, lang, value.withZone === false ? { withZone: false } : {});
      return said(value) ? t(value as Phrase | JoinedPhrases) : value;
    };
    return lookUp(key, Object.fromEntries(Object.entries(values).map(([name, value]) => [name, say(value)])));
  };
  const lang: Lang = { locale, t };
  langs.set(locale, lang);
  return lang;
}

/** English, for logs, errors' own messages and tests of today's wording. */
export const english: Lang = langFor('en');

/**
 * Names of a language, by the locale they name, besides its word in every language's catalogue
 * (`help.lang.zh`: zh, 中文); in lower case (`zh-…` and `en-…` are read too).
 */
export const LANGUAGE_WORDS = {
  'zh-CN': { shown: 'help.lang.zh', extra: ['cn', 'chinese', '汉语', '简体中文', '简体', '中'] },
  en: { shown: 'help.lang.en', extra: ['english', '英语', '英'] },
} as const satisfies Record<Locale, { shown: CatalogueKey; extra: readonly string[] }>;

const LANGUAGE_NAMES: ReadonlyMap<string, Locale> = new Map(
  LOCALES.flatMap((locale) =>
    [...inEveryLanguage(LANGUAGE_WORDS[locale].shown), ...LANGUAGE_WORDS[locale].extra].map(
      (word) => [word.toLowerCase(), locale] as const,
    ),
  ),
);

/**
 * Words for "no language of its own" (the workspace's, else Slack's) besides `help.lang.auto` (auto,
 * 自动), which help shows.
 */
export const AUTO_LANGUAGE_EXTRA_WORDS = ['default', 'reset', 'workspace', '默认'];
const AUTO_LANGUAGE_WORDS: readonly string[] = [...inEveryLanguage('help.lang.auto'), ...AUTO_LANGUAGE_EXTRA_WORDS].map(
  (word) => word.toLowerCase(),
);

/**
 * A locale from what a person or Slack wrote: `zh`, `cn`, `zh-CN`, `zh_TW`, `中文` → zh-CN; `en`,
 * `en-GB`, `英文` → en. Anything else is undefined (the caller falls back). The one reader of language
 * names: `/dq lang`, a digest's `lang:`, DEFAULT_LOCALE, `dq chart --lang` and Slack's user locale.
 */
/** A locale exactly as the app writes one into a button's value ('en', 'zh-CN'); anything else is none (readLocale reads what people write). */
export function exactLocale(value: unknown): Locale | undefined {
  return LOCALES.find((known) => known === value);
}

export function readLocale(text: string | undefined | null): Locale | undefined {
  const word = (text ?? '').trim().toLowerCase().replace('_', '-');
  if (!word) return undefined;
  const named = LANGUAGE_NAMES.get(word);
  if (named) return named;
  if (word.startsWith('zh-')) return 'zh-CN';
  if (word.startsWith('en-')) return 'en';
  return undefined;
}

/** A language named by a person, or `auto` for one of AUTO_LANGUAGE_WORDS; undefined for anything else. */
export function readLanguageChoice(text: string | undefined | null): Locale | 'auto' | undefined {
  const word = (text ?? '').trim().toLowerCase();
  return AUTO_LANGUAGE_WORDS.includes(word) ? 'auto' : readLocale(word);
}

/** True for text with Chinese characters: the words of a syntax are picked per language by this. */
export function isChinese(text: string): boolean {
  return /\p{Script=Han}/u.test(text);
}

/**
 * Whose words win: the person's own choice (`/dq lang`), then the workspace's (DEFAULT_LOCALE),
 * then their Slack locale, then English.
 */
export function chooseLocale(choice: {
  own?: Locale | undefined;
  workspace?: Locale | undefined;
  slack?: Locale | undefined;
}): Locale {
  return choice.own ?? choice.workspace ?? choice.slack ?? FALLBACK_LOCALE;
}
