import { describe, expect, it } from 'vitest';
import type { DigestRunRecord } from '../../../src/core/digest/types.js';
import { english, langFor } from '../../../src/i18n/lang.js';
import { digestRunSummary } from '../../../src/slack/render/digestRun.js';

const FAILED = {
  scheduledFor: 0,
  finishedAt: 0,
  trigger: 'manual',
  outcome: 'fetch_failed',
  newFunds: 0,
  coinsSpent: 0,
} as unknown as DigestRunRecord;

describe('how a digest run went', () => {
  it('keeps the service’s words in a stored detail inert (no live mention or link), in either language', () => {
    const detail = {
      key: 'digests.failure.rejectedSaying' as const,
      values: { message: 'bad <!channel> & <https://x.example|click>' },
    };
    for (const lang of [english, langFor('zh-CN')]) {
      const line = digestRunSummary({ ...FAILED, detail }, lang);
      expect(line).toContain('bad &lt;!channel&gt; &amp; &lt;https://x.example|click&gt;');
      expect(line).not.toContain('<!channel>');
    }
  });

  it('keeps the app’s own channel link in a pause reason live', () => {
    const detail = { key: 'digests.pause.notInChannel' as const, values: { channelId: 'C0NOTJOIN1' } };
    expect(digestRunSummary({ ...FAILED, outcome: 'post_failed', detail }, english)).toContain(
      'the app is not a member of <#C0NOTJOIN1>',
    );
    expect(digestRunSummary({ ...FAILED, detail: 'old plain text <@U1>' }, english)).toContain(
      'old plain text &lt;@U1&gt;',
    );
  });
});
