import { describe, expect, it } from 'vitest';
import { english, langFor } from '../../../src/i18n/lang.js';
import { renderChart } from '../../../src/slack/render/chart.js';
import { renderNotice } from '../../../src/slack/render/notice.js';
import { renderQueued } from '../../../src/slack/render/queued.js';
import { englishWords } from '../../support/englishWords.js';
import { assertWithinSlackLimits } from '../../support/slackLimits.js';
import { visibleText } from './fixtures.js';

describe('queued notice', () => {
  it('says the lookup waits for the rate limit and about how long', () => {
    const message = renderQueued('Fund asset size history', 20_000, english);
    assertWithinSlackLimits(message, 'message');
    expect(visibleText(message)).toContain("Queued behind the data service's rate limit — about 20 s");
    expect(message.text).toBe("Fund asset size history: Queued behind the data service's rate limit — about 20 s");
  });

  it('rounds sub-second and odd waits to something readable', () => {
    expect(visibleText(renderQueued('X', 300, english))).toContain('about 1 s');
    expect(visibleText(renderQueued('X', 150_000, english))).toContain('about 3 min');
    expect(visibleText(renderQueued('X', Number.NaN, english))).toContain('about 1 s');
  });

  it('speaks Chinese to a Chinese reader, durations included', () => {
    const message = renderQueued('基金规模历史', 150_000, langFor('zh-CN'));
    assertWithinSlackLimits(message, 'message');
    expect(visibleText(message)).toContain('受数据服务调用频率限制，正在排队，约需 3 分钟');
    expect(englishWords(visibleText(message))).toEqual([]);
  });
});

describe('plain notice', () => {
  it('is one section with the text as given', () => {
    const message = renderNotice('Nothing to share: the result has *expired*.', english);
    assertWithinSlackLimits(message, 'message');
    expect(message.blocks).toHaveLength(1);
    expect(visibleText(message)).toBe('Nothing to share: the result has *expired*.');
  });

  it('survives empty and enormous text', () => {
    assertWithinSlackLimits(renderNotice('', english), 'message');
    assertWithinSlackLimits(renderNotice('x'.repeat(50_000), english), 'message');
  });
});

describe('chart block', () => {
  it('is an image block with alt text and caption', () => {
    expect(
      renderChart(
        { kind: 'image', url: 'https://quickchart.io/chart/render/a', alt: 'Alt', caption: 'Caption' },
        english,
      ),
    ).toEqual([
      {
        type: 'image',
        image_url: 'https://quickchart.io/chart/render/a',
        alt_text: 'Alt',
        title: { type: 'plain_text', text: 'Caption', emoji: true },
        block_id: 'dq-keep-chart',
      },
    ]);
  });

  it('is a one-line note when there is no image, or when the address is too long for Slack', () => {
    expect(visibleText({ blocks: renderChart({ kind: 'none', note: 'No chart: <one point>' }, english) })).toBe(
      '_No chart: &lt;one point&gt;_',
    );
    const tooLong = renderChart(
      { kind: 'image', url: `https://x/${'a'.repeat(3000)}`, alt: 'A', caption: 'C' },
      english,
    );
    expect(tooLong[0]?.type).toBe('context');
    expect(renderChart(undefined, english)).toEqual([]);
  });

  it('says in the reader’s language why a chart is left out, and names an unnamed one', () => {
    const zh = langFor('zh-CN');
    const tooLong = renderChart({ kind: 'image', url: `https://x/${'a'.repeat(3000)}`, alt: '图', caption: '图' }, zh);
    expect(visibleText({ blocks: tooLong })).toBe('_未附图表：图表地址超出 Slack 的长度限制。_');
    expect(renderChart({ kind: 'image', url: 'https://x/y', alt: ' ', caption: '' }, zh)[0]).toMatchObject({
      alt_text: '图表',
    });
  });

  it('keeps within limits whatever the chart text', () => {
    const blocks = renderChart(
      { kind: 'image', url: 'https://x/y', alt: 'a'.repeat(5000), caption: 'c'.repeat(5000) },
      english,
    );
    assertWithinSlackLimits({ text: 't', blocks }, 'message');
    const blank = renderChart({ kind: 'image', url: 'https://x/y', alt: ' ', caption: '' }, english);
    assertWithinSlackLimits({ text: 't', blocks: blank }, 'message');
  });
});
