import type { Button, KnownBlock } from '@slack/types';
import { type BatchPlan, remainingMs } from '../../core/batch/batchPlan.js';
import { type BatchResult, flagsText, orderedResults, outcomeText } from '../../core/batch/batchWorkbook.js';
import { remainingOf, type SupplierCheck } from '../../core/batch/supplierChecks.js';
import type { ListRefusal, SupplierList, UnreadableRow } from '../../core/batch/supplierList.js';
import { summaryOf } from '../../core/batch/supplierOutcome.js';
import { formatDuration } from '../../core/duration.js';
import type { CapReached } from '../../core/jobs/caps.js';
import type { RateLimit } from '../../core/operations/index.js';
import type { Lang } from '../../i18n/lang.js';
import { contextBlock, headerBlock, sectionBlock } from '../blockKit/blocks.js';
import { fitToSlackLimits } from '../blockKit/fitToSlackLimits.js';
import { escapeMrkdwn, plainText } from '../blockKit/mrkdwn.js';
import { ACTION } from '../payloads/ids.js';
import { type SlackMessage, withTableFallback } from '../reply/slackMessage.js';
import { tableOrNothing, textCell } from './dataTable.js';

function checkButton(text: string, actionId: string, value: string, style?: 'primary' | 'danger'): Button {
  const element: Button = { type: 'button', text: plainText(text), action_id: actionId, value };
  if (style) element.style = style;
  return element;
}

function coins(count: number, lang: Lang): string {
  return lang.t('common.coins', { count });
}

/** How many rows that could not be read the plan names; the rest are in the results' file. */
const UNREADABLE_SHOWN = 5;

/** `Row 4: 9133… — A credit code whose check character is wrong`. */
function unreadableLine(row: UnreadableRow, lang: Lang): string {
  return lang.t('batch.plan.unreadableLine', {
    row: row.row,
    text: escapeMrkdwn(row.text),
    reason: lang.t(`batch.unreadable.${row.reason}`),
  });
}

/** How a list came in: a shared file, pasted in `/dq check`'s form, or a message the shortcut was used on. */
export type ListSource = { kind: 'file'; name: string } | { kind: 'pasted' } | { kind: 'message' };

/** The block of a plan's Start and Cancel: it carries how the list came in, so an answer to them needs no stored check. */
const PLAN_BLOCK = 'supplier_check_plan';

/** How the list of the plan whose buttons are in `blockId` came in; undefined for a plan posted before the block said. */
export function planSourceOf(blockId: string | undefined): ListSource['kind'] | undefined {
  const kind = blockId?.startsWith(`${PLAN_BLOCK}:`) ? blockId.slice(PLAN_BLOCK.length + 1) : undefined;
  return kind === 'file' || kind === 'pasted' || kind === 'message' ? kind : undefined;
}

/** What a plan names its list by. */
function sourceLine(source: ListSource, lang: Lang): string {
  if (source.kind === 'file') return lang.t('batch.plan.file', { file: escapeMrkdwn(source.name) });
  return lang.t(source.kind === 'pasted' ? 'batch.plan.pasted' : 'batch.plan.message');
}

/**
 * The costs of a check before anything is called: rows, distinct, cached, to look up × price, the
 * budget, the time, the first rows that could not be read; Start and Cancel.
 */
export function supplierPlanMessage(
  list: SupplierList,
  plan: BatchPlan,
  planId: string,
  source: ListSource,
  lang: Lang,
): SlackMessage {
  const lines = [
    sourceLine(source, lang),
    lang.t('batch.plan.rows', { count: plan.rows, distinct: plan.distinct }),
    ...(plan.unreadable > 0 ? [lang.t('batch.plan.unreadable', { count: plan.unreadable })] : []),
    lang.t('batch.plan.cached', { count: plan.cached }),
    lang.t('batch.plan.toLookUp', {
      count: plan.toLookUp,
      cost: coins(plan.cost, lang),
      coins: coins(plan.coins, lang),
    }),
    plan.budgetLeft === undefined
      ? lang.t('batch.plan.unlimited')
      : lang.t('batch.plan.budget', { left: coins(plan.budgetLeft, lang) }),
    lang.t('batch.plan.time', { duration: formatDuration(plan.durationMs, lang) }),
  ];
  const blocks: KnownBlock[] = [headerBlock(lang.t('batch.plan.title')), sectionBlock(lines.join('\n'))];
  if (plan.fits !== undefined) blocks.push(sectionBlock(lang.t('batch.plan.fits', { count: plan.fits })));
  if (list.unreadable.length > 0) {
    const more = list.unreadable.length - UNREADABLE_SHOWN;
    blocks.push(
      contextBlock(
        [
          ...list.unreadable.slice(0, UNREADABLE_SHOWN).map((row) => unreadableLine(row, lang)),
          ...(more > 0 ? [lang.t('batch.plan.moreUnreadable', { count: more })] : []),
        ].join('\n'),
      ),
    );
  }
  if (list.sheet !== undefined && list.otherSheets.length > 0)
    blocks.push(
      contextBlock(
        lang.t('batch.plan.otherSheets', {
          sheet: escapeMrkdwn(list.sheet),
          others: escapeMrkdwn(list.otherSheets.join(lang.t('common.wordList.choices'))),
        }),
      ),
    );
  const start =
    plan.coins > 0 ? lang.t('batch.plan.start', { coins: coins(plan.coins, lang) }) : lang.t('batch.plan.startFree');
  blocks.push({
    type: 'actions',
    block_id: `${PLAN_BLOCK}:${source.kind}`,
    elements: [
      checkButton(start, ACTION.supplierCheckStart, planId, 'primary'),
      checkButton(lang.t('batch.plan.cancel'), ACTION.supplierCheckCancel, planId),
    ],
  });
  return fitToSlackLimits({ text: lang.t('batch.plan.title'), blocks }, lang);
}

/** "120 / 300 checked · 2,400 coins · about 1 min left", with Stop. */
export function supplierProgressMessage(check: SupplierCheck, rateLimit: RateLimit, lang: Lang): SlackMessage {
  const total = check.entries.length;
  const left = remainingOf(check);
  const line = lang.t('batch.progress.line', {
    done: total - left,
    total,
    coins: coins(check.coinsSpent, lang),
    left: formatDuration(remainingMs(left, rateLimit), lang),
  });
  const blocks: KnownBlock[] = [
    sectionBlock(line),
    {
      type: 'actions',
      block_id: 'supplier_check_progress',
      elements: [checkButton(lang.t('batch.progress.stop'), ACTION.supplierCheckStop, check.planId, 'danger')],
    },
  ];
  return fitToSlackLimits({ text: line, blocks }, lang);
}

/** The results of a check, as the table shows them: the flagged first. */
export function resultsOf(check: SupplierCheck): BatchResult[] {
  return check.entries.map((entry, index) => ({
    entry,
    outcome: check.outcomes[index] ?? { kind: 'notChecked', why: 'stopped' },
  }));
}

const TABLE_ROWS = 50;

function resultTable(results: readonly BatchResult[], lang: Lang) {
  const shown = orderedResults(results).slice(0, TABLE_ROWS);
  return tableOrNothing(
    lang.t('batch.summary.tableCaption'),
    [
      { header: lang.t('batch.column.asked'), cell: (result: BatchResult) => textCell(result.entry.query, 40) },
      {
        header: lang.t('batch.column.name'),
        cell: (result) => textCell(result.outcome.kind === 'found' ? result.outcome.record.enterpriseName : '—', 40),
      },
      { header: lang.t('batch.column.outcome'), cell: (result) => textCell(outcomeText(result.outcome, lang), 40) },
      { header: lang.t('batch.column.flags'), cell: (result) => textCell(flagsText(result.outcome, lang) || '—', 40) },
    ],
    shown,
  );
}

/** The summary of a finished check, with a native table of the flagged first; the whole result goes in the files. */
export function supplierSummaryMessage(check: SupplierCheck, lang: Lang): SlackMessage {
  const results = resultsOf(check);
  const summary = summaryOf(results.map((result) => result.outcome));
  const lines = [
    lang.t('batch.summary.general', { count: summary.generalTaxpayers }),
    lang.t('batch.summary.notGeneral', { count: summary.notGeneralTaxpayer }),
    lang.t('batch.summary.notOperating', { count: summary.notOperating }),
    lang.t('batch.summary.ratedBelowB', { count: summary.ratedBelowB }),
    lang.t('batch.summary.notFound', { count: summary.notFound }),
    lang.t('batch.summary.ambiguous', { count: summary.ambiguous }),
    ...(summary.notChecked > 0 ? [lang.t('batch.summary.notChecked', { count: summary.notChecked })] : []),
    ...(check.unreadable.length > 0 ? [lang.t('batch.summary.unreadable', { count: check.unreadable.length })] : []),
  ];
  const title = lang.t('batch.summary.title', { count: results.length });
  const head: KnownBlock[] = [headerBlock(title), sectionBlock(lines.join('\n'))];
  if (check.stoppedBy === 'budget') head.push(sectionBlock(lang.t('batch.summary.stoppedBudget')));
  if (check.stoppedBy === 'person') head.push(sectionBlock(lang.t('batch.summary.stoppedPerson')));
  const footer = contextBlock(lang.t('batch.summary.spent', { coins: coins(check.coinsSpent, lang) }));
  const found = new Set(
    results.flatMap((result) => (result.outcome.kind === 'found' ? [result.outcome.record.creditNo] : [])),
  ).size;
  // Watching the found companies: its costs come first, on the offer the button posts.
  if (found > 0)
    head.push({
      type: 'actions',
      block_id: 'supplier_check_results',
      elements: [
        checkButton(lang.t('batch.summary.watchAll', { count: found }), ACTION.supplierWatchAll, check.planId),
      ],
    });
  const table = resultTable(results, lang);
  const more =
    results.length > TABLE_ROWS
      ? [contextBlock(lang.t('batch.summary.moreInFile', { shown: TABLE_ROWS, count: results.length }))]
      : [];
  const text = [title, ...lines].join('\n');
  const withTable = fitToSlackLimits({ text, blocks: [...head, ...(table ? [table] : []), ...more, footer] }, lang);
  return withTableFallback(withTable, () => fitToSlackLimits({ text, blocks: [...head, footer] }, lang));
}

/** Why a shared file is no list to check, in a sentence that says nothing was charged and what would work. */
export function listRefusalText(refusal: ListRefusal, fileName: string, lang: Lang): string {
  const file = escapeMrkdwn(fileName);
  switch (refusal.reason) {
    case 'tooLarge':
      return lang.t('batch.refusal.tooLarge', {
        file,
        size: `${(refusal.bytes / 1024 / 1024).toFixed(1)} MB`,
        max: `${refusal.max / 1024 / 1024} MB`,
      });
    case 'noColumn':
      return lang.t('batch.refusal.noColumn', {
        file,
        headers: escapeMrkdwn(refusal.headers.join(lang.t('common.wordList.choices'))) || '—',
      });
    case 'tooManyRows':
      return lang.t('batch.refusal.tooManyRows', { rows: refusal.rows, max: refusal.max });
    default:
      return lang.t(`batch.refusal.${refusal.reason}`, { file });
  }
}

/** What "Watch all" would add: the found companies not watched in the channel yet, those that fit the caps. */
export interface WatchAllPlan {
  channelId: string;
  /** Credit codes to watch, in the list's order. */
  codes: string[];
  /** Found companies the channel already watches: never added twice. */
  alreadyWatched: number;
  /** Found companies past a cap (the person's, the channel's or the workspace's watches). */
  overCap: number;
  /** The cap reached, to name it. */
  cap?: CapReached;
  perCheck: number;
  perMonth: number;
}

/**
 * What "Watch all" would add, before anything is saved: how many watches, where, how often, what a
 * check and a month of them cost, what is left out (watched already, over a cap), the budget; Add
 * and Cancel.
 */
export function watchAllOffer(
  plan: WatchAllPlan,
  planId: string,
  /** What the offer priced (offeredPlanId): Add carries it, so a press adds only that. */
  offered: string,
  budgetLeft: number | undefined,
  lang: Lang,
): SlackMessage {
  const lines = [
    lang.t('batch.watchAll.lines', {
      count: plan.codes.length,
      channel: `<#${plan.channelId}>`,
      perCheck: coins(plan.perCheck, lang),
      perMonth: coins(plan.perMonth, lang),
    }),
    ...(plan.alreadyWatched > 0 ? [lang.t('batch.watchAll.already', { count: plan.alreadyWatched })] : []),
    ...(plan.overCap > 0 && plan.cap
      ? [lang.t('batch.watchAll.overCap', { count: plan.overCap, cap: plan.cap.cap, setting: plan.cap.setting })]
      : []),
    budgetLeft === undefined
      ? lang.t('batch.watchAll.unlimited')
      : lang.t('batch.watchAll.budget', { left: coins(budgetLeft, lang) }),
  ];
  const blocks: KnownBlock[] = [
    headerBlock(lang.t('batch.watchAll.title')),
    sectionBlock(lines.join('\n')),
    contextBlock(lang.t('batch.watchAll.note')),
    {
      type: 'actions',
      block_id: 'supplier_watch_all',
      elements: [
        checkButton(
          lang.t('batch.watchAll.add', { count: plan.codes.length }),
          ACTION.supplierWatchAllAdd,
          `${planId}:${offered}`,
          'primary',
        ),
        checkButton(lang.t('batch.watchAll.cancel'), ACTION.supplierWatchAllCancel, planId),
      ],
    },
  ];
  return fitToSlackLimits({ text: lang.t('batch.watchAll.title'), blocks }, lang);
}
