import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { loadConfig } from '../../src/config.js';
import { DigestService } from '../../src/core/digest/digestService.js';
import { DEFAULT_DIGEST_CAPS, EntryCaps } from '../../src/core/jobs/caps.js';
import { type Locale, readLanguageChoice, readLocale } from '../../src/i18n/lang.js';
import { parseCommand } from '../../src/slack/parse/parseCommand.js';
import { COMMAND_GRAMMAR } from '../../src/slack/slackOperations/index.js';
import { startDigestRig } from '../support/digestRig.js';

/** Every word a person may write for a language, and what it means. */
const WORDS: ReadonlyArray<[string, Locale | 'auto']> = [
  ['zh', 'zh-CN'],
  ['zh-CN', 'zh-CN'],
  ['ZH_tw', 'zh-CN'],
  ['cn', 'zh-CN'],
  ['CN', 'zh-CN'],
  ['chinese', 'zh-CN'],
  ['中文', 'zh-CN'],
  ['汉语', 'zh-CN'],
  ['简体中文', 'zh-CN'],
  ['简体', 'zh-CN'],
  ['中', 'zh-CN'],
  ['en', 'en'],
  ['en-GB', 'en'],
  ['English', 'en'],
  ['英文', 'en'],
  ['英语', 'en'],
  ['英', 'en'],
  ['auto', 'auto'],
  ['default', 'auto'],
  ['reset', 'auto'],
  ['workspace', 'auto'],
  ['自动', 'auto'],
  ['默认', 'auto'],
];
const NOT_LANGUAGES = ['fr', 'klingon', 'c', 'e', 'zhongwen', 'english please', ''];

describe('language words: one reader for /dq lang, a digest’s lang:, DEFAULT_LOCALE and dq chart --lang', () => {
  const rig = { current: undefined as Awaited<ReturnType<typeof startDigestRig>> | undefined };
  let digests: DigestService;
  beforeAll(async () => {
    rig.current = await startDigestRig(Date.UTC(2026, 10, 22, 1));
    // One person adds a digest for every word: above the default cap of ten a person.
    digests = new DigestService(
      rig.current.repository,
      rig.current.runner,
      rig.current.clock,
      'Asia/Shanghai',
      new EntryCaps('digest', { ...DEFAULT_DIGEST_CAPS, perPerson: 100 }, rig.current.store, rig.current.clock),
    );
  });
  afterAll(() => rig.current?.close());

  it.each(WORDS)('%s means %s', (word, meaning) => {
    expect(readLanguageChoice(word)).toBe(meaning);
    expect(readLocale(word)).toBe(meaning === 'auto' ? undefined : meaning);
  });

  it.each(NOT_LANGUAGES)('%j is no language', (word) => {
    expect(readLanguageChoice(word)).toBeUndefined();
  });

  it('/dq lang takes every word', () => {
    for (const [word, choice] of WORDS)
      expect(parseCommand(COMMAND_GRAMMAR, '/dq', `lang ${word}`), word).toEqual({ kind: 'lang', choice });
    expect(parseCommand(COMMAND_GRAMMAR, '/dq', 'lang fr')).toMatchObject({ kind: 'invalid' });
  });

  it('a digest’s lang: takes every word (lang:cn was refused before), auto words leave it in the workspace’s language', async () => {
    for (const [index, [word, choice]] of WORDS.entries()) {
      const digest = await digests.add({
        teamId: 'T1',
        channelId: `CLANG${index}`,
        createdBy: 'U1',
        cadence: 'daily',
        time: '08:30',
        lang: word,
      });
      expect(digest.lang, word).toBe(choice === 'auto' ? undefined : choice);
    }
    await expect(
      digests.add({ teamId: 'T1', channelId: 'CLANGFR', createdBy: 'U1', cadence: 'daily', time: '08:30', lang: 'fr' }),
    ).rejects.toMatchObject({ field: 'lang' });
  });

  it('DEFAULT_LOCALE takes every word', () => {
    const service = { DATA_API_BASE_URL: 'https://api.example.com', DATA_API_KEY: 'k' };
    for (const [word, choice] of WORDS) {
      expect(
        loadConfig({ ...service, DEFAULT_LOCALE: word }, { inSlack: false, demo: false }).slack.workspaceLocale,
        word,
      ).toBe(choice === 'auto' ? undefined : choice);
    }
  });
});
