import { describe, expect, it } from 'vitest';
import { subjectsIn } from '../../../src/slack/parse/messageSubjects.js';
import { COMMAND_GRAMMAR } from '../../../src/slack/slackOperations/index.js';
import { PINNED_AT } from '../../support/clocks.js';

const TAXPAYER = 'enterprise-general-taxpayer-query';
const BIDS = 'thirdpartymarket-cmapi00069224-enterprise-search-bid-list';

/** What "Look up in dq" finds in a message: each lookup once, as its command would accept it. */
describe('what a message names', () => {
  it('credit codes, fund codes, contracts and company names, in the order they stand, each once', () => {
    const found = subjectsIn(
      COMMAND_GRAMMAR,
      'Minutes: met 平安银行 and Apple Inc about 91330106774738789M; 000001 and 000001 again, gold too. <@U07ALICE> <!here>',
      PINNED_AT,
    );
    expect(found.map((choice) => [choice.operation, choice.input])).toEqual([
      [TAXPAYER, { keyword: '平安银行' }],
      [BIDS, { keyword: '平安银行' }],
      [TAXPAYER, { keyword: 'Apple Inc' }],
      [BIDS, { keyword: 'Apple Inc' }],
      [TAXPAYER, { keyword: '91330106774738789M' }],
      ['fund-asset', { fundCode: '000001' }],
      ['finance-external-futures-kline', { symbol: 'GC', type: '1d' }],
    ]);
  });

  it('offers nothing its command would refuse, and nothing in a message that names nothing', () => {
    // A credit code with a wrong check character is asked about before a lookup: not offered.
    expect(subjectsIn(COMMAND_GRAMMAR, '91330106774738789A 的情况', PINNED_AT)).toEqual([]);
    expect(subjectsIn(COMMAND_GRAMMAR, 'lunch at noon? 今天天气不错', PINNED_AT)).toEqual([]);
  });

  it('reads at most the first 4,000 characters of a long message', () => {
    expect(subjectsIn(COMMAND_GRAMMAR, `${'x '.repeat(2500)}000001`, PINNED_AT)).toEqual([]);
    expect(subjectsIn(COMMAND_GRAMMAR, `000001 ${'x '.repeat(2500)}`, PINNED_AT)).toHaveLength(1);
  });
});
