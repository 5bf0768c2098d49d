import type { ExportPlan } from '../../core/export/exportPlan.js';
import type { ExportTable } from '../../core/export/exportTable.js';
import type { ExportOutcome, ExportProgress } from '../../core/export/runExport.js';
import type { BudgetState } from '../../core/ledger/budgets.js';
import { type AnyOperation, type OperationId, operations } from '../../core/operations/index.js';
import { isOneOf, type OperationCatalogues, type OperationName } from '../../i18n/catalogueKeys.js';
import { type Lang, readCatalogue } from '../../i18n/lang.js';
import { escapeMrkdwn, truncatePlain, userMention } from '../blockKit/mrkdwn.js';
import type { SlackMessage } from '../reply/slackMessage.js';
import { renderNotice } from './notice.js';
import type { DescribeRequest } from './types.js';

/** The query of an export as people read it: the operation and what was asked, in the reader's words. */
export interface ExportSubject {
  /** "Tender and bid notices", in the reader's language. */
  what: string;
  /** What was asked, escaped for mrkdwn (`“光伏组件” · Award result`, `CL, 5-minute, 30 candles`). */
  query: string;
  /** The same, as plain text (file titles). */
  queryPlain: string;
}

/** The operations whose exports are called something else than their title (English "records", "candles"). */
type NamedForExport = {
  [Name in OperationName]: OperationCatalogues[Name] extends { export: { what: string } } ? Name : never;
}[OperationName];
const NAMED_FOR_EXPORT: ReadonlySet<NamedForExport> = new Set(
  Object.values(operations)
    .map((definition) => definition.name)
    .filter(
      (name) => typeof (readCatalogue('en')[name] as { export?: { what?: unknown } }).export?.what === 'string',
    ) as NamedForExport[],
);

/** What an export holds, in the reader's words: its catalogue's `export.what`, else the operation's title. */
function exportedWhat(name: OperationName, lang: Lang): string {
  return isOneOf(NAMED_FOR_EXPORT, name) ? lang.t(`${name}.export.what`) : lang.t(`${name}.title`);
}

export function exportSubject(
  operation: OperationId,
  request: Record<string, unknown>,
  describe: DescribeRequest,
  lang: Lang,
): ExportSubject {
  const definition: AnyOperation = operations[operation];
  const queryPlain = truncatePlain(describe(operation, request, lang), 200);
  return { what: exportedWhat(definition.name, lang), query: escapeMrkdwn(queryPlain), queryPlain };
}

export function coins(lang: Lang, count: number): string {
  return lang.t('common.coins', { count });
}

/** Where a file landed, for "The file is in …": a channel by mention, else this conversation or the DM. */
export function placeText(lang: Lang, fileChannel: string, asked: string | undefined): string {
  if (fileChannel === asked) return /^[CG]/.test(fileChannel) ? `<#${fileChannel}>` : lang.t('export.done.whereHere');
  return lang.t('export.done.whereDirect');
}

/** The header row in the reader's language; a field the app has no words for keeps its own name. */
export function headerRow(table: ExportTable, lang: Lang): string[] {
  return table.columns.map((column) => (column.label ? lang.t(column.label) : column.key));
}

/** What the file lacks and why, and whether the failed call was charged; empty for a whole export. */
export function missingNotes(outcome: ExportOutcome, lang: Lang): string[] {
  const notes: string[] = [];
  const { shortfall } = outcome;
  if (shortfall) {
    const reason = lang.t(shortfall.reason);
    const from = shortfall.fromPage;
    if (shortfall.toPage === undefined) notes.push(lang.t('export.missing.onwards', { from, reason }));
    else if (shortfall.toPage > from)
      notes.push(lang.t('export.missing.range', { from, to: shortfall.toPage, reason }));
    else notes.push(lang.t('export.missing.one', { page: from, reason }));
    notes.push(lang.t(`export.charged.${shortfall.charged}`, { page: from, coins: coins(lang, shortfall.coins) }));
  }
  if (outcome.grewTo !== undefined)
    notes.push(lang.t('export.missing.grew', { confirmed: outcome.plan.lastPage, pages: outcome.grewTo }));
  if (outcome.capped) {
    const max = outcome.plan.maxPages;
    notes.push(
      outcome.pageCount !== undefined
        ? lang.t('export.missing.capped', { pages: outcome.pageCount, max })
        : lang.t('export.missing.cappedUnknown', { max }),
    );
  }
  return notes;
}

/** "Exporting … page 3 of 8…, 20 coins so far"; someone who joined another's export is told so first. */
export function progressMessage(
  subject: ExportSubject,
  progress: ExportProgress,
  lang: Lang,
  joinedStartedBy?: string,
): SlackMessage {
  const values = {
    what: subject.what,
    query: subject.query,
    page: progress.page,
    coins: coins(lang, progress.coinsSpent),
  };
  const line =
    progress.lastPage !== undefined
      ? lang.t('export.progress.fetching', { ...values, pages: progress.lastPage })
      : lang.t('export.progress.fetchingUnknown', values);
  return renderNotice(joinedStartedBy ? `${joinedText(subject, lang, joinedStartedBy)}\n${line}` : line, lang);
}

export function joinedText(subject: ExportSubject, lang: Lang, startedBy: string): string {
  return lang.t('export.progress.joined', { what: subject.what, query: subject.query, user: userMention(startedBy) });
}

export function uploadingMessage(subject: ExportSubject, rows: number, lang: Lang): SlackMessage {
  return renderNotice(
    lang.t('export.progress.uploading', {
      what: subject.what,
      query: subject.query,
      rows: lang.t('export.count.rows', { count: rows }),
    }),
    lang,
  );
}

export interface FinalReport {
  outcome: ExportOutcome;
  rows: number;
  /** Where this reader's file went, or why it could not be posted. */
  file?: { channelId: string };
  uploadError?: string;
  /** The conversation the export was asked from. */
  askedIn?: string;
  /** Who started (and paid for) the export this reader joined; the reader was charged nothing. */
  paidBy?: string;
}

/** The progress message's last state: what the file holds and cost, where it is, and what is missing. */
export function finalMessage(report: FinalReport, lang: Lang): SlackMessage {
  const { outcome } = report;
  const notes = missingNotes(outcome, lang);
  const spent = coins(lang, outcome.coinsSpent);
  const counts = {
    rows: lang.t('export.count.rows', { count: report.rows }),
    pages: lang.t('export.count.pages', { count: outcome.pages.length }),
    coins: spent,
  };
  let head: string;
  if (outcome.pages.length === 0) head = lang.t('export.done.nothing');
  else if (!report.file)
    head = lang.t('export.done.uploadFailed', {
      rows: counts.rows,
      coins: spent,
      error: escapeMrkdwn(report.uploadError ?? 'unknown').replaceAll('`', "'"),
    });
  else {
    const where = placeText(lang, report.file.channelId, report.askedIn);
    head = lang.t(outcome.shortfall || outcome.capped ? 'export.done.partial' : 'export.done.complete', {
      ...counts,
      where,
    });
  }
  // The coins above were the starter's: a joiner must not read them as their own charge.
  const joined = report.paidBy ? [lang.t('export.done.paidBy', { user: userMention(report.paidBy) })] : [];
  return renderNotice([head, ...joined, ...notes].join('\n'), lang);
}

/** The message the file is posted with: who exported what, how much of it, what it cost, what is missing. */
export function fileComment(
  subject: ExportSubject,
  outcome: ExportOutcome,
  rows: number,
  startedBy: string,
  lang: Lang,
  demo: boolean,
): string {
  const line = lang.t('export.comment', {
    user: userMention(startedBy),
    what: subject.what,
    query: subject.query,
    rows: lang.t('export.count.rows', { count: rows }),
    pages: lang.t('export.count.pages', { count: outcome.pages.length }),
    coins: coins(lang, outcome.coinsSpent),
  });
  return [demo ? `${line} · ${lang.t('export.simulated')}` : line, ...missingNotes(outcome, lang)].join('\n');
}

export interface PlanTexts {
  heading: string;
  lines: string[];
  notes: string[];
}

/** What the export modal says about a plan: its pages, what is free, what it costs, the budgets left, and the warnings. */
export function planTexts(input: {
  plan: ExportPlan;
  budgets: BudgetState;
  subject: ExportSubject;
  lang: Lang;
  channelId?: string;
  /** Asked in a thread of that channel: the file is shared into the thread. */
  inThread?: boolean;
  runningBy?: string;
  destination?: boolean;
}): PlanTexts {
  const { plan, budgets, subject, lang } = input;
  const heading = lang.t('export.plan.heading', { what: subject.what, query: subject.query });
  const lines: string[] = [];
  const notes: string[] = [];
  const size = plan.pageSize ?? 0;
  if (!plan.paged) lines.push(lang.t('export.plan.single'));
  else if (plan.pageCount === undefined) lines.push(lang.t('export.plan.pagesUnknown', { size }));
  else if (plan.total !== undefined)
    lines.push(
      lang.t('export.plan.pages', {
        pages: plan.pageCount,
        size,
        records: lang.t('export.count.records', { count: plan.total }),
      }),
    );
  else lines.push(lang.t('export.plan.pagesNoTotal', { pages: plan.pageCount, size }));
  lines.push(
    plan.cachedPages.length > 0
      ? lang.t('export.plan.cached', { count: plan.cachedPages.length })
      : lang.t('export.plan.cachedNone'),
  );
  const costs = { count: plan.pagesToFetch, cost: coins(lang, plan.costPerPage), coins: coins(lang, plan.coins) };
  if (plan.pagesToFetch === 0) lines.push(lang.t('export.plan.fetchNone'));
  else lines.push(lang.t(plan.pageCount === undefined ? 'export.plan.fetchAtMost' : 'export.plan.fetch', costs));
  const teamLeft = budgets.team.limit !== undefined ? Math.max(0, budgets.team.limit - budgets.team.spent) : undefined;
  const userLeft = budgets.user?.limit !== undefined ? Math.max(0, budgets.user.limit - budgets.user.spent) : undefined;
  lines.push(
    teamLeft !== undefined
      ? lang.t('export.plan.teamBudget', { left: coins(lang, teamLeft), limit: coins(lang, budgets.team.limit!) })
      : lang.t('export.plan.teamUnlimited'),
  );
  if (budgets.user)
    lines.push(
      userLeft !== undefined
        ? lang.t('export.plan.userBudget', { left: coins(lang, userLeft), limit: coins(lang, budgets.user.limit!) })
        : lang.t('export.plan.userUnlimited'),
    );

  if (plan.requestedPageSize !== undefined)
    notes.push(lang.t('export.plan.largerPages', { size, ownSize: plan.requestedPageSize }));
  if (plan.capped && plan.pageCount !== undefined)
    notes.push(lang.t('export.plan.capped', { pages: plan.pageCount, max: plan.maxPages }));
  else if (plan.paged && plan.pageCount === undefined)
    notes.push(lang.t('export.plan.cappedUnknown', { max: plan.maxPages }));
  // The budget that runs out first is the one to name.
  const keyLeft = budgets.key?.limit !== undefined ? Math.max(0, budgets.key.limit - budgets.key.spent) : undefined;
  const tight = [
    { left: teamLeft, who: lang.t('export.plan.whoTeam') },
    { left: userLeft, who: lang.t('export.plan.whoUser') },
    { left: keyLeft, who: lang.t('export.plan.whoKey') },
  ].filter((budget): budget is { left: number; who: string } => budget.left !== undefined && budget.left < plan.coins);
  const first = tight.sort((a, b) => a.left - b.left)[0];
  if (first) notes.push(lang.t('export.plan.overBudget', { who: first.who, left: coins(lang, first.left) }));
  if (input.runningBy) notes.push(lang.t('export.plan.running', { user: userMention(input.runningBy) }));
  const channel = input.channelId;
  if (input.destination === false) return { heading, lines, notes };
  if (!channel) notes.push(lang.t('export.plan.destinationDirect'));
  else if (channel.startsWith('C'))
    notes.push(
      lang.t(input.inThread ? 'export.plan.destinationThread' : 'export.plan.destinationChannel', {
        channel: `<#${channel}>`,
      }),
    );
  else notes.push(lang.t('export.plan.destinationHere'));
  return { heading, lines, notes };
}
