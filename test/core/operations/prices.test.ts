import { describe, expect, it } from 'vitest';
import { OPERATION_IDS, operations } from '../../../src/core/operations/index.js';
import { pricesFrom } from '../../../src/core/operations/prices.js';

describe('prices', () => {
  it('are the spec’s, marked assumed where the spec does not publish one', () => {
    const prices = pricesFrom();
    for (const id of OPERATION_IDS)
      expect(prices.priceOf(id), id).toEqual({ coins: operations[id].cost, assumed: !operations[id].costPublished });
  });

  it('take the operator’s overrides, which are no longer assumed, and do not follow later edits of them', () => {
    const overrides: Partial<Record<(typeof OPERATION_IDS)[number], number>> = {
      'thirdpartymarket-cmapi00069224-enterprise-search-bid-list': 15,
    };
    const prices = pricesFrom(overrides);
    overrides['fund-asset'] = 1;
    expect(prices.priceOf('thirdpartymarket-cmapi00069224-enterprise-search-bid-list')).toEqual({
      coins: 15,
      assumed: false,
    });
    expect(prices.priceOf('fund-asset')).toEqual({ coins: 10, assumed: false });
    // Two price lists in one process do not share state.
    expect(pricesFrom().priceOf('thirdpartymarket-cmapi00069224-enterprise-search-bid-list').coins).toBe(
      operations['thirdpartymarket-cmapi00069224-enterprise-search-bid-list'].cost,
    );
  });
});
