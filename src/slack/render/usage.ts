import type { KnownBlock } from '@slack/types';
import type { BudgetState } from '../../core/ledger/budgets.js';
import type { SpendTally, UsageSummary } from '../../core/ledger/ledger.js';
import { formatDuration } from '../../core/duration.js';
import type { SlackMessage } from '../message.js';
import { contextBlock, headerBlock, labelled, sectionBlock } from './blocks.js';
import { formatCount, formatZonedTime, plural } from './format.js';
import { fitToSlackLimits } from './fitToSlackLimits.js';
import { escapeMrkdwn, userMention } from './mrkdwn.js';

export interface UsageRenderOptions {
  now: number;
  /** The reader's zone (else DEFAULT_TZ), for when the budgets reset. */
  timeZone: string;
  /** Operation id → title, for the by-operation lines. */
  operationTitles: Record<string, string>;
}

/** Longer lists are cut: the top spenders are what a usage check is about. */
const MAX_LINES = 20;
const NO_TALLY: SpendTally = { coins: 0, calls: 0 };

function tallyText(tally: SpendTally): string {
  return `${plural(tally.coins, 'coin')} · ${plural(tally.calls, 'call')}`;
}

/** User ids are keys here, so "constructor" must not find Object.prototype's. */
function tallyOf(tallies: Record<string, SpendTally>, key: string): SpendTally {
  return Object.hasOwn(tallies, key) ? tallies[key]! : NO_TALLY;
}

/** One line per key: today and this month, biggest spenders this month first. */
function breakdownLines(today: Record<string, SpendTally>, month: Record<string, SpendTally>, name: (key: string) => string): string[] {
  const keys = [...new Set([...Object.keys(month), ...Object.keys(today)])];
  keys.sort((a, b) => tallyOf(month, b).coins - tallyOf(month, a).coins || a.localeCompare(b));
  const lines = keys.slice(0, MAX_LINES).map((key) => {
    const day = tallyOf(today, key);
    const total = tallyOf(month, key);
    return `• ${name(key)}: ${formatCount(day.coins)} today, ${plural(total.coins, 'coin')} this month (${plural(total.calls, 'call')})`;
  });
  if (keys.length > MAX_LINES) lines.push(`…and ${formatCount(keys.length - MAX_LINES)} more`);
  return lines;
}

function budgetText(slot: { spent: number; limit?: number } | undefined): string {
  if (!slot) return 'no limit';
  if (slot.limit === undefined) return `no limit (${plural(slot.spent, 'coin')} spent today)`;
  const left = Math.max(0, slot.limit - slot.spent);
  return `${formatCount(left)} of ${plural(slot.limit, 'coin')} left today`;
}

function userName(key: string): string {
  return key === 'unknown' ? 'someone unknown' : userMention(key);
}

/** `/dq usage`: coins today and this month, by operation and by user, what the budgets leave, and when they reset. */
export function renderUsage(summary: UsageSummary, budget: BudgetState, options: UsageRenderOptions): SlackMessage {
  const { today, month } = summary;
  const blocks: KnownBlock[] = [
    headerBlock('Data service usage'),
    sectionBlock('Coins spent on data-service lookups by this workspace.', [labelled('Today', tallyText(today)), labelled('This month', tallyText(month))]),
  ];
  if (month.calls === 0 && today.calls === 0) {
    blocks.push(sectionBlock('No lookups have been charged this month yet.'));
  } else {
    const title = (id: string) => escapeMrkdwn(Object.hasOwn(options.operationTitles, id) ? String(options.operationTitles[id]) : id);
    blocks.push(sectionBlock(['*By operation*', ...breakdownLines(today.byOperation, month.byOperation, title)].join('\n')));
    blocks.push(sectionBlock(['*By user*', ...breakdownLines(today.byUser, month.byUser, userName)].join('\n')));
  }

  const budgets = [labelled('Workspace budget', budgetText(budget.team))];
  if (budget.user) budgets.push(labelled('Your budget', budgetText(budget.user)));
  blocks.push(sectionBlock('*Daily budgets*', budgets));

  if (month.unconfirmedCoins > 0) {
    blocks.push(
      contextBlock(
        `Of these, ${plural(today.unconfirmedCoins, 'coin')} today and ${plural(month.unconfirmedCoins, 'coin')} this month were in lookups that timed out ` +
          '(may have been charged: the service decides a lookup before it answers); they count against the budgets.',
      ),
    );
  }
  const resetsAt = budget.resetsAt.getTime();
  const resetIn = formatDuration(Math.max(0, resetsAt - options.now));
  // The reader's zone, like every other time shown to them; the instant is the budget zone's midnight.
  const zone = options.timeZone;
  blocks.push(
    contextBlock(
      `Budgets reset at ${escapeMrkdwn(formatZonedTime(resetsAt, zone))}, in ${resetIn}. ` +
        `Monthly totals start again on ${escapeMrkdwn(formatZonedTime(month.to, zone, { withZone: false }).slice(0, 10))}.`,
    ),
  );
  return fitToSlackLimits({ text: `Data service usage: ${plural(today.coins, 'coin')} today, ${plural(month.coins, 'coin')} this month`, blocks });
}
