import { operation } from '../../core/operations/index.js';
import { inEveryLanguage, isChinese } from '../../i18n/lang.js';
import type { CommandGrammar } from './commandGrammar.js';
import {
  type CommandSyntax,
  type OptionSyntax,
  operationSubcommand,
  optionKeys,
  optionName,
  subcommandWords,
} from './commandSyntax.js';
import {
  APP_MATTER_WORDS,
  CHAT_WORDS,
  COMPANY_SUFFIXES,
  EDGE_WORDS,
  FILLER_WORDS,
  NOT_OFFERED_WORDS,
} from './messageWords.js';
import { naturalOption, readNumberWord } from './naturalWords.js';
import { CLOSING_QUOTE } from './normalise.js';
import type { CommandInput } from './parsedCommand.js';
import { isOneHanCharacter, type PlainMatch, type RecordQuestion } from './plainWords.js';

/** What one operation makes of a piece of a message. */
export interface Claim {
  syntax: CommandSyntax;
  input: CommandInput;
  /** It names the operation (a subcommand word, 规模, `tenders`). */
  topic?: boolean;
  /** It is the operation's word after /dq (招标 first in a message means every notice type). */
  subcommand?: boolean;
  subject?: boolean;
  word?: boolean;
  weak?: boolean;
  guess?: boolean;
  unapplied?: boolean;
  asks?: RecordQuestion;
}

/** The app's own matters (余额, 价格, `what can you do`): the usage answer or help, free. */
export type AppMatter = 'usage' | 'help';

export type MessageToken =
  | { kind: 'filler' | 'chat' | 'notOffered'; start: number; end: number; text: string }
  | { kind: 'app'; start: number; end: number; text: string; matter: AppMatter }
  /** `app`: the word is also one of the app's own matters (价格 names candles too). */
  | { kind: 'claims'; start: number; end: number; text: string; claims: Claim[]; app?: AppMatter }
  /** `region:ZJ`, `页:2`: an option typed as a command types it, for each syntax that has its key. */
  | {
      kind: 'option';
      start: number;
      end: number;
      text: string;
      key: string;
      value: string;
      options: Array<{ syntax: CommandSyntax; option: OptionSyntax }>;
    }
  | { kind: 'number'; start: number; end: number; text: string }
  /**
   * Words the reader does not know: a company name, a keyword, or noise. `glued`: it starts with a
   * word that counts only standing alone (广东 of 广东光伏组件), which may yet be meant on its own.
   */
  | {
      kind: 'unknown';
      start: number;
      end: number;
      text: string;
      name: boolean;
      quoted: boolean;
      glued?: { length: number; claims: Claim[] };
      /** It holds one of the app's own matters (用了多少 of 用了多少币): never a keyword paid for unasked. */
      app?: AppMatter;
    };

interface LexiconEntry {
  app?: AppMatter;
  filler?: boolean;
  chat?: boolean;
  notOffered?: boolean;
  claims: Claim[];
}

interface Lexicon {
  phrases: Map<string, LexiconEntry>;
  longest: number;
}

const lexicons = new WeakMap<CommandGrammar, Lexicon>();

function entryOf(lexicon: Lexicon, phrase: string): LexiconEntry {
  const key = phrase.toLowerCase();
  let entry = lexicon.phrases.get(key);
  if (!entry) {
    entry = { claims: [] };
    lexicon.phrases.set(key, entry);
    lexicon.longest = Math.max(lexicon.longest, key.length);
  }
  return entry;
}

/** Every fixed word of a message: filler, chit-chat, and each operation's subcommand words, title and topics. */
function lexiconOf(grammar: CommandGrammar): Lexicon {
  const known = lexicons.get(grammar);
  if (known) return known;
  const lexicon: Lexicon = { phrases: new Map(), longest: 0 };
  for (const word of FILLER_WORDS) entryOf(lexicon, word).filler = true;
  for (const word of CHAT_WORDS) entryOf(lexicon, word).chat = true;
  for (const word of NOT_OFFERED_WORDS) entryOf(lexicon, word).notOffered = true;
  for (const matter of ['usage', 'help'] as const)
    for (const word of APP_MATTER_WORDS[matter]) entryOf(lexicon, word).app = matter;
  for (const syntax of grammar.syntaxes) {
    for (const word of subcommandWords(operationSubcommand(syntax)))
      entryOf(lexicon, word).claims.push({ syntax, input: {}, topic: true, subcommand: true });
    for (const title of inEveryLanguage(`${operation(syntax.operation).name}.title`))
      entryOf(lexicon, title).claims.push({ syntax, input: {}, topic: true });
    for (const topic of syntax.plain.topics)
      for (const word of topic.words)
        entryOf(lexicon, word).claims.push({
          syntax,
          input: { ...topic.input },
          topic: true,
          ...(topic.asks ? { asks: topic.asks } : {}),
        });
  }
  lexicons.set(grammar, lexicon);
  return lexicon;
}

const ALNUM = /[\p{L}\p{N}]/u;
const LATIN_OR_DIGIT = /[A-Za-z0-9]/;
const HAN = /\p{Script=Han}/u;

/**
 * Latin words and numbers match whole (`oil` is not in `boiler`, `5分钟` not in `15分钟`); Chinese
 * has no spaces, so a Chinese word may touch anything.
 */
function bounded(text: string, start: number, end: number): boolean {
  const first = text[start] ?? '';
  const last = text[end - 1] ?? '';
  if (LATIN_OR_DIGIT.test(first) && start > 0 && LATIN_OR_DIGIT.test(text[start - 1]!)) return false;
  if (LATIN_OR_DIGIT.test(last) && end < text.length && LATIN_OR_DIGIT.test(text[end]!)) return false;
  return true;
}

/** `第2页`, `每页20条`, `最近60根` (naturalWords), `page 2`, `50 per page`, `last 60`, `60 candles`: options by their shape. */
const NATURAL_SHAPES: ReadonlyArray<{ pattern: RegExp; key?: string; group?: number }> = [
  { pattern: /第[0-9零〇一二两三四五六七八九十百千]+页/uy },
  { pattern: /每页[0-9零〇一二两三四五六七八九十百千]+条?/uy },
  { pattern: /(?:最近|共)?[0-9零〇一二两三四五六七八九十百千]+根(?:k线)?/iuy },
  { pattern: /page\s*(\d+)/iy, key: 'page', group: 1 },
  { pattern: /(\d+)\s*(?:per page|a page|each page)/iy, key: 'size', group: 1 },
  { pattern: /(?:last|latest)\s+(\d+|[a-z]+)(?:\s+candles?)?/iy, key: 'limit', group: 1 },
  { pattern: /(?:last|latest)\s+([a-z]+[\s-][a-z]+)(?:\s+candles?)?/iy, key: 'limit', group: 1 },
  { pattern: /(\d+)\s+candles?/iy, key: 'limit', group: 1 },
];

/** The options a paging shape fills, for every syntax that has one of that name (page, size, limit). */
function naturalClaims(
  grammar: CommandGrammar,
  text: string,
  at: number,
): { length: number; claims: Claim[] } | undefined {
  let best: { length: number; key: string; value: string } | undefined;
  for (const { pattern, key, group } of NATURAL_SHAPES) {
    pattern.lastIndex = at;
    const match = pattern.exec(text);
    if (!match || !bounded(text, at, at + match[0].length)) continue;
    const found = key
      ? (() => {
          const value = readNumberWord(match[group!]!);
          return value !== undefined && Number(value) >= 1 ? { key, value } : undefined;
        })()
      : naturalOption(match[0]);
    if (found && (!best || match[0].length > best.length)) best = { length: match[0].length, ...found };
  }
  if (!best) return undefined;
  const { key, value } = best;
  const claims = grammar.syntaxes.flatMap((syntax) =>
    syntax.options
      .filter((option) => optionName(option) === key)
      .map((option): Claim => ({ syntax, input: { [option.field]: value } })),
  );
  return claims.length > 0 ? { length: best.length, claims } : undefined;
}

const OPTION_SHAPED = /^(\p{L}[\p{L}\p{M}\p{N}_-]*)[:=]/u;

/** `region:ZJ`, `地区：浙江`, `page: 2` at the start of a space-separated word, for the syntaxes that have the key. */
function optionAt(grammar: CommandGrammar, text: string, at: number): MessageToken | undefined {
  if (at > 0 && !/\s/.test(text[at - 1]!)) return undefined;
  const chunkEnd = text.indexOf(' ', at) < 0 ? text.length : text.indexOf(' ', at);
  const chunk = text.slice(at, chunkEnd);
  const match = OPTION_SHAPED.exec(chunk);
  if (!match) return undefined;
  const key = match[1]!.toLowerCase();
  const options = grammar.syntaxes.flatMap((syntax) =>
    syntax.options.filter((option) => optionKeys(option).includes(key)).map((option) => ({ syntax, option })),
  );
  if (options.length === 0) return undefined;
  let value = chunk.slice(match[0].length);
  let end = chunkEnd;
  // `region: ZJ`: the value after a space.
  if (value === '' && chunkEnd < text.length) {
    const next = text.indexOf(' ', chunkEnd + 1);
    end = next < 0 ? text.length : next;
    value = text.slice(chunkEnd + 1, end);
  }
  return { kind: 'option', start: at, end, text: text.slice(at, end), key, value, options };
}

/** The longest fixed word at `at`, with what each operation makes of it. */
function lexiconAt(lexicon: Lexicon, lower: string, at: number): { length: number; entry: LexiconEntry } | undefined {
  for (let length = Math.min(lexicon.longest, lower.length - at); length > 0; length--) {
    const entry = lexicon.phrases.get(lower.slice(at, at + length));
    if (entry && bounded(lower, at, at + length)) return { length, entry };
  }
  return undefined;
}

function valueClaims(
  grammar: CommandGrammar,
  text: string,
  at: number,
  now: number,
): { length: number; claims: Claim[] } | undefined {
  let length = 0;
  let claims: Claim[] = [];
  for (const syntax of grammar.syntaxes) {
    for (const value of syntax.plain.values) {
      const match: PlainMatch | undefined = value(text, at, now);
      if (!match || match.length <= 0 || !bounded(text, at, at + match.length)) continue;
      const claim: Claim = { syntax, input: match.input };
      if (match.subject) claim.subject = true;
      if (match.word) claim.word = true;
      if (match.weak) claim.weak = true;
      if (match.guess) claim.guess = true;
      if (match.unapplied) claim.unapplied = true;
      if (match.length > length) [length, claims] = [match.length, [claim]];
      else if (match.length === length) claims.push(claim);
    }
  }
  return length > 0 ? { length, claims } : undefined;
}

/** The end of a Latin word or number that starts at `at` (`s&p`, `2026-01-01`, `fund-asset`). */
function latinEnd(text: string, at: number): number {
  let end = at;
  while (end < text.length && /[A-Za-z0-9&'._\-/+]/.test(text[end]!)) end++;
  while (end > at + 1 && !LATIN_OR_DIGIT.test(text[end - 1]!)) end--;
  return end;
}

/**
 * Reads a message (already cleaned: messageText.ts) into words: at each place the longest thing
 * known there (filler, chit-chat, an operation's word or value, an option, a page in words), else
 * a word not known. A short word that cannot stand on its own (金, 上海) and touches Chinese the
 * reader does not know is part of that unknown word (金诚, 上海恒远 are names).
 */
export function messageTokens(grammar: CommandGrammar, text: string, now: number): MessageToken[] {
  const lexicon = lexiconOf(grammar);
  const lower = text.toLowerCase();
  const tokens: MessageToken[] = [];
  const edges = edgeFillers(text);
  let at = edges.start;
  if (at > 0) tokens.push({ kind: 'filler', start: 0, end: at, text: text.slice(0, at) });
  while (at < text.length) {
    if (at === edges.end) {
      tokens.push({ kind: 'filler', start: at, end: edges.endsAt, text: text.slice(at, edges.endsAt) });
      at = edges.endsAt;
      continue;
    }
    const char = text[at]!;
    const closer = Object.hasOwn(CLOSING_QUOTE, char) ? CLOSING_QUOTE[char] : undefined;
    if (closer !== undefined) {
      const close = text.indexOf(closer, at + 1);
      const end = close < 0 ? text.length : close;
      const inner = text.slice(at + 1, end).trim();
      if (inner) tokens.push({ kind: 'unknown', start: at, end: end + 1, text: inner, name: true, quoted: true });
      at = end + 1;
      continue;
    }
    const option = optionAt(grammar, text, at);
    if (option) {
      tokens.push(option);
      at = option.end;
      continue;
    }
    const fixed = lexiconAt(lexicon, lower, at);
    const values = valueClaims(grammar, text, at, now);
    const natural = naturalClaims(grammar, text, at);
    const length = Math.max(fixed?.length ?? 0, values?.length ?? 0, natural?.length ?? 0);
    if (length > 0) {
      const entry = fixed?.length === length ? fixed.entry : undefined;
      const found = [
        ...(entry ? entry.claims : []),
        ...(values?.length === length ? values.claims : []),
        ...(natural?.length === length ? natural.claims : []),
      ];
      // A word in capitals that is everyday English (`OK`, `AND`) is that word, not a guessed symbol.
      const everyday = entry !== undefined && (entry.filler || entry.chat) && found.every((claim) => claim.guess);
      const claims = everyday ? [] : found;
      const piece = { start: at, end: at + length, text: text.slice(at, at + length) };
      if (claims.length > 0) {
        // One Chinese character (金, 日) only counts standing alone, whoever claims it.
        const weak = isOneHanCharacter(piece.text);
        tokens.push({
          kind: 'claims',
          ...piece,
          claims: weak ? claims.map((claim) => ({ ...claim, weak: true })) : claims,
          ...(entry?.app ? { app: entry.app } : {}),
        });
      } else if (entry?.app) tokens.push({ kind: 'app', ...piece, matter: entry.app });
      else if (entry?.notOffered) tokens.push({ kind: 'notOffered', ...piece });
      else if (entry?.chat) tokens.push({ kind: 'chat', ...piece });
      else tokens.push({ kind: 'filler', ...piece });
      at += length;
      continue;
    }
    if (LATIN_OR_DIGIT.test(char)) {
      const end = latinEnd(text, at);
      const word = text.slice(at, end);
      tokens.push(
        /^\d+$/.test(word)
          ? { kind: 'number', start: at, end, text: word }
          : { kind: 'unknown', start: at, end, text: word, name: false, quoted: false },
      );
      at = end;
      continue;
    }
    if (HAN.test(char) || ALNUM.test(char))
      tokens.push({ kind: 'unknown', start: at, end: at + 1, text: char, name: true, quoted: false });
    at++;
  }
  return withCompanyNames(mergedUnknowns(demoteGlued(tokens)));
}

/** A question's closing marks, after which a word still ends the message. */
const CLOSING_MARKS = /[？?。.!！\s]*$/u;

/**
 * Where the edge words of the message are (messageWords.ts `EDGE_WORDS`): how long the one it starts
 * with is (0 for none), and where the one it ends with starts and ends (`end` past the text for none).
 */
function edgeFillers(text: string): { start: number; end: number; endsAt: number } {
  const lower = text.toLowerCase();
  const start = EDGE_WORDS.find((edge) => edge.at === 'start' && lower.startsWith(edge.word) && edge.when.test(text));
  const body = text.length - (CLOSING_MARKS.exec(text)?.[0].length ?? 0);
  const end = EDGE_WORDS.find(
    (edge) =>
      edge.at === 'end' &&
      lower.slice(0, body).endsWith(edge.word) &&
      body - edge.word.length >= (start?.word.length ?? 0) &&
      edge.when.test(text),
  );
  return {
    start: start?.word.length ?? 0,
    end: end ? body - end.word.length : text.length + 1,
    endsAt: body,
  };
}

/** Touching: no space or mark between the two. */
function touching(left: MessageToken | undefined, right: MessageToken | undefined): boolean {
  return left !== undefined && right !== undefined && left.end === right.start;
}

function isUnknownHan(token: MessageToken | undefined): boolean {
  return token?.kind === 'unknown' && !token.quoted && isChinese(token.text);
}

/** A word that only counts standing alone, glued to Chinese the reader does not know, is part of that word. */
function demoteGlued(tokens: MessageToken[]): MessageToken[] {
  const result = [...tokens];
  for (let changed = true; changed; ) {
    changed = false;
    for (let i = 0; i < result.length; i++) {
      const token = result[i]!;
      // 余额 in 余额宝 is part of a name, as a weak word is.
      const weakWord =
        (token.kind === 'claims' && token.claims.every((claim) => claim.weak)) ||
        (token.kind === 'app' && isChinese(token.text));
      if (!weakWord) continue;
      const glued =
        (touching(result[i - 1], token) && isUnknownHan(result[i - 1])) ||
        (touching(token, result[i + 1]) && isUnknownHan(result[i + 1]));
      if (!glued) continue;
      const before = touching(result[i - 1], token) && isUnknownHan(result[i - 1]);
      result[i] = {
        kind: 'unknown',
        start: token.start,
        end: token.end,
        text: token.text,
        name: true,
        quoted: false,
        ...(token.kind === 'claims' && !before ? { glued: { length: token.text.length, claims: token.claims } } : {}),
        ...(token.kind === 'app' ? { app: token.matter } : {}),
      };
      changed = true;
    }
  }
  return result;
}

/** Unknown Chinese characters next to each other are one word (a name). */
function mergedUnknowns(tokens: MessageToken[]): MessageToken[] {
  const result: MessageToken[] = [];
  for (const token of tokens) {
    const last = result.at(-1);
    if (
      last?.kind === 'unknown' &&
      token.kind === 'unknown' &&
      touching(last, token) &&
      !last.quoted &&
      !token.quoted &&
      (isChinese(last.text) || isChinese(token.text))
    ) {
      const app = last.app ?? token.app;
      result[result.length - 1] = {
        ...last,
        end: token.end,
        text: last.text + token.text,
        name: true,
        ...(app ? { app } : {}),
      };
    } else result.push(token);
  }
  return result;
}

/** Latin words ending in a company suffix (`Apple Inc`) are one name. */
function withCompanyNames(tokens: MessageToken[]): MessageToken[] {
  const result: MessageToken[] = [];
  for (const token of tokens) {
    const suffix =
      token.kind === 'unknown' &&
      !isChinese(token.text) &&
      COMPANY_SUFFIXES.has(token.text.toLowerCase().replace(/\.$/, ''));
    let first = result.length;
    while (suffix && first > 0) {
      const before = result[first - 1]!;
      if (before.kind !== 'unknown' || isChinese(before.text) || before.quoted) break;
      first--;
    }
    if (suffix && first < result.length) {
      const words = result.splice(first);
      result.push({
        kind: 'unknown',
        start: words[0]!.start,
        end: token.end,
        text: [...words, token].map((word) => word.text).join(' '),
        name: true,
        quoted: false,
      });
    } else result.push(token);
  }
  return result;
}
