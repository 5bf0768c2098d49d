import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { keywordAsAsked } from '../../../src/core/operations/keyword.js';
import { validate } from '../../../src/core/operations/validate.js';
import { startVirtualDataService, TEAM } from '../../support/dataService.js';

const TAXPAYER = 'enterprise-general-taxpayer-query';
const BIDS = 'thirdpartymarket-cmapi00069224-enterprise-search-bid-list';

describe('two keywords, one question (issue 37, item 3)', () => {
  it.each([
    ['  杭州华信  ', '杭州华信'],
    ['杭州　华信', '杭州 华信'],
    ['Ａｐｐｌｅ　Ｉｎｃ', 'Apple Inc'],
    ['LED   显示屏', 'LED 显示屏'],
    ['91330106774738789m', '91330106774738789M'],
    ['９１３３０１０６７７４７３８７８９Ｍ', '91330106774738789M'],
  ])('%j is asked as %j', (typed, asked) => {
    expect(keywordAsAsked(typed)).toBe(asked);
  });

  it('keeps the letter case of a name: the service is not known to match names regardless of case', () => {
    expect(keywordAsAsked('apple inc')).not.toBe(keywordAsAsked('Apple Inc'));
  });

  it('is what every surface sends: a form or a workflow step gives the same wire request as a command', () => {
    expect(validate(TAXPAYER, { keyword: ' Ａｐｐｌｅ  Inc　' })).toEqual(validate(TAXPAYER, { keyword: 'Apple Inc' }));
    expect(validate(BIDS, { keyword: 'ＬＥＤ显示屏' })).toEqual(validate(BIDS, { keyword: 'LED显示屏 ' }));
    // Quotes still make a code-shaped keyword a name, in whichever width they were typed.
    expect(validate(TAXPAYER, { keyword: '＂杭州华信＂' }).keyword).toBe('杭州华信');
  });

  describe('through the client', () => {
    let service: ReturnType<typeof startVirtualDataService>;
    beforeAll(() => {
      service = startVirtualDataService();
    });
    afterAll(() => service.close());

    it('answers the second way of typing the same keyword from the first one’s cache, and charges once', async () => {
      const first = await service.client.call(TAXPAYER, { keyword: '杭州华信' }, TEAM);
      const second = await service.client.call(TAXPAYER, { keyword: '　杭州华信 ' }, TEAM);
      expect([first.source, second.source]).toEqual(['upstream', 'cache']);
      const code = await service.client.call(TAXPAYER, { keyword: '91330106774738789M' }, TEAM);
      const lower = await service.client.call(TAXPAYER, { keyword: '９１３３０１０６７７４７３８７８９ｍ' }, TEAM);
      expect([code.source, lower.source, lower.coinsSpent]).toEqual(['upstream', 'cache', 0]);
      const bids = await service.client.call(BIDS, { keyword: 'ＬＥＤ显示屏' }, TEAM);
      const halfWidth = await service.client.call(BIDS, { keyword: 'LED显示屏' }, TEAM);
      expect([bids.source, halfWidth.source]).toEqual(['upstream', 'cache']);
      // A different letter case is a different question, paid for as such.
      const capitals = await service.client.call(BIDS, { keyword: 'led显示屏' }, TEAM);
      expect(capitals.source).toBe('upstream');
    });
  });
});
