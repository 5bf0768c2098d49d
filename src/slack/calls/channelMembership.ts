import { setTimeout as sleep } from 'node:timers/promises';
import type { WebClient } from '@slack/web-api';
import type { Logger } from 'pino';
import { slackErrorCode } from './slackCallPolicy.js';

/** How long a save waits for Slack to say whether the app is in the channel (a form has 3 s in all). */
const MEMBERSHIP_WAIT_MS = 1500;

/**
 * Whether the app can post in a channel it is asked to post to later (a watch's): `conversations.info`
 * `is_member`; a private channel it is not in is `channel_not_found` to it. `unknown` when Slack does
 * not say (a DM, an install without channels:read or groups:read, a slow answer): the save goes on,
 * and a later post that is refused pauses the watch with the same hint.
 */
export async function appMembership(
  client: WebClient,
  channelId: string,
  logger: Logger,
): Promise<'member' | 'not_member' | 'unknown'> {
  const asked = client.conversations.info({ channel: channelId }).then(
    (response) => {
      const isMember = (response.channel as { is_member?: boolean } | undefined)?.is_member;
      return isMember === undefined ? 'unknown' : isMember ? 'member' : 'not_member';
    },
    (error: unknown) => {
      if (slackErrorCode(error) === 'channel_not_found') return 'not_member';
      logger.warn({ err: error, channelId }, 'could not tell whether the app is in the channel');
      return 'unknown';
    },
  );
  return Promise.race([asked, sleep(MEMBERSHIP_WAIT_MS, 'unknown' as const, { ref: false })]);
}
