import type { KnownBlock } from '@slack/types';
import { describeSchedule } from '../../core/digest/schedule.js';
import type { DigestContent } from '../../core/digest/types.js';
import type { Prices } from '../../core/operations/prices.js';
import type { SlackMessage } from '../message.js';
import { contextBlock, headerBlock, sectionBlock } from './blocks.js';
import { plural } from './format.js';
import { fitToSlackLimits } from './fitToSlackLimits.js';
import { escapeMrkdwn } from './mrkdwn.js';
import { DIGEST_OPERATION } from '../../core/digest/collect.js';
import { newFundSections } from '../operations/newFunds.js';
import { english } from '../../i18n/lang.js';

/** 20 funds (four sections) keep a message far below 50 blocks and 12,000 characters. */
const FUNDS_IN_MAIN = 20;
const FUNDS_PER_REPLY = 25;

const FILTER_LABEL = { onsale: 'on sale', offsale: 'not on sale', all: 'all' } as const;

function footer(content: DigestContent, prices: Prices): KnownBlock {
  const cost = prices.priceOf(DIGEST_OPERATION).coins;
  const parts = [`Digest \`${content.digest.id}\``, escapeMrkdwn(describeSchedule(content.digest.schedule)), `${cost} coins per page of 50`];
  if (content.simulated) parts.push('Simulated data');
  return contextBlock(parts.join(' · '));
}

/**
 * A digest as Slack messages: the first goes to the channel, the rest (funds that do not fit in
 * one message) are replies in its thread.
 */
export function renderDigest(content: DigestContent, options: { now: number; prices: Prices }): SlackMessage[] {
  const filter = FILTER_LABEL[content.digest.filter];
  if (content.budgetNotice) {
    const text = `Today's new-fund digest was skipped. ${content.budgetNotice}`;
    return [fitToSlackLimits({ text, blocks: [sectionBlock(escapeMrkdwn(text)), footer(content, options.prices)] })];
  }
  if (content.funds.length === 0) {
    const text = `No new funds (${filter}) since the last digest.`;
    return [fitToSlackLimits({ text, blocks: [sectionBlock(text), footer(content, options.prices)] })];
  }
  const funds = content.funds;
  const title = content.firstRun ? `Newly issued funds (${filter}): the current list` : `New funds (${filter}) since the last digest`;
  const count = plural(funds.length, 'fund');
  const main = funds.slice(0, FUNDS_IN_MAIN);
  const rest = funds.slice(FUNDS_IN_MAIN);
  const blocks: KnownBlock[] = [headerBlock(title), ...newFundSections(main, english)];
  if (rest.length > 0) blocks.push(contextBlock(`${plural(rest.length, 'more fund')} in the thread.`));
  blocks.push(footer(content, options.prices));
  const messages: SlackMessage[] = [fitToSlackLimits({ text: `${title}: ${count}`, blocks })];
  for (let first = 0; first < rest.length; first += FUNDS_PER_REPLY) {
    const part = rest.slice(first, first + FUNDS_PER_REPLY);
    const from = FUNDS_IN_MAIN + first + 1;
    messages.push(fitToSlackLimits({ text: `Funds ${from}–${from + part.length - 1} of ${funds.length}`, blocks: newFundSections(part, english) }));
  }
  return messages;
}
