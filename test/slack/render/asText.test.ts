import { describe, expect, it } from 'vitest';
import { english } from '../../../src/i18n/lang.js';
import { ACTION } from '../../../src/slack/payloads/ids.js';
import { printedMessage } from '../../../src/slack/render/asText.js';
import { mrkdwnToText } from '../../../src/slack/render/mrkdwnToText.js';
import { renderNotice } from '../../../src/slack/render/notice.js';

describe('mrkdwn as terminal text', () => {
  it('drops emphasis markers at word edges only', () => {
    // Struck text stays visibly struck (a long stroke through each character): an old fee is not the fee.
    expect(mrkdwnToText('*Latest:* 35 _(still forming)_ ~old~')).toBe(
      'Latest: 35 (still forming) o\u0336l\u0336d\u0336',
    );
    expect(mrkdwnToText('fund_code_x and 2*3*4')).toBe('fund_code_x and 2*3*4');
    expect(mrkdwnToText('*浙江省水利局*')).toBe('浙江省水利局');
  });

  it('turns links, mentions and channels into readable text', () => {
    expect(mrkdwnToText('<https://example.com/a_b_c?x=1&amp;y=2|the notice>')).toBe(
      'the notice (https://example.com/a_b_c?x=1&y=2)',
    );
    expect(mrkdwnToText('<https://example.com>')).toBe('https://example.com');
    expect(mrkdwnToText('by <@U123ABC> in <#C42>')).toBe('by @U123ABC in #C42');
    expect(mrkdwnToText('<#C42|general> <!here>')).toBe('#general @here');
  });

  it('unescapes entities once, after the markup is read', () => {
    expect(mrkdwnToText('A &amp; B &lt;tag&gt; &amp;lt;')).toBe('A & B <tag> &lt;');
  });

  it('keeps code as written: inline without backticks, blocks indented without their fences', () => {
    expect(mrkdwnToText('type `/bids *solar* <kw>` now')).toBe('type /bids *solar* <kw> now');
    const table = '```\nName   _x_\nA &amp; B  1\n```';
    expect(mrkdwnToText(`*Table*\n${table}`)).toBe('Table\n  Name   _x_\n  A & B  1');
  });

  it('shows the app’s emoji as characters', () => {
    expect(mrkdwnToText(':warning: careful :unknown_one:')).toBe('⚠ careful :unknown_one:');
  });
});

describe('Block Kit as terminal text', () => {
  it('underlines headers, writes fields as "Label: value", marks context lines and numbers buttons', () => {
    const { text, buttons } = printedMessage({
      text: 'fallback',
      lang: 'en',
      blocks: [
        { type: 'header', text: { type: 'plain_text', text: '基金 000001' } },
        {
          type: 'section',
          text: { type: 'mrkdwn', text: '*Latest*' },
          fields: [
            { type: 'mrkdwn', text: '*Open*\n75.35' },
            { type: 'mrkdwn', text: '*Note*\nline one\nline two' },
          ],
        },
        { type: 'context', elements: [{ type: 'mrkdwn', text: 'Page 1 of 3' }] },
        {
          type: 'image',
          image_url: 'https://quickchart.io/chart?c=1',
          alt_text: 'Bar chart of things',
          title: { type: 'plain_text', text: 'Things' },
        },
        { type: 'divider' },
        {
          type: 'actions',
          elements: [
            { type: 'button', action_id: ACTION.pageNext, text: { type: 'plain_text', text: 'Next →' }, value: 'n' },
            {
              type: 'button',
              action_id: ACTION.share,
              text: { type: 'plain_text', text: 'Share in channel' },
              value: 's',
            },
          ],
        },
      ],
    });
    expect(text).toBe(
      [
        '基金 000001',
        '═══════════',
        'Latest',
        '  Open: 75.35',
        '  Note: line one',
        '        line two',
        '› Page 1 of 3',
        '[chart] Things — https://quickchart.io/chart?c=1',
        '  Bar chart of things',
        '─'.repeat(48),
        '[1] Next →  [2] Share in channel',
      ].join('\n'),
    );
    expect(buttons).toEqual([
      { label: 'Next →', actionId: ACTION.pageNext, value: 'n' },
      { label: 'Share in channel', actionId: ACTION.share, value: 's' },
    ]);
  });

  it('writes fields as "标签：值" and names what only Slack shows in Chinese for a Chinese reader', () => {
    const { text } = printedMessage({
      text: '',
      lang: 'zh-CN',
      blocks: [
        {
          type: 'section',
          fields: [
            { type: 'mrkdwn', text: '*开盘*\n75.35' },
            { type: 'mrkdwn', text: '*备注*\n第一行\n第二行' },
          ],
          accessory: { type: 'image', image_url: 'https://x/y.png', alt_text: '图' },
        },
        {
          type: 'image',
          image_url: 'https://quickchart.io/chart?c=1',
          alt_text: '基金规模柱状图',
          title: { type: 'plain_text', text: '基金规模' },
        },
        {
          type: 'actions',
          elements: [
            {
              type: 'static_select',
              action_id: 'pick',
              options: [{ text: { type: 'plain_text', text: '一' }, value: '1' }],
            },
          ],
        },
      ],
    });
    expect(text).toBe(
      [
        '  开盘：75.35',
        '  备注：第一行',
        '        第二行',
        '  [图片：图]',
        '[图表] 基金规模 — https://quickchart.io/chart?c=1',
        '  基金规模柱状图',
        '（static select：仅在 Slack 中可用）',
      ].join('\n'),
    );
  });

  it('separates consecutive sections with a blank line', () => {
    const { text } = printedMessage({
      text: '',
      lang: 'en',
      blocks: [renderNotice('one', english).blocks[0]!, renderNotice('two', english).blocks[0]!],
    });
    expect(text).toBe('one\n\ntwo');
  });

  it('falls back to the message text when there are no blocks', () => {
    expect(printedMessage({ text: '*Only* text', blocks: [], lang: 'en' }).text).toBe('Only text');
  });
});
