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

function toneless(text: string): string {
  return pinyin(text, { toneType: 'none', type: 'array' }).join(' ');
}

/** How many edits a name of this length may be off by and still be offered as meant (one in four characters). */
function editsAllowed(length: number): number {
  return length < 3 ? 0 : length <= 6 ? 1 : 2;
}

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
  private nearIndex: Map<string, Entry[]> | undefined;

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
    let changed = false;
    for (const { subject, name } of names) {
      const trimmed = tidy(name);
      if (trimmed === undefined) continue;
      if (subject.startsWith('fund:')) {
        const code = subject.slice('fund:'.length);
        if (this.codes.get(code) === trimmed) continue;
        this.codes.delete(code);
        this.codes.set(code, trimmed);
        while (this.codes.size > FUNDS_KEPT) this.codes.delete(this.codes.keys().next().value!);
        changed = true;
      } else if (subject === 'company') {
        const key = nameKey(trimmed);
        const known = this.companies.get(key) !== undefined;
        this.companies.delete(key);
        this.companies.set(key, trimmed);
        while (this.companies.size > COMPANIES_KEPT) this.companies.delete(this.companies.keys().next().value!);
        changed ||= !known;
      }
    }
    if (changed) {
      this.fundIndex = undefined;
      this.nearIndex = undefined;
    }
    return changed;
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

  /** Every seen name (funds' and companies') under its first two key characters, for the near ones to be found fast. */
  private near(): Map<string, Entry[]> {
    if (this.nearIndex) return this.nearIndex;
    const index = new Map<string, Entry[]>();
    const add = (entry: Entry) => {
      for (const char of new Set([...entry.key].slice(0, 2))) {
        const list = index.get(char);
        if (list) list.push(entry);
        else index.set(char, [entry]);
      }
    };
    for (const entry of this.funds()) add(entry);
    for (const [key, name] of this.companies) add({ key, name });
    this.nearIndex = index;
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
    return this.closest(key, (entry) => entry.code === undefined)?.shown;
  }

  /** Funds whose name is close to `written` (a name the directory does not hold as written), closest first. */
  closeFunds(written: string): FundName[] {
    const key = nameKey(written);
    if (weight(key) < 3) return [];
    const found = this.closest(key, (entry) => entry.code !== undefined, MOST_FUNDS_MEANT);
    return found ? found.entries.map((entry) => ({ code: entry.code!, name: entry.name })) : [];
  }

  /**
   * The closest seen names to `key`, compared with the start of each as long as `key`: by edit
   * distance, or by sound where the edits are one too many (杭洲华芯 and 杭州华信 sound alike). The
   * name shown is that start in the seen name's own writing.
   */
  private closest(
    key: string,
    kind: (entry: Entry) => boolean,
    most = 1,
  ): { shown: string; entries: Entry[] } | undefined {
    const candidates = new Set<Entry>();
    for (const char of new Set([...key].slice(0, 2)))
      for (const entry of this.near().get(char) ?? []) candidates.add(entry);
    const allowed = editsAllowed([...key].length);
    let spoken: string | undefined;
    const scored: Array<{ entry: Entry; start: string; score: number }> = [];
    for (const entry of candidates) {
      if (!kind(entry)) continue;
      const start = [...entry.key].slice(0, [...key].length).join('');
      if (start === key) continue;
      const edits = distance(start, key);
      if (edits <= allowed) scored.push({ entry, start, score: edits });
      else if (edits <= allowed + 1) {
        spoken ??= toneless(key);
        if (toneless(start) === spoken) scored.push({ entry, start, score: edits - 0.5 });
      }
    }
    if (scored.length === 0) return undefined;
    scored.sort((a, b) => a.score - b.score);
    const best = scored[0]!;
    // The start of the seen name as it was written: 杭州华信 of 杭州华信科技有限公司.
    const shown = shownStart(best.entry.name, [...best.start].length);
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
    if ([...nameKey(shown)].length >= length) break;
    shown += char;
  }
  return shown.trim();
}
