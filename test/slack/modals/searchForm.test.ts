import type { InputBlock, ModalView, PlainTextOption } from '@slack/types';
import { describe, expect, it } from 'vitest';
import { OPERATION_IDS, type OperationId } from '../../../src/core/operations/index.js';
import { english, type Lang, langFor } from '../../../src/i18n/lang.js';
import { clippedPlainText } from '../../../src/slack/blockKit/slackText.js';
import { actionIdFor, blockIdFor } from '../../../src/slack/modals/searchForm.js';
import { slackOperation } from '../../../src/slack/slackOperations/index.js';
import { unexpectedEnglish } from '../../support/englishWords.js';
import { assertModalWithinLimits } from './viewLimits.js';

/** A form's input blocks in one language, in a modal of their own (the modal around them is searchModal's). */
function formView(id: OperationId, lang: Lang): ModalView {
  const blocks: InputBlock[] = slackOperation(id).form.fields.map((field) => {
    const block: InputBlock = {
      type: 'input',
      block_id: blockIdFor(id, field.field),
      label: clippedPlainText(field.label(lang)),
      element: field.element(actionIdFor(field.field), lang),
      optional: field.optional,
    };
    if (field.hint) block.hint = clippedPlainText(field.hint(lang));
    return block;
  });
  return { type: 'modal', title: clippedPlainText('表单'), submit: clippedPlainText('搜索'), blocks };
}

type Element = {
  placeholder?: { text: string };
  options?: PlainTextOption[];
  option_groups?: Array<{ options: PlainTextOption[] }>;
};

function optionsOf(block: InputBlock): PlainTextOption[] {
  const element = block.element as Element;
  return [...(element.options ?? []), ...(element.option_groups ?? []).flatMap((group) => group.options)];
}

/** Every text a reader sees on the form's inputs: labels, hints, placeholders, option texts. */
function formTexts(view: ModalView): string[] {
  return (view.blocks as InputBlock[])
    .flatMap((block) => [
      block.label.text,
      block.hint?.text ?? '',
      (block.element as Element).placeholder?.text ?? '',
      ...optionsOf(block).map((option) => option.text.text),
    ])
    .filter(Boolean);
}

describe('search forms in both languages', () => {
  const zh = langFor('zh-CN');

  it.each(OPERATION_IDS)(
    '%s: within Slack’s limits in English and Chinese, with the same fields and option values',
    (id) => {
      const en = formView(id, english);
      const cn = formView(id, zh);
      assertModalWithinLimits(en);
      assertModalWithinLimits(cn);
      expect(cn.blocks.map((block) => block.block_id)).toEqual(en.blocks.map((block) => block.block_id));
      expect((cn.blocks as InputBlock[]).map((block) => optionsOf(block).map((option) => option.value))).toEqual(
        (en.blocks as InputBlock[]).map((block) => optionsOf(block).map((option) => option.value)),
      );
    },
  );

  it.each(OPERATION_IDS)('%s: labels, hints, placeholders and options in Chinese, codes and examples aside', (id) => {
    const texts = formTexts(formView(id, zh));
    for (const label of (formView(id, zh).blocks as InputBlock[]).map((block) => block.label.text))
      expect(label).toMatch(/\p{Script=Han}/u);
    // Region and futures codes, and the example credit code, are what a reader types; they stay.
    expect(unexpectedEnglish(texts.join('\n')).filter((word) => word !== word.toUpperCase())).toEqual([]);
  });

  it('offers the Chinese words of the bid form and the futures periods', () => {
    const bids = formView('thirdpartymarket-cmapi00069224-enterprise-search-bid-list', zh).blocks as InputBlock[];
    expect(bids.map((block) => block.label.text)).toEqual([
      '关键词',
      '关键词匹配范围',
      '公告类型',
      '地区',
      '发布日期（起）',
      '发布日期（止）',
    ]);
    expect(optionsOf(bids[1]!).map((option) => option.text.text)).toEqual(['标题', '采购人', '供应商']);
    expect(optionsOf(bids[2]!).map((option) => option.text.text)).toEqual([
      '不限类型',
      '招标公告',
      '中标结果',
      '拟建项目',
    ]);
    expect(optionsOf(bids[3]!)[0]!.text.text).toBe('不限地区');
    const futures = formView('finance-external-futures-kline', zh).blocks as InputBlock[];
    expect(optionsOf(futures[1]!).map((option) => option.text.text)).toEqual([
      '日线',
      '1分钟',
      '5分钟',
      '15分钟',
      '30分钟',
      '1小时',
      '2小时',
      '4小时',
      '周线',
      '月线',
    ]);
    const funds = formView('fund-new-list', zh).blocks as InputBlock[];
    expect(optionsOf(funds[0]!).map((option) => option.text.text)).toEqual(['全部新发基金', '正在发售', '未在发售']);
    expect((formView('enterprise-general-taxpayer-query', zh).blocks[0] as InputBlock).hint?.text).toContain(
      '统一社会信用代码',
    );
  });
});
