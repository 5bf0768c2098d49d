import type { KnownBlock } from '@slack/types';
import { DIGEST_OPERATION, DIGEST_PAGE_SIZE } from '../../core/digest/collect.js';
import type { DigestContent } from '../../core/digest/types.js';
import { describeSchedule } from '../../core/jobs/schedule.js';
import type { Prices } from '../../core/operations/prices.js';
import type { Lang } from '../../i18n/lang.js';
import { contextBlock, headerBlock, sectionBlock } from '../blockKit/blocks.js';
import { fitToSlackLimits } from '../blockKit/fitToSlackLimits.js';
import { escapeMrkdwn } from '../blockKit/mrkdwn.js';
import type { SlackMessage } from '../reply/slackMessage.js';
import { dateText, dateTimeText } from './dateText.js';
import { fundFilterText } from './digestList.js';
import { newFundSections } from './newFundSections.js';

/** 20 funds (four sections) keep a message far below 50 blocks and 12,000 characters. */
const FUNDS_IN_MAIN = 20;
const FUNDS_PER_REPLY = 25;

export interface DigestRenderOptions {
  now: number;
  prices: Prices;
  /** The digest's language (its own, else the workspace's): everyone in the channel reads the same post. */
  lang: Lang;
}

function footer(content: DigestContent, options: DigestRenderOptions): KnownBlock {
  const { lang } = options;
  const cost = options.prices.priceOf(DIGEST_OPERATION).coins;
  const parts = [
    lang.t('digests.post.footerId', { id: content.digest.id }),
    escapeMrkdwn(lang.t(describeSchedule(content.digest.schedule))),
    lang.t('digests.post.costPerPage', { coins: cost, size: DIGEST_PAGE_SIZE }),
  ];
  if (content.simulated) parts.push(lang.t('digests.post.simulated'));
  if (content.heldSince !== undefined)
    parts.unshift(
      lang.t('digests.post.heldSince', {
        when: dateTimeText(content.heldSince, content.digest.schedule.timeZone, lang, { withZone: false }),
      }),
    );
  return contextBlock(parts.join(' · '));
}

/** A later page the run could not read, and what it may have cost: its funds come with the next run. */
function unreadPageText({ page, coinsAtRisk }: NonNullable<DigestContent['unreadPage']>, lang: Lang): string {
  return coinsAtRisk
    ? lang.t('digests.post.pageUnreadCharged', { page, coins: lang.t('common.coins', { count: coinsAtRisk }) })
    : lang.t('digests.post.pageUnread', { page });
}

/**
 * A digest as Slack messages, in the digest's language: the first goes to the channel, the rest
 * (funds that do not fit in one message) are replies in its thread.
 */
export function renderDigest(content: DigestContent, options: DigestRenderOptions): SlackMessage[] {
  const { lang } = options;
  const filter = lang.t(`digests.post.filter.${content.digest.filter}`);
  if (content.budgetNotice) {
    const text = lang.t('digests.post.skipped', { why: lang.t(content.budgetNotice) });
    return [fitToSlackLimits({ text, blocks: [sectionBlock(escapeMrkdwn(text)), footer(content, options)] }, lang)];
  }
  if (content.funds.length === 0) {
    const filtered = fundFilterText(content.digest.fundFilter, lang);
    const text = lang.t('digests.post.nothingNew', { filter: filtered ? `${filter} · ${filtered}` : filter });
    return [fitToSlackLimits({ text, blocks: [sectionBlock(text), footer(content, options)] }, lang)];
  }
  const funds = content.funds;
  // The day in the digest's own zone: the one its schedule names.
  const date = dateText(options.now, content.digest.schedule.timeZone, lang);
  const title = lang.t(content.firstRun ? 'digests.post.firstTitle' : 'digests.post.title', { filter, date });
  const main = funds.slice(0, FUNDS_IN_MAIN);
  const rest = funds.slice(FUNDS_IN_MAIN);
  const filtered = fundFilterText(content.digest.fundFilter, lang);
  const blocks: KnownBlock[] = [
    headerBlock(title),
    ...(filtered ? [contextBlock(filtered)] : []),
    ...newFundSections(main, lang),
  ];
  if (rest.length > 0) blocks.push(contextBlock(lang.t('digests.post.moreInThread', { count: rest.length })));
  if (content.unreadPage) blocks.push(contextBlock(unreadPageText(content.unreadPage, lang)));
  blocks.push(footer(content, options));
  const messages: SlackMessage[] = [
    fitToSlackLimits(
      {
        text: lang.t('digests.post.text', { title, funds: lang.t('digests.post.funds', { count: funds.length }) }),
        blocks,
      },
      lang,
    ),
  ];
  for (let first = 0; first < rest.length; first += FUNDS_PER_REPLY) {
    const part = rest.slice(first, first + FUNDS_PER_REPLY);
    const from = FUNDS_IN_MAIN + first + 1;
    messages.push(
      fitToSlackLimits(
        {
          text: lang.t('digests.post.replyText', { from, to: from + part.length - 1, total: funds.length }),
          blocks: newFundSections(part, lang),
        },
        lang,
      ),
    );
  }
  return messages;
}
