import type { InputBlock, PlainTextOption } from '@slack/types';
import { describe, expect, it } from 'vitest';
import { english, langFor } from '../../../src/i18n/lang.js';
import { DIGEST_FIELDS, digestFormModal, readDigestForm } from '../../../src/slack/modals/digestForm.js';
import { VIEW } from '../../../src/slack/payloads/ids.js';
import { fillIn } from './fillIn.js';
import { untranslatedWords } from './untranslated.js';
import { assertModalWithinLimits } from './viewLimits.js';

function block(view: ReturnType<typeof digestFormModal>, blockId: string): InputBlock {
  const found = view.blocks.find(
    (candidate): candidate is InputBlock => candidate.type === 'input' && candidate.block_id === blockId,
  );
  if (!found) throw new Error(`no block ${blockId}`);
  return found;
}

function optionTexts(input: InputBlock): string[] {
  return ((input.element as { options?: PlainTextOption[] }).options ?? []).map((option) => option.text.text);
}

/** Every text the form shows except what the person typed or Slack fills in (the zone's initial value). */
function formTexts(view: ReturnType<typeof digestFormModal>): string {
  const texts = [view.title.text, view.submit?.text, view.close?.text];
  for (const input of view.blocks as InputBlock[]) {
    texts.push(input.label.text, input.hint?.text);
    const element = input.element as { placeholder?: { text: string }; options?: PlainTextOption[] };
    texts.push(element.placeholder?.text, ...(element.options ?? []).map((option) => option.text.text));
  }
  return texts.filter(Boolean).join('\n');
}

describe('the "add a digest" form', () => {
  it("in English: as before, plus the language of the posts (the workspace's by default)", () => {
    const view = digestFormModal('Asia/Shanghai', english, 'en');
    assertModalWithinLimits(view);
    expect(view.callback_id).toBe(VIEW.digestAdd);
    expect(view.title.text).toBe('Add a digest');
    expect(optionTexts(block(view, DIGEST_FIELDS.filter))).toEqual([
      'All new funds',
      'On sale only',
      'Not on sale only',
    ]);
    expect(optionTexts(block(view, DIGEST_FIELDS.cadence))).toEqual([
      'Every day',
      'Monday to Friday',
      'Every Monday',
      'Every Tuesday',
      'Every Wednesday',
      'Every Thursday',
      'Every Friday',
      'Every Saturday',
      'Every Sunday',
    ]);
    expect(optionTexts(block(view, DIGEST_FIELDS.lang))).toEqual(['Workspace default (English)', 'English', 'Chinese']);
  });

  it('in Chinese: labels, hints, placeholder and every option, within Slack’s limits', () => {
    const view = digestFormModal('Asia/Shanghai', langFor('zh-CN'), 'en');
    assertModalWithinLimits(view);
    expect([view.title.text, view.submit?.text, view.close?.text]).toEqual(['添加推送', '添加', '取消']);
    expect(block(view, DIGEST_FIELDS.channel).label.text).toBe('频道');
    expect(optionTexts(block(view, DIGEST_FIELDS.cadence))).toEqual([
      '每天',
      '周一至周五',
      '每周一',
      '每周二',
      '每周三',
      '每周四',
      '每周五',
      '每周六',
      '每周日',
    ]);
    expect(optionTexts(block(view, DIGEST_FIELDS.filter))).toEqual(['全部新发基金', '仅在售', '仅未在售']);
    expect(optionTexts(block(view, DIGEST_FIELDS.lang))).toEqual(['工作区默认（英文）', '英文', '中文']);
    expect(untranslatedWords(formTexts(view))).toEqual([]);
  });

  it('reads the language chosen, and none for the workspace default', () => {
    const view = digestFormModal('Asia/Shanghai', english, 'zh-CN');
    const base = { [DIGEST_FIELDS.channel]: 'C1', [DIGEST_FIELDS.time]: '09:00' };
    expect(readDigestForm(fillIn(view, { ...base, [DIGEST_FIELDS.lang]: 'zh-CN' }))).toMatchObject({
      channelId: 'C1',
      cadence: 'weekdays',
      filter: 'all',
      lang: 'zh-CN',
    });
    expect(readDigestForm(fillIn(view, base)).lang).toBeUndefined();
    // A form opened before the language field existed reads as the workspace's language.
    expect(readDigestForm({}).lang).toBeUndefined();
  });
});
