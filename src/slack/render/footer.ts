import type { ContextBlock } from '@slack/types';
import type { CallResult } from '../../core/client/dataClient.js';
import { formatDuration } from '../../core/duration.js';
import { operations } from '../../core/operations/index.js';
import type { Prices } from '../../core/operations/prices.js';
import { keepBlock } from './fitToSlackLimits.js';
import { escapeMrkdwn, inlineCode, mrkdwn, userMention } from './mrkdwn.js';
import { plural } from './format.js';
import type { RenderOptions } from './types.js';

function costText(answer: CallResult, prices: Prices): string {
  const assumed = Object.hasOwn(operations, answer.operation) && prices.priceOf(answer.operation).assumed ? ' (assumed)' : '';
  return `${plural(answer.cost, 'coin')} per lookup${assumed}`;
}

function ageText(ageMs: number): string {
  return ageMs < 60_000 ? 'under a minute ago' : `${formatDuration(ageMs)} ago`;
}

/** Where the answer came from decides whether it cost anything; the footer says which. */
function originText(answer: CallResult): string {
  switch (answer.source) {
    case 'cache':
      return `from cache, ${ageText(Math.max(0, answer.ageMs))} — no charge`;
    case 'shared':
      return 'shared with an identical lookup — no charge';
    case 'upstream':
      return answer.taskNo ? `upstream taskNo ${inlineCode(escapeMrkdwn(answer.taskNo))}` : 'fresh from the data service';
  }
}

/** The context line every result ends with: cost, origin, demo data, who shared it. */
export function renderFooter(answer: CallResult, options: Pick<RenderOptions, 'demo' | 'sharedBy' | 'prices'>): ContextBlock {
  const parts = [costText(answer, options.prices), originText(answer)];
  if (options.demo) parts.push('Simulated data');
  if (options.sharedBy) parts.push(`Shared by ${userMention(options.sharedBy)}`);
  return keepBlock('footer', { type: 'context', elements: [mrkdwn(parts.join(' · '))] });
}
