import type { ModalView } from '@slack/types';
import type { WebClient } from '@slack/web-api';
import type { CallContext } from '../../core/client/dataClient.js';
import { toCsv } from '../../core/export/csv.js';
import { ExportElsewhereError, type ExportJob, type ExportStart } from '../../core/export/exportJobs.js';
import { type ExportPlan, type ExportPlanDeps, exportKey, planExport } from '../../core/export/exportPlan.js';
import { exportTable } from '../../core/export/exportTable.js';
import { type ExportOutcome, type ExportProgress, runExport } from '../../core/export/runExport.js';
import { type AnyOperation, operations, typedNameOf } from '../../core/operations/index.js';
import type { WorkspaceRules } from '../../core/workspaces/workspaceSettings.js';
import type { Lang } from '../../i18n/lang.js';
import { localParts } from '../../time/calendar.js';
import type { SlackDeps } from '../deps.js';
import { type ExportModalState, exportNoticeModal, exportPlanModal } from '../modals/exportModal.js';
import type { DecodedQuery } from '../payloads/queryValue.js';
import { encodeQueryValue } from '../payloads/queryValue.js';
import {
  exportSubject,
  fileComment,
  finalMessage,
  headerRow,
  joinedText,
  type PlanTexts,
  planTexts,
  progressMessage,
  uploadingMessage,
} from '../render/exportMessages.js';
import { renderNotice } from '../render/notice.js';
import { FileUploadError, postFile } from '../reply/fileUpload.js';
import { ProgressMessage } from '../reply/progressMessage.js';
import { webApiResponder } from '../reply/responders.js';
import { workspaceLang } from '../requester/language.js';
import type { Requester } from '../requester/requester.js';
import { warnNearBudget } from './budgetWarning.js';
import { namedDescriber } from './namedDescriber.js';

/** What the plan reads, for `teamId`: the cache of the key its calls would be paid with. */
function planDeps(deps: SlackDeps, teamId: string): ExportPlanDeps {
  return {
    peek: (operation, request) => deps.data.peek(operation, request, { teamId }),
    costOf: (operation) => deps.prices.priceOf(operation).coins,
    maxPages: deps.config.exportMaxPages,
  };
}

/** What the export of a query would be, for the modal (or the console) to show; or a notice instead. */
export type ExportPlanShown =
  | { plan: ExportPlan; texts: PlanTexts; state: ExportModalState; coins: number; joining: boolean; empty: boolean }
  | { notice: string };

/**
 * What the whole export costs before anything is spent (pages cached and free, pages to fetch ×
 * their price, the budgets left today, EXPORT_MAX_PAGES), and whether an export of the same query
 * is running already. Reads the cache and the budget counters only.
 */
export async function showExportPlan(
  deps: SlackDeps,
  requester: Requester,
  query: DecodedQuery,
  channelId: string | undefined,
  options: { destination?: boolean; threadTs?: string } = {},
): Promise<ExportPlanShown> {
  const { lang } = await requester.profile();
  try {
    const [plan, budgets] = await Promise.all([
      planExport(query.operation, query.request, planDeps(deps, requester.teamId)),
      deps.budgets.state({ teamId: requester.teamId, userId: requester.userId }, deps.now()),
    ]);
    const running = deps.exports.find(exportKey(requester.teamId, query.operation, query.request));
    const subject = exportSubject(query.operation, query.request, await namedDescriber(deps, requester.teamId), lang);
    const texts = planTexts({
      plan,
      budgets,
      subject,
      lang,
      destination: options.destination ?? true,
      ...(channelId ? { channelId } : {}),
      ...(channelId && options.threadTs ? { inThread: true } : {}),
      ...(running ? { runningBy: running.startedBy } : {}),
    });
    // The form's state keeps the language the export was asked in, for its messages after Export.
    const queryValue = encodeQueryValue({
      operation: query.operation,
      request: query.request,
      ...(query.locale ? { locale: query.locale } : {}),
    });
    if (queryValue === undefined) return { notice: lang.t('export.buttonBroken') };
    // Joining costs nothing: what the user confirms then is no charge at all.
    const confirmedCoins = running ? 0 : plan.coins;
    const state: ExportModalState = {
      queryValue,
      confirmedCoins,
      ...(channelId ? { channelId } : {}),
      ...(channelId && options.threadTs ? { threadTs: options.threadTs } : {}),
      ...(plan.pageSize !== undefined ? { pageSize: plan.pageSize } : {}),
    };
    return { plan, texts, state, coins: plan.coins, joining: running !== undefined, empty: plan.total === 0 };
  } catch (error) {
    deps.logger.warn({ err: error, operation: query.operation }, 'could not work out what an export costs');
    return { notice: lang.t('export.modal.failed') };
  }
}

/** The export modal's content, once its costs are known (the modal opened with "working out…"). */
export async function exportPlanView(
  deps: SlackDeps,
  requester: Requester,
  query: DecodedQuery,
  channelId: string | undefined,
  threadTs?: string,
): Promise<ModalView> {
  const shown = await showExportPlan(deps, requester, query, channelId, threadTs ? { threadTs } : {});
  const { lang } = await requester.profile();
  return 'notice' in shown ? exportNoticeModal(lang, shown.notice) : exportPlanModal({ lang, ...shown });
}

/** What an export made: its outcome, and the file (kept, so someone who joined elsewhere gets it too). */
interface ExportDone {
  outcome: ExportOutcome;
  rows: number;
  file?: FileBytes;
  /** Where the file was posted for the one who started it. */
  posted?: { channelId: string };
  uploadError?: string;
}

export interface FileBytes {
  bytes: Buffer;
  filename: string;
  title: string;
  subject: { operation: ExportPlan['operation']; request: Record<string, unknown> };
  startedBy: string;
}

/** `bids-光伏组件-20261122-1000.csv`: the operation, the query, and when, without characters file systems refuse. */
function fileName(operationName: string, query: DecodedQuery, now: number, timeZone: string): string {
  const parts = localParts(now, timeZone);
  const two = (n: number) => String(n).padStart(2, '0');
  const stamp = `${parts.year}${two(parts.month)}${two(parts.day)}-${two(parts.hour)}${two(parts.minute)}`;
  const definition: AnyOperation = operations[query.operation];
  // The values that pick the records, not the page, in the words people type: `CL-5m-30`, `光伏组件-ZJ-2`.
  const values =
    definition.wordsOf?.(query.request) ??
    Object.entries(query.request)
      .filter(
        ([field, value]) =>
          value !== undefined && field !== definition.pages?.pageField && field !== definition.pages?.sizeField,
      )
      .map(([, value]) => String(value));
  const words = [
    ...values
      .join('-')
      // biome-ignore lint/suspicious/noControlCharactersInRegex: control characters are what a file name must not carry.
      .replace(/[\\/:*?"<>|\s\x00-\x1f\x7f]+/g, '_')
      .replace(/^_+|_+$/g, ''),
  ]
    .slice(0, 60)
    .join('');
  return `${[operationName, words, stamp].filter(Boolean).join('-')}.csv`;
}

/** The language of what is posted in a conversation: the person's own in a DM, the workspace's where many read. */
function commentLang(rules: WorkspaceRules, channelId: string, ownLang: Lang): Lang {
  return channelId.startsWith('D') ? ownLang : workspaceLang(rules);
}

/** Where an export was asked: a conversation, and the thread in it (its parent's ts) when it was asked in one. */
interface AskedIn {
  channelId: string;
  threadTs?: string;
}

/**
 * Posts the file in `askedIn` (into its thread, where it was asked in one), or in the user's DM
 * with the app when there is no conversation or Slack will not take it there (not a member,
 * archived, a DM between other people …).
 */
async function deliver(
  deps: SlackDeps,
  client: WebClient,
  requester: Requester,
  askedIn: AskedIn | undefined,
  file: FileBytes,
  outcome: ExportOutcome,
  rows: number,
): Promise<{ channelId: string } | { error: string }> {
  const { lang: ownLang } = await requester.profile();
  const post = async ({ channelId, threadTs }: AskedIn) => {
    const lang = commentLang(requester.rules, channelId, ownLang);
    const subject = exportSubject(
      file.subject.operation,
      file.subject.request,
      await namedDescriber(deps, requester.teamId),
      lang,
    );
    await postFile(client, {
      channelId,
      ...(threadTs ? { threadTs } : {}),
      filename: file.filename,
      title: file.title,
      bytes: file.bytes,
      initialComment: fileComment(subject, outcome, rows, file.startedBy, lang, deps.config.demo),
    });
    return { channelId };
  };
  const direct = async () => {
    const opened = await client.conversations.open({ users: requester.userId });
    if (!opened.channel?.id) throw new FileUploadError('no_direct_message');
    return post({ channelId: opened.channel.id });
  };
  const codeOf = (error: unknown) =>
    error instanceof FileUploadError ? error.code : error instanceof Error ? error.message : String(error);
  if (askedIn) {
    try {
      return await post(askedIn);
    } catch (error) {
      deps.logger.info(
        { err: error, channelId: askedIn.channelId },
        'could not post the export in its conversation; sending it by direct message',
      );
    }
  }
  try {
    return await direct();
  } catch (error) {
    deps.logger.warn({ err: error }, 'could not post the export file');
    return { error: codeOf(error) };
  }
}

function askedIn(run: ExportRun): AskedIn | undefined {
  if (!run.channelId) return undefined;
  return { channelId: run.channelId, ...(run.threadTs ? { threadTs: run.threadTs } : {}) };
}

export interface ExportRun {
  query: DecodedQuery;
  /** The conversation the export was asked from: the file goes there. */
  channelId?: string;
  /** The thread in it the export was asked from (its parent's ts): the file is shared into it. */
  threadTs?: string;
  /** The page size the confirmed costs were worked out for. */
  pageSize?: number;
  /** The coins the person confirmed: the export never spends more. */
  confirmedCoins?: number;
}

/** An export's pages and its CSV file (none when no page could be fetched), made through the data client. */
export interface MadeExport {
  outcome: ExportOutcome;
  rows: number;
  file?: FileBytes;
}

/**
 * Fetches the pages of a confirmed export (the plan worked out again, for the page size whose costs
 * were shown) through the data client like any lookup, and writes the CSV: a BOM, the header in the
 * reader's language, one row per record. Shared by Slack and the console.
 */
export async function exportFile(
  deps: SlackDeps,
  requester: Requester,
  run: ExportRun,
  hooks: { onProgress?: (state: ExportProgress) => void; onUploading?: (rows: number) => void } = {},
): Promise<MadeExport> {
  const { query } = run;
  const { lang, timeZone } = await requester.profile();
  const definition: AnyOperation = operations[query.operation];
  const plan = await planExport(
    query.operation,
    query.request,
    planDeps(deps, requester.teamId),
    run.pageSize !== undefined ? { pageSize: run.pageSize } : {},
  );
  const context: CallContext = { teamId: requester.teamId, userId: requester.userId, source: 'export' };
  if (run.channelId) context.channelId = run.channelId;
  const outcome = await runExport(plan, {
    call: (operation, request, spendAtMost) =>
      deps.data.call(operation, request, context, { confirmed: true, spendAtMost }),
    ...(run.confirmedCoins !== undefined ? { confirmedCoins: run.confirmedCoins } : {}),
    ...(hooks.onProgress ? { onProgress: hooks.onProgress } : {}),
    timeZone: timeZone,
  });
  const table = exportTable(
    query.operation,
    outcome.pages.map((page) => page.result),
    { timeZone: timeZone },
  );
  const rows = table.rows.length;
  if (outcome.pages.length === 0) return { outcome, rows };
  hooks.onUploading?.(rows);
  const subject = exportSubject(query.operation, query.request, await namedDescriber(deps, requester.teamId), lang);
  const csv = toCsv(
    headerRow(table, lang),
    table.rows.map((row) => table.columns.map((column) => row[column.key])),
  );
  const file: FileBytes = {
    // Service text goes into the file as it came; a secret it quoted must not (replies are redacted at the client's fetch, file bytes are not).
    bytes: Buffer.from(deps.redact(csv), 'utf8'),
    filename: fileName(typedNameOf(definition), query, deps.now(), timeZone),
    title: `${subject.what} · ${subject.queryPlain}`.trim(),
    subject: query,
    startedBy: requester.userId,
  };
  return { outcome, rows, file };
}

/**
 * A confirmed export, from the first page to the posted file. The pages come through the data
 * client like any lookup (cache, single flight, budgets, limiter, ledger). Progress is one message in
 * the user's DM, edited as pages arrive; the file goes to the conversation; what is missing after a
 * budget or a failure is said with it, and the pages fetched are posted anyway. A second export of
 * the same query joins the first: same progress, same file, nothing charged twice.
 */
export async function runCsvExport(
  deps: SlackDeps,
  client: WebClient,
  requester: Requester,
  run: ExportRun,
): Promise<void> {
  const { lang } = await requester.profile();
  const { query } = run;
  const subject = exportSubject(query.operation, query.request, await namedDescriber(deps, requester.teamId), lang);
  const progress = new ProgressMessage(client, requester.userId, deps.logger);
  const key = exportKey(requester.teamId, query.operation, query.request);

  const produce = async (job: ExportJob<ExportDone>): Promise<ExportDone> => {
    const made = await exportFile(deps, requester, run, {
      onProgress: (state) => job.publish(state),
      onUploading: (rows) => progress.show(uploadingMessage(subject, rows, lang)),
    });
    if (!made.file) return { outcome: made.outcome, rows: made.rows };
    const delivered = await deliver(deps, client, requester, askedIn(run), made.file, made.outcome, made.rows);
    return 'error' in delivered ? { ...made, uploadError: delivered.error } : { ...made, posted: delivered };
  };

  let start: ExportStart<ExportDone>;
  try {
    start = await deps.exports.begin<ExportDone>(key, requester.userId, produce);
  } catch (error) {
    deps.logger.error({ err: error }, 'could not start an export');
    await progress.finish(renderNotice(lang.t('export.modal.failed'), lang));
    return;
  }
  const elsewhere = () =>
    progress.finish(
      renderNotice(lang.t('export.progress.elsewhere', { what: subject.what, query: subject.query }), lang),
    );
  if (start.kind === 'elsewhere') return elsewhere();
  const { job } = start;
  const joinedBy = start.kind === 'joined' ? job.startedBy : undefined;
  const show = (state: ExportProgress) => progress.show(progressMessage(subject, state, lang, joinedBy));
  if (job.latest) show(job.latest);
  else if (joinedBy) progress.show(renderNotice(joinedText(subject, lang, joinedBy), lang));
  const stopListening = job.onProgress(show);
  let done: ExportDone;
  try {
    done = await job.result;
  } catch (error) {
    if (error instanceof ExportElsewhereError) return elsewhere();
    deps.logger.error({ err: error, operation: query.operation }, 'export failed');
    await progress.finish(renderNotice(lang.t('export.done.failed'), lang));
    return;
  } finally {
    stopListening();
  }

  let posted = done.posted;
  let uploadError = done.uploadError;
  // Someone who joined from another conversation gets the same file there too (no coins: the bytes
  // are kept); not the one who started it, confirming twice.
  if (joinedBy && joinedBy !== requester.userId && done.file && posted?.channelId !== run.channelId) {
    const delivered = await deliver(deps, client, requester, askedIn(run), done.file, done.outcome, done.rows);
    if ('error' in delivered) uploadError = delivered.error;
    else posted = delivered;
  }
  await progress.finish(
    finalMessage(
      {
        outcome: done.outcome,
        rows: done.rows,
        ...(posted ? { file: posted } : {}),
        ...(uploadError ? { uploadError } : {}),
        ...(run.channelId ? { askedIn: run.channelId } : {}),
        ...(joinedBy && joinedBy !== requester.userId ? { paidBy: joinedBy } : {}),
      },
      lang,
    ),
  );
  // Whoever paid for the pages hears about their budget where the progress was: their direct messages.
  if (!joinedBy && done.outcome.coinsSpent > 0)
    await warnNearBudget(deps, requester, webApiResponder(client, requester.userId, undefined, deps.logger));
}
