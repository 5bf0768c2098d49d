import type { KnownBlock } from '@slack/types';
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { english, langFor } from '../../../src/i18n/lang.js';
import {
  blocksTextLength,
  fitToSlackLimits,
  keepBlock,
  recordBlocks,
} from '../../../src/slack/blockKit/fitToSlackLimits.js';
import { escapeMrkdwn, link, truncateMrkdwn, truncatePlain, userMention } from '../../../src/slack/blockKit/mrkdwn.js';
import { assertWithinSlackLimits } from '../../support/slackLimits.js';

const section = (text: string): KnownBlock => ({ type: 'section', text: { type: 'mrkdwn', text } });
const footer = keepBlock('footer', { type: 'context', elements: [{ type: 'mrkdwn', text: 'footer' }] });
const actions = keepBlock('actions', {
  type: 'actions',
  elements: [{ type: 'button', action_id: 'dq_page_next', text: { type: 'plain_text', text: 'Next' }, value: 'v' }],
});
const header = keepBlock('header', { type: 'header', text: { type: 'plain_text', text: 'Title' } });

function records(count: number, text: (index: number) => string, blocksEach = 1): KnownBlock[] {
  return Array.from({ length: count }, (_, index) =>
    recordBlocks(
      index,
      index,
      Array.from({ length: blocksEach }, () => section(text(index))),
    ),
  ).flat();
}

describe('mrkdwn helpers', () => {
  it('escapes the three control characters and nothing else', () => {
    expect(escapeMrkdwn('a & b < c > d <!channel> *x*')).toBe('a &amp; b &lt; c &gt; d &lt;!channel&gt; *x*');
  });

  it('cuts plain text with an ellipsis and never splits a surrogate pair', () => {
    expect(truncatePlain('abcdef', 4)).toBe('abc…');
    expect(truncatePlain('abc', 4)).toBe('abc');
    const cut = truncatePlain('😀😀😀', 4);
    expect(cut.length).toBeLessThanOrEqual(4);
    expect(cut).toBe('😀…');
  });

  it('cuts mrkdwn without leaving half an entity, half a link or an open code block', () => {
    expect(truncateMrkdwn('ab &amp; cd', 8)).toBe('ab…');
    expect(truncateMrkdwn('see <https://example.com/a/very/long/path|the notice> now', 30)).toBe('see…');
    const code = truncateMrkdwn('```\nline one\nline two\nline three\n```', 24);
    expect(code.length).toBeLessThanOrEqual(24);
    expect(code.split('```').length - 1).toBe(2);
  });

  it('keeps any cut within the limit (property)', () => {
    fc.assert(
      fc.property(fc.string({ maxLength: 300 }), fc.integer({ min: 1, max: 200 }), (raw, max) => {
        const text = escapeMrkdwn(raw);
        const cut = truncateMrkdwn(text, max);
        expect(cut.length).toBeLessThanOrEqual(max);
        // No dangling entity start and no unclosed "<" from our own escaping.
        expect(cut).not.toMatch(/&[a-z]*$/);
        expect(cut).not.toContain('<');
      }),
    );
  });

  it('never leaves a code block open (property)', () => {
    fc.assert(
      fc.property(
        fc.array(fc.string({ maxLength: 40 }), { maxLength: 30 }),
        fc.integer({ min: 1, max: 400 }),
        (lines, max) => {
          const text = `intro\n\`\`\`\n${lines.map((line) => escapeMrkdwn(line.replaceAll('`', ''))).join('\n')}\n\`\`\`\nafter`;
          const cut = truncateMrkdwn(text, max);
          expect(cut.length).toBeLessThanOrEqual(max);
          expect((cut.split('```').length - 1) % 2).toBe(0);
        },
      ),
    );
  });

  it('links only http(s) addresses and keeps "|" out of the address', () => {
    expect(link('https://example.com/a?b=1&c=2', 'T')).toBe('<https://example.com/a?b=1&amp;c=2|T>');
    expect(link('https://example.com/a|b', 'T')).toBe('<https://example.com/a%7Cb|T>');
    expect(link('javascript:alert(1)', 'T')).toBe('T');
    expect(link('not a url', 'T')).toBe('T');
    expect(link(42, 'T')).toBe('T');
  });

  it('mentions only real user ids', () => {
    expect(userMention('U123ABC')).toBe('<@U123ABC>');
    expect(userMention('<!channel>')).toBe('&lt;!channel&gt;');
  });
});

describe('fitToSlackLimits', () => {
  it('leaves a message that fits unchanged, and marks it with the language it is written in', () => {
    const message = { text: 'hi', blocks: [header, section('hello'), footer] };
    expect(fitToSlackLimits(message, english)).toEqual({ ...message, lang: 'en' });
  });

  it('does not change its input', () => {
    const message = { text: 'hi', blocks: [header, ...records(80, (i) => `record ${i}`), footer] };
    const before = structuredClone(message);
    fitToSlackLimits(message, english);
    expect(message).toEqual(before);
  });

  it('drops trailing records beyond 50 blocks, says how many, and keeps header, buttons and footer', () => {
    const fitted = fitToSlackLimits(
      { text: 'many', blocks: [header, ...records(80, (i) => `record ${i}`), actions, footer] },
      english,
    );
    assertWithinSlackLimits(fitted, 'message');
    expect(fitted.blocks).toHaveLength(50);
    expect(fitted.blocks[0]).toEqual(header);
    expect(fitted.blocks.slice(-2)).toEqual([actions, footer]);
    const note = fitted.blocks.at(-3)!;
    expect(note.type).toBe('context');
    // 46 records fit with header, note, buttons and footer: 34 are left out.
    expect(JSON.stringify(note)).toContain('34 more not shown — narrow the search');
    expect(JSON.stringify(fitted.blocks.at(-4))).toContain('record 45');
  });

  it('says what it left out in the reader’s language', () => {
    const zh = langFor('zh-CN');
    const fitted = fitToSlackLimits(
      { text: '很多', blocks: [header, ...records(80, (i) => `记录 ${i}`), actions, footer] },
      zh,
    );
    assertWithinSlackLimits(fitted, 'message');
    expect(JSON.stringify(fitted.blocks.at(-3))).toContain('_另有 34 条未显示——请缩小搜索范围_');
    const one = fitToSlackLimits(
      {
        text: '一条',
        blocks: [
          header,
          ...recordBlocks(
            0,
            0,
            Array.from({ length: 60 }, () => section('部分')),
          ),
        ],
      },
      zh,
    );
    expect(JSON.stringify(one)).toContain('_部分结果未显示——请缩小搜索范围_');
    const image: KnownBlock = { type: 'image', image_url: `https://x/${'a'.repeat(3000)}`, alt_text: '图' };
    expect(JSON.stringify(fitToSlackLimits({ text: '图', blocks: [image] }, zh))).toContain(
      '未附图片：图片地址超出 Slack 的长度限制。',
    );
  });

  it('drops whole records, never half of one', () => {
    const fitted = fitToSlackLimits(
      { text: 'many', blocks: [header, ...records(30, (i) => `record ${i}`, 3), footer] },
      english,
    );
    const recordIds = fitted.blocks.map((block) => block.block_id ?? '').filter((id) => id.startsWith('dq-rec-'));
    expect(recordIds.length % 3).toBe(0);
    expect(JSON.stringify(fitted)).toContain('15 more not shown');
  });

  it('shortens the longest texts first to stay under 12,000 characters, keeping the footer whole', () => {
    const long = 'x'.repeat(2900);
    const blocks = [header, section('short one'), ...records(6, () => long), footer];
    const fitted = fitToSlackLimits({ text: 'long', blocks }, english);
    assertWithinSlackLimits(fitted, 'message');
    expect(fitted.text.length + blocksTextLength(fitted.blocks)).toBeLessThanOrEqual(12_000);
    expect(JSON.stringify(fitted)).toContain('short one');
    expect(fitted.blocks.at(-1)).toEqual(footer);
    expect(JSON.stringify(fitted)).toContain('x…');
  });

  it('drops records rather than cutting every text to a stub', () => {
    const wideRecord = (index: number): KnownBlock => ({
      type: 'section',
      text: { type: 'mrkdwn', text: `record ${index}` },
      fields: Array.from({ length: 10 }, () => ({ type: 'mrkdwn' as const, text: 'y'.repeat(600) })),
    });
    const blocks = [
      header,
      ...Array.from({ length: 45 }, (_, index) => recordBlocks(index, index, [wideRecord(index)])).flat(),
      footer,
    ];
    const fitted = fitToSlackLimits({ text: 'wide', blocks }, english);
    assertWithinSlackLimits(fitted, 'message');
    const shown = fitted.blocks.filter((block) => block.block_id?.startsWith('dq-rec-'));
    for (const block of shown) {
      for (const field of (block as { fields: Array<{ text: string }> }).fields)
        expect(field.text.length).toBeGreaterThanOrEqual(99);
    }
    expect(shown.length).toBeGreaterThan(5);
    expect(JSON.stringify(fitted.blocks.at(-2))).toContain(`${45 - shown.length} more not shown`);
  });

  it('fixes per-element limits: header, section text, fields, buttons, images, empty texts', () => {
    const blocks: KnownBlock[] = [
      { type: 'header', text: { type: 'plain_text', text: 'h'.repeat(400) } },
      { type: 'section', text: { type: 'mrkdwn', text: 's'.repeat(5000) } },
      {
        type: 'section',
        fields: Array.from({ length: 23 }, (_, i) => ({ type: 'mrkdwn' as const, text: `f${i} ${'z'.repeat(2500)}` })),
      },
      { type: 'section', text: { type: 'mrkdwn', text: '' } },
      {
        type: 'actions',
        elements: [
          {
            type: 'button',
            action_id: 'a',
            text: { type: 'plain_text', text: 'b'.repeat(100) },
            value: 'v'.repeat(2001),
          },
        ],
      },
      { type: 'image', image_url: `https://example.com/${'u'.repeat(3000)}`, alt_text: 'chart' },
      { type: 'context', elements: Array.from({ length: 14 }, (_, i) => ({ type: 'mrkdwn' as const, text: `c${i}` })) },
    ];
    const fitted = fitToSlackLimits({ text: 't', blocks }, english);
    assertWithinSlackLimits(fitted, 'message');
    expect(
      fitted.blocks
        .filter((block) => block.type === 'section' && block.fields)
        .map((block) => (block as { fields: unknown[] }).fields.length),
    ).toEqual([10, 10, 3]);
    expect(fitted.blocks.some((block) => block.type === 'actions')).toBe(false);
    expect(fitted.blocks.some((block) => block.type === 'image')).toBe(false);
    expect(JSON.stringify(fitted)).toContain('c13');
  });
});

describe('assertWithinSlackLimits', () => {
  const ok = { text: 'ok', blocks: [section('fine')] };

  it('accepts a valid message, modal and home view', () => {
    assertWithinSlackLimits(ok, 'message');
    assertWithinSlackLimits(
      {
        type: 'modal',
        title: { type: 'plain_text', text: 'Search' },
        blocks: Array.from({ length: 100 }, () => section('x')),
      },
      'modal',
    );
    assertWithinSlackLimits({ type: 'home', blocks: [section('x')] }, 'home');
  });

  it.each<[string, object, 'message' | 'modal' | 'home', RegExp]>([
    [
      'too many blocks',
      { text: '', blocks: Array.from({ length: 51 }, () => section('x')) },
      'message',
      /at most 50 blocks per message at blocks/,
    ],
    [
      'too many modal blocks',
      {
        type: 'modal',
        title: { type: 'plain_text', text: 'S' },
        blocks: Array.from({ length: 101 }, () => section('x')),
      },
      'modal',
      /at most 100 blocks/,
    ],
    [
      'section text',
      { text: '', blocks: [section('x'.repeat(3001))] },
      'message',
      /section text ≤ 3000 at blocks\[0\]\.text\.text/,
    ],
    [
      'fields count',
      {
        text: '',
        blocks: [{ type: 'section', fields: Array.from({ length: 11 }, () => ({ type: 'mrkdwn', text: 'x' })) }],
      },
      'message',
      /section fields ≤ 10/,
    ],
    [
      'field text',
      { text: '', blocks: [{ type: 'section', fields: [{ type: 'mrkdwn', text: 'x'.repeat(2001) }] }] },
      'message',
      /field text ≤ 2000 at blocks\[0\]\.fields\[0\]\.text/,
    ],
    [
      'button value',
      {
        text: '',
        blocks: [
          {
            type: 'actions',
            elements: [
              { type: 'button', action_id: 'a', text: { type: 'plain_text', text: 'b' }, value: 'v'.repeat(2001) },
            ],
          },
        ],
      },
      'message',
      /button value ≤ 2000 at blocks\[0\]\.elements\[0\]\.value/,
    ],
    [
      'action id',
      {
        text: '',
        blocks: [
          {
            type: 'actions',
            elements: [{ type: 'button', action_id: 'a'.repeat(256), text: { type: 'plain_text', text: 'b' } }],
          },
        ],
      },
      'message',
      /action_id ≤ 255/,
    ],
    [
      'image url',
      { text: '', blocks: [{ type: 'image', image_url: 'u'.repeat(3001), alt_text: 'a' }] },
      'message',
      /image_url ≤ 3000/,
    ],
    [
      'alt text',
      { text: '', blocks: [{ type: 'image', image_url: 'https://x', alt_text: 'a'.repeat(2001) }] },
      'message',
      /alt_text ≤ 2000/,
    ],
    [
      'header length',
      { text: '', blocks: [{ type: 'header', text: { type: 'plain_text', text: 'h'.repeat(151) } }] },
      'message',
      /header text ≤ 150/,
    ],
    [
      'header mrkdwn',
      { text: '', blocks: [{ type: 'header', text: { type: 'mrkdwn', text: 'h' } }] },
      'message',
      /header text is plain_text/,
    ],
    [
      'unknown block type',
      { text: '', blocks: [{ type: 'sectoin', text: { type: 'mrkdwn', text: 'x' } }] },
      'message',
      /every block has a known type at blocks\[0\]\.type/,
    ],
    [
      'total text',
      { text: '', blocks: Array.from({ length: 5 }, () => section('x'.repeat(2500))) },
      'message',
      /total text in one message ≤ 12,000/,
    ],
    ['empty text', { text: '', blocks: [section('')] }, 'message', /text objects are not empty/],
    [
      'duplicate block ids',
      {
        text: '',
        blocks: [
          { ...section('a'), block_id: 'b' },
          { ...section('c'), block_id: 'b' },
        ],
      },
      'message',
      /block_id is unique at blocks\[1\]/,
    ],
    [
      'modal title',
      { type: 'modal', title: { type: 'plain_text', text: 'A title far too long for Slack' }, blocks: [] },
      'modal',
      /modal title ≤ 24/,
    ],
    [
      'option text',
      {
        type: 'modal',
        title: { type: 'plain_text', text: 'S' },
        blocks: [
          {
            type: 'input',
            label: { type: 'plain_text', text: 'L' },
            element: {
              type: 'static_select',
              action_id: 'a',
              options: [{ text: { type: 'plain_text', text: 'o'.repeat(76) }, value: 'v' }],
            },
          },
        ],
      },
      'modal',
      /option text ≤ 75 at blocks\[0\]\.element\.options\[0\]/,
    ],
  ])('names the rule and path: %s', (_name, subject, kind, message) => {
    expect(() => assertWithinSlackLimits(subject, kind)).toThrow(message);
  });
});
