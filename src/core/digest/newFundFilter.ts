// Which new funds a filtered digest or watch posts: funds of some kinds, on sale or not, whose name
// or manager holds some words (`type:债券型 onsale 易方达`), and which fund a record is, so each is
// posted once. Pure: the funds come from whoever fetched them.
import { inEveryLanguage, type Phrase } from '../../i18n/lang.js';
import { readerText } from '../readerText.js';

/** The kinds of fund the service's `fundType` labels name (债券型, 股票型, 混合型, 货币型, 指数型, FOF, QDII). */
export const FUND_KINDS = ['bond', 'equity', 'mixed', 'money', 'index', 'fof', 'qdii'] as const;
export type FundKind = (typeof FUND_KINDS)[number];

/**
 * Words read for a kind besides its word in every language's catalogue (`digests.fundKind`: bond,
 * 债券型): the service's stems and the names people use. Compared without case, width, spaces or
 * punctuation (`Money-Market` is `money market`).
 */
export const FUND_KIND_EXTRA_WORDS: Readonly<Record<FundKind, readonly string[]>> = {
  bond: ['债券', '债基', 'bonds', 'fixed income'],
  equity: ['股票', '股基', 'equities', 'stock', 'stocks'],
  mixed: ['混合', 'hybrid', 'balanced'],
  money: ['货币', '货基', 'money market', 'mmf'],
  index: ['指数', 'indexed', 'etf'],
  fof: ['基金中基金', 'fund of funds'],
  qdii: ['qdii基金'],
};

/** The word shown for each kind, in a reader's language (`bond`, `债券型`). */
export const FUND_KIND_WORDS: readonly Phrase[] = FUND_KINDS.map((kind) => ({ key: `digests.fundKind.${kind}` }));

/**
 * Stems found inside a longer label (混合型-偏债, 指数型-股票, QDII-股票), most telling first: a mixed
 * fund leaning to bonds is mixed, an index of stocks is an index fund, a fund investing abroad is QDII.
 */
const LABEL_STEMS: ReadonlyArray<[stem: string, kind: FundKind]> = [
  ['qdii', 'qdii'],
  ['fof', 'fof'],
  ['基金中基金', 'fof'],
  ['货币', 'money'],
  ['指数', 'index'],
  ['etf', 'index'],
  ['混合', 'mixed'],
  ['债', 'bond'],
  ['股票', 'equity'],
];

const KIND_BY_WORD: ReadonlyMap<string, FundKind> = new Map(
  FUND_KINDS.flatMap((kind) =>
    [...inEveryLanguage(`digests.fundKind.${kind}`), ...FUND_KIND_EXTRA_WORDS[kind]].map(
      (word) => [readerText(word), kind] as const,
    ),
  ),
);

/** The kind a person means by a word (`bond`, `债券型`, `Money Market`), or undefined for a word that names none. */
export function fundKindOfWord(word: string): FundKind | undefined {
  return KIND_BY_WORD.get(readerText(word));
}

/** The kind a fund's `fundType` label names (`债券型`, `混合型-偏债`, `Bond`), or undefined. */
export function fundKindOfLabel(label: string): FundKind | undefined {
  const text = readerText(label);
  return KIND_BY_WORD.get(text) ?? LABEL_STEMS.find(([stem]) => text.includes(stem))?.[1];
}

/** The fields of a new-fund record a filter reads (the spec's names). */
export interface NewFundFields {
  fundCode: string;
  fundName: string;
  fundType: string;
  fundManagerName: string;
  saleStatus: boolean;
}

export interface NewFundFilter {
  /** Any of these kinds; none or empty: every kind. */
  kinds?: readonly FundKind[];
  /** On sale (true) or not (false); undefined: either. */
  onSale?: boolean;
  /** Each word in the fund's name or its manager's, whatever its case, width and spacing. */
  words?: readonly string[];
}

export function matchesNewFundFilter(fund: NewFundFields, filter: NewFundFilter): boolean {
  if (filter.kinds && filter.kinds.length > 0) {
    const kind = fundKindOfLabel(fund.fundType);
    if (kind === undefined || !filter.kinds.includes(kind)) return false;
  }
  if (filter.onSale !== undefined && fund.saleStatus !== filter.onSale) return false;
  const searched = [readerText(fund.fundName), readerText(fund.fundManagerName)];
  return (filter.words ?? []).map(readerText).every((word) => searched.some((text) => text.includes(word)));
}

/** The funds that pass the filter, in their order. */
export function filterNewFunds<T extends NewFundFields>(funds: readonly T[], filter: NewFundFilter): T[] {
  return funds.filter((fund) => matchesNewFundFilter(fund, filter));
}

/**
 * Which fund a new-fund record is: its fund code, as the digest has always remembered funds posted
 * (so a filter added to a digest keeps what it posted before); undefined without one.
 */
export function newFundIdentity(record: unknown): string | undefined {
  if (typeof record !== 'object' || record === null) return undefined;
  const code = (record as Record<string, unknown>).fundCode;
  // Fund codes are six digits; a service sending a number would have dropped the leading zeros.
  const text =
    typeof code === 'number' && Number.isInteger(code) && code >= 0
      ? String(code).padStart(6, '0')
      : typeof code === 'string'
        ? code.normalize('NFKC').trim()
        : '';
  return text === '' ? undefined : text;
}
