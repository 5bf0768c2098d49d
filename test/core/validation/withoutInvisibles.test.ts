import { describe, expect, it } from 'vitest';
import { ValidationError } from '../../../src/core/errors.js';
import { validate } from '../../../src/core/operations/validate.js';
import { withoutInvisibles } from '../../../src/core/validation/withoutInvisibles.js';
import { startWatchRig } from '../../support/watchRig.js';

/** Format characters (Cf) and the other characters that show nothing, as a hostile or careless paste brings them. */
const INVISIBLE = [
  '\u200B',
  '\u200C',
  '\u200D',
  '\u2060',
  '\uFEFF',
  '\u202A',
  '\u202E',
  '\u2066',
  '\u2069',
  '\u00AD',
  '\u061C',
  '\u{E0041}',
  '\u3164',
  '\uFFA0',
  '\u115F',
  '\uFE0F',
  '\u034F',
];

describe('invisible characters', () => {
  it('are removed, every one of them, and nothing visible is', () => {
    for (const mark of INVISIBLE)
      expect(withoutInvisibles(`华${mark}信`), `U+${mark.codePointAt(0)!.toString(16).toUpperCase()}`).toBe('华信');
    expect(withoutInvisibles('光伏组件 solar 91330106774738789M ａ　')).toBe('光伏组件 solar 91330106774738789M ａ　');
  });

  it('are not part of any keyword, code or symbol an operation is asked: what is left is checked, free', () => {
    const hidden = (text: string) => `\u202E${[...text].join('\u200B')}\uFEFF`;
    expect(validate('enterprise-general-taxpayer-query', { keyword: hidden('91330106774738789M') }).keyword).toBe(
      '91330106774738789M',
    );
    expect(validate('fund-asset', { fundCode: hidden('000001') }).fundCode).toBe('000001');
    expect(validate('finance-external-futures-kline', { symbol: hidden('CL'), type: hidden('daily') })).toMatchObject({
      symbol: 'CL',
      type: '0',
    });
    expect(
      validate('thirdpartymarket-cmapi00069224-enterprise-search-bid-list', {
        keyword: hidden('光伏组件'),
        province: hidden('ZJ'),
      }),
    ).toMatchObject({ keyword: '光伏组件', province: 'ZJ' });
    const refused = (id: Parameters<typeof validate>[0], input: object) => {
      try {
        validate(id, input);
      } catch (error) {
        if (error instanceof ValidationError)
          return error.problems.map((problem) => `${problem.field}: ${problem.message}`);
        throw error;
      }
      return [];
    };
    expect(refused('enterprise-general-taxpayer-query', { keyword: '"\u202E\u202E"' })).toEqual([
      expect.stringMatching(/^keyword: .*at least 2 characters/),
    ]);
    expect(refused('enterprise-general-taxpayer-query', { keyword: '\u202E\u202E' })).toEqual(['keyword: is required']);
    expect(
      refused('thirdpartymarket-cmapi00069224-enterprise-search-bid-list', { keyword: '光\u200B伏\u200B' }),
    ).toEqual([expect.stringMatching(/^keyword: must be longer than 2 characters/)]);
    expect(refused('fund-asset', { fundCode: '\u3164\u3164' })).toEqual(['fundCode: is required']);
  });

  it('are not part of what a watch watches', async () => {
    const rig = await startWatchRig(Date.parse('2026-11-20T08:00:00+08:00'));
    try {
      const fund = await rig.addWatch({ kind: 'fund', subject: '\u200B000001\u202E', cadence: 'daily', time: '18:00' });
      const contract = await rig.addWatch({
        kind: 'futures',
        subject: 'c\u200Bl',
        period: 'daily',
        above: '75',
        cadence: 'daily',
        time: '18:00',
      });
      expect([fund.target, contract.target]).toMatchObject([{ fundCode: '000001' }, { symbol: 'CL' }]);
    } finally {
      await rig.close();
    }
  });
});
