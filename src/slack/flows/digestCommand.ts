import { escapeMrkdwn, quoted } from '../render/mrkdwn.js';
import { DigestInputError } from '../../core/digest/service.js';
import type { Digest } from '../../core/digest/types.js';
import type { SlackDeps } from '../deps.js';
import type { Requester, Responder } from '../message.js';
import { renderDigestList } from '../render/digestList.js';
import { renderNotice } from '../render/notice.js';
import { describeRunOutcome } from '../render/digestRun.js';
import { mayAddDigest, mayManageDigest } from './digestPermissions.js';

export const DIGEST_USAGE = [
  '`/dq digest add <daily|weekdays|weekly:mon> <HH:MM> [onsale|offsale|all] [tz:Area/City]` — post new funds in this channel',
  '`/dq digest list` — this channel’s digests',
  '`/dq digest remove <id>`',
  '`/dq digest run <id>` — post one now',
].join('\n');

/** `/dq digest …`: manage the scheduled new-fund digests of a channel. */
export async function digestCommand(deps: SlackDeps, requester: Requester, words: string[], responder: Responder): Promise<void> {
  const [verb = '', ...rest] = words;
  const reply = (text: string) => responder.reply(renderNotice(text));
  try {
    switch (verb.toLowerCase()) {
      case 'add':
        return await add(deps, requester, rest, reply);
      case 'list':
      case 'ls':
        await responder.reply(renderDigestList(await deps.digests.list(requester.teamId, requester.channelId), { now: deps.now(), nextRun: (d) => deps.digests.nextRun(d), scope: 'channel' }));
        return;
      case 'remove':
      case 'rm':
      case 'delete':
        return await remove(deps, requester, rest[0], reply);
      case 'run':
        return await runNow(deps, requester, rest[0], reply);
      default:
        await reply(`${verb ? `Unknown digest command ${quoted(verb)}.` : 'What should the digest do?'}\n${DIGEST_USAGE}`);
    }
  } catch (error) {
    if (error instanceof DigestInputError) return reply(`${escapeMrkdwn(error.message)}.\nFor example: \`/dq digest add weekdays 08:30 onsale tz:Asia/Shanghai\``);
    deps.logger.error({ err: error }, 'digest command failed');
    const reading = ['list', 'ls'].includes(verb.toLowerCase());
    await reply(
      reading
        ? ':warning: The digests cannot be read just now: the store where they are kept does not answer. Nothing was lost; try `/dq digest list` again in a minute.'
        : ':warning: The digest could not be changed just now: the store where digests are kept does not answer. Nothing was changed or lost; try again in a minute.',
    );
  }
}

async function add(deps: SlackDeps, requester: Requester, words: string[], reply: (text: string) => Promise<void>): Promise<void> {
  if (!mayAddDigest(deps, requester.userId)) return reply('Only the digest admins (ADMIN_USER_IDS) may add digests. Ask one of them.');
  if (!requester.channelId) return reply('Run `/dq digest add …` in the channel that should receive the digest.');
  const timeZoneWord = words.find((word) => /^tz[:=]/i.test(word));
  const [cadence, time, filter, ...extra] = words.filter((word) => word !== timeZoneWord);
  if (!cadence || !time || extra.length > 0) return reply(`Usage:\n${DIGEST_USAGE}`);
  const digest = await deps.digests.add({
    teamId: requester.teamId,
    channelId: requester.channelId,
    createdBy: requester.userId,
    cadence,
    time,
    ...(filter ? { filter } : {}),
    ...(timeZoneWord ? { timeZone: timeZoneWord.slice(3) } : {}),
  });
  const list = renderDigestList([digest], { now: deps.now(), nextRun: (d) => deps.digests.nextRun(d), scope: 'added' });
  await reply(`${list.text}\nThe app must be a member of <#${digest.channelId}> to post there (\`/invite @dq\`).`);
}

async function owned(deps: SlackDeps, requester: Requester, id: string | undefined, reply: (text: string) => Promise<void>): Promise<Digest | undefined> {
  if (!id) {
    await reply('Which digest? `/dq digest list` shows their ids.');
    return undefined;
  }
  const digest = await deps.digests.find(requester.teamId, id);
  if (!digest) {
    await reply(`There is no digest ${quoted(id)} in this workspace. \`/dq digest list\` shows the ids.`);
    return undefined;
  }
  if (!mayManageDigest(deps, requester.userId, digest)) {
    await reply(`Only <@${digest.createdBy}> (who added it) or a digest admin may change digest ${digest.id}.`);
    return undefined;
  }
  return digest;
}

async function remove(deps: SlackDeps, requester: Requester, id: string | undefined, reply: (text: string) => Promise<void>): Promise<void> {
  const digest = await owned(deps, requester, id, reply);
  if (!digest) return;
  await deps.digests.remove(digest.id);
  await reply(`Digest ${digest.id} for <#${digest.channelId}> is removed.`);
}

async function runNow(deps: SlackDeps, requester: Requester, id: string | undefined, reply: (text: string) => Promise<void>): Promise<void> {
  const digest = await owned(deps, requester, id, reply);
  if (!digest) return;
  const outcome = await deps.digests.runNow(digest.id);
  await reply(describeRunOutcome(digest, outcome));
}
