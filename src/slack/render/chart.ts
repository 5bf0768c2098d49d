import type { ContextBlock, ImageBlock, KnownBlock } from '@slack/types';
import type { ChartImage } from '../../charts/quickChart.js';
import { SLACK_LIMITS, keepBlock } from './fitToSlackLimits.js';
import { escapeMrkdwn, mrkdwn, plainText, truncatePlain } from './mrkdwn.js';

function note(text: string): ContextBlock {
  return keepBlock('chart', { type: 'context', elements: [mrkdwn(`_${escapeMrkdwn(text)}_`)] });
}

/**
 * The chart of a reply: an image block, or one line saying why there is none. A chart address Slack
 * would refuse becomes that line too, so a chart never costs the reply.
 */
export function renderChart(chart: ChartImage | undefined): KnownBlock[] {
  if (!chart) return [];
  if (chart.kind === 'none') return [note(chart.note)];
  if (chart.url.length > SLACK_LIMITS.url) return [note('Chart left out: its address is too long for Slack.')];
  const image: ImageBlock = {
    type: 'image',
    image_url: chart.url,
    alt_text: truncatePlain(chart.alt.trim() || chart.caption.trim() || 'Chart', SLACK_LIMITS.altText),
  };
  if (chart.caption.trim()) image.title = plainText(truncatePlain(chart.caption.trim(), SLACK_LIMITS.imageTitle));
  return [keepBlock('chart', image)];
}
