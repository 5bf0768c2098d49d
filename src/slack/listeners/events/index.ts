import type { App } from '@slack/bolt';
import type { SlackDeps } from '../../deps.js';
import { appHomeOpened } from './appHomeOpened.js';
import { appMention } from './appMention.js';
import { appUninstalled } from './appUninstalled.js';
import { channelShared, channelUnshared, sharedChannelInvite } from './channelSharing.js';
import { directMessage } from './directMessage.js';
import { tokensRevoked } from './tokensRevoked.js';

export function registerEvents(app: App, deps: SlackDeps): void {
  app.event('app_home_opened', appHomeOpened(deps));
  app.event('app_mention', appMention(deps));
  app.event('message', directMessage(deps));
  app.event('app_uninstalled', appUninstalled(deps));
  app.event('tokens_revoked', tokensRevoked(deps));
  app.event('channel_shared', channelShared(deps));
  app.event('channel_unshared', channelUnshared(deps));
  app.event('shared_channel_invite_accepted', sharedChannelInvite(deps));
  app.event('shared_channel_invite_approved', sharedChannelInvite(deps));
  app.event('shared_channel_invite_declined', sharedChannelInvite(deps));
}
