import type { KnownBlock } from '@slack/types';
import { formatDuration } from '../../core/duration.js';
import { toCsv } from '../../core/export/csv.js';
import type { BudgetState } from '../../core/ledger/budgets.js';
import {
  DIGEST_SOURCE,
  type LedgerMonth,
  type MonthUsage,
  monthOf,
  monthText,
  type SpendTally,
  type TeamSpend,
  type UsageSummary,
} from '../../core/ledger/ledger.js';
import type { Lang } from '../../i18n/lang.js';
import { contextBlock, headerBlock, labelled, sectionBlock } from '../blockKit/blocks.js';
import { fitToSlackLimits } from '../blockKit/fitToSlackLimits.js';
import { escapeMrkdwn, plainText, userMention } from '../blockKit/mrkdwn.js';
import { ACTION } from '../payloads/ids.js';
import type { SlackMessage } from '../reply/slackMessage.js';
import { dateTimeText, dayText } from './dateText.js';
import { formatCount } from './format.js';

export interface UsageRenderOptions {
  now: number;
  /** The reader's zone (else DEFAULT_TZ), for when the budgets reset. */
  timeZone: string;
  /** Operation id → title in the reader's language, for the by-operation lines. */
  operationTitles: Record<string, string>;
  /** The reader's language. */
  lang: Lang;
  /** Running against the simulator: its coins are simulated, and the message says so (nothing is charged). */
  demo?: boolean;
  /** The reader is no admin: the figures are their own spending, and the message says so. */
  own?: boolean;
}

export interface UsageExtras {
  /** What the other teams on the service key spent (shown to the app's own organisation only). */
  others?: readonly TeamSpend[];
}

/** Longer lists are cut: the top spenders are what a usage check is about. */
const MAX_LINES = 20;
const NO_TALLY: SpendTally = { coins: 0, calls: 0 };

/** "55 coins"; on the simulator "55 simulated coins", since the demo charges nothing. */
function coins(count: number, lang: Lang, demo: boolean): string {
  return lang.t(demo ? 'usage.demo.coins' : 'common.coins', { count });
}

function calls(count: number, lang: Lang): string {
  return lang.t('usage.calls', { count });
}

function tallyText(tally: SpendTally, lang: Lang, demo: boolean): string {
  return `${coins(tally.coins, lang, demo)} · ${calls(tally.calls, lang)}`;
}

/** User ids are keys here, so "constructor" must not find Object.prototype's. */
function tallyOf(tallies: Record<string, SpendTally>, key: string): SpendTally {
  return Object.hasOwn(tallies, key) ? tallies[key]! : NO_TALLY;
}

/** One line per key: today and this month, biggest spenders this month first. */
function breakdownLines(
  today: Record<string, SpendTally>,
  month: Record<string, SpendTally>,
  name: (key: string) => string,
  lang: Lang,
  demo: boolean,
): string[] {
  const keys = [...new Set([...Object.keys(month), ...Object.keys(today)])];
  keys.sort((a, b) => tallyOf(month, b).coins - tallyOf(month, a).coins || a.localeCompare(b));
  const lines = keys.slice(0, MAX_LINES).map((key) => {
    const day = tallyOf(today, key);
    const total = tallyOf(month, key);
    return lang.t('usage.line', {
      name: name(key),
      today: formatCount(day.coins),
      month: coins(total.coins, lang, demo),
      calls: calls(total.calls, lang),
    });
  });
  if (keys.length > MAX_LINES) lines.push(lang.t('usage.more', { n: formatCount(keys.length - MAX_LINES) }));
  return lines;
}

function budgetText(slot: { spent: number; limit?: number } | undefined, lang: Lang, demo: boolean): string {
  if (!slot) return lang.t('usage.budget.none');
  if (slot.limit === undefined) return lang.t('usage.budget.noneSpent', { spent: coins(slot.spent, lang, demo) });
  const left = Math.max(0, slot.limit - slot.spent);
  return lang.t('usage.budget.left', { left: formatCount(left), limit: coins(slot.limit, lang, demo) });
}

/** Who spent, as the reader sees it: a person by mention, a digest by its id. */
function spenderName(key: string, lang: Lang): string {
  if (key.startsWith(DIGEST_SOURCE))
    return lang.t('usage.digestSpender', { id: escapeMrkdwn(key.slice(DIGEST_SOURCE.length)) });
  return key === 'unknown' ? lang.t('usage.unknownUser') : userMention(key);
}

/** `October 2026`, `2026年10月`: as each language writes a month (Intl's own forms). */
export function monthName(month: LedgerMonth, lang: Lang): string {
  return new Date(Date.UTC(month.year, month.month - 1, 1)).toLocaleString(
    lang.locale === 'zh-CN' ? 'zh-CN' : 'en-US',
    { year: 'numeric', month: 'long', timeZone: 'UTC' },
  );
}

/**
 * The button that sends a month's usage by person and operation as a CSV file (its value:
 * `2026-10:zh-CN`, the month and the language of the reply it is under, which the file is in).
 */
export function usageCsvButton(month: LedgerMonth, lang: Lang): KnownBlock {
  return {
    type: 'actions',
    block_id: 'dq-usage-csv',
    elements: [
      {
        type: 'button',
        action_id: ACTION.usageCsv,
        text: plainText(lang.t('usage.csv.button', { month: monthName(month, lang) })),
        value: `${monthText(month)}:${lang.locale}`,
      },
    ],
  };
}

/**
 * `/dq usage 2026-10`: what a month cost, by person and, for each, by operation, with the CSV of it.
 * Past months have no "today" and no budgets left, so only the month is said.
 */
export function renderMonthUsage(usage: MonthUsage, options: UsageRenderOptions): SlackMessage {
  const { lang } = options;
  const demo = options.demo === true;
  const { period } = usage;
  const name = monthName(usage.month, lang);
  const title = (id: string) =>
    escapeMrkdwn(Object.hasOwn(options.operationTitles, id) ? String(options.operationTitles[id]) : id);
  const blocks: KnownBlock[] = [headerBlock(lang.t('usage.monthTitle', { month: name }))];
  if (period.calls === 0) {
    blocks.push(sectionBlock(lang.t('usage.monthNothing', { month: name })));
    return fitToSlackLimits(
      { text: lang.t('usage.monthText', { month: name, coins: coins(0, lang, demo) }), blocks },
      lang,
    );
  }
  blocks.push(
    sectionBlock(
      lang.t(options.own ? 'usage.own.monthIntro' : 'usage.monthIntro', {
        month: name,
        coins: coins(period.coins, lang, demo),
        calls: calls(period.calls, lang),
      }),
    ),
  );
  const spenders = [...new Set(usage.rows.map((row) => row.spender))];
  const lines = spenders.slice(0, MAX_LINES).map((spender) => {
    const total = tallyOf(period.byUser, spender);
    const parts = usage.rows
      .filter((row) => row.spender === spender)
      .map((row) => lang.t('usage.operationPart', { operation: title(row.operation), coins: formatCount(row.coins) }));
    return lang.t('usage.personLine', {
      name: spenderName(spender, lang),
      coins: coins(total.coins, lang, demo),
      calls: calls(total.calls, lang),
      operations: parts.join(lang.t('usage.partSeparator')),
    });
  });
  if (spenders.length > MAX_LINES) lines.push(lang.t('usage.more', { n: formatCount(spenders.length - MAX_LINES) }));
  blocks.push(sectionBlock([`*${lang.t('usage.byPerson')}*`, ...lines].join('\n')));
  if (period.unconfirmedCoins > 0)
    blocks.push(contextBlock(lang.t('usage.monthUnconfirmed', { coins: coins(period.unconfirmedCoins, lang, demo) })));
  blocks.push(usageCsvButton(usage.month, lang));
  return fitToSlackLimits(
    { text: lang.t('usage.monthText', { month: name, coins: coins(period.coins, lang, demo) }), blocks },
    lang,
  );
}

/** A month's usage as a spreadsheet: one row per person and operation, headers in the reader's language. */
export function usageCsvFile(
  usage: MonthUsage,
  operationTitles: Record<string, string>,
  lang: Lang,
): { filename: string; title: string; bytes: Buffer } {
  const header = (['month', 'person', 'operation', 'coins', 'calls', 'unconfirmed'] as const).map((column) =>
    lang.t(`usage.csv.column.${column}`),
  );
  const who = (spender: string) =>
    spender.startsWith(DIGEST_SOURCE)
      ? lang.t('usage.csv.digest', { id: spender.slice(DIGEST_SOURCE.length) })
      : spender === 'unknown'
        ? lang.t('usage.unknownUser')
        : spender;
  const rows = usage.rows.map((row) => [
    monthText(usage.month),
    who(row.spender),
    Object.hasOwn(operationTitles, row.operation) ? operationTitles[row.operation] : row.operation,
    row.coins,
    row.calls,
    row.unconfirmedCoins,
  ]);
  return {
    filename: `usage-${usage.teamId}-${monthText(usage.month)}.csv`,
    title: lang.t('usage.monthTitle', { month: monthName(usage.month, lang) }),
    bytes: Buffer.from(toCsv(header, rows), 'utf8'),
  };
}

/** `/dq usage`, in the reader's language: coins today and this month, by operation and by user, what the budgets leave, and when they reset. */
export function renderUsage(
  summary: UsageSummary,
  budget: BudgetState,
  options: UsageRenderOptions & UsageExtras,
): SlackMessage {
  const { today, month } = summary;
  const { lang } = options;
  const demo = options.demo === true;
  const own = options.own === true;
  const intro = own ? (demo ? 'usage.own.demoIntro' : 'usage.own.intro') : demo ? 'usage.demo.intro' : 'usage.intro';
  const blocks: KnownBlock[] = [
    headerBlock(lang.t('usage.title')),
    sectionBlock(lang.t(intro), [
      labelled(lang.t('usage.today'), tallyText(today, lang, demo)),
      labelled(lang.t('usage.thisMonth'), tallyText(month, lang, demo)),
    ]),
  ];
  if (month.calls === 0 && today.calls === 0) {
    blocks.push(sectionBlock(lang.t('usage.nothingYet')));
  } else {
    const title = (id: string) =>
      escapeMrkdwn(Object.hasOwn(options.operationTitles, id) ? String(options.operationTitles[id]) : id);
    const userName = (key: string) => spenderName(key, lang);
    blocks.push(
      sectionBlock(
        [
          `*${lang.t('usage.byOperation')}*`,
          ...breakdownLines(today.byOperation, month.byOperation, title, lang, demo),
        ].join('\n'),
      ),
    );
    // Their own figures name nobody else: a list of one is no list.
    if (!own)
      blocks.push(
        sectionBlock(
          [`*${lang.t('usage.byUser')}*`, ...breakdownLines(today.byUser, month.byUser, userName, lang, demo)].join(
            '\n',
          ),
        ),
      );
  }

  const others = options.others ?? [];
  if (others.length > 0) {
    const teamName = (teamId: string) => lang.t('usage.others.team', { teamId: escapeMrkdwn(teamId) });
    blocks.push(
      sectionBlock(
        [
          `*${lang.t('usage.others.title')}*`,
          ...breakdownLines(
            Object.fromEntries(others.map((team) => [team.teamId, team.today])),
            Object.fromEntries(others.map((team) => [team.teamId, team.month])),
            teamName,
            lang,
            demo,
          ),
        ].join('\n'),
      ),
      contextBlock(lang.t('usage.others.intro')),
    );
  }

  const budgets = [labelled(lang.t('usage.budget.workspace'), budgetText(budget.team, lang, demo))];
  if (budget.user) budgets.push(labelled(lang.t('usage.budget.yours'), budgetText(budget.user, lang, demo)));
  // The key's budget, where one is set or others spend on the key too.
  if (budget.key && (budget.key.limit !== undefined || others.length > 0))
    budgets.push(labelled(lang.t('usage.budget.key'), budgetText(budget.key, lang, demo)));
  blocks.push(sectionBlock(`*${lang.t('usage.budget.title')}*`, budgets));

  if (month.unconfirmedCoins > 0) {
    blocks.push(
      contextBlock(
        lang.t('usage.unconfirmed', {
          today: coins(today.unconfirmedCoins, lang, demo),
          month: coins(month.unconfirmedCoins, lang, demo),
        }),
      ),
    );
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
  if (month.calls > 0) blocks.push(usageCsvButton(monthOf(options.now, summary.timeZone), lang));
  return fitToSlackLimits(
    {
      text: lang.t(own ? 'usage.own.text' : 'usage.text', {
        today: coins(today.coins, lang, demo),
        month: coins(month.coins, lang, demo),
      }),
      blocks,
    },
    lang,
  );
}
