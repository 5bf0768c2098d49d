import { describe, expect, it } from 'vitest';
import { type FieldProblem, ValidationError } from '../../../src/core/errors.js';
import type { OperationId } from '../../../src/core/operations/index.js';
import { askFirst, validate } from '../../../src/core/operations/validate.js';
import { type CatalogueKey, english, langFor } from '../../../src/i18n/lang.js';

const zh = langFor('zh-CN');
const TAX = 'enterprise-general-taxpayer-query';
const BIDS = 'thirdpartymarket-cmapi00069224-enterprise-search-bid-list';

function problems(id: OperationId, input: Record<string, unknown>): FieldProblem[] {
  try {
    askFirst(id, validate(id, input), input);
  } catch (error) {
    if (error instanceof ValidationError) return error.problems;
    throw error;
  }
  throw new Error(`expected ${id} to refuse ${JSON.stringify(input)}`);
}

/** The problem as a Chinese reader reads it: each is a phrase, and its English is the problem's own message. */
function inChinese(id: OperationId, input: Record<string, unknown>): string[] {
  return problems(id, input).map((problem) => {
    expect(problem.phrase, problem.message).toBeDefined();
    expect(english.t(problem.phrase!)).toBe(problem.message);
    return `${problem.field}: ${zh.t(problem.phrase!)}`;
  });
}

describe('the operations’ own problems, in Chinese', () => {
  it('taxpayer keywords and the questions about credit codes', () => {
    expect(inChinese(TAX, { keyword: '华' })).toEqual(['keyword: 太短：名称至少写 2 个字，代码须写满 18 位']);
    expect(inChinese(TAX, { keyword: '华'.repeat(101) })).toEqual([
      'keyword: 长 101 个字；企业名称最多 100 个字（可只写其中一部分，如“华信”），或填写 18 位统一社会信用代码',
    ]);
    expect(inChinese(TAX, { keyword: '91350100M000100Y44' })).toEqual([
      'keyword: “91350100M000100Y44”看起来像统一社会信用代码，但校验位不对；请检查是否有输错的字符，或将其放在引号中（"…"）按企业名称搜索',
    ]);
    expect(inChinese(TAX, { keyword: '91330106774738789' })).toEqual([
      'keyword: “91330106774738789”有 17 个字符，统一社会信用代码应为 18 位。请检查，或将其放在引号中（"…"）按企业名称搜索',
    ]);
  });

  it('bid search keywords, regions, fields, types and periods', () => {
    expect(inChinese(BIDS, { keyword: '光伏' })).toEqual(['keyword: 至少 3 个字，如“光伏组件”']);
    expect(inChinese(BIDS, { keyword: '光'.repeat(61) })).toEqual([
      'keyword: 长 61 个字，最多 60 个字：请用产品、项目或企业名称中的词，如“光伏组件”',
    ]);
    expect(inChinese(BIDS, { keyword: '浙江省科技' })).toEqual([
      'keyword: “浙江省科技”太笼统，数据服务不受理（只写地区名，或只写“科技”“技术”）；请加上产品或企业名称中的词',
    ]);
    expect(inChinese(BIDS, { keyword: '光伏组件', province: 'XX' })).toEqual([
      'province: 不能是“XX”：无法识别；可写代码或名称，如 ZJ（浙江）、BJ（北京）、GD（广东）',
    ]);
    expect(inChinese(BIDS, { keyword: '光伏组件', searchType: '4' })).toEqual([
      'searchType: 须为 1（标题）、2（采购人）、3（供应商）或其组合，如 1,2',
    ]);
    expect(inChinese(BIDS, { keyword: '光伏组件', type: '预告' })).toEqual([
      'type: 须为招标、中标、拟建之一，不能是“预告”',
    ]);
    expect(
      inChinese(BIDS, { keyword: '光伏组件', publishStartTime: '2026-03-01', publishEndTime: '2026-02-01' }),
    ).toEqual(['publishEndTime: 不能早于开始日期（2026-03-01）']);
    expect(
      inChinese(BIDS, { keyword: '光伏组件', publishStartTime: '2025-03-01', publishEndTime: '2026-03-02' }),
    ).toEqual(['publishEndTime: 与开始日期相隔不能超过一年']);
  });

  it('fund codes, futures symbols and periods, sale statuses', () => {
    expect(inChinese('fund-asset', { fundCode: '12345' })).toEqual([
      'fundCode: 须为 6 位数字，如 000001，不能是“12345”',
    ]);
    expect(inChinese('finance-external-futures-kline', { symbol: '原油', type: '5m' })).toEqual([
      'symbol: 须以字母开头、由字母或数字组成，如 CL、GC、SI、HG，不能是“原油”',
    ]);
    expect(inChinese('finance-external-futures-kline', { symbol: 'CL', type: '10分钟' })).toEqual([
      'type: 须为日线、1分钟、5分钟、15分钟、30分钟、1小时、2小时、4小时、周线、月线之一，不能是“10分钟”',
    ]);
    expect(inChinese('finance-external-futures-kline', { symbol: 'CL', type: '周线', limit: '143' })).toEqual([
      'limit: 不能大于 142：每根周K线最多由 7 根日K线合并而成，而一次调用最多取 1000 根日K线',
    ]);
    expect(inChinese('fund-new-list', { saleStatus: '即将发售' })).toEqual([
      'saleStatus: 须为在售、未在售、全部之一，不能是“即将发售”',
    ]);
  });

  it('the English stays as it was', () => {
    expect(problems('finance-external-futures-kline', { symbol: 'CL', type: '10' }).map((p) => p.message)).toEqual([
      'must be one of daily, 1m, 5m, 15m, 30m, 1h, 2h, 4h, weekly, monthly, not "10"',
    ]);
    expect(problems(BIDS, { keyword: '光伏组件', type: '4' }).map((p) => p.message)).toEqual([
      'must be one of tender, award, planned, not "4"',
    ]);
    expect(problems('fund-new-list', { saleStatus: 'maybe' }).map((p) => p.message)).toEqual([
      'must be one of onsale, offsale, all, not "maybe"',
    ]);
  });
});

describe('a problem is read after its field’s name, so it does not say that name again', () => {
  // The reply puts the field's label first ("*Fund code* must be 6 digits…", "基金代码须为 6 位数字…").
  const CASES: ReadonlyArray<[OperationId, CatalogueKey, Record<string, unknown>]> = [
    ['fund-asset', 'fundAsset.form.fundCode.label', { fundCode: '12345' }],
    ['finance-external-futures-kline', 'futures.form.symbol.label', { symbol: '原油', type: '5m' }],
    ['finance-external-futures-kline', 'futures.form.limit.label', { symbol: 'CL', type: '周线', limit: '143' }],
    [TAX, 'taxpayer.form.keyword.label', { keyword: '华' }],
    [BIDS, 'bids.form.province.label', { keyword: '光伏组件', province: 'XX' }],
  ];

  it.each(CASES)('%s %s %j', (id, labelKey, input) => {
    for (const lang of [english, zh]) {
      const [problem] = problems(id, input);
      const label = lang.t(labelKey);
      const said = lang.t(problem!.phrase!);
      expect(said.toLowerCase(), `${label}: ${said}`).not.toContain(label.toLowerCase());
    }
  });
});
