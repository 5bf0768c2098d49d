import type { AllMiddlewareArgs, SlackEventMiddlewareArgs } from '@slack/bolt';
import type { SlackDeps } from '../../deps.js';

type SharedArgs = SlackEventMiddlewareArgs<'channel_shared'> & AllMiddlewareArgs;
type UnsharedArgs = SlackEventMiddlewareArgs<'channel_unshared'> & AllMiddlewareArgs;
type InviteArgs = SlackEventMiddlewareArgs<
  'shared_channel_invite_accepted' | 'shared_channel_invite_approved' | 'shared_channel_invite_declined'
> &
  AllMiddlewareArgs;

/** What an event says, kept in the store for every replica; a store that does not answer leaves it to conversations.info. */
async function keep(deps: SlackDeps, channelId: string, what: string, write: () => Promise<void>): Promise<void> {
  try {
    await write();
  } catch (error) {
    deps.logger.warn({ err: error, channelId, event: what }, 'could not keep what Slack said about a shared channel');
  }
}

/**
 * A channel was shared with another organisation (https://docs.slack.dev/reference/events/channel_shared):
 * from now on no paid data goes there (unless ALLOW_SHARED_CHANNELS), on every replica, without
 * waiting for what was asked of the channel to expire.
 */
export function channelShared(deps: SlackDeps) {
  return async ({ event }: SharedArgs): Promise<void> => {
    const sharing = deps.sharedChannels;
    if (sharing) await keep(deps, event.channel, event.type, () => sharing.told(event.channel, 'external'));
  };
}

/** A connection ended (channel_unshared): `is_ext_shared` says whether another organisation is still in it. */
export function channelUnshared(deps: SlackDeps) {
  return async ({ event }: UnsharedArgs): Promise<void> => {
    const sharing = deps.sharedChannels;
    if (sharing)
      await keep(deps, event.channel, event.type, () =>
        sharing.told(event.channel, event.is_ext_shared ? 'external' : 'internal'),
      );
  };
}

/**
 * An invite to a channel accepted or approved (https://docs.slack.dev/reference/events/shared_channel_invite_accepted,
 * …_approved): the channel is about to be shared, and what is posted now the other organisation
 * reads once it is, so it is treated as shared until the invite lapses (`date_invalid`) or is
 * declined (…_declined); channel_shared then says it is.
 */
export function sharedChannelInvite(deps: SlackDeps) {
  return async ({ event }: InviteArgs): Promise<void> => {
    const sharing = deps.sharedChannels;
    const channelId = event.channel?.id;
    if (!sharing || !channelId) return;
    if (event.type === 'shared_channel_invite_declined') {
      await keep(deps, channelId, event.type, () => sharing.notPending(channelId));
      return;
    }
    const lapses = event.invite?.date_invalid;
    await keep(deps, channelId, event.type, () =>
      sharing.pending(channelId, typeof lapses === 'number' ? lapses * 1000 : undefined),
    );
  };
}
