import { ACTION, VIEW } from '../payloads/ids.js';
import { decodeModalOrigin } from '../payloads/modalOrigin.js';
import { runnerOf } from '../slackOperations/workflowStep.js';
import type { Where } from './access.js';
import { personalMessage } from './personalMessage.js';

export type Body = Record<string, unknown> & {
  type?: string;
  team_id?: string;
  enterprise_id?: string | null;
  enterprise?: { id?: string } | null;
  user_id?: string;
  channel_id?: string;
  command?: string;
  text?: string;
  response_url?: string;
  team?: { id?: string } | null;
  user?: { id?: string; team_id?: string; enterprise_id?: string };
  channel?: { id?: string };
  container?: { type?: string; channel_id?: string };
  actions?: Array<{ action_id?: string }>;
  view?: {
    type?: string;
    callback_id?: string;
    private_metadata?: string;
    blocks?: Array<{ type?: string; block_id?: string }>;
  };
  event?: Record<string, unknown> & {
    type?: string;
    user?: string;
    inputs?: Record<string, unknown>;
    view?: { team_id?: string };
  };
};

/**
 * The Home tab's own buttons about digests and watches: they open a form or change what is stored,
 * and post only in a digest's or watch's channel, which passed the lists when it was added.
 */
const HOME_ACTIONS_POSTING_NOWHERE: ReadonlySet<string> = new Set([
  ACTION.digestRun,
  ACTION.digestRemove,
  ACTION.digestAdd,
  ACTION.watchAdd,
  ACTION.watchStop,
  ACTION.usageCsv,
]);

/** Buttons that only open a form: nothing is spent until it is submitted, and its submission is checked. */
const ACTIONS_OPENING_A_FORM: ReadonlySet<string> = new Set([
  ACTION.openModal,
  ACTION.exportCsv,
  ACTION.watchThis,
  ACTION.watchAdd,
  ACTION.digestAdd,
]);

/** Forms that name the channel they add to; their submissions check that channel (`refusalIn`). */
const FORMS_NAMING_THEIR_CHANNEL: ReadonlySet<string> = new Set([VIEW.digestAdd, VIEW.watchAdd]);

/** What a request says about who sent it and from where, beyond the allowlists' Where. */
export interface Origin extends Where {
  surface: Surface;
  /** The person's own team as the payload gives it (an interaction's `user.team_id`, a message's `user_team`); commands do not. */
  ownTeamId?: string | undefined;
  /** It posts visibly in its channel (Share): the channel must be known not to be shared with another organisation. */
  postsInChannel?: boolean;
  /**
   * It only opens a form (the global shortcut, a button that opens one; a command without arguments,
   * which whoIsAsking reads): the form must open within 3 s of the click, before slow checks end.
   */
  opensForm?: boolean;
}

/**
 * Who and where, read the same way for every kind of request; undefined for events that name nobody.
 * The team is where the request came from (`team_id`, `team.id`); the person's own team, which can
 * be another organisation's in a Slack Connect channel, is `user.team_id` where the payload has it.
 */
export function whereFrom(body: Body): Origin | undefined {
  const enterpriseId = body.enterprise?.id ?? body.enterprise_id ?? body.user?.enterprise_id ?? undefined;
  if (body.command)
    return {
      teamId: body.team_id,
      enterpriseId,
      userId: String(body.user_id ?? ''),
      channelId: body.channel_id,
      surface: 'interactive',
    };
  if (body.type === 'event_callback') {
    const event = body.event;
    if (event?.type === 'app_home_opened' && event.user)
      return {
        teamId: body.team_id ?? event.view?.team_id,
        enterpriseId,
        userId: event.user,
        postsNowhere: true,
        surface: 'home',
      };
    // A person speaking to the app: an answer to a mention is posted where the channel reads it.
    const message = personalMessage(event);
    if (message)
      return {
        teamId: body.team_id,
        // The author's own team as the event says it; where its fields disagree, the one that is not
        // the workspace's (a stranger is judged a stranger).
        ownTeamId: message.authorTeams.find((team) => team !== body.team_id) ?? message.authorTeams[0],
        enterpriseId,
        userId: message.user,
        channelId: message.channel,
        postsInChannel: !message.direct,
        surface: 'interactive',
      };
    if (event?.type === 'function_executed') {
      // Who ran it as Slack vouches for them (the user context), never a name the workflow's builder typed.
      const runBy = event.inputs && typeof event.inputs === 'object' ? runnerOf(event.inputs) : undefined;
      return { teamId: body.team_id, enterpriseId, userId: runBy, surface: 'workflow' };
    }
    return undefined;
  }
  const userId = body.user?.id;
  if (!userId) return undefined;
  const teamId = body.team?.id ?? body.user?.team_id;
  const ownTeamId = body.user?.team_id;
  if (body.type === 'view_submission' || body.type === 'view_closed') {
    return {
      teamId,
      ownTeamId,
      enterpriseId,
      userId,
      channelId: decodeModalOrigin(body.view?.private_metadata).channelId,
      postsNowhere: FORMS_NAMING_THEIR_CHANNEL.has(body.view?.callback_id ?? ''),
      surface: 'interactive',
    };
  }
  const inView = body.view !== undefined && body.channel?.id === undefined;
  const channelId =
    body.channel?.id ??
    body.container?.channel_id ??
    (inView ? decodeModalOrigin(body.view?.private_metadata).channelId : undefined);
  const homeButton =
    body.view?.type === 'home' &&
    (body.actions ?? []).every((action) => HOME_ACTIONS_POSTING_NOWHERE.has(action.action_id ?? ''));
  const postsInChannel = (body.actions ?? []).some((action) => action.action_id === ACTION.share);
  // A button in a modal swaps its view (views.update), which no trigger's 3 s limit.
  const actions = body.actions ?? [];
  const opensForm =
    body.type === 'shortcut' ||
    (body.type === 'block_actions' &&
      body.view?.type !== 'modal' &&
      actions.length > 0 &&
      actions.every((action) => ACTIONS_OPENING_A_FORM.has(action.action_id ?? '')));
  return {
    teamId,
    ownTeamId,
    enterpriseId,
    userId,
    channelId,
    postsNowhere: homeButton,
    postsInChannel,
    ...(opensForm ? { opensForm } : {}),
    surface: 'interactive',
  };
}

/** How a refusal reaches the person: the Home tab shows it instead of its contents, a workflow step fails with it. */
export type Surface = 'interactive' | 'home' | 'workflow';
