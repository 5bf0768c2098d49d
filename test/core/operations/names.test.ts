import { describe, expect, it } from 'vitest';
import { findOperation, OPERATION_IDS, typedNameOf } from '../../../src/core/operations/index.js';

describe('an operation’s typed name', () => {
  it('is the name stored in button values, callback ids and CACHE_TTLS, so it never changes', () => {
    expect(OPERATION_IDS.map((id) => typedNameOf(id))).toEqual([
      'taxpayer',
      'bids',
      'fund-asset',
      'futures',
      'new-funds',
    ]);
  });

  it.each(OPERATION_IDS)('%s is found by its id and its typed name, in any case', (id) => {
    expect(findOperation(id)?.id).toBe(id);
    expect(findOperation(typedNameOf(id))?.id).toBe(id);
    expect(findOperation(` ${typedNameOf(id).toUpperCase()} `)?.id).toBe(id);
  });

  it('is not found by the code’s spelling, which nobody is told (fundasset, newfunds)', () => {
    for (const word of ['fundAsset', 'fundasset', 'newFunds', 'newfunds'])
      expect(findOperation(word), word).toBeUndefined();
  });
});
