import type { ContextBlock } from '@slack/types';
import type { CallResult } from '../../core/client/dataClient.js';
import { formatDuration } from '../../core/duration.js';
import type { Lang } from '../../i18n/lang.js';
import { keepBlock } from '../blockKit/fitToSlackLimits.js';
import { escapeMrkdwn, inlineCode, mrkdwn, userMention } from '../blockKit/mrkdwn.js';
import { answerCostText } from './costText.js';
import type { RenderOptions } from './types.js';

function ageText(ageMs: number, lang: Lang): string {
  return ageMs < 60_000
    ? lang.t('answer.footer.underAMinuteAgo')
    : lang.t('answer.footer.ago', { duration: formatDuration(ageMs, lang) });
}

/** Where the answer came from decides whether it cost anything; the footer says which. */
function originText(answer: CallResult, lang: Lang): string {
  switch (answer.source) {
    case 'cache':
      return lang.t('answer.footer.fromCache', { age: ageText(Math.max(0, answer.ageMs), lang) });
    case 'shared':
      return lang.t('answer.footer.shared');
    case 'upstream':
      return answer.taskNo
        ? lang.t('answer.footer.taskNo', { taskNo: inlineCode(escapeMrkdwn(answer.taskNo)) })
        : lang.t('answer.footer.fresh');
  }
}

/** The context line every result ends with: cost, origin, demo data, who shared it. */
export function renderFooter(
  answer: CallResult,
  options: Pick<RenderOptions, 'demo' | 'sharedBy' | 'prices' | 'lang'>,
): ContextBlock {
  const { lang } = options;
  const parts = [answerCostText(answer, options.prices, lang), originText(answer, lang)];
  if (options.demo) parts.push(lang.t('answer.footer.simulated'));
  if (options.sharedBy) parts.push(lang.t('answer.footer.sharedBy', { user: userMention(options.sharedBy) }));
  return keepBlock('footer', { type: 'context', elements: [mrkdwn(parts.join(' · '))] });
}
