import type { WebClient } from '@slack/web-api';
import { type BatchResult, resultsCsv, resultsWorkbook } from '../../core/batch/batchWorkbook.js';
import { MAX_LIST_BYTES } from '../../core/batch/sheetGrid.js';
import type { CheckListener, SupplierCheck } from '../../core/batch/supplierChecks.js';
import {
  type ListReading,
  readSupplierFile,
  type SupplierList,
  type UnreadableRow,
} from '../../core/batch/supplierList.js';
import type { BudgetState } from '../../core/ledger/budgets.js';
import { exactLocale, type Lang, langFor } from '../../i18n/lang.js';
import { textLanguage } from '../../i18n/textLanguage.js';
import { readSharedFile } from '../calls/sharedFiles.js';
import { newestListInThread } from '../calls/threadFiles.js';
import type { TeamClients } from '../calls/workspaceInstalls.js';
import type { SlackDeps } from '../deps.js';
import { renderNotice } from '../render/notice.js';
import {
  type ListSource,
  listRefusalText,
  resultsOf,
  supplierPlanMessage,
  supplierProgressMessage,
  supplierSummaryMessage,
} from '../render/supplierCheck.js';
import { postFile } from '../reply/fileUpload.js';
import type { SlackMessage } from '../reply/slackMessage.js';
import type { PersonalMessage, SharedFile } from '../requester/personalMessage.js';
import type { Requester } from '../requester/requester.js';

/** What the person may still spend today: the lower of their own budget and the workspace's, when either is limited. */
function budgetLeft(state: BudgetState): number | undefined {
  const left = [state.team, state.user]
    .filter((slot) => slot?.limit !== undefined)
    .map((slot) => Math.max(0, slot!.limit! - slot!.spent));
  return left.length > 0 ? Math.min(...left) : undefined;
}

/** The language of the answer: the one the message was written in when it is clear, else the person's own. */
async function answerLang(requester: Requester, text: string): Promise<Lang> {
  const said = textLanguage(text);
  return said ? langFor(said) : (await requester.profile()).lang;
}

async function post(client: WebClient, channel: string, message: SlackMessage): Promise<string | undefined> {
  const posted = await client.chat.postMessage({ channel, text: message.text, blocks: message.blocks });
  return posted.ts;
}

/** Edits the check's message in place; a message Slack no longer has (deleted) does not stop the check or its files. */
async function update(
  client: WebClient,
  surface: Record<string, string> | undefined,
  message: SlackMessage,
  logger?: SlackDeps['logger'],
): Promise<void> {
  if (!surface?.channel || !surface.ts) return;
  try {
    await client.chat.update({ channel: surface.channel, ts: surface.ts, text: message.text, blocks: message.blocks });
  } catch (error) {
    logger?.warn({ err: error }, 'could not edit a supplier check’s message');
  }
}

/**
 * A file shared with the app (in its direct messages, or with a mention): read as a supplier list and
 * answered privately, in the person's direct messages, with the plan of its check (costs first,
 * Start and Cancel) or why it cannot be read. Nothing is looked up before Start.
 */
export async function checkSharedList(
  deps: SlackDeps,
  client: WebClient,
  requester: Requester,
  message: PersonalMessage,
  botToken: string | undefined,
  shared: SharedFile | undefined = message.files?.[0],
): Promise<void> {
  const lang = await answerLang(requester, message.text);
  const notice = (text: string) => post(client, requester.userId, renderNotice(text, lang));
  if (!shared || !botToken) return;
  try {
    const file = await readSharedFile(client, shared.id, {
      token: botToken,
      ...(deps.config.apiUrl ? { apiUrl: deps.config.apiUrl } : {}),
      maxBytes: MAX_LIST_BYTES,
    });
    const fileName = file.kind === 'file' || file.kind === 'tooLarge' ? file.name || shared.name : shared.name;
    if (file.kind === 'noScope') return void (await notice(lang.t('batch.answer.notInstalled')));
    if (file.kind === 'failed') {
      deps.logger.warn({ code: file.code }, 'could not download a shared supplier list');
      return void (await notice(lang.t('batch.answer.downloadFailed')));
    }
    if (file.kind === 'tooLarge')
      return void (await notice(
        listRefusalText({ reason: 'tooLarge', bytes: file.bytes, max: MAX_LIST_BYTES }, fileName, lang),
      ));
    const reading = await readSupplierFile(file.bytes, { maxRows: deps.config.supplierCheckMaxRows });
    if (reading.kind === 'refused') return void (await notice(listRefusalText(reading.refusal, fileName, lang)));
    await planSupplierList(deps, client, requester, reading.list, { kind: 'file', name: fileName }, lang);
  } catch (error) {
    deps.logger.error({ err: error }, 'could not plan a supplier list check');
    await notice(lang.t('batch.answer.downloadFailed')).catch(() => undefined);
  }
}

/**
 * `@dq 核查这个名单` with no file of its own: the newest CSV or XLSX shared earlier in its thread is
 * the list, read and planned as a shared file is. No thread, or no such file in it, is answered
 * with how to share one; a thread the app may not read (a scope added after it was installed) says
 * so. The answer is private, in the person's direct messages, where the plan would be.
 */
export async function checkThreadList(
  deps: SlackDeps,
  client: WebClient,
  requester: Requester,
  message: PersonalMessage,
  context: { botToken?: string | undefined; botUserId?: string | undefined },
): Promise<void> {
  const lang = await answerLang(requester, message.text);
  const notice = (text: string) => post(client, requester.userId, renderNotice(text, lang));
  try {
    const found = message.threadTs
      ? await newestListInThread(client, {
          channel: message.channel,
          threadTs: message.threadTs,
          before: message.ts,
          botUserId: context.botUserId,
        })
      : ({ kind: 'none' } as const);
    if (found.kind === 'file')
      return await checkSharedList(deps, client, requester, message, context.botToken, found.file);
    if (found.kind === 'noScope')
      return void (await notice(lang.t('batch.thread.notInstalled', { scope: found.needed })));
    if (found.kind === 'failed') {
      deps.logger.warn({ code: found.code }, 'could not read a thread for its supplier list');
      return void (await notice(lang.t('batch.thread.failed')));
    }
    await notice(lang.t(message.direct ? 'batch.thread.noneDirect' : 'batch.thread.none'));
  } catch (error) {
    deps.logger.error({ err: error }, 'could not look for a supplier list in a thread');
    await notice(lang.t('batch.thread.failed')).catch(() => undefined);
  }
}

/**
 * The plan of a list's check, posted privately (the person's direct messages) with Start and Cancel:
 * a shared file's, a pasted one's or a message's. Nothing is looked up before Start.
 */
export async function planSupplierList(
  deps: SlackDeps,
  client: WebClient,
  requester: Requester,
  list: SupplierList,
  source: ListSource,
  lang: Lang,
): Promise<'planned' | 'busy'> {
  const spender = {
    teamId: requester.teamId,
    userId: requester.userId,
    ...(requester.channelId ? { channelId: requester.channelId } : {}),
  };
  const state = await deps.budgets.state(spender, deps.now());
  // The check speaks the language of the message (or form) that gave the list, through to its results.
  const planned = await deps.supplierChecks.plan(list, spender, budgetLeft(state), { locale: lang.locale });
  if (planned.kind === 'busy') {
    // A message's shortcut answers where it was used, so the busy answer goes there, not to the DMs.
    if (source.kind !== 'message') await post(client, requester.userId, renderNotice(lang.t(BUSY[source.kind]), lang));
    return 'busy';
  }
  await post(client, requester.userId, supplierPlanMessage(list, planned.plan, planned.check.planId, source, lang));
  return 'planned';
}

/** Another check still running: what to do with this list once it ends, by how the list came in. */
export const BUSY = {
  file: 'batch.answer.busy',
  pasted: 'batch.paste.busy',
  message: 'batch.message.busy',
} as const satisfies Record<ListSource['kind'], string>;

/**
 * What is wrong with a list pasted in the form, said on its field (nothing is charged), or undefined
 * when it has a supplier to check: nothing readable, or more rows than one check takes.
 */
export function pastedListProblem(reading: ListReading, lang: Lang): string | undefined {
  if (reading.kind === 'refused')
    return reading.refusal.reason === 'tooManyRows'
      ? lang.t('batch.paste.tooManyRows', { rows: reading.refusal.rows, max: reading.refusal.max })
      : lang.t('batch.paste.nothing');
  if (reading.list.entries.length > 0) return undefined;
  const [first] = reading.list.unreadable;
  return [lang.t('batch.paste.nothing'), ...(first ? [plainUnreadableLine(first, lang)] : [])].join(' ');
}

/** A row that could not be read, in a field's plain text (no markup there to escape). */
function plainUnreadableLine(row: UnreadableRow, lang: Lang): string {
  return lang.t('batch.plan.unreadableLine', {
    row: row.row,
    text: row.text,
    reason: lang.t(`batch.unreadable.${row.reason}`),
  });
}

/** What a running check tells the person: its progress in place of the plan, then the summary and the files. */
export function checkListener(deps: SlackDeps, client: WebClient, check: SupplierCheck): CheckListener {
  const lang = langFor(exactLocale(check.surface?.locale) ?? 'en');
  const { rateLimit } = deps.supplierChecks;
  return {
    progress: (current) =>
      update(client, current.surface, supplierProgressMessage(current, rateLimit, lang), deps.logger),
    async finished(done) {
      await update(client, done.surface, supplierSummaryMessage(done, lang), deps.logger);
      const channelId = done.surface?.channel;
      if (!channelId) return;
      // Service text goes into the files as it came; a secret it quoted must not (messages are redacted on their way out, file bytes are not).
      const results = JSON.parse(deps.redact(JSON.stringify(resultsOf(done)))) as BatchResult[];
      const stem = `${lang.t('batch.file.name')}-${new Date(deps.now()).toISOString().slice(0, 10)}`;
      const workbook = await resultsWorkbook(results, done.unreadable, lang);
      await postFile(client, {
        channelId,
        filename: `${stem}.xlsx`,
        title: `${stem}.xlsx`,
        bytes: workbook,
        contentType: 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet',
        initialComment: lang.t('batch.summary.fileComment'),
      });
      await postFile(client, {
        channelId,
        filename: `${stem}.csv`,
        title: `${stem}.csv`,
        bytes: Buffer.from(resultsCsv(results, lang), 'utf8'),
      });
    },
  };
}

/**
 * A plan no longer waiting (cancelled, started, expired): what to do to plan the list anew, by how
 * it came in (the plan's buttons say); said of every way when the plan is older than that.
 */
const GONE = {
  file: 'batch.answer.gone',
  pasted: 'batch.answer.gonePasted',
  message: 'batch.answer.goneMessage',
} as const satisfies Record<ListSource['kind'], string>;

function goneText(source: ListSource['kind'] | undefined, lang: Lang): string {
  return lang.t(source ? GONE[source] : 'batch.answer.goneAny');
}

/** Start: the plan's message becomes the progress, updated in place. */
export async function startSupplierCheck(
  deps: SlackDeps,
  client: WebClient,
  requester: Requester,
  surface: { channel: string; ts: string },
  planId: string,
  source?: ListSource['kind'],
): Promise<void> {
  const spender = { teamId: requester.teamId, userId: requester.userId };
  const existing = await deps.supplierChecks.find(spender);
  const planned = exactLocale(existing?.surface?.locale);
  const lang = planned ? langFor(planned) : (await requester.profile()).lang;
  const placed = { ...surface, locale: lang.locale };
  const listener = existing ? checkListener(deps, client, { ...existing, surface: placed }) : undefined;
  const check = listener && (await deps.supplierChecks.start(spender, planId, placed, listener));
  if (!check) return update(client, surface, renderNotice(goneText(source, lang), lang));
  await update(client, surface, supplierProgressMessage(check, deps.supplierChecks.rateLimit, lang));
}

export async function cancelSupplierCheck(
  deps: SlackDeps,
  client: WebClient,
  requester: Requester,
  surface: { channel: string; ts: string },
  source?: ListSource['kind'],
): Promise<void> {
  const { lang } = await requester.profile();
  const cancelled = await deps.supplierChecks.cancel({ teamId: requester.teamId, userId: requester.userId });
  await update(
    client,
    surface,
    renderNotice(cancelled ? lang.t('batch.answer.cancelled') : goneText(source, lang), lang),
  );
}

export async function stopSupplierCheck(
  deps: SlackDeps,
  client: WebClient,
  requester: Requester,
  surface: { channel: string; ts: string },
): Promise<void> {
  const { lang } = await requester.profile();
  const stopping = await deps.supplierChecks.stop({ teamId: requester.teamId, userId: requester.userId });
  await update(
    client,
    surface,
    renderNotice(lang.t(stopping ? 'batch.answer.stopping' : 'batch.answer.notRunning'), lang),
  );
}

/** Resumes each check with its own workspace's client: with Add to Slack, the app has no one token. */
export async function resumeSupplierChecks(deps: SlackDeps, clients: TeamClients): Promise<void> {
  const resumed = await deps.supplierChecks.resume(async (check) =>
    checkListener(deps, await clients.forTeam(check.teamId), check),
  );
  if (resumed > 0) deps.logger.info({ resumed }, 'supplier list checks resumed');
}
