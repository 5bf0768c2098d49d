import type { ContextBlock, ImageBlock, KnownBlock } from '@slack/types';
import type { ChartImage } from '../../charts/quickChart.js';
import type { Lang } from '../../i18n/lang.js';
import { SLACK_LIMITS, keepBlock } from './fitToSlackLimits.js';
import { escapeMrkdwn, mrkdwn, plainText, truncatePlain } from './mrkdwn.js';

function note(text: string): ContextBlock {
  return keepBlock('chart', { type: 'context', elements: [mrkdwn(`_${escapeMrkdwn(text)}_`)] });
}

/**
 * The chart of a reply: an image block, or one line saying why there is none. A chart address Slack
 * would refuse becomes that line too, so a chart never costs the reply. The chart's own texts were
 * written in the reader's language when it was built; `lang` is for what is said here.
 */
export function renderChart(chart: ChartImage | undefined, lang: Lang): KnownBlock[] {
  if (!chart) return [];
  if (chart.kind === 'none') return [note(chart.note)];
  if (chart.url.length > SLACK_LIMITS.url) return [note(lang.t('results.chart.urlTooLong'))];
  const image: ImageBlock = {
    type: 'image',
    image_url: chart.url,
    alt_text: truncatePlain(chart.alt.trim() || chart.caption.trim() || lang.t('results.chart.fallbackAlt'), SLACK_LIMITS.altText),
  };
  if (chart.caption.trim()) image.title = plainText(truncatePlain(chart.caption.trim(), SLACK_LIMITS.imageTitle));
  return [keepBlock('chart', image)];
}
