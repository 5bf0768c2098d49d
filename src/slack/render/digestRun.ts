import type { RunOutcome } from '../../core/digest/runner.js';
import type { Digest, DigestRunRecord } from '../../core/digest/types.js';
import { plural } from './format.js';

/** One line on how a run went, for `/dq digest run`, `list` and the App Home. */
export function runSummary(record: DigestRunRecord): string {
  switch (record.outcome) {
    case 'posted':
      return `posted ${plural(record.newFunds, 'fund')} (${plural(record.coinsSpent, 'coin')})`;
    case 'nothing_new':
      return `nothing new (${plural(record.coinsSpent, 'coin')})`;
    case 'over_budget':
      return 'skipped: over the daily budget (a notice was posted)';
    case 'post_failed':
      return `could not post: ${record.detail ?? 'Slack refused it'}`;
    case 'fetch_failed':
      return `could not fetch the fund list: ${record.detail ?? 'the data service failed'}`;
    case 'missed':
      return 'missed: the app was not running at the scheduled time';
  }
}

export function describeRunOutcome(digest: Digest, outcome: RunOutcome): string {
  if (outcome === 'missing') return `Digest ${digest.id} no longer exists.`;
  if (outcome === 'busy') return `Digest ${digest.id} is posting right now; its result will show in \`/dq digest list\` in a moment.`;
  if (outcome === 'claimed_elsewhere') return `Digest ${digest.id} is already running; its result will show in \`/dq digest list\`.`;
  return `Digest ${digest.id} for <#${digest.channelId}>: ${runSummary(outcome)}.`;
}
