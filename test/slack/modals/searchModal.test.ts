import type { InputBlock, ModalView, PlainTextOption } from '@slack/types';
import { describe, expect, it } from 'vitest';
import { BID_REGIONS } from '../../../src/core/operations/bidRegions.js';
import { FUTURES_PERIODS } from '../../../src/core/operations/futures.js';
import { OPERATION_IDS, type OperationId, operations, typedNameOf } from '../../../src/core/operations/index.js';
import { pricesFrom } from '../../../src/core/operations/prices.js';
import { english, langFor } from '../../../src/i18n/lang.js';
import { option } from '../../../src/slack/blockKit/slackText.js';
import { staticSelect } from '../../../src/slack/modals/elements.js';
import { searchModal } from '../../../src/slack/modals/index.js';
import { VIEW } from '../../../src/slack/payloads/ids.js';
import { slackOperation } from '../../../src/slack/slackOperations/index.js';
import { CHINESE_TITLES, ENGLISH_TITLES } from '../../support/operationTitles.js';
import { untranslatedWords } from './untranslated.js';
import { assertModalWithinLimits } from './viewLimits.js';

const PRICES = pricesFrom();

const METADATA = JSON.stringify({ c: 'C0GENERAL1', r: 'https://hooks.slack.com/commands/T1/2/abc' });
const BIDS = 'thirdpartymarket-cmapi00069224-enterprise-search-bid-list';

function inputs(view: ModalView): InputBlock[] {
  return view.blocks.filter((block): block is InputBlock => block.type === 'input');
}

function input(view: ModalView, blockId: string): InputBlock {
  const found = inputs(view).find((block) => block.block_id === blockId);
  if (!found) throw new Error(`no block ${blockId}`);
  return found;
}

function optionValues(block: InputBlock): string[] {
  const element = block.element as {
    options?: PlainTextOption[];
    option_groups?: Array<{ options: PlainTextOption[] }>;
  };
  return [...(element.options ?? []), ...(element.option_groups ?? []).flatMap((group) => group.options)].map(
    (o) => o.value!,
  );
}

function optionTexts(block: InputBlock): string[] {
  const element = block.element as { options?: PlainTextOption[] };
  return (element.options ?? []).map((o) => o.text.text);
}

describe('searchModal', () => {
  it.each(OPERATION_IDS)(
    '%s: builds within Slack’s limits with its callback_id, labels and metadata',
    (id: OperationId) => {
      const view = searchModal(slackOperation(id), METADATA, PRICES, english);
      assertModalWithinLimits(view);
      expect(view.callback_id).toBe(VIEW.search(typedNameOf(id)));
      expect(view.private_metadata).toBe(METADATA);
      expect(view.submit?.text).toBe('Search');
      expect(view.close?.text).toBe('Cancel');
      expect(view.title.text).toBe(ENGLISH_TITLES[id]);
      expect(inputs(view).length).toBeGreaterThan(0);
      // The cost is on the form, so nobody pays without having seen it.
      expect(JSON.stringify(view.blocks[0])).toContain(`${operations[id].cost} coins`);
    },
  );

  it('refuses private_metadata Slack would refuse', () => {
    expect(() => searchModal(slackOperation('fund-asset'), 'x'.repeat(3001), PRICES, english)).toThrow(
      /3001 characters/,
    );
    expect(searchModal(slackOperation('fund-asset'), 'x'.repeat(3000), PRICES, english).private_metadata).toHaveLength(
      3000,
    );
  });

  it('bid search has every filter', () => {
    const view = searchModal(slackOperation(BIDS), '{}', PRICES, english);
    expect(inputs(view).map((block) => block.block_id)).toEqual([
      'dq:bids:keyword',
      'dq:bids:searchType',
      'dq:bids:type',
      'dq:bids:province',
      'dq:bids:publishStartTime',
      'dq:bids:publishEndTime',
    ]);
    expect(input(view, 'dq:bids:keyword').element.type).toBe('plain_text_input');
    expect(input(view, 'dq:bids:keyword').optional).toBe(false);
    const matched = input(view, 'dq:bids:searchType');
    expect(matched.element.type).toBe('checkboxes');
    expect(optionTexts(matched)).toEqual(['Title', 'Purchaser', 'Supplier']);
    expect(optionValues(matched)).toEqual(['1', '2', '3']);
    const kind = input(view, 'dq:bids:type');
    expect(kind.element.type).toBe('radio_buttons');
    expect(optionValues(kind)).toEqual(['any', '1', '2', '3']);
    const region = input(view, 'dq:bids:province');
    expect(region.element.type).toBe('static_select');
    expect(optionValues(region)).toEqual(['any', ...BID_REGIONS.map((r) => r.code)]);
    for (const r of BID_REGIONS) expect(optionTexts(region)).toContain(`${r.name} · ${r.code}`);
    expect(input(view, 'dq:bids:publishStartTime').element.type).toBe('datepicker');
    expect(input(view, 'dq:bids:publishEndTime').element.type).toBe('datepicker');
  });

  it('fund asset: fund code and page size', () => {
    const view = searchModal(slackOperation('fund-asset'), '{}', PRICES, english);
    expect(inputs(view).map((block) => [block.block_id, block.element.type])).toEqual([
      ['dq:fund-asset:fundCode', 'plain_text_input'],
      ['dq:fund-asset:pageSize', 'static_select'],
    ]);
    expect(optionValues(input(view, 'dq:fund-asset:pageSize'))).toEqual(['10', '20', '50']);
  });

  it('futures: symbol with examples, every period, a candle count', () => {
    const view = searchModal(slackOperation('finance-external-futures-kline'), '{}', PRICES, english);
    expect(inputs(view).map((block) => [block.block_id, block.element.type])).toEqual([
      ['dq:futures:symbol', 'plain_text_input'],
      ['dq:futures:type', 'static_select'],
      ['dq:futures:limit', 'number_input'],
    ]);
    expect(input(view, 'dq:futures:symbol').hint?.text).toMatch(/CL.*GC.*SI.*HG/);
    expect(optionValues(input(view, 'dq:futures:type'))).toEqual([...FUTURES_PERIODS]);
    expect(input(view, 'dq:futures:limit').element).toMatchObject({ is_decimal_allowed: false, min_value: '1' });
  });

  it('new funds: sale status and page size', () => {
    const view = searchModal(slackOperation('fund-new-list'), '{}', PRICES, english);
    expect(inputs(view).map((block) => [block.block_id, block.element.type])).toEqual([
      ['dq:new-funds:saleStatus', 'radio_buttons'],
      ['dq:new-funds:pageSize', 'static_select'],
    ]);
    expect(optionValues(input(view, 'dq:new-funds:saleStatus'))).toEqual(['any', 'true', 'false']);
  });

  it('taxpayer: one keyword input for a name or a credit code', () => {
    const view = searchModal(slackOperation('enterprise-general-taxpayer-query'), '{}', PRICES, english);
    expect(inputs(view).map((block) => [block.block_id, block.element.type])).toEqual([
      ['dq:taxpayer:keyword', 'plain_text_input'],
    ]);
    expect(input(view, 'dq:taxpayer:keyword').hint?.text).toMatch(/credit code/);
  });

  it('no two forms share a block_id (views.update would carry values across)', () => {
    const ids = OPERATION_IDS.flatMap((id) =>
      inputs(searchModal(slackOperation(id), '{}', PRICES, english)).map((block) => block.block_id),
    );
    expect(new Set(ids).size).toBe(ids.length);
  });
});

describe('searchModal in Chinese: the frame', () => {
  const zh = langFor('zh-CN');

  it.each(OPERATION_IDS)('%s: title, buttons and cost line in Chinese, within Slack’s limits', (id: OperationId) => {
    const view = searchModal(slackOperation(id), METADATA, PRICES, zh);
    assertModalWithinLimits(view);
    expect(view.title.text).toBe(CHINESE_TITLES[id]);
    expect([...view.title.text].length).toBeLessThanOrEqual(24);
    expect(view.submit?.text).toBe('查询');
    expect(view.close?.text).toBe('取消');
    const costLine = JSON.stringify(view.blocks[0]);
    expect(costLine).toContain(`每次查询 ${operations[id].cost} 币`);
    expect(costLine).toContain('重复最近的查询免费');
    const frame = [
      view.title.text,
      view.submit?.text,
      view.close?.text,
      ...(view.blocks[0] as { elements: Array<{ text: string }> }).elements.map((element) => element.text),
    ].join('\n');
    expect(untranslatedWords(frame)).toEqual([]);
    // The same form either way: only the words change.
    expect(inputs(view).map((block) => block.block_id)).toEqual(
      inputs(searchModal(slackOperation(id), METADATA, PRICES, english)).map((block) => block.block_id),
    );
  });
});

describe('staticSelect past 100 options', () => {
  it('switches to option groups of at most 100', () => {
    const many = Array.from({ length: 250 }, (_, i) => option(`Option ${i}`, String(i)));
    const select = staticSelect('x', many, many[0]);
    expect(select.options).toBeUndefined();
    expect(select.option_groups?.map((group) => group.options.length)).toEqual([100, 100, 50]);
    expect(select.option_groups?.flatMap((group) => group.options)).toEqual(many);
  });

  it('clips option text to 75 characters', () => {
    expect([...option('长'.repeat(100), 'v').text.text].length).toBe(75);
  });
});
