import { describe, expect, it } from 'vitest';
import { langFor } from '../../../src/i18n/lang.js';
import { ACTION } from '../../../src/slack/payloads/ids.js';
import { decodeQueryValue } from '../../../src/slack/payloads/queryValue.js';
import { exportButton } from '../../../src/slack/render/exportButton.js';
import { assertWithinSlackLimits } from '../../support/slackLimits.js';
import { answerMessage, answerOf, buttons, OPTIONS } from './fixtures.js';

const TAXPAYER = 'enterprise-general-taxpayer-query';
const record = {
  enterpriseName: '杭州华信光伏科技有限公司',
  creditNo: '91330106774738789M',
  taxpayerType: '增值税一般纳税人',
};

describe('the Export CSV button', () => {
  it("carries the query of the page shown and the reply's language, in the reader's language", () => {
    const answer = answerOf(TAXPAYER, { keyword: '华信', pageNo: 2, pageSize: 10 }, { total: 45, records: [record] });
    const button = exportButton(answer, OPTIONS.lang)!;
    expect(button).toMatchObject({ action_id: ACTION.exportCsv, text: { text: 'Export CSV' } });
    expect(decodeQueryValue(button.value!)).toEqual({
      operation: TAXPAYER,
      request: { keyword: '华信', pageNo: 2, pageSize: 10 },
      locale: 'en',
    });
    const chinese = answerMessage(answer, { ...OPTIONS, lang: langFor('zh-CN') });
    assertWithinSlackLimits(chinese, 'message');
    expect(buttons(chinese).find((candidate) => candidate.action_id === ACTION.exportCsv)?.text.text).toBe('导出 CSV');
  });

  it('is not offered for a page without records, nor on a copy shared in the channel', () => {
    expect(
      exportButton(answerOf(TAXPAYER, { keyword: '华信', pageNo: 9 }, { total: 45, records: [] }), OPTIONS.lang),
    ).toBeUndefined();
    const shared = answerMessage(answerOf(TAXPAYER, { keyword: '华信' }, { total: 45, records: [record] }), {
      ...OPTIONS,
      sharedBy: 'U0ALICE',
    });
    expect(buttons(shared).map((button) => button.action_id)).not.toContain(ACTION.exportCsv);
  });
});
