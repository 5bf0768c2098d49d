import type { WebClient } from '@slack/web-api';
import { isDataError } from '../../core/errors.js';
import type { Cadence } from '../../core/jobs/schedule.js';
import { watchOperation } from '../../core/watch/checks.js';
import type { WatchCost } from '../../core/watch/cost.js';
import { TENDER_PAGES_DEFAULT } from '../../core/watch/newNotices.js';
import type { Watch, WatchKind } from '../../core/watch/types.js';
import { readWatchKind, WatchInputError } from '../../core/watch/watchService.js';
import type { CatalogueKey } from '../../i18n/catalogueKeys.js';
import type { Lang, Phrase } from '../../i18n/lang.js';
import { escapeMrkdwn } from '../blockKit/mrkdwn.js';
import { appMembership } from '../calls/channelMembership.js';
import type { SlackDeps } from '../deps.js';
import { userFieldName } from '../parse/examples.js';
import {
  readListWords,
  readTenderSearch,
  readWatchWords,
  WATCH_VERBS,
  type WatchSubjects,
  type WatchVerb,
} from '../parse/subscriptionCommand.js';
import {
  readWatchCancelValue,
  readWatchRequestValue,
  type WatchRequest,
  watchRequestValue,
} from '../payloads/watchRequestValue.js';
import { renderError } from '../render/errorMessage.js';
import { pageOf, withItems } from '../render/listPages.js';
import { renderNotice } from '../render/notice.js';
import {
  describeTarget,
  describeWatchRun,
  renderWatchList,
  renderWatchPreview,
  type WatchListItem,
  watchLines,
} from '../render/watch.js';
import type { Responder } from '../reply/responder.js';
import type { SlackMessage } from '../reply/slackMessage.js';
import { type Requester, speaking } from '../requester/requester.js';
import { slackOperation, watchWordsOf } from '../slackOperations/index.js';
import { isAdmin, mayAdd, type OwnedEntryKind, ownedEntry } from './permissions.js';
import { readVerbCommand, unknownVerbText } from './verbCommand.js';

function watchUsage(lang: Lang): string {
  return ['add', 'list', 'run', 'pause', 'resume', 'remove']
    .map((verb) => lang.t(USAGE_KEYS[verb as WatchVerb]))
    .join('\n');
}

const USAGE_KEYS: Record<WatchVerb, CatalogueKey> = {
  add: 'watch.command.usage.add',
  list: 'watch.command.usage.list',
  run: 'watch.command.usage.run',
  pause: 'watch.command.usage.pause',
  resume: 'watch.command.usage.resume',
  remove: 'watch.command.usage.remove',
};

/** What only the flows may read, handed to the watch grammar. */
export const WATCH_SUBJECTS: WatchSubjects = {
  get tenderSyntax() {
    return slackOperation(watchOperation({ kind: 'tenders' })).syntax;
  },
  readSubject: (kind) => slackOperation(watchOperation({ kind })).watch?.readSubject,
};

/** A request from a form, whose tender search was typed in one field (`光伏组件 region:ZJ`): read as a command reads it. */
export function withTenderSearch(request: WatchRequest): WatchRequest | { problem: Phrase } {
  if (readWatchKind(request.kind) !== 'tenders' || request.search !== undefined) return request;
  const search = readTenderSearch(request.subject.split(/\s+/).filter(Boolean), WATCH_SUBJECTS.tenderSyntax);
  return 'problem' in search ? search : { ...request, ...search };
}

/**
 * A refused watch's fields by the names its lookup's help teaches (`symbol` is the contract's word),
 * and an example of the kind asked for, in the reader's language.
 */
function watchErrorWords(
  kindWord: string | undefined,
  lang: Lang,
): { example: string; fieldLabel?: (field: string) => string } {
  const watched = kindWord ? readWatchKind(kindWord) : undefined;
  if (!watched) return { example: lang.t('watch.command.example.company') };
  const { syntax } = slackOperation(watchOperation({ kind: watched }));
  return {
    example: lang.t(`watch.command.example.${watched}`),
    fieldLabel: (field) => userFieldName(syntax, field, lang),
  };
}

/** What a result's "Watch this" would watch, in the reader's words (mrkdwn-safe): the form says it. */
export function describeWatchable(
  watchable: { kind: WatchKind; subject: string; search?: WatchRequest['search'] },
  lang: Lang,
): string | undefined {
  if (watchable.kind !== 'tenders') return undefined;
  const search = { keyword: watchable.subject, ...watchable.search };
  return describeTarget({ kind: 'tenders', search, maxPages: TENDER_PAGES_DEFAULT }, watchWordsOf, lang);
}

/** "Watch … removed", for the command and the Stop buttons. */
export function removedText(watch: Watch, lang: Lang): string {
  return lang.t('watch.command.removed', {
    id: watch.id,
    target: describeTarget(watch.target, watchWordsOf, lang),
    channel: `<#${watch.channelId}>`,
  });
}

/**
 * Stops a watch, for its creator or an admin only: `/dq watch remove`, Stop under a watch's post or
 * on App Home, and the console's Stop. Each answer goes to `reply`.
 */
export async function removeWatch(
  deps: SlackDeps,
  requester: Requester,
  id: string | undefined,
  reply: (text: string) => Promise<void>,
): Promise<void> {
  const watch = await ownedEntry(requester, id, watchKind(deps), reply);
  if (!watch) return;
  await deps.watches.remove(watch.id);
  const { lang } = await requester.profile();
  await reply(removedText(watch, lang));
}

/** Cancel on a watch's preview: the preview replaced by "nothing was saved", in the preview's language (the button carries it). */
export async function cancelWatchPreview(
  requester: Requester,
  value: string | undefined,
  responder: Responder,
): Promise<void> {
  const locale = readWatchCancelValue(value);
  const { lang } = await (locale ? speaking(requester, locale) : requester).profile();
  await responder.reply(renderNotice(lang.t('watch.command.cancelled'), lang), { replace: true });
}

/** "Saved: …" with the watch's lines, for Save on a preview and the watch form. */
export function savedText(deps: SlackDeps, watch: Watch, cost: WatchCost, lang: Lang): string {
  return lang.t('watch.command.saved', {
    lines: watchLines(watch, cost, deps.watches.nextRun(watch), watchWordsOf, lang),
  });
}

/** Watches a reply lists at once (a block each, about 400 characters): well within Slack's 50 blocks and 12,000 characters. */
const WATCHES_PER_MESSAGE = 20;

/** Each watch shown, with its cost and next check (worked out for the shown ones only). */
export function listItems(deps: SlackDeps, watches: Watch[]): WatchListItem[] {
  return watches.map((watch) => ({ watch, cost: deps.watches.cost(watch), nextRun: deps.watches.nextRun(watch) }));
}

/** What the running watches cost in the next 30 days: their stored checks at today's prices, no schedule read. */
export function runningCostPerMonth(deps: SlackDeps, watches: readonly Watch[]): number {
  return watches.reduce((sum, watch) => (watch.paused ? sum : sum + deps.watches.cost(watch).perMonth), 0);
}

/** One page of this channel's watches (or, for `team`, the workspace's), for `/dq watch list` and its Previous/Next. */
export async function watchListMessage(
  deps: SlackDeps,
  requester: Requester,
  scope: 'channel' | 'team',
  page: number,
  lang: Lang,
): Promise<SlackMessage> {
  const watches = await deps.watches.list(requester.teamId, scope === 'team' ? undefined : (requester.channelId ?? ''));
  const shown = pageOf(watches, page, WATCHES_PER_MESSAGE);
  return renderWatchList(
    withItems(shown, listItems(deps, shown.items)),
    runningCostPerMonth(deps, watches),
    scope,
    watchWordsOf,
    lang,
  );
}

/** `/dq watch …`: what changes this channel hears about. Replies are in the requester's language. */
export async function watchCommand(
  deps: SlackDeps,
  requester: Requester,
  words: string[],
  responder: Responder,
): Promise<void> {
  const command = await readVerbCommand(WATCH_VERBS, requester, words, responder);
  const { lang, timeZone, action, rest, reply } = command;
  try {
    switch (action) {
      case 'add':
        return await preview(deps, requester, rest, responder);
      case 'list': {
        const { all: everyWatch, page } = readListWords(rest);
        if (everyWatch && !(await isAdmin(requester))) return await reply(lang.t('watch.command.adminsSeeAll'));
        return await responder.reply(
          await watchListMessage(deps, requester, everyWatch ? 'team' : 'channel', page, lang),
        );
      }
      case 'run':
      case 'pause':
      case 'resume':
      case 'remove': {
        if (action === 'remove') return await removeWatch(deps, requester, rest[0], reply);
        const watch = await ownedEntry(requester, rest[0], watchKind(deps), reply);
        if (!watch) return;
        if (action === 'run')
          return await reply(describeWatchRun(watch, await deps.watches.runNow(watch.id, requester.userId), lang));
        if (action === 'pause') await deps.watches.pause(watch.id, requester.userId);
        else await deps.watches.resume(watch.id);
        return await reply(
          lang.t(action === 'pause' ? 'watch.command.paused' : 'watch.command.resumed', {
            id: watch.id,
            target: describeTarget(watch.target, watchWordsOf, lang),
          }),
        );
      }
      default:
        await reply(
          unknownVerbText(
            command,
            { unknownVerb: 'watch.command.unknownVerb', whatToDo: 'watch.command.whatToDo' },
            watchUsage(lang),
          ),
        );
    }
  } catch (error) {
    if (error instanceof WatchInputError)
      return reply(lang.t('watch.command.inputProblem', { problem: escapeMrkdwn(lang.t(error.phrase)) }));
    if (isDataError(error))
      return responder.reply(
        renderError(error, {
          lang,
          now: deps.now(),
          timeZone,
          ...watchErrorWords(action === 'add' ? rest[0] : undefined, lang),
        }),
      );
    deps.logger.error({ err: error }, 'watch command failed');
    await reply(lang.t(action === 'list' ? 'watch.command.storeDownReading' : 'watch.command.storeDownChanging'));
  }
}

/** `add …` shows what the watch will do and cost, with Save: nothing is stored before that click. */
async function preview(deps: SlackDeps, requester: Requester, words: string[], responder: Responder): Promise<void> {
  const { lang } = await requester.profile();
  const reply = (text: string) => responder.reply(renderNotice(text, lang));
  if (!(await mayAdd(requester))) return reply(lang.t('watch.command.adminsOnly'));
  if (!requester.channelId) return reply(lang.t('watch.command.inAChannel'));
  const request = readWatchWords(words, WATCH_SUBJECTS);
  if ('problem' in request)
    return reply(
      `${lang.t('watch.command.inputProblem', { problem: escapeMrkdwn(lang.t(request.problem)) })}\n${lang.t('watch.command.usage.add')}`,
    );
  await showPreview(deps, requester, request, responder);
}

/** A watch asked for in words (盯着000001的规模): its preview, as `/dq watch add` shows it, with Save; nothing stored before. */
export async function offerWatch(
  deps: SlackDeps,
  requester: Requester,
  request: WatchRequest,
  responder: Responder,
): Promise<void> {
  const { lang } = await requester.profile();
  const reply = (text: string) => responder.reply(renderNotice(text, lang));
  if (!(await mayAdd(requester))) return reply(lang.t('watch.command.adminsOnly'));
  if (!requester.channelId) return reply(lang.t('watch.command.inAChannel'));
  try {
    await showPreview(deps, requester, request, responder);
  } catch (error) {
    if (!(error instanceof WatchInputError)) throw error;
    await reply(lang.t('watch.command.inputProblem', { problem: escapeMrkdwn(lang.t(error.phrase)) }));
  }
}

async function showPreview(
  deps: SlackDeps,
  requester: Requester,
  request: WatchRequest,
  responder: Responder,
): Promise<void> {
  const { watch, cost } = await deps.watches.prepare({
    ...request,
    teamId: requester.teamId,
    channelId: requester.channelId ?? '',
    createdBy: requester.userId,
  });
  const { lang } = await requester.profile();
  // The buttons carry the preview's language: it may be the command's words', not the person's own.
  const fit = deps.watches.fitting(watch);
  const proposal = fit && {
    ...fit,
    saveValue: watchRequestValue(
      { ...request, cadence: cadenceWord(fit.schedule.cadence), time: fit.schedule.time },
      lang.locale,
    ),
  };
  await responder.reply(
    renderWatchPreview(
      watch,
      cost,
      deps.watches.nextRun(watch),
      watchRequestValue(request, lang.locale),
      watchWordsOf,
      lang,
      proposal,
    ),
  );
}

/** A cadence as the watch command reads it (`weekdays`, `weekly:mon`), for a request carried in a button. */
function cadenceWord(cadence: Cadence): string {
  return cadence.kind === 'weekly' ? `weekly:${cadence.weekday}` : cadence.kind;
}

/**
 * Save on a preview: the request is read and checked again (a button value is only what a client
 * sent), and answered in the preview's language. `client`: Slack's, to check the app is in the
 * channel first (the console, which posts nowhere, has none).
 */
export async function saveWatch(
  deps: SlackDeps,
  asker: Requester,
  value: string | undefined,
  responder: Responder,
  client?: WebClient,
): Promise<void> {
  const saved = readWatchRequestValue(value);
  const requester = saved?.locale ? speaking(asker, saved.locale) : asker;
  const { lang, timeZone } = await requester.profile();
  const reply = (text: string) => responder.reply(renderNotice(text, lang), { replace: true });
  try {
    if (!saved) return await reply(lang.t('watch.command.usageIs', { usage: watchUsage(lang) }));
    const { request } = saved;
    if (!(await mayAdd(requester))) return await reply(lang.t('watch.command.adminsOnly'));
    if (!requester.channelId) return await reply(lang.t('watch.command.inAChannel'));
    const prepared = await deps.watches.prepare({
      ...request,
      teamId: requester.teamId,
      channelId: requester.channelId,
      createdBy: requester.userId,
    });
    if (client && (await appMembership(client, requester.channelId, deps.logger)) === 'not_member')
      return await reply(lang.t('watch.command.notMember', { channel: `<#${requester.channelId}>` }));
    const watch = await deps.watches.save(prepared.watch);
    await reply(savedText(deps, watch, prepared.cost, lang));
  } catch (error) {
    if (error instanceof WatchInputError)
      return reply(lang.t('watch.command.inputProblem', { problem: escapeMrkdwn(lang.t(error.phrase)) }));
    if (isDataError(error))
      return responder.reply(
        renderError(error, { lang, now: deps.now(), timeZone, ...watchErrorWords(saved?.request.kind, lang) }),
        { replace: true },
      );
    deps.logger.error({ err: error }, 'could not save a watch');
    await reply(lang.t('watch.command.storeDownChanging'));
  }
}

/** A watch the requester names and may manage. */
function watchKind(deps: SlackDeps): OwnedEntryKind<Watch> {
  return {
    find: (teamId, id) => deps.watches.find(teamId, id),
    which: 'watch.command.whichWatch',
    noSuch: 'watch.command.noSuchWatch',
    notYours: 'watch.command.notYours',
  };
}
