import { readdirSync, readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { FUND_KIND_EXTRA_WORDS } from '../../src/core/digest/newFundFilter.js';
import { CADENCE_EXTRA_WORDS } from '../../src/core/jobs/schedule.js';
import { BID_NOTICE_TYPE_EXTRA_WORDS } from '../../src/core/operations/bids.js';
import { CANDLE_TYPE_EXTRA_WORDS, CANDLE_TYPES } from '../../src/core/operations/futures.js';
import { operations } from '../../src/core/operations/index.js';
import { SALE_STATUS_ANY_EXTRA_WORDS, SALE_STATUS_EXTRA_WORDS } from '../../src/core/operations/newFunds.js';
import { HOURLY_EXTRA_WORDS, KIND_EXTRA_WORDS } from '../../src/core/watch/watchService.js';
import {
  AUTO_LANGUAGE_EXTRA_WORDS,
  type CatalogueKey,
  english,
  inEveryLanguage,
  LANGUAGE_WORDS,
  LOCALES,
  readCatalogue,
} from '../../src/i18n/lang.js';
import {
  CHECK_WORDS,
  DIGEST_WORDS,
  HELP_WORDS,
  LANG_WORDS,
  USAGE_WORDS,
  WATCH_WORDS,
} from '../../src/slack/parse/commandGrammar.js';
import { operationSubcommand } from '../../src/slack/parse/commandSyntax.js';
import {
  FUND_OPTION_EXTRA_KEYS,
  SHARED_VERB_EXTRA_WORDS,
  WATCH_OPTION_EXTRA_KEYS,
} from '../../src/slack/parse/subscriptionCommand.js';
import { SEARCH_FIELD_EXTRA_WORDS } from '../../src/slack/slackOperations/bidsSlack.js';
import { COMMAND_GRAMMAR } from '../../src/slack/slackOperations/index.js';

/** The catalogue object at a dotted path, in one language. */
function catalogueAt(locale: (typeof LOCALES)[number], path: string): unknown {
  return path
    .split('.')
    .reduce<unknown>((node, name) => (node as Record<string, unknown> | undefined)?.[name], readCatalogue(locale));
}

/** Every text under catalogue groups or keys (`commands.subcommands`, `commands.keys.page`), in every language, in lower case. */
function groupWords(...groups: string[]): Set<string> {
  const words = new Set<string>();
  const collect = (node: unknown) => {
    if (typeof node === 'string') words.add(node.toLowerCase());
    else if (node && typeof node === 'object') Object.values(node).forEach(collect);
  };
  for (const locale of LOCALES) for (const group of groups) collect(catalogueAt(locale, group));
  return words;
}

const OPERATION_NAMES = Object.values(operations).map((definition) => definition.name);
/** Where the words after /dq are shown: each operation's own catalogue (`bids.subcommand`), and `commands.subcommands` for /dq's others. */
const SUBCOMMAND_GROUPS = ['commands.subcommands', ...OPERATION_NAMES.map((name) => `${name}.subcommand`)];
/** Where option keys are shown: an operation's own (`bids.keys`), and `commands.keys` for those several operations share. */
const OPTION_KEY_GROUPS = ['commands.keys', ...OPERATION_NAMES.map((name) => `${name}.keys`)];
const OTHER_SUBCOMMANDS = [HELP_WORDS, USAGE_WORDS, DIGEST_WORDS, WATCH_WORDS, LANG_WORDS, CHECK_WORDS];

/**
 * Each list of words people type that the catalogue also names: the words that are only in code
 * (read, never shown), and the catalogue entries whose words are shown and read (an option key may
 * be another option's word: futures' `type:` is its period). The shown words are read from the
 * catalogue, so writing one again in code is a second copy that can drift.
 */
const EXTRA_WORDS: ReadonlyArray<{ list: string; extra: readonly string[]; groups: readonly string[] }> = [
  ...COMMAND_GRAMMAR.syntaxes.flatMap((syntax) => [
    { list: `${syntax.command} subcommands`, extra: syntax.subcommandSynonyms, groups: SUBCOMMAND_GROUPS },
    ...syntax.options.map((option) => ({
      list: `${syntax.command} ${english.t(option.keys[0])}:`,
      extra: option.keys.slice(1),
      groups: [option.keys[0]],
    })),
  ]),
  ...OTHER_SUBCOMMANDS.map((words) => ({
    list: `/dq ${english.t(words[0])}`,
    extra: words.slice(1),
    groups: SUBCOMMAND_GROUPS,
  })),
  ...Object.values(LANGUAGE_WORDS).map((words) => ({ list: words.shown, extra: words.extra, groups: ['help.lang'] })),
  { list: 'auto', extra: AUTO_LANGUAGE_EXTRA_WORDS, groups: ['help.lang'] },
  ...CANDLE_TYPES.map((type) => ({
    list: `period ${type}`,
    extra: CANDLE_TYPE_EXTRA_WORDS[type],
    groups: ['futures.candlePeriod'],
  })),
  ...Object.entries(CADENCE_EXTRA_WORDS).map(([cadence, extra]) => ({
    list: cadence,
    extra,
    groups: ['digests.cadence'],
  })),
  { list: 'hourly', extra: HOURLY_EXTRA_WORDS, groups: ['watch.cadence'] },
  ...Object.entries(KIND_EXTRA_WORDS).map(([kind, extra]) => ({
    list: `watch kind ${kind}`,
    extra,
    groups: SUBCOMMAND_GROUPS,
  })),
  ...Object.entries(SEARCH_FIELD_EXTRA_WORDS).map(([code, extra]) => ({
    list: `bid search field ${code}`,
    extra,
    groups: ['bids.searchField'],
  })),
  ...Object.entries(BID_NOTICE_TYPE_EXTRA_WORDS).map(([code, extra]) => ({
    list: `bid notice type ${code}`,
    extra,
    groups: ['bids.noticeTypeWord', 'bids.noticeType'],
  })),
  ...Object.entries(SALE_STATUS_EXTRA_WORDS).map(([status, extra]) => ({
    list: `sale status ${status}`,
    extra,
    groups: ['newFunds.saleStatusWord'],
  })),
  { list: 'sale status any', extra: SALE_STATUS_ANY_EXTRA_WORDS, groups: ['newFunds.saleStatusWord'] },
  ...Object.entries(FUND_KIND_EXTRA_WORDS).map(([kind, extra]) => ({
    list: `fund kind ${kind}`,
    extra,
    groups: ['digests.fundKind'],
  })),
  ...Object.entries(FUND_OPTION_EXTRA_KEYS).map(([key, extra]) => ({
    list: `/dq digest add ${key}:`,
    extra,
    groups: [`digests.keys.${key}`],
  })),
  ...Object.entries(SHARED_VERB_EXTRA_WORDS).map(([verb, extra]) => ({
    list: `/dq watch and digest verb ${verb}`,
    extra,
    groups: [`commands.verbs.${verb}`],
  })),
  ...Object.entries(WATCH_OPTION_EXTRA_KEYS).map(([key, extra]) => ({
    list: `/dq watch add ${key}:`,
    extra,
    groups: [`watch.keys.${key}`],
  })),
];

/**
 * The option values whose words are kept one catalogue entry each: help's shapes and an error's
 * choices are built from them, so no catalogue text may hold the list again.
 */
const OPTION_VALUE_GROUPS = ['bids.noticeTypeWord', 'bids.searchField', 'newFunds.saleStatusWord', 'digests.fundKind'];

/**
 * Sentences that still name the values in prose (an error's "onsale, offsale or all", bids' notes
 * in Chinese): known copies, not to grow; each goes when its sentence takes the list as a placeholder.
 */
const PROSE_COPIES: ReadonlySet<string> = new Set([
  'zh-CN bids.notes.typeAndFields',
  'en digests.input.filter',
  'zh-CN digests.input.filter',
]);

/** Every text of a catalogue (both languages' area and operation files) by its full key. */
function everyText(locale: (typeof LOCALES)[number]): Array<[string, string]> {
  const texts: Array<[string, string]> = [];
  const collect = (node: unknown, path: string) => {
    if (typeof node === 'string') texts.push([path, node]);
    else if (node && typeof node === 'object')
      for (const [name, child] of Object.entries(node)) collect(child, path ? `${path}.${name}` : name);
  };
  collect(readCatalogue(locale), '');
  return texts;
}

/** The words /dq reads as commands and option keys: in code only as catalogue entries, never as words. */
const COMMAND_WORDS = groupWords(...SUBCOMMAND_GROUPS, ...OPTION_KEY_GROUPS, 'digests.keys', 'watch.keys', 'help.lang');

/** Chinese words written in quotes or as object keys in src/ (Chinese text in code is nearly always a word people type). */
function chineseWordsInCode(dir: URL): Array<{ file: string; word: string }> {
  const found: Array<{ file: string; word: string }> = [];
  for (const entry of readdirSync(dir, { withFileTypes: true })) {
    if (entry.isDirectory()) found.push(...chineseWordsInCode(new URL(`${entry.name}/`, dir)));
    else if (entry.name.endsWith('.ts')) {
      // Comments may quote a word; only code counts.
      const text = readFileSync(new URL(entry.name, dir), 'utf8')
        .split('\n')
        .filter((line) => !/^\s*(?:\/\/|\/\*|\*)/.test(line))
        .join('\n');
      for (const match of text.matchAll(
        /'([^'\n]*\p{Script=Han}[^'\n]*)'|([\p{L}\p{N}]*\p{Script=Han}[\p{L}\p{N}]*)\s*:/gu,
      ))
        found.push({
          file: `${dir.pathname.split('/src/')[1] ?? ''}${entry.name}`,
          word: (match[1] ?? match[2])!.toLowerCase(),
        });
    }
  }
  return found;
}

/** Verbs of the watch and digest commands that happen to be a subcommand's word too (关注 add, 推送 run). */
const VERBS_LIKE_A_SUBCOMMAND: ReadonlySet<string> = new Set([
  'src/slack/parse/subscriptionCommand.ts 关注',
  'src/slack/parse/subscriptionCommand.ts 推送',
]);

describe('each word people type is written once: in the catalogue when it is shown, else in code', () => {
  it.each(EXTRA_WORDS.map((entry) => [entry.list, entry] as const))(
    '%s: no word only for reading is a shown word too',
    (_, { extra, groups }) => {
      const shown = groupWords(...groups);
      expect(shown.size).toBeGreaterThan(0);
      expect(extra.filter((word) => shown.has(word.toLowerCase()))).toEqual([]);
    },
  );

  it('every word a list is named by is in every language’s catalogue', () => {
    const names: CatalogueKey[] = [
      ...COMMAND_GRAMMAR.syntaxes.flatMap((syntax) => [
        operationSubcommand(syntax)[0],
        ...syntax.options.map((option) => option.keys[0]),
      ]),
      ...OTHER_SUBCOMMANDS.map((words) => words[0]),
      'help.lang.zh',
      'help.lang.en',
      'help.lang.auto',
    ];
    for (const key of names) expect(inEveryLanguage(key), key).toHaveLength(LOCALES.length);
  });

  it('an operation’s words are in its own catalogue: commands.json holds /dq’s other subcommands and the keys several operations share', () => {
    for (const locale of LOCALES) {
      expect(
        Object.keys(catalogueAt(locale, 'commands.subcommands') as object)
          .map((name) => `commands.subcommands.${name}`)
          .sort(),
        locale,
      ).toEqual(OTHER_SUBCOMMANDS.map((words) => words[0]).sort());
    }
    const users = new Map<string, Set<string>>();
    for (const syntax of COMMAND_GRAMMAR.syntaxes) {
      const name = operations[syntax.operation].name;
      for (const option of syntax.options) {
        const [entry] = option.keys;
        expect(
          entry.startsWith(`${name}.keys.`) || entry.startsWith('commands.keys.'),
          `${syntax.command} ${entry}`,
        ).toBe(true);
        users.set(entry, (users.get(entry) ?? new Set()).add(name));
      }
    }
    for (const name of Object.keys(catalogueAt('en', 'commands.keys') as object))
      expect(users.get(`commands.keys.${name}`)?.size ?? 0, `commands.keys.${name}`).toBeGreaterThan(1);
  });

  it.each(OPTION_VALUE_GROUPS)('%s: no catalogue text lists its words again (help and errors join them)', (group) => {
    const copies = LOCALES.flatMap((locale) => {
      const words = Object.values(catalogueAt(locale, group) as Record<string, string>);
      const lists = ['|', ', ', ',', '、'].flatMap((separator) => [
        words.join(separator),
        words.slice(0, 2).join(separator),
      ]);
      return everyText(locale)
        .filter(([key, text]) => !key.startsWith(`${group}.`) && lists.some((list) => text.includes(list)))
        .map(([key]) => `${locale} ${key}`);
    });
    expect(copies.filter((copy) => !PROSE_COPIES.has(copy))).toEqual([]);
  });

  it('no command word, option key or language word is written in code in Chinese', () => {
    const copies = chineseWordsInCode(new URL('../../src/', import.meta.url))
      .filter(({ file, word }) => COMMAND_WORDS.has(word) && !VERBS_LIKE_A_SUBCOMMAND.has(`src/${file} ${word}`))
      .map(({ file, word }) => `${file}: ${word}`);
    expect(copies).toEqual([]);
  });
});
