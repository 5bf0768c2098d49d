import type { KnownBlock } from '@slack/types';
import { describe, expect, it } from 'vitest';
import { OPERATION_IDS, operations } from '../../../src/core/operations/index.js';
import { pricesFrom } from '../../../src/core/operations/prices.js';
import { english, langFor } from '../../../src/i18n/lang.js';
import { exampleFor } from '../../../src/slack/parse/examples.js';
import { renderHelp } from '../../../src/slack/render/help.js';
import type { SlackMessage } from '../../../src/slack/reply/slackMessage.js';
import { COMMAND_GRAMMAR } from '../../../src/slack/slackOperations/index.js';
import { ENGLISH_TITLES } from '../../support/operationTitles.js';
import { assertWithinSlackLimits } from '../../support/slackLimits.js';

const PRICES = pricesFrom();

/** Every piece of text a block carries, for Slack's per-section and per-message limits. */
function blockTexts(block: KnownBlock): string[] {
  const texts: string[] = [];
  if ('text' in block && block.text && typeof block.text === 'object' && 'text' in block.text)
    texts.push(block.text.text);
  if (block.type === 'context') for (const element of block.elements) if ('text' in element) texts.push(element.text);
  if (block.type === 'section' && block.fields) for (const field of block.fields) texts.push(field.text);
  return texts;
}

function assertMessageWithinLimits(message: SlackMessage): string {
  assertWithinSlackLimits(message, 'message');
  expect(message.text.length).toBeGreaterThan(0);
  expect(message.text.length).toBeLessThanOrEqual(3000);
  expect(message.blocks.length).toBeLessThanOrEqual(50);
  for (const block of message.blocks) {
    for (const text of blockTexts(block)) {
      expect(text.length).toBeGreaterThan(0);
      expect(text.length).toBeLessThanOrEqual(block.type === 'header' ? 150 : 3000);
    }
  }
  const all = message.blocks.flatMap(blockTexts).join('\n');
  expect(all.length + message.text.length).toBeLessThanOrEqual(12_000);
  return all;
}

describe('renderHelp', () => {
  it('lists every command with an example and its cost, within Slack’s message limits', () => {
    const text = assertMessageWithinLimits(renderHelp(COMMAND_GRAMMAR, PRICES, english));
    for (const id of OPERATION_IDS) {
      const definition = operations[id];
      expect(text).toContain(ENGLISH_TITLES[id]);
      expect(text).toContain(exampleFor(COMMAND_GRAMMAR.syntaxOf(id), english));
      expect(text).toContain(`${definition.cost} coins`);
    }
  });

  it('says which costs are assumed', () => {
    const text = renderHelp(COMMAND_GRAMMAR, PRICES, english).blocks.flatMap(blockTexts).join('\n');
    const assumed = OPERATION_IDS.filter((id) => !operations[id].costPublished);
    expect(assumed.length).toBeGreaterThan(0);
    for (const id of assumed)
      expect(text).toMatch(
        new RegExp(`${ENGLISH_TITLES[id]}\\*? · ${operations[id].cost} coins per lookup \\(assumed`),
      );
    expect(text.match(/assumed/g)?.length).toBe(assumed.length);
  });

  it('has the usage and digest lines and says a bare command opens a form', () => {
    const text = renderHelp(COMMAND_GRAMMAR, PRICES, english).blocks.flatMap(blockTexts).join('\n');
    expect(text).toContain('/dq usage');
    expect(text).toContain('/dq digest add <daily|weekdays|weekly:mon> <HH:MM> [onsale|offsale|all] [tz:Area/City]');
    expect(text).toContain('/dq digest list');
    expect(text).toContain('/dq digest remove <id>');
    expect(text).toContain('/dq digest run <id>');
    expect(text).toMatch(/without arguments .* opens a form/);
  });

  it.each(OPERATION_IDS)('help on %s: syntax, every option key, examples and cost, within limits', (id) => {
    const text = assertMessageWithinLimits(renderHelp(COMMAND_GRAMMAR, PRICES, english, id));
    const definition = operations[id];
    expect(text).toContain(`${definition.cost} coins per lookup`);
    expect(text.includes('assumed')).toBe(!definition.costPublished);
    expect(text).toContain(exampleFor(COMMAND_GRAMMAR.syntaxOf(id), english));
    expect(text).toMatch(/alone opens a form/);
  });

  it('/dq help usage and /dq help digest explain those commands, not the general list', () => {
    const usage = assertMessageWithinLimits(renderHelp(COMMAND_GRAMMAR, PRICES, english, 'usage'));
    expect(usage).toContain('Coins and budgets');
    for (const id of OPERATION_IDS) expect(usage).toContain(`${operations[id].cost} coins per lookup`);
    expect(usage).toContain('when it resets');
    expect(usage).not.toContain('Data query commands');
    const digest = assertMessageWithinLimits(renderHelp(COMMAND_GRAMMAR, PRICES, english, 'digest'));
    expect(digest).toContain('Digests of new funds');
    expect(digest).toContain('/dq digest add weekdays 08:30 onsale tz:Asia/Shanghai');
    expect(digest).toContain('`all` (default)');
    expect(digest).not.toContain('Data query commands');
  });

  it('help on bids names every region code', async () => {
    const { BID_REGIONS } = await import('../../../src/core/operations/bidRegions.js');
    const text = renderHelp(
      COMMAND_GRAMMAR,
      PRICES,
      english,
      'thirdpartymarket-cmapi00069224-enterprise-search-bid-list',
    )
      .blocks.flatMap(blockTexts)
      .join('\n');
    for (const region of BID_REGIONS) expect(text).toContain(`${region.code} ${region.name}`);
  });
});

describe('renderHelp for a Chinese reader', () => {
  const zh = langFor('zh-CN');
  const TOPICS = [undefined, 'usage', 'digest', 'lang', ...OPERATION_IDS] as const;

  /**
   * The English words left once what is typed (inline code) and what is a name or code (region and
   * futures codes, IANA zones, Slack, K线) is taken out: there should be none.
   */
  function englishWords(text: string): string[] {
    const prose = text
      .replace(/`[^`]*`/g, ' ')
      // Commands as typed: `/dq digest add|list|remove|run` in the notification text.
      .replace(/\/[a-z-]+(?: [a-z|]+)*/g, ' ')
      .replace(/\b(?:Asia\/Shanghai|IANA|Slack|K线|QDII)\b|K线/g, ' ')
      .replace(/\b[A-Z]{2,3}\b/g, ' ');
    return prose.match(/[A-Za-z]{2,}/g) ?? [];
  }

  it.each(TOPICS)('help on %s is within Slack’s limits and has no English of the app’s own', (topic) => {
    const message = renderHelp(COMMAND_GRAMMAR, PRICES, zh, topic);
    const text = assertMessageWithinLimits(message);
    expect(englishWords(text), text).toEqual([]);
    expect(englishWords(message.text), message.text).toEqual([]);
    expect(text).not.toMatch(/per lookup|coins|e\.g\.|Options|Examples|How to type/);
  });

  it('the overview names every command in Chinese, with Chinese examples and costs in 币', () => {
    const text = assertMessageWithinLimits(renderHelp(COMMAND_GRAMMAR, PRICES, zh));
    expect(text).toContain('数据查询命令');
    expect(text).toContain('*纳税人信息* · 每次查询 20 币');
    expect(text).toContain('*招投标公告* · 每次查询 10 币（估计值，数据服务未公布此项费用）');
    expect(text).toContain(
      '`/bids <关键词> [地区:<代码或名称>] [类型:招标|中标|拟建] [从:<年-月-日>] [到:<年-月-日>] [范围:标题、采购人、供应商] [页:<页码>] [每页:<条数>]`',
    );
    expect(text).toContain('例如 `/futures CL 5分钟 30`');
    expect(text).toContain('`/dq 用量`：今日和本月所用的币，以及预算余额');
    expect(text).toContain('`/dq 语言 中文|英文|自动`：回复使用的语言');
    expect(text).toContain('`/dq 纳税人`、`/dq 招标`、`/dq 基金`、`/dq 期货`、`/dq 新基金`');
    expect(text).toContain('`/dq 帮助 招标` 详细说明一个命令');
    for (const id of OPERATION_IDS) expect(text).toContain(exampleFor(COMMAND_GRAMMAR.syntaxOf(id), zh));
  });

  it('help on one command shows its Chinese keys first, the English ones as well, and Chinese notes', () => {
    const futures = assertMessageWithinLimits(
      renderHelp(COMMAND_GRAMMAR, PRICES, zh, 'finance-external-futures-kline'),
    );
    expect(futures).toContain('`/futures <品种代码> <周期> [根数]`\n或在 `/dq 期货` 之后输入同样内容');
    expect(futures).toContain('`周期:<周期>`（也可写 `period:`、`type:`、`interval:`）');
    expect(futures).toContain('周期：日线（日k/日/0） · 1分钟（1分/1） · 5分钟（5分/5）');
    expect(futures).toContain('`/futures SI 周期:4小时 根数:60`');
    const bids = renderHelp(COMMAND_GRAMMAR, PRICES, zh, 'thirdpartymarket-cmapi00069224-enterprise-search-bid-list')
      .blocks.flatMap(blockTexts)
      .join('\n');
    expect(bids).toContain('`地区:<代码或名称>`（也可写 `省份:`、`省:`、`区域:`、`region:`、`province:`、`prov:`）');
    expect(bids).toContain('地区：BJ 北京、TJ 天津');
    const newFunds = renderHelp(COMMAND_GRAMMAR, PRICES, zh, 'fund-new-list').blocks.flatMap(blockTexts).join('\n');
    expect(newFunds).toContain('状态：在售、未在售，或全部/不限（不筛选）。');
  });

  it('help on usage, digests and the language', () => {
    expect(assertMessageWithinLimits(renderHelp(COMMAND_GRAMMAR, PRICES, zh, 'usage'))).toContain(
      '`/futures` — 每次查询 5 币',
    );
    const digest = assertMessageWithinLimits(renderHelp(COMMAND_GRAMMAR, PRICES, zh, 'digest'));
    expect(digest).toContain('*哪些基金*：`在售`、`未在售` 或 `全部`（默认）。');
    expect(digest).toContain('`/dq 推送 添加 工作日 08:30 在售 时区:Asia/Shanghai`');
    const lang = assertMessageWithinLimits(renderHelp(COMMAND_GRAMMAR, PRICES, zh, 'lang'));
    expect(lang).toContain('`/dq 语言 中文` — 用中文回复');
    expect(lang).toContain('`/futures CL 5分钟 30` 与 `/futures CL 5m 30` 相同');
  });

  it('the language help in English', () => {
    const text = assertMessageWithinLimits(renderHelp(COMMAND_GRAMMAR, PRICES, english, 'lang'));
    expect(text).toContain('`/dq lang zh` — reply in Chinese');
    expect(text).toContain('`/dq lang auto` — the workspace default, else your Slack language');
    expect(renderHelp(COMMAND_GRAMMAR, PRICES, english).blocks.flatMap(blockTexts).join('\n')).toContain(
      '`/dq lang zh|en|auto` — the language of your replies',
    );
  });
});

describe('watches in the general help', () => {
  it.each([
    [
      'en',
      english,
      '`/dq watch add taxpayer 91330106774738789M daily 09:00` — tell this channel when',
      '`/dq help watch`',
      '/dq watch tells a channel',
    ],
    [
      'zh-CN',
      langFor('zh-CN'),
      '`/dq 关注 添加 纳税人 91330106774738789M 每天 09:00`：企业纳税人资质',
      '`/dq 帮助 关注`',
      '/dq 关注：数据变化时通知频道',
    ],
  ] as const)(
    '%s: one example, where to learn more, and the notification text',
    (_locale, lang, example, more, text) => {
      const message = renderHelp(COMMAND_GRAMMAR, PRICES, lang);
      const shown = assertMessageWithinLimits(message);
      expect(shown).toContain(example);
      expect(shown).toContain(more);
      expect(message.text).toContain(text);
    },
  );
});
