import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { UpstreamKind } from '../../../src/core/errorKinds.js';
import {
  BudgetExceededError,
  BudgetUnavailableError,
  NotCachedError,
  PageOutOfRangeError,
  StoppedError,
  UpstreamError,
  ValidationError,
} from '../../../src/core/errors.js';
import { CAP_SETTINGS, capPhrase } from '../../../src/core/jobs/caps.js';
import { WatchInputError } from '../../../src/core/watch/watchService.js';
import {
  type CatalogueKey,
  type JoinedPhrases,
  type Lang,
  langFor,
  type Phrase,
  readCatalogue,
} from '../../../src/i18n/lang.js';
import { userFieldName } from '../../../src/slack/parse/examples.js';
import { invalidText } from '../../../src/slack/parse/invalidText.js';
import { type InvalidCommand, parseCommand } from '../../../src/slack/parse/parseCommand.js';
import { renderError } from '../../../src/slack/render/errorMessage.js';
import { COMMAND_GRAMMAR } from '../../../src/slack/slackOperations/index.js';
import { unexpectedEnglish } from '../../support/englishWords.js';
import { DEFAULT_WORKSPACE } from '../../support/slack/index.js';
import { allText, buttonNamed, startTestApp, type TestApp } from '../../support/slackApp.js';

/**
 * Every refusal and error the parser and the flows can give, walked in zh-CN (issue 37, item 2): a
 * Chinese reader types Chinese (or no words at all, only codes), and no reply holds an English word
 * of the app's own. That the walk is whole is checked, not hoped: every catalogue text that says
 * what was wrong (the parser's, the validation's, the errors', each operation's problems and
 * reasons, the watch's and the digest's input problems) must have been said on the way, apart
 * from the few named below with the reason they cannot be reached from a command.
 */

const ZH_USER = 'U0ZHWALKER';
const CHANNEL = 'C0ZHWALK01';

/** The catalogue groups whose texts say what was wrong. */
const REFUSAL_GROUPS = [
  'commands.parse',
  'validation',
  'errors',
  'watch.input',
  'digests.input',
  ...['bids', 'fundAsset', 'futures', 'newFunds', 'taxpayer'].flatMap((name) => [
    `${name}.problems`,
    `${name}.reason`,
    `${name}.rejected`,
  ]),
];

/** Texts of those groups that are parts of a sentence said by another, or cannot be reached by typing. */
const NOT_WALKED: Readonly<Record<string, string>> = {
  'commands.parse.forExample': 'part of every parse refusal (invalidText)',
  'commands.parse.refused': 'part of every parse refusal (invalidText)',
  'commands.parse.typed': 'a value inside a refusal',
  'commands.parse.optionKey': 'a value inside a refusal',
  'commands.parse.requiredWord': 'a value inside a refusal',
  'commands.parse.optionalWord': 'a value inside a refusal',
  'commands.parse.theWord': 'a value inside a refusal',
  'validation.asWritten': 'the carrier of a check that gives words rather than a phrase; no operation has one left',
  'validation.fieldProblem': 'the frame of every field problem (renderError)',
  'validation.fieldProblemPlain': 'the frame of a form error naming another field (modals)',
  'validation.text': 'a value that is not text: only a Workflow step sends JSON values',
  'validation.reason.serviceMax50': 'a value inside validation.atMostBecause',
  'errors.mayHaveCharged.coins': 'a value inside errors.upstream.timeout and its kin',
  'errors.mayHaveCharged.lookup': 'a value inside errors.upstream.timeout and its kin',
  'watch.input.subjectTaxpayer':
    'the command reader refuses an empty subject first (watch.input.subjectMissing); the form sends these',
  'watch.input.subjectFund': 'as above',
  'watch.input.subjectFutures': 'as above',
  'watch.input.cadence': 'the command reader only takes a known schedule word; the form sends this',
};

function keysUnder(catalogue: Record<string, unknown>, groups: readonly string[]): string[] {
  const keys: string[] = [];
  const walk = (node: unknown, path: string) => {
    if (typeof node === 'string') keys.push(path.replace(/_(one|other)$/, ''));
    else if (node && typeof node === 'object')
      for (const [name, child] of Object.entries(node)) walk(child, path ? `${path}.${name}` : name);
  };
  walk(catalogue, '');
  return [...new Set(keys)].filter((key) => groups.some((group) => key === group || key.startsWith(`${group}.`)));
}

/** Every key the Chinese language says from now on, including phrases said inside other phrases. */
function recordSaid(lang: Lang): { said: Set<string>; stop(): void } {
  const said = new Set<string>();
  const original = lang.t.bind(lang);
  const note = (value: unknown): void => {
    if (typeof value !== 'object' || value === null) return;
    const phrase = value as Partial<Phrase> & Partial<JoinedPhrases>;
    if (typeof phrase.key === 'string') said.add(phrase.key);
    if (typeof phrase.joinedBy === 'string') said.add(phrase.joinedBy);
    for (const inner of [...Object.values(phrase.values ?? {}), ...(phrase.words ?? [])]) note(inner);
  };
  const mutable = lang as { t: Lang['t'] };
  mutable.t = ((keyOrPhrase: CatalogueKey | Phrase | JoinedPhrases, values?: Record<string, unknown>) => {
    if (typeof keyOrPhrase === 'string') {
      said.add(keyOrPhrase);
      for (const inner of Object.values(values ?? {})) note(inner);
    } else note(keyOrPhrase);
    return original(keyOrPhrase as CatalogueKey, values);
  }) as Lang['t'];
  return { said, stop: () => (mutable.t = original) };
}

/** What a Chinese reader types, by command: each gives a refusal (none is charged, bar the one noted). */
const TYPED: ReadonlyArray<[command: string, text: string]> = [
  // The parser.
  ['/dq', '帮助 什么'],
  ['/dq', '用量 多余'],
  ['/dq', '乱码'],
  ['/dq', '基今 000001'],
  ['/dq', '语言 中文 英文'],
  ['/dq', '语言 火星文'],
  ['/bids', '光伏组件 地域：浙江'],
  ['/bids', '光伏组件 哈哈:1'],
  ['/fund-asset', '000001 哈哈:1'],
  ['/bids', '光伏组件 地区:'],
  ['/fund-asset', '000001 2 3'],
  ['/fund-asset', '000001 页:2 页:3'],
  ['/fund-asset', '000001 2 页:3'],
  // Each operation's rules.
  ['/fund-asset', '12345'],
  ['/fund-asset', '页:2'],
  ['/fund-asset', '000001 页:0'],
  ['/fund-asset', '000001 页:二点五'],
  ['/fund-asset', '000001 每页:51'],
  ['/fund-asset', '000001 页:1001'],
  ['/futures', 'CL 10分钟'],
  ['/futures', 'CL 周线 根数:200'],
  ['/futures', '1CL 5分钟'],
  ['/futures', '黄金 5分钟 根数:1001'],
  ['/bids', '光伏'],
  ['/bids', '光伏组件采购'.repeat(12)],
  ['/bids', '浙江省'],
  ['/bids', '光伏组件 地区:火星'],
  ['/bids', '光伏组件 范围:哈哈'],
  ['/bids', '光伏组件 类型:哈哈'],
  ['/bids', '光伏组件 从:2026-02-30'],
  ['/bids', '光伏组件 从:1800-01-01'],
  ['/bids', '光伏组件 从:2099-01-01'],
  ['/bids', '光伏组件 到:2099-06-30'],
  ['/bids', '光伏组件 从:2026-03-01 到:2026-02-01'],
  ['/bids', '光伏组件 从:2024-01-01 到:2026-01-01'],
  ['/bids', '光伏组件 每页:11'],
  ['/taxpayer', '华'],
  ['/taxpayer', '杭州华信光伏科技有限公司'.repeat(9)],
  ['/taxpayer', '91350100M000100Y44'],
  ['/taxpayer', '91330106774738789'],
  ['/taxpayer', '杭州 每页:21'],
  ['/new-funds', '哈哈'],
  // Refused by the service (a contract it does not know), and a page past a known end.
  ['/futures', 'XYZ 5分钟'],
  ['/fund-asset', '000001 第3页'],
  ['/fund-asset', '000001 第9页'],
  // Watches.
  ['/dq', '关注 乱码'],
  ['/dq', '关注 添加'],
  ['/dq', '关注 添加 基金'],
  ['/dq', '关注 添加 猫 小花 每天 09:00'],
  ['/dq', '关注 添加 期货 CL 高于 80'],
  ['/dq', '关注 添加 基金 000001 变动:很多 每天 09:00'],
  ['/dq', '关注 添加 期货 CL 周期:哈哈 高于:75 每天 09:00'],
  ['/dq', '关注 添加 期货 CL 每天 09:00'],
  ['/dq', '关注 添加 期货 CL 高于:很高 每天 09:00'],
  ['/dq', '关注 添加 纳税人 91330106774738789M 每小时'],
  ['/dq', '关注 添加 基金 000001 每天'],
  ['/dq', '关注 添加 期货 CL 高于:75 每小时 :75'],
  ['/dq', '关注 添加 基金 000001 每天 09:00 时区:火星'],
  ['/dq', '关注 添加 基金 000001 每天 09:00 语言:火星文'],
  ['/dq', '关注 添加 招标 地区:浙江 每天 09:00'],
  ['/dq', '关注 添加 招标 光伏组件 上限:5 工作日 09:00'],
  ['/dq', '关注 添加 招标 光伏组件 到:2020-01-31 工作日 09:00'],
  ['/dq', '关注 检查'],
  ['/dq', '关注 检查 12345678'],
  // Digests.
  ['/dq', '推送 乱码'],
  ['/dq', '推送 添加 每月 08:00'],
  ['/dq', '推送 添加 每天 25:00'],
  ['/dq', '推送 添加 每天 08:00 哈哈'],
  ['/dq', '推送 添加 每天 08:00 时区:火星'],
  ['/dq', '推送 添加 每天 08:00 语言:火星文'],
  ['/dq', '推送 添加 工作日 08:30 在售'],
  ['/dq', '推送 添加 工作日 08:30 在售'],
  ['/dq', '推送 添加 工作日 08:30 类型:黄金'],
  ['/dq', '推送 添加 工作日 08:30 名称:一,二,三,四,五,六'],
  ['/dq', '推送 添加 #基金 工作日 08:30'],
  ['/dq', '推送 运行'],
  ['/dq', '推送 运行 deadbeef'],
  // Over the person's daily budget (25 coins, set below): the third 10-coin lookup of the day is refused.
  ['/fund-asset', '110022'],
  ['/fund-asset', '161725'],
];

describe('every refusal, in Chinese, has no English word of the app’s own', () => {
  let app: TestApp;
  const zh = langFor('zh-CN');
  const replies: Array<{ typed: string; text: string }> = [];
  let recording: ReturnType<typeof recordSaid>;

  beforeAll(async () => {
    app = await startTestApp({ budgets: { userDaily: 25 } });
    // An admin of the workspace in Slack, and so of the app: the digests' and watches' refusals reach them.
    app.fake.setUser(ZH_USER, { locale: 'zh-CN', is_admin: true });
    recording = recordSaid(zh);
    for (const [command, text] of TYPED) {
      const sent = await app.command(text, { command, userId: ZH_USER, channelId: CHANNEL });
      replies.push({
        typed: `${command} ${text}`,
        text: allText(await app.nextResponse(sent.responseId, undefined, 15_000)),
      });
    }
    // A duplicate watch needs a saved one first: saved through the service the Save button calls.
    const watch = {
      teamId: DEFAULT_WORKSPACE.teamId,
      channelId: CHANNEL,
      createdBy: ZH_USER,
      kind: '基金',
      subject: '000001',
      cadence: '每天',
      time: '09:00',
    };
    await app.slack.deps.watches.save((await app.slack.deps.watches.prepare(watch)).watch);
    // The preview says so already (issue 31: a preview checks what Save checks).
    const again = await app.command('关注 添加 基金 000001 每天 09:00', { userId: ZH_USER, channelId: CHANNEL });
    const preview = await app.nextResponse(again.responseId);
    expect(buttonNamed(preview, 'dq_watch_save')).toBeUndefined();
    replies.push({ typed: 'duplicate watch', text: allText(preview) });
    // What the watch form sends that a command cannot: said as the form's submission says it.
    for (const input of [
      { subject: '' },
      { kind: '企业', subject: '' },
      { kind: '期货', subject: '' },
      { cadence: '每月' },
    ]) {
      try {
        await app.slack.deps.watches.prepare({ ...watch, ...input });
      } catch (error) {
        if (!(error instanceof WatchInputError)) throw error;
        replies.push({ typed: `watch form ${JSON.stringify(input)}`, text: zh.t(error.phrase) });
      }
    }
    // The caps a watch or a digest meets: each said as the preview and Save say it (their reaching is tested in test/core/digest/caps.test.ts).
    for (const kind of ['watch', 'digest'] as const) {
      for (const scope of ['person', 'channel', 'workspace'] as const) {
        replies.push({
          typed: `${kind} cap ${scope}`,
          text: zh.t(capPhrase(kind, { scope, cap: 3, setting: CAP_SETTINGS[kind][scope] })),
        });
      }
    }
    // A command Slack never sends to this app, as the console reads it.
    replies.push({
      typed: '/xyz',
      text: invalidText(parseCommand(COMMAND_GRAMMAR, '/xyz', '') as InvalidCommand, COMMAND_GRAMMAR, zh),
    });
    // Every failure a lookup can meet, as the flows render it (renderError).
    const upstream: UpstreamKind[] = [
      'auth',
      'insufficient_balance',
      'rate_limited',
      'rejected',
      'server',
      'timeout',
      'connection_lost',
      'network',
      'malformed',
      'schema_changed',
    ];
    const errors: unknown[] = [
      ...upstream.map((kind) => new UpstreamError(kind, { operation: 'fund-asset', taskNo: 'abc123' })),
      Object.assign(new UpstreamError('timeout', { operation: 'fund-asset' }), { coinsAtRisk: 10 }),
      // The service refused the workspace's own key (bring your own key), not the operator's.
      Object.assign(new UpstreamError('auth', { operation: 'fund-asset' }), { ownKey: true }),
      new BudgetExceededError('team', 100, 95, 10, new Date(app.clock.now() + 3_600_000)),
      new BudgetExceededError('key', 500, 495, 10, new Date(app.clock.now() + 3_600_000)),
      new BudgetUnavailableError(),
      new BudgetUnavailableError({
        recordsLost: {
          at: new Date(app.clock.now() - 3_600_000),
          until: new Date(app.clock.now() + 3_600_000),
          timeZone: 'Asia/Shanghai',
        },
      }),
      new StoppedError('fund-asset'),
      new NotCachedError('fund-asset'),
      new PageOutOfRangeError('fund-asset', 'pageNo', 9, 2),
      new ValidationError(
        'fund-asset',
        Array.from({ length: 12 }, (_, index) => ({
          field: 'fundCode',
          message: 'x',
          phrase: { key: 'fundAsset.problems.fundCode', values: { code: String(index) } },
        })),
      ),
      new Error('boom'),
    ];
    for (const error of errors) {
      const retryValue = error instanceof UpstreamError ? '{"o":"fund-asset","r":{"fundCode":"000001"}}' : undefined;
      const shown = renderError(error, {
        lang: zh,
        now: app.clock.now(),
        timeZone: 'Asia/Shanghai',
        example: '/fund-asset 000001',
        fieldLabel: (field) => userFieldName(COMMAND_GRAMMAR.syntaxOf('fund-asset'), field, zh),
        ...(retryValue ? { retryValue } : {}),
      });
      replies.push({ typed: String(error), text: allText(shown) });
    }
    recording.stop();
  }, 120_000);

  afterAll(async () => {
    recording?.stop();
    await app?.close();
  });

  it('walks every text that says what was wrong', () => {
    const expected = keysUnder(readCatalogue('zh-CN'), REFUSAL_GROUPS).filter((key) => !Object.hasOwn(NOT_WALKED, key));
    expect(expected.length).toBeGreaterThan(80);
    expect(expected.filter((key) => !recording.said.has(key))).toEqual([]);
  });

  it('answers each in Chinese, with no English word of the app’s own', () => {
    // What the reader typed (an id, a command that does not exist) is theirs, not the app's words.
    const allowed = ['deadbeef', 'xyz'];
    // A digest's or a watch's id (8 hex digits) is a name, shown as it is.
    const withoutIds = (text: string) => text.replace(/\b[0-9a-f]{8}\b/g, ' ');
    const english = replies
      .map(({ typed, text }) => ({ typed, words: unexpectedEnglish(withoutIds(text), allowed), text }))
      .filter(({ words }) => words.length > 0);
    expect(english).toEqual([]);
    expect(replies.every(({ text }) => /\p{Script=Han}/u.test(text))).toBe(true);
  });

  it('charged nothing for a refusal, bar the page asked before its count was known and the two lookups under the budget', () => {
    const charged = app.upstreamCalls().filter((call) => call.outcome === 'success');
    expect(charged.map((call) => call.operation)).toEqual(['fund-asset', 'fund-asset']);
  });
});
