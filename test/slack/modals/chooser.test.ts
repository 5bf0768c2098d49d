import type { KnownBlock, SectionBlock } from '@slack/types';
import { describe, expect, it } from 'vitest';
import { findOperation, OPERATION_IDS, operations, typedNameOf } from '../../../src/core/operations/index.js';
import { pricesFrom } from '../../../src/core/operations/prices.js';
import { english, langFor } from '../../../src/i18n/lang.js';
import { chooserModal } from '../../../src/slack/modals/chooser.js';
import { ACTION, VIEW } from '../../../src/slack/payloads/ids.js';
import { ENGLISH_TITLES } from '../../support/operationTitles.js';
import { visibleText } from '../render/fixtures.js';
import { untranslatedWords } from './untranslated.js';
import { assertModalWithinLimits } from './viewLimits.js';

describe('chooserModal', () => {
  const view = chooserModal('{"c":"C1"}', pricesFrom(), english);

  it('builds within Slack’s limits with its callback_id and metadata', () => {
    assertModalWithinLimits(view);
    expect(view.callback_id).toBe(VIEW.chooser);
    expect(view.private_metadata).toBe('{"c":"C1"}');
    expect(view.submit).toBeUndefined();
  });

  it('has one button per operation, naming its title and cost, whose value opens that form', () => {
    const rows = (view.blocks as SectionBlock[]).filter(
      (block) => block.type === 'section' && block.accessory !== undefined,
    );
    expect(rows).toHaveLength(OPERATION_IDS.length);
    for (const id of OPERATION_IDS) {
      const definition = operations[id];
      const row = rows.find(
        (block) => block.accessory?.type === 'button' && block.accessory.value === typedNameOf(definition),
      );
      expect(row, id).toBeDefined();
      expect(row!.accessory).toMatchObject({ type: 'button', action_id: ACTION.openModal });
      expect(row!.text?.text).toContain(ENGLISH_TITLES[id]);
      expect(row!.text?.text).toContain(`${definition.cost} coins`);
      if (!definition.costPublished) expect(row!.text?.text).toContain('assumed');
      expect(findOperation(typedNameOf(definition))?.id).toBe(id);
    }
  });
});

describe('chooserModal in Chinese', () => {
  const zh = langFor('zh-CN');
  const view = chooserModal('{}', pricesFrom(), zh);

  it('names every operation and its cost in Chinese, within Slack’s limits', () => {
    assertModalWithinLimits(view);
    expect(view.title.text).toBe('查询数据');
    expect(view.close?.text).toBe('取消');
    const text = visibleText(view as { blocks: KnownBlock[] });
    expect(text).toContain('*新发基金*\n每次查询 10 币');
    expect(text).toContain('*期货K线*\n每次查询 5 币');
    expect(text).toContain('估计值');
    expect(untranslatedWords(text)).toEqual([]);
  });

  it('keeps the English titles the operations are defined with', () => {
    for (const id of OPERATION_IDS)
      expect(visibleText(chooserModal('{}', pricesFrom(), english) as { blocks: KnownBlock[] })).toContain(
        `*${ENGLISH_TITLES[id]}*`,
      );
  });
});
