import type { ActionsBlock, Button } from '@slack/types';
import type { Digest } from '../../core/digest/types.js';
import { describeSchedule } from '../../core/jobs/schedule.js';
import type { Lang } from '../../i18n/lang.js';
import { sectionBlock } from '../blockKit/blocks.js';
import { fitToSlackLimits } from '../blockKit/fitToSlackLimits.js';
import { escapeMrkdwn, plainText } from '../blockKit/mrkdwn.js';
import { ACTION } from '../payloads/ids.js';
import type { SlackMessage } from '../reply/slackMessage.js';
import { dateTimeText } from './dateText.js';
import { fundFilterText } from './digestList.js';

/** What a digest offered will cost: a page of the list a run, up to `firstPages` on its first, and the runs in 30 days. */
export interface DigestOfferCost {
  price: number;
  runsPerMonth: number;
  firstPages: number;
}

function button(text: string, actionId: string, value: string, style?: 'primary'): Button {
  return { type: 'button', text: plainText(text), action_id: actionId, value, ...(style ? { style } : {}) };
}

/**
 * A digest asked for in words, as `/dq digest add` would save it: where, when, which funds, what it
 * costs, the command it is, and Save and Cancel. `watchAsked`: the person asked to watch the list,
 * which is what a digest does; said first.
 */
export function renderDigestOffer(
  digest: Digest,
  command: string,
  cost: DigestOfferCost,
  nextRun: number | undefined,
  values: { save: string; cancel: string },
  watchAsked: boolean,
  lang: Lang,
): SlackMessage {
  const filtered = fundFilterText(digest.fundFilter, lang);
  const what = lang.t('digests.offer.what', {
    channel: `<#${digest.channelId}>`,
    schedule: escapeMrkdwn(lang.t(describeSchedule(digest.schedule))),
    funds: [lang.t(`digests.list.filter.${digest.filter}`), ...(filtered ? [filtered] : [])].join(' · '),
  });
  const costText = lang.t('digests.offer.cost', {
    price: cost.price,
    pages: cost.firstPages,
    runs: cost.runsPerMonth,
    perMonth: cost.price * cost.runsPerMonth,
  });
  const lines = [
    ...(watchAsked ? [lang.t('digests.offer.newFundsAreDigests')] : []),
    what,
    costText,
    ...(nextRun !== undefined
      ? [lang.t('digests.list.nextRun', { when: dateTimeText(nextRun, digest.schedule.timeZone, lang) })]
      : []),
    lang.t('digests.offer.command', { command }),
  ];
  const actions: ActionsBlock = {
    type: 'actions',
    block_id: 'dq-digest-offer',
    elements: [
      button(lang.t('digests.offer.save'), ACTION.digestSave, values.save, 'primary'),
      button(lang.t('digests.offer.cancel'), ACTION.digestCancel, values.cancel),
    ],
  };
  return fitToSlackLimits({ text: `${what} ${costText}`, blocks: [sectionBlock(lines.join('\n')), actions] }, lang);
}
