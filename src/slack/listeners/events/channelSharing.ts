import type { AllMiddlewareArgs, SlackEventMiddlewareArgs } from '@slack/bolt';
import type { SlackDeps } from '../../deps.js';

type SharedArgs = SlackEventMiddlewareArgs<'channel_shared'> & AllMiddlewareArgs;
type UnsharedArgs = SlackEventMiddlewareArgs<'channel_unshared'> & AllMiddlewareArgs;

/**
 * A channel was shared with another organisation (https://docs.slack.dev/reference/events/channel_shared):
 * from now on no paid data goes there (unless ALLOW_SHARED_CHANNELS), without waiting for what the
 * app remembered of the channel to expire.
 */
export function channelShared(deps: SlackDeps) {
  return async ({ event }: SharedArgs): Promise<void> => {
    deps.sharedChannels?.note(event.channel, 'external');
  };
}

/** A connection ended (channel_unshared): `is_ext_shared` says whether another organisation is still in it. */
export function channelUnshared(deps: SlackDeps) {
  return async ({ event }: UnsharedArgs): Promise<void> => {
    deps.sharedChannels?.note(event.channel, event.is_ext_shared ? 'external' : 'internal');
  };
}
