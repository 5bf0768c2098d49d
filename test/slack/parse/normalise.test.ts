import { describe, expect, it } from 'vitest';
import { normaliseText, tokenise } from '../../../src/slack/parse/normalise.js';

const texts = (text: string) => tokenise(text).map((token) => token.text);

describe('normaliseText', () => {
  it('folds full-width letters, digits, colon, comma and spaces to ASCII', () => {
    expect(normaliseText('ＣＬ　５ｍ　３０')).toBe('CL 5m 30');
    expect(normaliseText('region：ZJ　in：title，purchaser')).toBe('region:ZJ in:title,purchaser');
    expect(normaliseText('from：２０２６－０１－０１')).toBe('from:2026-01-01');
  });

  it('turns tabs, newlines and runs of spaces into one space and trims', () => {
    expect(normaliseText('\t CL\t\t5m \n 30 \u3000')).toBe('CL 5m 30');
  });

  it('straightens smart quotes and undoes Slack’s HTML escaping', () => {
    expect(normaliseText('“solar panel” ‘x’')).toBe('"solar panel" \'x\'');
    expect(normaliseText('A&amp;B &lt;co&gt; &amp;lt;')).toBe('A&B <co> &lt;');
  });

  it('drops zero-width characters that paste in from web pages', () => {
    expect(normaliseText('CL\u200B 5m\uFEFF')).toBe('CL 5m');
  });
});

describe('tokenise', () => {
  it('splits on spaces', () => {
    expect(texts('光伏组件 region:ZJ  page:2')).toEqual(['光伏组件', 'region:ZJ', 'page:2']);
  });

  it('keeps spaces inside straight, curly and corner-bracket quotes', () => {
    expect(texts('"solar panel" x')).toEqual(['solar panel', 'x']);
    expect(texts('“solar panel” x')).toEqual(['solar panel', 'x']);
    expect(texts('「光伏 组件」 『风电 设备』')).toEqual(['光伏 组件', '风电 设备']);
  });

  it('records where quoting began, so a quoted colon is not an option', () => {
    expect(tokenise('"a:b" region:"浙江 省"')).toEqual([
      { text: 'a:b', quoteStart: 0 },
      { text: 'region:浙江 省', quoteStart: 7 },
    ]);
  });

  it('runs an unclosed quote to the end and drops empty quotes', () => {
    expect(texts('x "solar panel')).toEqual(['x', 'solar panel']);
    expect(texts('"" x ""')).toEqual(['x']);
    expect(texts('   ')).toEqual([]);
  });
});
