import type { ModalView } from '@slack/types';
import { describe, expect, it } from 'vitest';
import { english, type Lang, langFor } from '../../../src/i18n/lang.js';
import {
  decodeExportState,
  encodeExportState,
  exportConfirmLabel,
  exportLoadingModal,
  exportNoticeModal,
  exportPlanModal,
} from '../../../src/slack/modals/exportModal.js';
import { assertModalWithinLimits } from './viewLimits.js';

const zh = langFor('zh-CN');
const texts = { heading: '*纳税人信息* `keyword=华信`', lines: ['*页数：*3 页'], notes: ['注意'] };
const state = {
  channelId: 'C0GENERAL1',
  queryValue: JSON.stringify({ o: 'taxpayer', r: { keyword: '光'.repeat(1900), pageNo: 1, pageSize: 20 } }),
  pageSize: 20,
};

describe('the export modal', () => {
  it.each([english, zh] as Lang[])(
    "stays within Slack's limits (%#), with the longest query a button can carry",
    (lang) => {
      for (const view of [
        exportLoadingModal(lang),
        exportNoticeModal(lang, 'x'),
        exportPlanModal({ lang, texts, state, coins: 123_456, joining: false, empty: false }),
      ]) {
        assertModalWithinLimits(view);
        expect(view.title.text.length).toBeLessThanOrEqual(24);
      }
    },
  );

  it('says on its button what confirming costs, or that it joins the export running', () => {
    expect(exportConfirmLabel(english, { coins: 20, joining: false })).toBe('Export · 20 coins');
    expect(exportConfirmLabel(english, { coins: 0, joining: false })).toBe('Export');
    expect(exportConfirmLabel(english, { coins: 20, joining: true })).toBe('Get the file');
    expect(exportConfirmLabel(zh, { coins: 1234, joining: false })).toBe('导出（1,234 币）');
    expect(exportConfirmLabel(zh, { coins: 0, joining: true })).toBe('获取文件');
  });

  it('has nothing to confirm for an empty result', () => {
    const view: ModalView = exportPlanModal({ lang: english, texts, state, coins: 0, joining: false, empty: true });
    expect(view.submit).toBeUndefined();
    expect(JSON.stringify(view.blocks)).toContain('This result has no records, so there is nothing to export.');
  });

  it('carries the query, the conversation and the page size to its submission, and ignores anything else', () => {
    const view = exportPlanModal({ lang: english, texts, state, coins: 20, joining: false, empty: false });
    expect(decodeExportState(view.private_metadata)).toEqual(state);
    expect(JSON.parse(view.private_metadata!).c).toBe('C0GENERAL1');
    expect(decodeExportState(encodeExportState({ queryValue: 'q' }))).toEqual({ queryValue: 'q' });
    for (const forged of ['', 'null', '{"c":"C1"}', '{"q":1}', 'not json'])
      expect(decodeExportState(forged)).toBeUndefined();
    expect(decodeExportState('{"q":"x","z":-3,"c":5}')).toEqual({ queryValue: 'x' });
  });

  it('carries the thread it was asked in, only with its channel and only a message ts (issue 42.9b)', () => {
    const inThread = { ...state, channelId: 'C0GENERAL1', threadTs: '1795700000.000100' };
    expect(decodeExportState(encodeExportState(inThread))).toEqual(inThread);
    expect(decodeExportState('{"q":"x","t":"1795700000.000100"}')).toEqual({ queryValue: 'x' });
    expect(decodeExportState('{"q":"x","c":"C1","t":"<!channel>"}')).toEqual({ queryValue: 'x', channelId: 'C1' });
  });
});
