import type { KnownBlock } from '@slack/types';
import type { BudgetState } from '../../core/ledger/budgets.js';
import { DIGEST_SOURCE, type SpendTally, type UsageSummary } from '../../core/ledger/ledger.js';
import type { Lang } from '../../i18n/lang.js';
import type { SlackMessage } from '../slackMessage.js';
import { contextBlock, headerBlock, labelled, sectionBlock } from './blocks.js';
import { formatDuration } from '../../core/duration.js';
import { dateTimeText, dayText } from './dateText.js';
import { formatCount } from './format.js';
import { fitToSlackLimits } from './fitToSlackLimits.js';
import { escapeMrkdwn, userMention } from './mrkdwn.js';

export interface UsageRenderOptions {
  now: number;
  /** The reader's zone (else DEFAULT_TZ), for when the budgets reset. */
  timeZone: string;
  /** Operation id → title in the reader's language, for the by-operation lines. */
  operationTitles: Record<string, string>;
  /** The reader's language. */
  lang: Lang;
}

/** Longer lists are cut: the top spenders are what a usage check is about. */
const MAX_LINES = 20;
const NO_TALLY: SpendTally = { coins: 0, calls: 0 };

function coins(count: number, lang: Lang): string {
  return lang.t('common.coins', { count });
}

function calls(count: number, lang: Lang): string {
  return lang.t('usage.calls', { count });
}

function tallyText(tally: SpendTally, lang: Lang): string {
  return `${coins(tally.coins, lang)} · ${calls(tally.calls, lang)}`;
}

/** User ids are keys here, so "constructor" must not find Object.prototype's. */
function tallyOf(tallies: Record<string, SpendTally>, key: string): SpendTally {
  return Object.hasOwn(tallies, key) ? tallies[key]! : NO_TALLY;
}

/** One line per key: today and this month, biggest spenders this month first. */
function breakdownLines(today: Record<string, SpendTally>, month: Record<string, SpendTally>, name: (key: string) => string, lang: Lang): string[] {
  const keys = [...new Set([...Object.keys(month), ...Object.keys(today)])];
  keys.sort((a, b) => tallyOf(month, b).coins - tallyOf(month, a).coins || a.localeCompare(b));
  const lines = keys.slice(0, MAX_LINES).map((key) => {
    const day = tallyOf(today, key);
    const total = tallyOf(month, key);
    return lang.t('usage.line', { name: name(key), today: formatCount(day.coins), month: coins(total.coins, lang), calls: calls(total.calls, lang) });
  });
  if (keys.length > MAX_LINES) lines.push(lang.t('usage.more', { n: formatCount(keys.length - MAX_LINES) }));
  return lines;
}

function budgetText(slot: { spent: number; limit?: number } | undefined, lang: Lang): string {
  if (!slot) return lang.t('usage.budget.none');
  if (slot.limit === undefined) return lang.t('usage.budget.noneSpent', { spent: coins(slot.spent, lang) });
  const left = Math.max(0, slot.limit - slot.spent);
  return lang.t('usage.budget.left', { left: formatCount(left), limit: coins(slot.limit, lang) });
}

/** `/dq usage`, in the reader's language: coins today and this month, by operation and by user, what the budgets leave, and when they reset. */
export function renderUsage(summary: UsageSummary, budget: BudgetState, options: UsageRenderOptions): SlackMessage {
  const { today, month } = summary;
  const { lang } = options;
  const blocks: KnownBlock[] = [
    headerBlock(lang.t('usage.title')),
    sectionBlock(lang.t('usage.intro'), [labelled(lang.t('usage.today'), tallyText(today, lang)), labelled(lang.t('usage.thisMonth'), tallyText(month, lang))]),
  ];
  if (month.calls === 0 && today.calls === 0) {
    blocks.push(sectionBlock(lang.t('usage.nothingYet')));
  } else {
    const title = (id: string) => escapeMrkdwn(Object.hasOwn(options.operationTitles, id) ? String(options.operationTitles[id]) : id);
    const userName = (key: string) => {
      if (key.startsWith(DIGEST_SOURCE)) return lang.t('usage.digestSpender', { id: escapeMrkdwn(key.slice(DIGEST_SOURCE.length)) });
      return key === 'unknown' ? lang.t('usage.unknownUser') : userMention(key);
    };
    blocks.push(sectionBlock([`*${lang.t('usage.byOperation')}*`, ...breakdownLines(today.byOperation, month.byOperation, title, lang)].join('\n')));
    blocks.push(sectionBlock([`*${lang.t('usage.byUser')}*`, ...breakdownLines(today.byUser, month.byUser, userName, lang)].join('\n')));
  }

  const budgets = [labelled(lang.t('usage.budget.workspace'), budgetText(budget.team, lang))];
  if (budget.user) budgets.push(labelled(lang.t('usage.budget.yours'), budgetText(budget.user, lang)));
  blocks.push(sectionBlock(`*${lang.t('usage.budget.title')}*`, budgets));

  if (month.unconfirmedCoins > 0) {
    blocks.push(contextBlock(lang.t('usage.unconfirmed', { today: coins(today.unconfirmedCoins, lang), month: coins(month.unconfirmedCoins, lang) })));
  }
  const resetsAt = budget.resetsAt.getTime();
  // The reader's zone, like every other time shown to them; the instant is the budget zone's midnight.
  const zone = options.timeZone;
  // month.to is the first instant of the next month.
  const monthStarts = dayText(month.to, zone, lang);
  blocks.push(
    contextBlock(
      lang.t('usage.resets', {
        when: escapeMrkdwn(dateTimeText(resetsAt, zone, lang)),
        in: formatDuration(Math.max(0, resetsAt - options.now), lang),
        monthStarts: escapeMrkdwn(monthStarts),
      }),
    ),
  );
  return fitToSlackLimits({ text: lang.t('usage.text', { today: coins(today.coins, lang), month: coins(month.coins, lang) }), blocks }, lang);
}
