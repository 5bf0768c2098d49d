import { describe, expect, it } from 'vitest';
import { english } from '../../../src/i18n/lang.js';
import { labelKeepingCost, renderQuestion } from '../../../src/slack/render/question.js';

describe('a question’s buttons', () => {
  it('keep their price when a long name is cut to Slack’s 75 characters', () => {
    const name = '杭州华信光伏科技有限公司'.repeat(6);
    const label = `Did you mean ${name}? · Taxpayer record · 20 coins`;
    const message = renderQuestion('Which one?', [{ actionId: 'pick', label, value: 'v' }], english);
    const texts = JSON.stringify(message.blocks).match(/"text":\{"type":"plain_text","text":"([^"]*)"/g) ?? [];
    const shown = texts.map((text) => text.replace(/^.*"text":"/, '').replace(/"$/, ''));
    expect(shown.some((text) => text.endsWith(' · 20 coins') && text.length <= 75 && text.includes('…'))).toBe(true);
  });

  it('cut a label without parts as before, and leave a short one whole', () => {
    expect(labelKeepingCost('a'.repeat(80), 75)).toHaveLength(75);
    expect(labelKeepingCost('Tenders: “光伏组件” · 10 coins', 75)).toBe('Tenders: “光伏组件” · 10 coins');
    expect(labelKeepingCost(`${'b'.repeat(90)} · 10 coins`, 75)).toMatch(/…· 10 coins$|… · 10 coins$/);
  });
});
