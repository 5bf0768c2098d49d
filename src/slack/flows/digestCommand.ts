import type { WebClient } from '@slack/web-api';
import { DIGEST_OPERATION, SALE_STATUS_WORDS } from '../../core/digest/collect.js';
import { DigestInputError, type NewDigest } from '../../core/digest/digestService.js';
import { FUND_KIND_WORDS } from '../../core/digest/newFundFilter.js';
import type { Digest } from '../../core/digest/types.js';
import type { Lang, Phrase } from '../../i18n/lang.js';
import { escapeMrkdwn } from '../blockKit/mrkdwn.js';
import { appMembership } from '../calls/channelMembership.js';
import type { SlackDeps } from '../deps.js';
import { optionKeys } from '../parse/commandSyntax.js';
import { DIGEST_VERBS, readDigestAddWords, readListWords } from '../parse/subscriptionCommand.js';
import { DIGESTS_PER_MESSAGE, renderDigestList } from '../render/digestList.js';
import { describeRunOutcome } from '../render/digestRun.js';
import { pageOf } from '../render/listPages.js';
import type { Responder } from '../reply/responder.js';
import type { SlackMessage } from '../reply/slackMessage.js';
import type { Requester } from '../requester/requester.js';
import { slackOperation } from '../slackOperations/index.js';
import { mayAdd, type OwnedEntryKind, ownedEntry } from './permissions.js';
import { readVerbCommand, unknownVerbText } from './verbCommand.js';

/** The syntax of `/dq digest …`, in the reader's language (the command words stay as typed). */
function digestUsage(lang: Lang): string {
  return [
    lang.t('digests.command.usage.add', {
      statuses: { words: SALE_STATUS_WORDS, joinedBy: 'common.wordList.alternatives' },
      kinds: { words: FUND_KIND_WORDS, joinedBy: 'common.wordList.alternatives' },
    }),
    lang.t('digests.command.usage.list'),
    lang.t('digests.command.usage.remove'),
    lang.t('digests.command.usage.run'),
  ].join('\n');
}

/** `/dq digest …`: manage the scheduled new-fund digests of a channel. Replies are in the requester's language. */
export async function digestCommand(
  deps: SlackDeps,
  requester: Requester,
  words: string[],
  responder: Responder,
  client?: WebClient,
): Promise<void> {
  const command = await readVerbCommand(DIGEST_VERBS, requester, words, responder);
  const { lang, action, rest, reply } = command;
  try {
    switch (action) {
      case 'add':
        return await add(deps, requester, rest, reply, client);
      case 'list':
        await responder.reply(await digestListMessage(deps, requester, readListWords(rest).page, lang));
        return;
      case 'remove':
        return await remove(deps, requester, rest[0], reply);
      case 'run':
        return await runNow(deps, requester, rest[0], reply);
      default:
        await reply(
          unknownVerbText(
            command,
            { unknownVerb: 'digests.command.unknownVerb', whatToDo: 'digests.command.whatToDo' },
            digestUsage(lang),
          ),
        );
    }
  } catch (error) {
    if (error instanceof DigestInputError)
      return reply(lang.t('digests.command.inputProblem', { problem: escapeMrkdwn(lang.t(error.phrase)) }));
    deps.logger.error({ err: error }, 'digest command failed');
    await reply(lang.t(action === 'list' ? 'digests.command.storeDownReading' : 'digests.command.storeDownChanging'));
  }
}

/** Why the workspace's digests and watches hold (Add to Slack), if they do; a store that does not answer shows none. */
export async function jobsHeld(deps: SlackDeps, teamId: string): Promise<Phrase | undefined> {
  const held = await deps.workspaces?.stopped(teamId).catch((error: unknown) => {
    deps.logger.warn({ err: error }, 'could not read whether the workspace’s jobs hold');
    return undefined;
  });
  return held?.reason;
}

/** One page of this channel's digests, for `/dq digest list` and its Previous/Next. */
export async function digestListMessage(
  deps: SlackDeps,
  requester: Requester,
  page: number,
  lang: Lang,
): Promise<SlackMessage> {
  const [digests, held] = await Promise.all([
    deps.digests.list(requester.teamId, requester.channelId),
    jobsHeld(deps, requester.teamId),
  ]);
  return renderDigestList(pageOf(digests, page, DIGESTS_PER_MESSAGE), {
    now: deps.now(),
    jobsHeld: held,
    nextRun: (d) => deps.digests.nextRun(d),
    scope: 'channel',
    lang,
  });
}

/** The new-fund list's keys for a kind (`fundtype:`, 基金类型): a digest is asked for its kinds as the list is. */
function fundKindKeys(): readonly string[] {
  const option = slackOperation(DIGEST_OPERATION).syntax.options.find((one) => one.field === 'fundKind');
  return option ? optionKeys(option) : [];
}

/**
 * The digest `/dq digest add <words>` asks for, read and checked as far as it can be without the
 * store: its channel (named, or the one asked in) judged as the form judges it, the words placed.
 * A digest offer reads its Save's words here too, so what it shows is what Save adds.
 */
export async function readDigestAdd(
  requester: Requester,
  words: readonly string[],
  lang: Lang,
): Promise<{ request: NewDigest } | { problem: string }> {
  const { positional, named, timeZone, lang: digestLang, fundOptions } = readDigestAddWords(words, fundKindKeys());
  const [cadence, time, filter, ...extra] = positional;
  if (!cadence || !time || extra.length > 0)
    return { problem: lang.t('digests.command.usageIs', { usage: digestUsage(lang) }) };
  if (named && !named.channelId)
    throw new DigestInputError('channel', { key: 'digests.input.channel', values: { value: named.word } });
  const channelId = named?.channelId ?? requester.channelId;
  if (!channelId) return { problem: lang.t('digests.command.inAChannel') };
  // Another channel is judged as the form judges the one it names: the allowlists, Slack Connect.
  const refused = channelId === requester.channelId ? undefined : await requester.refusalIn(channelId);
  if (refused) return { problem: lang.t(refused) };
  return {
    request: {
      teamId: requester.teamId,
      channelId,
      createdBy: requester.userId,
      cadence,
      time,
      ...(filter ? { filter } : {}),
      ...(timeZone !== undefined ? { timeZone } : {}),
      ...(digestLang !== undefined ? { lang: digestLang } : {}),
      ...(fundOptions.type !== undefined ? { kinds: fundOptions.type } : {}),
      ...(fundOptions.name !== undefined ? { words: fundOptions.name } : {}),
    },
  };
}

/** `client`: Slack's, to check first that the app can post in the channel, as a watch's Save does (the console has none). */
async function add(
  deps: SlackDeps,
  requester: Requester,
  words: string[],
  reply: (text: string) => Promise<void>,
  client: WebClient | undefined,
): Promise<void> {
  const { lang } = await requester.profile();
  if (!(await mayAdd(requester))) return reply(lang.t('digests.command.adminsOnlyAsk'));
  const read = await readDigestAdd(requester, words, lang);
  if ('problem' in read) return reply(read.problem);
  const prepared = await deps.digests.prepare(read.request);
  const { channelId } = prepared;
  if (client && (await appMembership(client, channelId, deps.logger)) === 'not_member')
    return reply(lang.t('digests.command.notMember', { channel: `<#${channelId}>` }));
  const digest = await deps.digests.save(prepared);
  const list = renderDigestList(pageOf([digest], 1, 1), {
    now: deps.now(),
    nextRun: (d) => deps.digests.nextRun(d),
    scope: 'added',
    lang,
  });
  await reply(lang.t('digests.command.added', { list: list.text, channel: `<#${digest.channelId}>` }));
}

/** A digest the requester names and may manage. */
function digestKind(deps: SlackDeps): OwnedEntryKind<Digest> {
  return {
    find: (teamId, id) => deps.digests.find(teamId, id),
    which: 'digests.command.whichDigest',
    noSuch: 'digests.command.noSuchDigest',
    notYours: 'digests.command.notYours',
  };
}

async function remove(
  deps: SlackDeps,
  requester: Requester,
  id: string | undefined,
  reply: (text: string) => Promise<void>,
): Promise<void> {
  const digest = await ownedEntry(requester, id, digestKind(deps), reply);
  if (!digest) return;
  await deps.digests.remove(digest.id);
  await reply(
    (await requester.profile()).lang.t('digests.command.removed', { id: digest.id, channel: `<#${digest.channelId}>` }),
  );
}

async function runNow(
  deps: SlackDeps,
  requester: Requester,
  id: string | undefined,
  reply: (text: string) => Promise<void>,
): Promise<void> {
  const digest = await ownedEntry(requester, id, digestKind(deps), reply);
  if (!digest) return;
  const outcome = await deps.digests.runNow(digest.id);
  await reply(describeRunOutcome(digest, outcome, (await requester.profile()).lang));
}
