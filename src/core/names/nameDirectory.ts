import { distance } from 'fastest-levenshtein';
import { pinyin } from 'pinyin-pro';

/** A fund as the service named it. */
export interface FundName {
  code: string;
  name: string;
}

/** A fund name found in a message: where it is (in the text as given) and the funds it may be. */
export interface FundMention {
  start: number;
  end: number;
  funds: FundName[];
}

/** What the store keeps of a workspace's names: funds by code, and company names, oldest first. */
export interface SeenNamesData {
  funds: Array<[code: string, name: string]>;
  companies: string[];
}

/** A name an answer gave: `fund:<code>` with the fund's name, or `company` with a company's. */
export interface SeenName {
  subject: string;
  name: string;
}

/** Company names kept per workspace, the least recently seen dropped first; funds are all kept (about 20,000 exist). */
const COMPANIES_KEPT = 5000;
const FUNDS_KEPT = 50_000;

/** More funds than this under one shortened name (易方达) names none: the code is asked for. */
const MOST_FUNDS_MEANT = 8;

/** A shortened name is read only from this many characters (Han), or twice as many Latin ones. */
const SHORTEST_PREFIX = 4;

/**
 * How a fund's name goes on after the part people write (招商中证白酒 of 招商中证白酒指数(LOF)A): its
 * kind, listing, share class. A shortened name stops before one of these, never inside a word (诺安成长混).
 */
const NAME_ENDINGS = [
  '混合',
  '股票',
  '债券',
  '纯债',
  '指数',
  '货币',
  '联接',
  '灵活配置',
  '配置',
  '偏股',
  '偏债',
  '增强',
  '发起',
  '定开',
  '持有',
  '人民币',
  '美元',
  'etf',
  'lof',
  'qdii',
  'fof',
  'a',
  'b',
  'c',
  'd',
  'e',
  'h',
  'i',
  'y',
];

/** Spaces, punctuation and symbols do not tell two names apart (易方达·蓝筹 is 易方达蓝筹), nor case or width. */
export function nameKey(name: string): string {
  return name
    .normalize('NFKC')
    .toLowerCase()
    .replace(/[\s\p{P}\p{S}]/gu, '');
}

/** The text's key characters, each with the index in the text it came from. */
function keyed(text: string): { chars: string[]; origins: number[] } {
  const chars: string[] = [];
  const origins: number[] = [];
  let at = 0;
  for (const char of text) {
    for (const keyChar of nameKey(char)) {
      chars.push(keyChar);
      origins.push(at);
    }
    at += char.length;
  }
  return { chars, origins };
}

const LATIN = /[a-z0-9]/;

/** Han characters count one each toward a shortened name; Latin letters half. */
function weight(key: string): number {
  let sum = 0;
  for (const char of key) sum += LATIN.test(char) ? 0.5 : 1;
  return sum;
}

function lowerBound(sorted: readonly { key: string }[], key: string): number {
  let low = 0;
  let high = sorted.length;
  while (low < high) {
    const middle = (low + high) >>> 1;
    if (sorted[middle]!.key < key) low = middle + 1;
    else high = middle;
  }
  return low;
}

/** Each character's sound without its tone, kept once read (a few thousand characters are in use). */
const SOUNDS = new Map<string, string>();
function sound(char: string): string {
  let known = SOUNDS.get(char);
  if (known === undefined) {
    known = pinyin(char, { toneType: 'none' });
    SOUNDS.set(char, known);
  }
  return known;
}

/** Two texts as long as each other that sound the same where they differ (杭洲 and 杭州: zhou). */
function soundAlike(a: string, b: string): boolean {
  for (let at = 0; at < a.length; at++) if (a[at] !== b[at] && sound(a[at]!) !== sound(b[at]!)) return false;
  return true;
}

/** How many edits a name of this length may be off by and still be offered as meant (one in four characters). */
function editsAllowed(length: number): number {
  return length < 3 ? 0 : length <= 6 ? 1 : 2;
}

type Kind = 'funds' | 'companies';

interface Entry {
  key: string;
  name: string;
  code?: string;
}

/**
 * The names one workspace has seen in answers: funds by code (from every new-fund record) and
 * company names (from taxpayer records and tender notices). Finds a fund named in a message, and
 * the seen name a misspelt one is closest to, by edit distance and by sound (pinyin: 杭洲 is 杭州).
 */
export class NameDirectory {
  private readonly codes = new Map<string, string>();
  private readonly companies = new Map<string, string>();
  private fundIndex: Entry[] | undefined;
  private nearIndex: Record<Kind, Map<string, Entry[]>> | undefined;

  constructor(data?: SeenNamesData) {
    for (const [code, name] of data?.funds ?? []) this.codes.set(code, name);
    for (const name of data?.companies ?? []) this.companies.set(nameKey(name), name);
  }

  get size(): { funds: number; companies: number } {
    return { funds: this.codes.size, companies: this.companies.size };
  }

  fundName(code: string): string | undefined {
    return this.codes.get(code);
  }

  /** The name of what a request is about, by its operation's `subject` (`fund:000001`), when seen. */
  nameOf(subject: string): string | undefined {
    return subject.startsWith('fund:') ? this.codes.get(subject.slice('fund:'.length)) : undefined;
  }

  /** Whether every name is held already, as given. */
  knowsAll(names: readonly SeenName[]): boolean {
    return names.every(({ subject, name }) => {
      const trimmed = tidy(name);
      if (trimmed === undefined) return true;
      if (subject.startsWith('fund:')) return this.codes.get(subject.slice('fund:'.length)) === trimmed;
      return subject !== 'company' || this.companies.has(nameKey(trimmed));
    });
  }

  /** Takes what an answer named; true when anything was new. */
  learn(names: readonly SeenName[]): boolean {
    let funds = false;
    let companies = false;
    for (const { subject, name } of names) {
      const trimmed = tidy(name);
      if (trimmed === undefined) continue;
      if (subject.startsWith('fund:')) {
        const code = subject.slice('fund:'.length);
        if (this.codes.get(code) === trimmed) continue;
        this.codes.delete(code);
        this.codes.set(code, trimmed);
        while (this.codes.size > FUNDS_KEPT) this.codes.delete(this.codes.keys().next().value!);
        funds = true;
      } else if (subject === 'company') {
        const key = nameKey(trimmed);
        const known = this.companies.get(key) !== undefined;
        this.companies.delete(key);
        this.companies.set(key, trimmed);
        while (this.companies.size > COMPANIES_KEPT) this.companies.delete(this.companies.keys().next().value!);
        companies ||= !known;
      }
    }
    // Only the indexes of what changed are built again, when next used.
    if (funds) {
      this.fundIndex = undefined;
      this.nearIndex?.funds.clear();
    }
    if (companies) this.nearIndex?.companies.clear();
    return funds || companies;
  }

  toData(): SeenNamesData {
    return { funds: [...this.codes], companies: [...this.companies.values()] };
  }

  private funds(): Entry[] {
    this.fundIndex ??= [...this.codes]
      .map(([code, name]) => ({ key: nameKey(name), name, code }))
      .sort((a, b) => (a.key < b.key ? -1 : a.key > b.key ? 1 : 0));
    return this.fundIndex;
  }

  /**
   * The first fund name in `text`: a fund's whole name, or the start of fewer than nine funds' names
   * (易方达蓝筹精选 for its A and C classes) four characters long at least, ending where a word ends.
   */
  fundsIn(text: string): FundMention | undefined {
    const index = this.funds();
    if (index.length === 0) return undefined;
    const { chars, origins } = keyed(text);
    for (let start = 0; start < chars.length; start++) {
      if (start > 0 && LATIN.test(chars[start - 1]!) && LATIN.test(chars[start]!)) continue;
      let key = '';
      let longest: string | undefined;
      for (let end = start + 1; end <= chars.length; end++) {
        const next = key + chars[end - 1]!;
        const at = lowerBound(index, next);
        if (at >= index.length || !index[at]!.key.startsWith(next)) break;
        key = next;
        const after = chars[end];
        if (!(LATIN.test(chars[end - 1]!) && after !== undefined && LATIN.test(after))) longest = key;
      }
      if (longest === undefined || /^\d+$/.test(longest)) continue;
      const from = lowerBound(index, longest);
      const to = lowerBound(index, `${longest}\uffff`);
      const exact = index.slice(from, to).filter((entry) => entry.key === longest);
      const shortened = index
        .slice(from, to)
        .filter((entry) => NAME_ENDINGS.some((ending) => entry.key.startsWith(ending, longest.length)));
      const meant = exact.length > 0 ? exact : weight(longest) >= SHORTEST_PREFIX ? shortened : [];
      if (meant.length === 0 || meant.length > MOST_FUNDS_MEANT) continue;
      const last = start + longest.length - 1;
      const end = origins[last]! + (text.codePointAt(origins[last]!)! > 0xffff ? 2 : 1);
      return {
        start: origins[start]!,
        end,
        funds: meant.map((entry) => ({ code: entry.code!, name: entry.name })),
      };
    }
    return undefined;
  }

  /** Every seen name of a kind under each of its first two key characters, for the near ones to be found fast. */
  private near(kind: Kind): Map<string, Entry[]> {
    this.nearIndex ??= { funds: new Map(), companies: new Map() };
    const index = this.nearIndex[kind];
    if (index.size > 0) return index;
    const add = (entry: Entry) => {
      for (const char of new Set([entry.key[0]!, entry.key[1] ?? entry.key[0]!])) {
        const list = index.get(char);
        if (list) list.push(entry);
        else index.set(char, [entry]);
      }
    };
    if (kind === 'funds') for (const entry of this.funds()) add(entry);
    else for (const [key, name] of this.companies) add({ key, name });
    return index;
  }

  /**
   * The seen company name `written` is most likely a misspelling of, as long as written (杭州华信 for
   * 杭洲华信, seen 杭州华信科技有限公司); undefined when a seen name holds it as written, or none is close.
   */
  closeCompany(written: string): string | undefined {
    const key = nameKey(written);
    if (weight(key) < 3) return undefined;
    for (const seen of this.companies.keys()) if (seen.includes(key)) return undefined;
    return this.closest(key, 'companies')?.shown;
  }

  /** Funds whose name is close to `written` (a name the directory does not hold as written), closest first. */
  closeFunds(written: string): FundName[] {
    const key = nameKey(written);
    if (weight(key) < 3) return [];
    const found = this.closest(key, 'funds', MOST_FUNDS_MEANT);
    return found ? found.entries.map((entry) => ({ code: entry.code!, name: entry.name })) : [];
  }

  /**
   * The closest seen names to `key`, compared with the start of each as long as `key`: by edit
   * distance, or by sound where the edits are one too many (杭洲华芯 and 杭州华信 sound alike). The
   * name shown is that start in the seen name's own writing.
   */
  private closest(key: string, kind: Kind, most = 1): { shown: string; entries: Entry[] } | undefined {
    const allowed = editsAllowed(key.length);
    const scores = new Map<string, number | undefined>();
    const scored: Array<{ entry: Entry; start: string; score: number }> = [];
    const tried = new Set<Entry>();
    for (const char of new Set([key[0]!, key[1]!])) {
      for (const entry of this.near(kind).get(char) ?? []) {
        if (tried.has(entry)) continue;
        tried.add(entry);
        const start = entry.key.slice(0, key.length);
        let score = scores.get(start);
        if (!scores.has(start)) {
          const edits = start === key ? Number.POSITIVE_INFINITY : distance(start, key);
          // Same length, the differing characters pronounced alike: a slip of the input method, one edit fewer.
          const alike = edits <= allowed + 1 && start.length === key.length && soundAlike(start, key);
          score = edits <= allowed ? edits - (alike ? 0.5 : 0) : alike ? edits - 0.5 : undefined;
          scores.set(start, score);
        }
        if (score !== undefined) scored.push({ entry, start, score });
      }
    }
    if (scored.length === 0) return undefined;
    scored.sort((a, b) => a.score - b.score);
    const best = scored[0]!;
    // The start of the seen name as it was written: 杭州华信 of 杭州华信科技有限公司.
    const shown = shownStart(best.entry.name, best.start.length);
    return { shown, entries: scored.slice(0, most).map((one) => one.entry) };
  }
}

/** A name as kept: one line, trimmed; undefined for none (empty, only marks, or too long to be a name). */
function tidy(name: string): string | undefined {
  const trimmed = name.replace(/\s+/g, ' ').trim();
  return trimmed === '' || trimmed.length > 80 || nameKey(trimmed) === '' ? undefined : trimmed;
}

/** The shortest start of `name` whose key is `length` characters long. */
function shownStart(name: string, length: number): string {
  let shown = '';
  for (const char of name) {
    if (nameKey(shown).length >= length) break;
    shown += char;
  }
  return shown.trim();
}
