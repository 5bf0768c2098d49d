import type { WebClient } from '@slack/web-api';
import type { SlackDeps } from './deps.js';
import type { Requester } from './message.js';

/** The parts of an interaction payload (button click, view submission, shortcut) that say who and where. */
export interface InteractionBody {
  user: { id: string; team_id?: string };
  team?: { id: string } | null;
  channel?: { id: string };
}

export async function requesterOf(deps: SlackDeps, client: WebClient, body: InteractionBody, channelId?: string): Promise<Requester> {
  const requester: Requester = {
    teamId: body.team?.id ?? body.user.team_id ?? 'unknown',
    userId: body.user.id,
    timeZone: await deps.timeZones.of(client, body.user.id),
  };
  const channel = channelId ?? body.channel?.id;
  if (channel) requester.channelId = channel;
  return requester;
}
