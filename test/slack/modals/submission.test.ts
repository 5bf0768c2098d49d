import { describe, expect, it } from 'vitest';
import { ValidationError } from '../../../src/core/errors.js';
import { OPERATION_IDS } from '../../../src/core/operations/index.js';
import { pricesFrom } from '../../../src/core/operations/prices.js';
import { validate } from '../../../src/core/operations/validate.js';
import { english } from '../../../src/i18n/lang.js';
import { searchModal } from '../../../src/slack/modals/index.js';
import { inlineErrors, readSubmission } from '../../../src/slack/modals/submission.js';
import { slackOperation } from '../../../src/slack/slackOperations/index.js';
import { validationError } from '../parse/coreValidator.js';
import { fillIn } from './fillIn.js';

const BIDS = 'thirdpartymarket-cmapi00069224-enterprise-search-bid-list';

function submit(id: (typeof OPERATION_IDS)[number], answers: Parameters<typeof fillIn>[1]) {
  return readSubmission(
    slackOperation(id).form,
    fillIn(searchModal(slackOperation(id), '{}', pricesFrom(), english), answers),
  );
}

describe('readSubmission gives input the core accepts', () => {
  it('bid search with every filter filled in', () => {
    const input = submit(BIDS, {
      'dq:bids:keyword': '光伏组件',
      'dq:bids:searchType': ['1', '2'],
      'dq:bids:type': '2',
      'dq:bids:province': 'ZJ',
      'dq:bids:publishStartTime': '2026-01-01',
      'dq:bids:publishEndTime': '2026-06-30',
    });
    expect(input).toEqual({
      keyword: '光伏组件',
      searchType: '1,2',
      type: '2',
      province: 'ZJ',
      publishStartTime: '2026-01-01',
      publishEndTime: '2026-06-30',
    });
    expect(validate(BIDS, input)).toEqual({ ...input, pageSize: '10', pageIndex: '1' });
  });

  it('bid search with only the keyword: "any" and untouched fields are left out', () => {
    const input = submit(BIDS, { 'dq:bids:keyword': '风电设备' });
    expect(input).toEqual({ keyword: '风电设备' });
    expect(validate(BIDS, input)).toEqual({ keyword: '风电设备', pageSize: '10', pageIndex: '1' });
  });

  it('fund asset', () => {
    const input = submit('fund-asset', { 'dq:fund-asset:fundCode': '000001', 'dq:fund-asset:pageSize': '50' });
    expect(validate('fund-asset', input)).toEqual({ fundCode: '000001', pageNo: '1', pageSize: '50' });
    expect(submit('fund-asset', { 'dq:fund-asset:fundCode': '110022' })).toEqual({
      fundCode: '110022',
      pageSize: '50',
    });
  });

  it('futures', () => {
    const input = submit('finance-external-futures-kline', {
      'dq:futures:symbol': 'gc',
      'dq:futures:type': '240',
      'dq:futures:limit': '60',
    });
    expect(validate('finance-external-futures-kline', input)).toEqual({ symbol: 'GC', type: '240', limit: '60' });
    // Untouched, the form asks for 30 daily candles.
    expect(
      validate(
        'finance-external-futures-kline',
        submit('finance-external-futures-kline', { 'dq:futures:symbol': 'CL' }),
      ),
    ).toEqual({ symbol: 'CL', type: '0', limit: '30' });
  });

  it('new funds: each sale status, "all" as no filter', () => {
    expect(
      validate(
        'fund-new-list',
        submit('fund-new-list', { 'dq:new-funds:saleStatus': 'true', 'dq:new-funds:pageSize': '20' }),
      ),
    ).toEqual({ saleStatus: 'true', pageNo: '1', pageSize: '20' });
    expect(validate('fund-new-list', submit('fund-new-list', { 'dq:new-funds:saleStatus': 'false' }))).toEqual({
      saleStatus: 'false',
      pageNo: '1',
      pageSize: '50',
    });
    expect(submit('fund-new-list', {})).toEqual({ pageSize: '50' });
  });

  it('taxpayer by name and by credit code', () => {
    expect(
      validate(
        'enterprise-general-taxpayer-query',
        submit('enterprise-general-taxpayer-query', { 'dq:taxpayer:keyword': '杭州华信' }),
      ),
    ).toEqual({ keyword: '杭州华信', pageNo: 1, pageSize: 20 });
    expect(submit('enterprise-general-taxpayer-query', { 'dq:taxpayer:keyword': '91350100m000100y43' })).toEqual({
      keyword: '91350100m000100y43',
    });
  });

  it('ignores blocks it does not know and whitespace-only text', () => {
    expect(
      readSubmission(slackOperation('enterprise-general-taxpayer-query').form, {
        other: { x: { type: 'plain_text_input', value: 'x' } },
        'dq:taxpayer:keyword': { keyword: { type: 'plain_text_input', value: '   ' } },
      }),
    ).toEqual({});
    expect(readSubmission(slackOperation('fund-asset').form, {})).toEqual({});
  });
});

describe('inlineErrors puts each problem on the block that edits it', () => {
  function errorsFor(id: (typeof OPERATION_IDS)[number], answers: Parameters<typeof fillIn>[1]) {
    return inlineErrors(slackOperation(id), validationError(id, submit(id, answers)), english);
  }

  it('a period over one year goes on the end date', () => {
    expect(
      errorsFor(BIDS, {
        'dq:bids:keyword': '光伏组件',
        'dq:bids:publishStartTime': '2025-01-01',
        'dq:bids:publishEndTime': '2026-06-30',
      }),
    ).toEqual({
      'dq:bids:publishEndTime': 'The publication period can span at most one year',
    });
  });

  it('an end before the start goes on the end date', () => {
    expect(
      errorsFor(BIDS, {
        'dq:bids:keyword': '光伏组件',
        'dq:bids:publishStartTime': '2026-03-01',
        'dq:bids:publishEndTime': '2026-02-01',
      }),
    ).toEqual({
      'dq:bids:publishEndTime': 'Must not be before the start (2026-03-01)',
    });
  });

  it('a keyword that is too short, or too generic, goes on the keyword', () => {
    expect(errorsFor(BIDS, { 'dq:bids:keyword': '光伏', 'dq:bids:province': 'ZJ' })).toEqual({
      'dq:bids:keyword': 'Must be longer than 2 characters, e.g. 光伏组件',
    });
    expect(Object.keys(errorsFor(BIDS, { 'dq:bids:keyword': '浙江省' }))).toEqual(['dq:bids:keyword']);
  });

  it('each form field’s problem lands on its own block', () => {
    expect(errorsFor('fund-asset', { 'dq:fund-asset:fundCode': '12345' })).toEqual({
      'dq:fund-asset:fundCode': 'Must be 6 digits, like 000001, not "12345"',
    });
    expect(
      errorsFor('finance-external-futures-kline', { 'dq:futures:symbol': '1X', 'dq:futures:limit': '5000' }),
    ).toEqual({
      'dq:futures:symbol': 'Must be letters or digits starting with a letter, like CL, GC, SI or HG, not "1X"',
      'dq:futures:limit': 'Must be at most 1000',
    });
    expect(
      errorsFor('enterprise-general-taxpayer-query', { 'dq:taxpayer:keyword': '91350100M000100Y44' })[
        'dq:taxpayer:keyword'
      ],
    ).toMatch(/check character is wrong/);
  });

  it('problems without a block go on the first block, named as the user knows them, joined when several', () => {
    const error = new ValidationError(BIDS, [
      { field: 'pageIndex', message: 'must be at least 1' },
      { field: '', message: 'Something about the whole request' },
      { field: 'keyword', message: 'is required' },
    ]);
    expect(inlineErrors(slackOperation(BIDS), error, english)).toEqual({
      'dq:bids:keyword': 'page: must be at least 1; Something about the whole request; Is required',
    });
  });

  it('every input field of every operation lands on a block of its form', () => {
    for (const id of OPERATION_IDS) {
      const blockIds = new Set(
        searchModal(slackOperation(id), '{}', pricesFrom(), english)
          .blocks.filter((block) => block.type === 'input')
          .map((block) => block.block_id),
      );
      for (const field of [
        'keyword',
        'pageNo',
        'pageSize',
        'pageIndex',
        'publishStartTime',
        'publishEndTime',
        'province',
        'searchType',
        'type',
        'fundCode',
        'symbol',
        'limit',
        'saleStatus',
      ]) {
        const errors = inlineErrors(
          slackOperation(id),
          new ValidationError(id, [{ field, message: 'is wrong' }]),
          english,
        );
        expect(
          Object.keys(errors).every((blockId) => blockIds.has(blockId)),
          `${id}.${field}`,
        ).toBe(true);
      }
    }
  });
});
