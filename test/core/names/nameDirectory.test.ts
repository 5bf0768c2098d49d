import { describe, expect, it } from 'vitest';
import { NameDirectory, nameKey } from '../../../src/core/names/nameDirectory.js';

const directory = () =>
  new NameDirectory({
    funds: [
      ['005827', '易方达蓝筹精选混合'],
      ['161725', '招商中证白酒指数(LOF)A'],
      ['012414', '招商中证白酒指数(LOF)C'],
      ['320007', '诺安成长混合'],
    ],
    companies: ['杭州华信科技有限公司', '上海恒远软件科技股份有限公司'],
  });

describe('NameDirectory', () => {
  it('keys a name without case, width, spaces or marks', () => {
    expect(nameKey('招商中证白酒指数（LOF）Ａ')).toBe('招商中证白酒指数lofa');
    expect(nameKey('易方达 · 蓝筹')).toBe(nameKey('易方达蓝筹'));
  });

  it('finds a fund by its whole name or the part before its kind, where in the text it is written', () => {
    const text = '帮我看下易方达蓝筹精选的规模';
    const found = directory().fundsIn(text)!;
    expect(found.funds).toEqual([{ code: '005827', name: '易方达蓝筹精选混合' }]);
    expect(text.slice(found.start, found.end)).toBe('易方达蓝筹精选');
    expect(
      directory()
        .fundsIn('招商中证白酒指数(LOF)C 规模')!
        .funds.map((fund) => fund.code),
    ).toEqual(['012414']);
  });

  it('gives every fund a shortened name may be, and none for a start cut inside a word or too short', () => {
    expect(
      directory()
        .fundsIn('招商中证白酒 规模')!
        .funds.map((fund) => fund.code),
    ).toEqual(['161725', '012414']);
    expect(directory().fundsIn('诺安成长混和规模')).toBeUndefined();
    expect(directory().fundsIn('易方达的基金')).toBeUndefined();
  });

  it('offers the seen company a misspelt name is close to, by edits or by sound, as long as written', () => {
    expect(directory().closeCompany('杭洲华信')).toBe('杭州华信');
    expect(directory().closeCompany('杭洲华芯')).toBe('杭州华信');
    expect(directory().closeCompany('上海恒运软件')).toBe('上海恒远软件');
    expect(directory().closeCompany('杭州华信')).toBeUndefined();
    expect(directory().closeCompany('宁波舜宇')).toBeUndefined();
  });

  it('offers the funds a misspelt fund name is close to', () => {
    expect(directory().closeFunds('华厦成长混合')).toEqual([]);
    expect(directory().closeFunds('诺安成长混和')).toEqual([{ code: '320007', name: '诺安成长混合' }]);
  });

  it('learns what answers name, says when something was new, and keeps it as the store keeps it', () => {
    const names = new NameDirectory();
    expect(names.learn([{ subject: 'fund:000001', name: ' 华夏成长混合 ' }])).toBe(true);
    expect(names.learn([{ subject: 'fund:000001', name: '华夏成长混合' }])).toBe(false);
    expect(
      names.learn([
        { subject: 'company', name: '杭州华信科技有限公司' },
        { subject: 'company', name: '' },
      ]),
    ).toBe(true);
    expect(names.knowsAll([{ subject: 'company', name: '杭州华信科技有限公司' }])).toBe(true);
    expect(new NameDirectory(names.toData()).fundName('000001')).toBe('华夏成长混合');
    expect(new NameDirectory(names.toData()).closeCompany('杭洲华信')).toBe('杭州华信');
    // A fund learnt after a lookup is found by the next one.
    expect(names.fundsIn('华夏成长混合的规模')?.funds).toEqual([{ code: '000001', name: '华夏成长混合' }]);
    names.learn([{ subject: 'fund:110022', name: '易方达消费行业股票' }]);
    expect(names.fundsIn('易方达消费行业的规模')?.funds).toEqual([{ code: '110022', name: '易方达消费行业股票' }]);
  });
});
