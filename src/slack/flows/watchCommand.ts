import type { WebClient } from '@slack/web-api';
import { isDataError } from '../../core/errors.js';
import { parseTimeOfDay } from '../../core/jobs/schedule.js';
import { readCandlePeriod, watchOperation } from '../../core/watch/checks.js';
import type { WatchCost } from '../../core/watch/cost.js';
import type { Watch } from '../../core/watch/types.js';
import { readWatchCadence, readWatchKind, WatchInputError } from '../../core/watch/watchService.js';
import type { CatalogueKey } from '../../i18n/catalogueKeys.js';
import type { Lang, Phrase } from '../../i18n/lang.js';
import { escapeMrkdwn } from '../blockKit/mrkdwn.js';
import { appMembership } from '../calls/channelMembership.js';
import type { SlackDeps } from '../deps.js';
import { slackOperation, watchWordsOf } from '../operations/index.js';
import { readWatchRequestValue, type WatchRequest, watchRequestValue } from '../payloads/watchRequestValue.js';
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
import type { Requester } from '../requester/requester.js';
import { mayAdd, type OwnedEntryKind, ownedEntry } from './permissions.js';
import { readListWords, readVerbCommand, type SharedVerb, unknownVerbText, verbsByWord } from './verbCommand.js';

function watchUsage(lang: Lang): string {
  return ['add', 'list', 'run', 'pause', 'resume', 'remove'].map((verb) => lang.t(USAGE_KEYS[verb as Verb])).join('\n');
}

type Verb = SharedVerb | 'pause' | 'resume';
const USAGE_KEYS: Record<Verb, CatalogueKey> = {
  add: 'watch.command.usage.add',
  list: 'watch.command.usage.list',
  run: 'watch.command.usage.run',
  pause: 'watch.command.usage.pause',
  resume: 'watch.command.usage.resume',
  remove: 'watch.command.usage.remove',
};

/** Each verb, in English or in Chinese: the ones digests take too, and a watch's own. */
export const WATCH_VERBS = verbsByWord<Verb>({
  add: ['new', '关注'],
  run: ['check', '检查'],
  pause: ['pause', '暂停'],
  resume: ['resume', '恢复', '继续'],
  remove: ['stop', '取消'],
});

const WATCH_EXAMPLE = '/dq watch add taxpayer 91330106774738789M daily 09:00';
const ANNOUNCE_WORDS = new Set(['announce', 'notify-first', '首次推送', '立即推送']);

/** `name:value` with an English or Chinese name and a `:`, `：` or `=`; undefined when the word is not that option. */
function optionValue(word: string, names: RegExp): string | undefined {
  const match = new RegExp(`^(?:${names.source})[:：=](.*)$`, 'iu').exec(word);
  return match ? match[1]! : undefined;
}
const OPTIONS = {
  timeZone: /tz|时区/,
  lang: /lang|language|语言/,
  changePercent: /change|变动|涨跌/,
  above: /above|高于|上穿/,
  below: /below|低于|下穿/,
  period: /period|周期/,
} as const;

function isTimeWord(word: string): boolean {
  return parseTimeOfDay(word) !== undefined || /^[:：]\d{1,2}$/u.test(word);
}

/** The option a word names by itself (`above` in `above 80`), whose value is then the next word. */
function optionNamed(word: string): keyof typeof OPTIONS | undefined {
  return (Object.keys(OPTIONS) as Array<keyof typeof OPTIONS>).find((name) =>
    new RegExp(`^(?:${OPTIONS[name].source})$`, 'iu').test(word),
  );
}

/**
 * `taxpayer 91310000MA1FL8XQ30 daily 09:00`, `fund 000001 change:5% weekdays 18:00`,
 * `futures CL daily above:75 weekdays 16:00`: the kind first, then what is watched; options anywhere
 * (`above:75` or `above 75`); the last schedule word is the schedule (a futures period such as
 * `daily` may come before it). What is missing is said: a request is never refused without a reason.
 */
export function readWatchWords(words: string[]): WatchRequest | { problem: Phrase } {
  const [kind, ...rest] = words;
  if (!kind) return { problem: { key: 'watch.input.kindMissing' } };
  const request: WatchRequest = { kind, subject: '', cadence: '' };
  const plain: string[] = [];
  for (let i = 0; i < rest.length; i++) {
    const word = rest[i]!;
    const option = (Object.keys(OPTIONS) as Array<keyof typeof OPTIONS>).find(
      (name) => optionValue(word, OPTIONS[name]) !== undefined,
    );
    const named = option ? undefined : optionNamed(word);
    if (option) request[option] = optionValue(word, OPTIONS[option])!;
    else if (named && i + 1 < rest.length) request[named] = rest[++i]!;
    else if (ANNOUNCE_WORDS.has(word.toLowerCase())) request.announceFirst = true;
    else plain.push(word);
  }
  const timeAt = plain.findLastIndex(isTimeWord);
  if (timeAt >= 0) request.time = plain.splice(timeAt, 1)[0]!;
  const cadenceAt = plain.findLastIndex((word, index) => index > 0 && readWatchCadence(word) !== undefined);
  if (cadenceAt < 0)
    return { problem: { key: plain.length === 0 ? 'watch.input.subjectMissing' : 'watch.input.scheduleMissing' } };
  request.cadence = plain.splice(cadenceAt, 1)[0]!;
  const watched = readWatchKind(kind);
  if (
    watched === 'contract' &&
    plain.length >= 2 &&
    request.period === undefined &&
    readCandlePeriod(plain.at(-1)) !== undefined
  )
    request.period = plain.pop()!;
  const subject = plain.join(' ');
  // What is watched is named as a lookup names it (a contract by its name: gold → GC).
  const readSubject = watched ? slackOperation(watchOperation({ kind: watched })).watch?.readSubject : undefined;
  request.subject = readSubject ? readSubject(subject) : subject;
  return request;
}

/** "Watch … removed", for the command and the Stop buttons. */
export function removedText(watch: Watch, lang: Lang): string {
  return lang.t('watch.command.removed', {
    id: watch.id,
    target: describeTarget(watch.target, watchWordsOf, lang),
    channel: `<#${watch.channelId}>`,
  });
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
        if (everyWatch && !deps.config.adminUserIds.has(requester.userId))
          return await reply(lang.t('watch.command.adminsSeeAll'));
        return await responder.reply(
          await watchListMessage(deps, requester, everyWatch ? 'team' : 'channel', page, lang),
        );
      }
      case 'run':
      case 'pause':
      case 'resume':
      case 'remove': {
        const watch = await ownedEntry(deps, requester, rest[0], watchKind(deps), reply);
        if (!watch) return;
        if (action === 'run')
          return await reply(describeWatchRun(watch, await deps.watches.runNow(watch.id, requester.userId), lang));
        if (action === 'remove') {
          await deps.watches.remove(watch.id);
          return await reply(removedText(watch, lang));
        }
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
      return responder.reply(renderError(error, { lang, now: deps.now(), timeZone, example: WATCH_EXAMPLE }));
    deps.logger.error({ err: error }, 'watch command failed');
    await reply(lang.t(action === 'list' ? 'watch.command.storeDownReading' : 'watch.command.storeDownChanging'));
  }
}

/** `add …` shows what the watch will do and cost, with Save: nothing is stored before that click. */
async function preview(deps: SlackDeps, requester: Requester, words: string[], responder: Responder): Promise<void> {
  const { lang } = await requester.profile();
  const reply = (text: string) => responder.reply(renderNotice(text, lang));
  if (!mayAdd(deps, requester.userId)) return reply(lang.t('watch.command.adminsOnly'));
  if (!requester.channelId) return reply(lang.t('watch.command.inAChannel'));
  const request = readWatchWords(words);
  if ('problem' in request)
    return reply(
      `${lang.t('watch.command.inputProblem', { problem: escapeMrkdwn(lang.t(request.problem)) })}\n${lang.t('watch.command.usage.add')}`,
    );
  await showPreview(deps, requester, request, responder);
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
  await responder.reply(
    renderWatchPreview(
      watch,
      cost,
      deps.watches.nextRun(watch),
      watchRequestValue(request),
      watchWordsOf,
      (await requester.profile()).lang,
    ),
  );
}

/** Save on a preview: the request is read and checked again (a button value is only what a client sent). */
/** `client`: Slack's, to check the app is in the channel first (the console, which posts nowhere, has none). */
export async function saveWatch(
  deps: SlackDeps,
  requester: Requester,
  value: string | undefined,
  responder: Responder,
  client?: WebClient,
): Promise<void> {
  const { lang, timeZone } = await requester.profile();
  const reply = (text: string) => responder.reply(renderNotice(text, lang), { replace: true });
  try {
    const request = readWatchRequestValue(value);
    if (!request) return await reply(lang.t('watch.command.usageIs', { usage: watchUsage(lang) }));
    if (!mayAdd(deps, requester.userId)) return await reply(lang.t('watch.command.adminsOnly'));
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
      return responder.reply(renderError(error, { lang, now: deps.now(), timeZone, example: WATCH_EXAMPLE }), {
        replace: true,
      });
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
