import { readdirSync, readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { CADENCE_EXTRA_WORDS } from '../../src/core/digest/schedule.js';
import { CANDLE_TYPE_EXTRA_WORDS, CANDLE_TYPES } from '../../src/core/operations/futures.js';
import { HOURLY_EXTRA_WORDS, KIND_EXTRA_WORDS } from '../../src/core/watch/service.js';
import { AUTO_LANGUAGE_EXTRA_WORDS, LANGUAGE_WORDS, LOCALES, inEveryLanguage, readCatalogue, type CatalogueKey } from '../../src/i18n/lang.js';
import { SEARCH_FIELD_EXTRA_WORDS } from '../../src/slack/operations/bids.js';
import { SYNTAX_LIST } from '../../src/slack/operations/index.js';
import { DIGEST_WORDS, HELP_WORDS, LANG_WORDS, USAGE_WORDS, WATCH_WORDS } from '../../src/slack/parse/parseCommand.js';

/** Every text under a catalogue group or key (`commands.subcommands`, `commands.keys.page`), in every language, in lower case. */
function groupWords(group: string): Set<string> {
  const words = new Set<string>();
  const collect = (node: unknown) => {
    if (typeof node === 'string') words.add(node.toLowerCase());
    else if (node && typeof node === 'object') Object.values(node).forEach(collect);
  };
  for (const locale of LOCALES) collect(group.split('.').reduce<unknown>((node, name) => (node as Record<string, unknown> | undefined)?.[name], readCatalogue(locale)));
  return words;
}

/**
 * Each list of words people type that the catalogue also names: the words that are only in code
 * (read, never shown), and the catalogue entries whose words are shown and read (an option key may
 * be another option's word: futures' `type:` is its period). The shown words are read from the
 * catalogue, so writing one again in code is a second copy that can drift.
 */
const EXTRA_WORDS: ReadonlyArray<{ list: string; extra: readonly string[]; group: string }> = [
  ...SYNTAX_LIST.flatMap((syntax) => [
    { list: `${syntax.command} subcommands`, extra: syntax.subcommands.slice(1), group: 'commands.subcommands' },
    ...syntax.options.map((option) => ({ list: `${syntax.command} ${option.keys[0]}:`, extra: option.keys.slice(1), group: `commands.keys.${option.keys[0]}` })),
  ]),
  ...[HELP_WORDS, USAGE_WORDS, DIGEST_WORDS, WATCH_WORDS, LANG_WORDS].map((words) => ({ list: `/dq ${words[0]}`, extra: words.slice(1), group: 'commands.subcommands' })),
  ...Object.values(LANGUAGE_WORDS).map((words) => ({ list: words.shown, extra: words.extra, group: 'help.lang' })),
  { list: 'auto', extra: AUTO_LANGUAGE_EXTRA_WORDS, group: 'help.lang' },
  ...CANDLE_TYPES.map((type) => ({ list: `period ${type}`, extra: CANDLE_TYPE_EXTRA_WORDS[type], group: 'futures.candlePeriod' })),
  ...Object.entries(CADENCE_EXTRA_WORDS).map(([cadence, extra]) => ({ list: cadence, extra, group: 'digests.cadence' })),
  { list: 'hourly', extra: HOURLY_EXTRA_WORDS, group: 'watch.cadence' },
  ...Object.entries(KIND_EXTRA_WORDS).map(([kind, extra]) => ({ list: `watch kind ${kind}`, extra, group: 'commands.subcommands' })),
  ...Object.entries(SEARCH_FIELD_EXTRA_WORDS).map(([code, extra]) => ({ list: `bid search field ${code}`, extra, group: 'bids.searchField' })),
];

/** The words /dq reads as commands and option keys: in code only as catalogue names, never as words. */
const COMMAND_WORDS = new Set([...groupWords('commands.subcommands'), ...groupWords('commands.keys'), ...groupWords('help.lang')]);

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
      for (const match of text.matchAll(/'([^'\n]*\p{Script=Han}[^'\n]*)'|([\p{L}\p{N}]*\p{Script=Han}[\p{L}\p{N}]*)\s*:/gu)) found.push({ file: `${dir.pathname.split('/src/')[1] ?? ''}${entry.name}`, word: (match[1] ?? match[2])!.toLowerCase() });
    }
  }
  return found;
}

/** Verbs of the watch and digest commands that happen to be a subcommand's word too (关注 add, 推送 run). */
const VERBS_LIKE_A_SUBCOMMAND: ReadonlySet<string> = new Set(['src/slack/flows/watchCommand.ts 关注', 'src/slack/flows/digestCommand.ts 推送']);

describe('each word people type is written once: in the catalogue when it is shown, else in code', () => {
  it.each(EXTRA_WORDS.map((entry) => [entry.list, entry] as const))('%s: no word only for reading is a shown word too', (_, { extra, group }) => {
    const shown = groupWords(group);
    expect(shown.size).toBeGreaterThan(0);
    expect(extra.filter((word) => shown.has(word.toLowerCase()))).toEqual([]);
  });

  it('every word a list is named by is in every language’s catalogue', () => {
    const names: CatalogueKey[] = [
      ...SYNTAX_LIST.flatMap((syntax) => [`commands.subcommands.${syntax.subcommands[0]}` as const, ...syntax.options.map((option) => `commands.keys.${option.keys[0]}` as const)]),
      ...[HELP_WORDS, USAGE_WORDS, DIGEST_WORDS, WATCH_WORDS, LANG_WORDS].map((words) => `commands.subcommands.${words[0]}` as const),
      'help.lang.zh', 'help.lang.en', 'help.lang.auto',
    ];
    for (const key of names) expect(inEveryLanguage(key), key).toHaveLength(LOCALES.length);
  });

  it('no command word, option key or language word is written in code in Chinese', () => {
    const copies = chineseWordsInCode(new URL('../../src/', import.meta.url))
      .filter(({ file, word }) => COMMAND_WORDS.has(word) && !VERBS_LIKE_A_SUBCOMMAND.has(`src/${file} ${word}`))
      .map(({ file, word }) => `${file}: ${word}`);
    expect(copies).toEqual([]);
  });
});
