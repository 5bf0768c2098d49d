import { describe, expect, it } from 'vitest';
import { BID_REGIONS } from '../../../src/core/operations/bidRegions.js';
import { OPERATION_IDS, type OperationId } from '../../../src/core/operations/index.js';
import { english } from '../../../src/i18n/lang.js';
import { commandLanguage, type InvalidCommand, parseCommand } from '../../../src/slack/parse/parseCommand.js';
import { COMMAND_GRAMMAR } from '../../../src/slack/slackOperations/index.js';
import { problemsOf } from './coreValidator.js';
import { queryInput, wireRequest } from './wireRequest.js';

const TAX = 'enterprise-general-taxpayer-query';
const BIDS = 'thirdpartymarket-cmapi00069224-enterprise-search-bid-list';
const FUND = 'fund-asset';
const FUTURES = 'finance-external-futures-kline';
const NEW_FUNDS = 'fund-new-list';

/** An invalid result with its message said in English (as an English reader gets it). */
function invalid(command: string, text: string): Omit<InvalidCommand, 'message'> & { message: string } {
  const parsed = parseCommand(COMMAND_GRAMMAR, command, text);
  expect(parsed.kind, `${command} ${text}`).toBe('invalid');
  const result = parsed as InvalidCommand;
  return { ...result, message: english.t(result.message) };
}

describe('the examples of the brief', () => {
  it('/taxpayer 91350100M000100Y43', () => {
    expect(queryInput('/taxpayer', '91350100M000100Y43', TAX)).toEqual({ keyword: '91350100M000100Y43' });
    expect(wireRequest('/taxpayer', '91350100M000100Y43', TAX)).toEqual({
      keyword: '91350100M000100Y43',
      pageNo: 1,
      pageSize: 20,
    });
  });

  it('/taxpayer 杭州华信 page:2', () => {
    expect(queryInput('/taxpayer', '杭州华信 page:2', TAX)).toEqual({ keyword: '杭州华信', pageNo: '2' });
    expect(wireRequest('/taxpayer', '杭州华信 page:2', TAX)).toEqual({ keyword: '杭州华信', pageNo: 2, pageSize: 20 });
  });

  it('/bids 光伏 region:ZJ type:award from:… to:… in:title,purchaser page:2 maps every option', () => {
    const text = '光伏 region:ZJ type:award from:2026-01-01 to:2026-06-30 in:title,purchaser page:2';
    expect(queryInput('/bids', text, BIDS)).toEqual({
      keyword: '光伏',
      province: 'ZJ',
      type: 'award',
      publishStartTime: '2026-01-01',
      publishEndTime: '2026-06-30',
      searchType: '1,2',
      pageIndex: '2',
    });
    // 光伏 is two characters and the service wants more than two: the core, not the parser, says so.
    expect(problemsOf(BIDS, queryInput('/bids', text, BIDS))).toEqual([
      'keyword: must be longer than 2 characters, e.g. 光伏组件',
    ]);
    expect(wireRequest('/bids', text.replace('光伏', '光伏组件'), BIDS)).toEqual({
      keyword: '光伏组件',
      pageSize: '10',
      pageIndex: '2',
      publishStartTime: '2026-01-01',
      publishEndTime: '2026-06-30',
      province: 'ZJ',
      searchType: '1,2',
      type: '2',
    });
  });

  it('/fund-asset 000001 page:2, and the page as a second word', () => {
    const expected = { fundCode: '000001', pageNo: '2', pageSize: '50' };
    expect(queryInput('/fund-asset', '000001 page:2', FUND)).toEqual({ fundCode: '000001', pageNo: '2' });
    expect(wireRequest('/fund-asset', '000001 page:2', FUND)).toEqual(expected);
    expect(wireRequest('/fund-asset', '000001 2', FUND)).toEqual(expected);
    expect(wireRequest('/fund-asset', '000001 size:50', FUND)).toEqual({
      fundCode: '000001',
      pageNo: '1',
      pageSize: '50',
    });
  });

  it('/futures CL 5m 30', () => {
    expect(queryInput('/futures', 'CL 5m 30', FUTURES)).toEqual({ symbol: 'CL', type: '5m', limit: '30' });
    expect(wireRequest('/futures', 'CL 5m 30', FUTURES)).toEqual({ symbol: 'CL', type: '5', limit: '30' });
  });

  it('/new-funds onsale', () => {
    expect(wireRequest('/new-funds', 'onsale', NEW_FUNDS)).toEqual({ saleStatus: 'true', pageNo: '1', pageSize: '50' });
  });
});

describe('full-width and pasted input', () => {
  it('reads IME full-width words, colons and spaces', () => {
    expect(wireRequest('/futures', 'ＣＬ　５ｍ　３０', FUTURES)).toEqual({ symbol: 'CL', type: '5', limit: '30' });
    expect(queryInput('/bids', '光伏组件 region：ZJ　page：２', BIDS)).toEqual({
      keyword: '光伏组件',
      province: 'ZJ',
      pageIndex: '2',
    });
    expect(queryInput('/bids', '光伏组件 from：２０２６－０１－０１', BIDS)).toEqual({
      keyword: '光伏组件',
      publishStartTime: '2026-01-01',
    });
    expect(wireRequest('/fund-asset', '０００００１\tｐａｇｅ：２', FUND)).toEqual({
      fundCode: '000001',
      pageNo: '2',
      pageSize: '50',
    });
  });

  it('accepts a space after the colon and = instead of a colon', () => {
    expect(queryInput('/bids', '光伏组件 region: ZJ type= award', BIDS)).toEqual({
      keyword: '光伏组件',
      province: 'ZJ',
      type: 'award',
    });
  });

  it('keeps quoted keywords whole, colons included', () => {
    expect(queryInput('/bids', '"solar panel" region:ZJ', BIDS)).toEqual({ keyword: 'solar panel', province: 'ZJ' });
    expect(queryInput('/bids', '“solar panel” in:title', BIDS)).toEqual({ keyword: 'solar panel', searchType: '1' });
    // A quoted taxpayer keyword keeps its quotes (they mean "search this as a name"); none are sent.
    expect(queryInput('/taxpayer', '「杭州 华信」', TAX)).toEqual({ keyword: '"杭州 华信"' });
    expect(wireRequest('/taxpayer', '「杭州 华信」', TAX)).toMatchObject({ keyword: '杭州 华信' });
    expect(wireRequest('/taxpayer', '"Note:1 Ltd"', TAX)).toMatchObject({ keyword: 'Note:1 Ltd' });
    expect(queryInput('/bids', '光伏组件 region:"浙江"', BIDS)).toEqual({ keyword: '光伏组件', province: '浙江' });
  });

  it('joins unquoted keyword words with one space and undoes Slack’s escaping', () => {
    expect(queryInput('/bids', 'solar   panel  frames region:ZJ', BIDS)).toEqual({
      keyword: 'solar panel frames',
      province: 'ZJ',
    });
    expect(queryInput('/taxpayer', 'A&amp;B Trading', TAX)).toEqual({ keyword: 'A&B Trading' });
  });

  it('does not take a time or quoted CJK text with a colon for an option', () => {
    expect(queryInput('/bids', '「光伏：组件」 08:30', BIDS)).toEqual({ keyword: '光伏:组件 08:30' });
  });
});

describe('option keys and their other words', () => {
  it('taxpayer: page/p → pageNo, size → pageSize', () => {
    expect(queryInput('/taxpayer', '杭州华信 p:3 size:20', TAX)).toEqual({
      keyword: '杭州华信',
      pageNo: '3',
      pageSize: '20',
    });
  });

  it('bids: region/province/prov with codes or Chinese names', () => {
    for (const key of ['region', 'province', 'prov', 'REGION']) {
      expect(wireRequest('/bids', `光伏组件 ${key}:浙江`, BIDS)).toMatchObject({ province: 'ZJ' });
    }
    for (const region of BID_REGIONS) {
      expect(wireRequest('/bids', `光伏组件 region:${region.name}`, BIDS)).toMatchObject({ province: region.code });
      expect(wireRequest('/bids', `光伏组件 region:${region.code.toLowerCase()}`, BIDS)).toMatchObject({
        province: region.code,
      });
    }
    expect(queryInput('/bids', '光伏组件 region:any', BIDS)).toEqual({ keyword: '光伏组件' });
  });

  it('bids: type words, numbers and Chinese', () => {
    const cases: Record<string, string> = {
      tender: '1',
      award: '2',
      planned: '3',
      '1': '1',
      '2': '2',
      '3': '3',
      招标: '1',
      中标: '2',
      拟建: '3',
      Award: '2',
    };
    for (const [word, type] of Object.entries(cases)) {
      expect(wireRequest('/bids', `光伏组件 type:${word}`, BIDS), word).toMatchObject({ type });
      expect(wireRequest('/bids', `光伏组件 kind:${word}`, BIDS), word).toMatchObject({ type });
    }
    expect(wireRequest('/bids', '光伏组件 type:any', BIDS)).not.toHaveProperty('type');
  });

  it('bids: from/start/since and to/end/until, with loose date forms', () => {
    for (const [from, to] of [
      ['from', 'to'],
      ['start', 'end'],
      ['since', 'until'],
    ]) {
      expect(wireRequest('/bids', `光伏组件 ${from}:2026-01-01 ${to}:2026-06-30`, BIDS)).toMatchObject({
        publishStartTime: '2026-01-01',
        publishEndTime: '2026-06-30',
      });
    }
    expect(queryInput('/bids', '光伏组件 from:2026/1/5 to:2026.06.30', BIDS)).toMatchObject({
      publishStartTime: '2026-01-05',
      publishEndTime: '2026-06-30',
    });
    expect(queryInput('/bids', '光伏组件 from:2026年1月5日', BIDS)).toMatchObject({ publishStartTime: '2026-01-05' });
  });

  it('bids: in/fields/match with words or numbers, separated by , or 、', () => {
    expect(wireRequest('/bids', '光伏组件 in:title,purchaser', BIDS)).toMatchObject({ searchType: '1,2' });
    expect(wireRequest('/bids', '光伏组件 fields:supplier、title', BIDS)).toMatchObject({ searchType: '1,3' });
    expect(wireRequest('/bids', '光伏组件 match:2,3', BIDS)).toMatchObject({ searchType: '2,3' });
    expect(wireRequest('/bids', '光伏组件 in:标题，供应商', BIDS)).toMatchObject({ searchType: '1,3' });
    expect(queryInput('/bids', '光伏组件 in:all', BIDS)).toEqual({ keyword: '光伏组件' });
  });

  it('futures: every period word and raw type', () => {
    const cases: Record<string, string> = {
      daily: '0',
      d: '0',
      '1d': '0',
      day: '0',
      '1m': '1',
      '5m': '5',
      '30m': '30',
      '1h': '60',
      '60m': '60',
      '2h': '120',
      '4h': '240',
      '0': '0',
      '1': '1',
      '5': '5',
      '30': '30',
      '60': '60',
      '120': '120',
      '240': '240',
      DAILY: '0',
    };
    for (const [word, type] of Object.entries(cases))
      expect(wireRequest('/futures', `CL ${word}`, FUTURES), word).toMatchObject({ type });
  });

  it('futures: period/type/interval and limit/count/n options; symbols in any case', () => {
    for (const key of ['period', 'type', 'interval']) {
      for (const count of ['limit', 'count', 'n']) {
        expect(wireRequest('/futures', `gc ${key}:1h ${count}:48`, FUTURES)).toEqual({
          symbol: 'GC',
          type: '60',
          limit: '48',
        });
      }
    }
    expect(queryInput('/futures', 'hg daily', FUTURES)).toEqual({ symbol: 'HG', type: 'daily' });
  });

  it('new funds: onsale/on/true/在售, offsale/off/false/停售, all', () => {
    for (const word of ['onsale', 'on', 'true', '在售', 'OnSale'])
      expect(wireRequest('/new-funds', word, NEW_FUNDS), word).toMatchObject({ saleStatus: 'true' });
    for (const word of ['offsale', 'off', 'false', '停售'])
      expect(wireRequest('/new-funds', word, NEW_FUNDS), word).toMatchObject({ saleStatus: 'false' });
    expect(wireRequest('/new-funds', 'all page:2 size:50', NEW_FUNDS)).toEqual({ pageNo: '2', pageSize: '50' });
    expect(wireRequest('/new-funds', 'status:offsale', NEW_FUNDS)).toMatchObject({ saleStatus: 'false' });
  });
});

describe('/dq subcommands mean the same as the direct commands', () => {
  const pairs: Array<[sub: string, direct: string, args: string]> = [
    ['tax', '/taxpayer', '杭州华信 page:2'],
    ['taxpayer', '/taxpayer', '91350100M000100Y43'],
    ['bids', '/bids', '光伏组件 region:ZJ type:award'],
    ['fund', '/fund-asset', '000001 page:2'],
    ['fund-asset', '/fund-asset', '000001'],
    ['futures', '/futures', 'CL 5m 30'],
    ['newfunds', '/new-funds', 'onsale'],
    ['new-funds', '/new-funds', 'offsale page:2'],
  ];
  it.each(pairs)('/dq %s = %s', (sub, direct, args) => {
    expect(parseCommand(COMMAND_GRAMMAR, '/dq', `${sub} ${args}`)).toEqual(parseCommand(COMMAND_GRAMMAR, direct, args));
    expect(parseCommand(COMMAND_GRAMMAR, '/dq', `${sub.toUpperCase()} ${args}`)).toEqual(
      parseCommand(COMMAND_GRAMMAR, direct, args),
    );
  });

  it('names the operation by its typed name or spec id too', () => {
    expect(parseCommand(COMMAND_GRAMMAR, '/dq', 'fund-new-list onsale')).toEqual(
      parseCommand(COMMAND_GRAMMAR, '/new-funds', 'onsale'),
    );
  });
});

describe('help, usage, digest and forms', () => {
  it('/dq alone and /dq help give general help', () => {
    expect(parseCommand(COMMAND_GRAMMAR, '/dq', '')).toEqual({ kind: 'help' });
    expect(parseCommand(COMMAND_GRAMMAR, '/dq', '  help ')).toEqual({ kind: 'help' });
    expect(parseCommand(COMMAND_GRAMMAR, '/dq', 'HELP')).toEqual({ kind: 'help' });
    expect(parseCommand(COMMAND_GRAMMAR, '/dq', 'help digest')).toEqual({ kind: 'help', topic: 'digest' });
    expect(parseCommand(COMMAND_GRAMMAR, '/dq', 'help usage')).toEqual({ kind: 'help', topic: 'usage' });
  });

  it('/dq check and /dq 核查 open the form to paste a supplier list into, in the language they were typed in', () => {
    expect(parseCommand(COMMAND_GRAMMAR, '/dq', 'check')).toEqual({ kind: 'check' });
    expect(parseCommand(COMMAND_GRAMMAR, '/dq', ' 核查 ')).toEqual({ kind: 'check' });
    expect(commandLanguage(COMMAND_GRAMMAR, '/dq', '核查')).toBe('zh-CN');
    expect(commandLanguage(COMMAND_GRAMMAR, '/dq', 'check')).toBeUndefined();
  });

  it('/dq help <command> gives help on that operation', () => {
    expect(parseCommand(COMMAND_GRAMMAR, '/dq', 'help futures')).toEqual({ kind: 'help', operation: FUTURES });
    expect(parseCommand(COMMAND_GRAMMAR, '/dq', 'help tax')).toEqual({ kind: 'help', operation: TAX });
    expect(parseCommand(COMMAND_GRAMMAR, '/dq', 'help /bids')).toEqual({ kind: 'help', operation: BIDS });
    expect(parseCommand(COMMAND_GRAMMAR, '/dq', 'help new-funds')).toEqual({ kind: 'help', operation: NEW_FUNDS });
    expect(parseCommand(COMMAND_GRAMMAR, '/bids', 'help')).toEqual({ kind: 'help', operation: BIDS });
    expect(parseCommand(COMMAND_GRAMMAR, '/dq', 'fund help')).toEqual({ kind: 'help', operation: FUND });
  });

  it('a direct command or subcommand with no arguments opens the form', () => {
    const direct: Record<string, OperationId> = {
      '/taxpayer': TAX,
      '/bids': BIDS,
      '/fund-asset': FUND,
      '/futures': FUTURES,
      '/new-funds': NEW_FUNDS,
    };
    for (const [command, operation] of Object.entries(direct)) {
      expect(parseCommand(COMMAND_GRAMMAR, command, '')).toEqual({ kind: 'open_modal', operation });
      expect(parseCommand(COMMAND_GRAMMAR, command, ' \u3000\t')).toEqual({ kind: 'open_modal', operation });
    }
    const subs: Record<string, OperationId> = {
      tax: TAX,
      taxpayer: TAX,
      bids: BIDS,
      fund: FUND,
      'fund-asset': FUND,
      futures: FUTURES,
      newfunds: NEW_FUNDS,
      'new-funds': NEW_FUNDS,
    };
    for (const [sub, operation] of Object.entries(subs))
      expect(parseCommand(COMMAND_GRAMMAR, '/dq', sub)).toEqual({ kind: 'open_modal', operation });
    expect(new Set(Object.values(subs))).toEqual(new Set(OPERATION_IDS));
  });

  it('usage', () => {
    expect(parseCommand(COMMAND_GRAMMAR, '/dq', 'usage')).toEqual({ kind: 'usage' });
  });

  it('digest returns the remaining words as typed (normalised) for the digest handler', () => {
    expect(parseCommand(COMMAND_GRAMMAR, '/dq', 'digest add weekly:mon 08:30 onsale tz:Asia/Shanghai')).toEqual({
      kind: 'digest',
      words: ['add', 'weekly:mon', '08:30', 'onsale', 'tz:Asia/Shanghai'],
    });
    expect(parseCommand(COMMAND_GRAMMAR, '/dq', 'digest add daily ０８：００')).toEqual({
      kind: 'digest',
      words: ['add', 'daily', '08:00'],
    });
    expect(parseCommand(COMMAND_GRAMMAR, '/dq', 'digest')).toEqual({ kind: 'digest', words: [] });
    expect(parseCommand(COMMAND_GRAMMAR, '/dq', 'digest remove 7')).toEqual({ kind: 'digest', words: ['remove', '7'] });
  });

  it('accepts the command name in any case or full-width', () => {
    expect(parseCommand(COMMAND_GRAMMAR, '/BIDS', '光伏组件')).toEqual(
      parseCommand(COMMAND_GRAMMAR, '/bids', '光伏组件'),
    );
    expect(parseCommand(COMMAND_GRAMMAR, '／ｄｑ', 'usage')).toEqual({ kind: 'usage' });
  });
});

describe('what only the parser can reject', () => {
  it('an unknown option key, naming the options and the nearest one', () => {
    const result = invalid('/bids', '光伏组件 regoin:ZJ');
    expect(result.message).toBe(
      'Unknown option "regoin:". Options for /bids: region:, type:, from:, to:, in:, page:, size:. Did you mean region:?',
    );
    expect(result.operation).toBe(BIDS);
    expect(result.example).toBe('/bids 光伏组件 region:ZJ type:award from:2026-01-01 to:2026-06-30');
    expect(invalid('/bids', 'https://example.com').message).toMatch(/^Unknown option "https:".*in "quotes"/);
    expect(invalid('/futures', 'CL 5m limt:3').message).toMatch(/Did you mean limit:\?$/);
  });

  it('an unknown /dq subcommand, with a suggestion', () => {
    const result = invalid('/dq', 'bidz 光伏组件');
    expect(result.message).toBe(
      'Unknown command "bidz". /dq takes tax, bids, fund, futures, newfunds, usage, digest, watch, check, lang, help. Did you mean /dq bids?',
    );
    expect(result.example).toBe('/dq help');
    expect(result.operation).toBeUndefined();
    expect(invalid('/dq', '光伏组件').message).toMatch(/^Unknown command "光伏组件"/);
  });

  it('help on something that is not a command', () => {
    expect(invalid('/dq', 'help nonsense')).toMatchObject({
      message: expect.stringContaining('tax, bids, fund, futures, newfunds'),
      example: '/dq help bids',
    });
  });

  it('an unknown slash command', () => {
    expect(invalid('/stocks', 'AAPL')).toMatchObject({ example: '/dq help' });
  });

  it('too many positional words', () => {
    expect(invalid('/fund-asset', '000001 2 3').message).toBe(
      'Too many words: "3". /fund-asset takes <fund code> [page] and options page:, size:.',
    );
    expect(invalid('/futures', 'CL 5m 30 40').message).toMatch(
      /^Too many words: "40"\. \/futures takes <symbol> <period> \[count\]/,
    );
    expect(invalid('/new-funds', 'onsale offsale')).toMatchObject({
      operation: NEW_FUNDS,
      example: '/new-funds onsale',
    });
    expect(invalid('/dq', 'usage today').message).toBe(
      '“today” is not a month: give one as 2026-10, or last for last month.',
    );
    // A month is the one word usage takes (issue 37, item 12).
    expect(parseCommand(COMMAND_GRAMMAR, '/dq', 'usage 2026-10')).toEqual({
      kind: 'usage',
      month: { year: 2026, month: 10 },
    });
    expect(parseCommand(COMMAND_GRAMMAR, '/dq', '用量 2026年9月')).toEqual({
      kind: 'usage',
      month: { year: 2026, month: 9 },
    });
    expect(parseCommand(COMMAND_GRAMMAR, '/dq', '用量 9月')).toEqual({ kind: 'usage', month: { month: 9 } });
    expect(parseCommand(COMMAND_GRAMMAR, '/dq', 'usage last')).toEqual({ kind: 'usage', month: { monthsAgo: 1 } });
    expect(parseCommand(COMMAND_GRAMMAR, '/dq', '用量 上月')).toEqual({ kind: 'usage', month: { monthsAgo: 1 } });
    expect(parseCommand(COMMAND_GRAMMAR, '/dq', 'usage 2026-13').kind).toBe('invalid');
  });

  it('the same field given twice', () => {
    expect(invalid('/bids', '光伏组件 page:2 p:3').message).toBe(
      'Both page: and p: set the same thing; give only one.',
    );
    expect(invalid('/bids', '光伏组件 region:ZJ region:BJ').message).toBe('region: is given twice; give it once.');
    expect(invalid('/fund-asset', '000001 2 page:3').message).toBe(
      'Both page: and the page set the same thing; give only one.',
    );
    expect(invalid('/futures', 'CL 5m period:1h').message).toMatch(/period:.*the period/);
  });

  it('an option with no value', () => {
    expect(invalid('/bids', '光伏组件 region:').message).toBe(
      'Option "region:" needs a value (region:<code or name>).',
    );
    expect(invalid('/bids', '光伏组件 region: page:2').message).toMatch(/needs a value/);
  });
});

describe('values are left to the core to judge', () => {
  it('passes unknown values through so the core can name them', () => {
    expect(queryInput('/bids', '光伏组件 type:auction', BIDS)).toMatchObject({ type: 'auction' });
    expect(problemsOf(BIDS, queryInput('/bids', '光伏组件 type:auction', BIDS))).toEqual([
      'type: must be one of tender, award, planned, not "auction"',
    ]);
    expect(problemsOf(FUTURES, queryInput('/futures', 'CL 7m', FUTURES))[0]).toMatch(/^type: must be one of/);
    expect(problemsOf(FUND, queryInput('/fund-asset', '12345', FUND))[0]).toMatch(
      /^fundCode: must be 6 digits, like 000001/,
    );
    expect(problemsOf(BIDS, queryInput('/bids', '光伏组件 from:2025-01-01 to:2026-06-30', BIDS))).toEqual([
      'publishEndTime: the publication period can span at most one year',
    ]);
  });

  it('a query with options only still goes to the core, which asks for the keyword', () => {
    expect(queryInput('/bids', 'region:ZJ', BIDS)).toEqual({ province: 'ZJ' });
    expect(problemsOf(BIDS, { province: 'ZJ' })).toEqual(['keyword: is required']);
  });
});
