import type { AnyMiddlewareArgs, AllMiddlewareArgs, Context, Middleware } from '@slack/bolt';
import type { WebClient } from '@slack/web-api';
import { setTimeout as sleep } from 'node:timers/promises';
import { chooseLocale, langFor, type Lang, type Locale, type Phrase } from '../../i18n/lang.js';
import type { Allowlist } from '../config.js';
import type { SlackDeps } from '../deps.js';
import type { Requester, RequesterProfile } from '../requester.js';
import { decodeModalOrigin } from '../modals/modalOrigin.js';
import { renderNotice } from '../render/notice.js';
import { replyRoute } from '../responders.js';
import { RUN_BY_INPUT, inputText } from '../operations/workflowStep.js';
import { ACTION, VIEW } from '../ids.js';
import { AnswerDeadline } from '../flows/answerDeadline.js';
import type { Sharing } from '../sharedChannels.js';

export function requesterOf(context: Context): Requester {
  const requester = (context as { requester?: Requester }).requester;
  if (!requester) throw new Error('whoIsAsking middleware did not run for this request');
  return requester;
}

interface Where {
  /** The person's own workspace (the allowlists and budgets judge it), else where the request came from. */
  teamId?: string | undefined;
  /** Their Enterprise Grid organisation, when known: ALLOWED_TEAM_IDS may name it (E…) for all its workspaces. */
  enterpriseId?: string | undefined;
  channelId?: string | undefined;
  userId?: string | undefined;
  /**
   * A request without a channel that can neither spend nor show a result anywhere the channel list
   * does not allow (the App Home tab and its digest and watch buttons, the digest and watch forms,
   * which name their channel): the channel list does not refuse it.
   */
  postsNowhere?: boolean;
}

/**
 * The optional allowlists, checked before anything is parsed or spent. Returns the refusal to show,
 * or undefined when allowed. With a channel list, the app answers only in those channels: a request
 * from no channel (a global shortcut and the form it opens, a click outside any conversation, a
 * workflow step, whose outputs later steps may post anywhere) is refused, unless it posts nowhere.
 */
export function refusal(allowlist: Allowlist, where: Where): Phrase | undefined {
  const listed = (id: string | undefined) => id !== undefined && allowlist.teams!.has(id);
  if (allowlist.teams && !listed(where.teamId) && !listed(where.enterpriseId)) return { key: 'access.team' };
  if (allowlist.users && !(where.userId && allowlist.users.has(where.userId))) return { key: 'access.user' };
  if (allowlist.channels) {
    if (where.channelId) {
      if (!allowlist.channels.has(where.channelId)) return { key: 'access.channel' };
    } else if (!where.postsNowhere) return { key: 'access.noChannel' };
  }
  return undefined;
}

/** A form must open (trigger_id) or be answered (view_submission) within 3 s of Slack asking. */
const FORM_LANGUAGE_WAIT_MS = 1000;

/**
 * The requester's language for a form or its answer, but never at the cost of Slack's 3 seconds: a
 * profile lookup that takes longer leaves the form in the workspace's language (the lookup goes on
 * and is cached for the next time).
 */
export async function formLang(deps: Pick<SlackDeps, 'config'>, requester: Requester): Promise<Lang> {
  const fallback = workspaceLang(deps);
  const chosen = requester.profile().then(
    (profile) => profile.lang,
    () => fallback,
  );
  return Promise.race([chosen, sleep(FORM_LANGUAGE_WAIT_MS, fallback, { ref: false })]);
}

type Body = Record<string, unknown> & {
  type?: string;
  team_id?: string;
  enterprise_id?: string | null;
  enterprise?: { id?: string } | null;
  user_id?: string;
  channel_id?: string;
  command?: string;
  response_url?: string;
  team?: { id?: string } | null;
  user?: { id?: string; team_id?: string; enterprise_id?: string };
  channel?: { id?: string };
  container?: { type?: string; channel_id?: string };
  actions?: Array<{ action_id?: string }>;
  view?: { type?: string; callback_id?: string; private_metadata?: string; blocks?: Array<{ type?: string; block_id?: string }> };
  event?: { type?: string; user?: string; inputs?: Record<string, unknown>; view?: { team_id?: string } };
};

/**
 * The Home tab's own buttons about digests and watches: they open a form or change what is stored,
 * and post only in a digest's or watch's channel, which passed the lists when it was added.
 */
const HOME_ACTIONS_POSTING_NOWHERE: ReadonlySet<string> = new Set([ACTION.digestRun, ACTION.digestRemove, ACTION.digestAdd, ACTION.watchAdd, ACTION.watchStop, ACTION.usageCsv]);

/** Forms that name the channel they add to; their submissions check that channel (`refusalIn`). */
const FORMS_NAMING_THEIR_CHANNEL: ReadonlySet<string> = new Set([VIEW.digestAdd, VIEW.watchAdd]);

/** What a request says about who sent it and from where, beyond the allowlists' Where. */
interface Origin extends Where {
  surface: Surface;
  /** The person's own team as the payload gives it (an interaction's `user.team_id`); commands and events do not. */
  ownTeamId?: string | undefined;
  /** It posts visibly in its channel (Share): the channel must be known not to be shared with another organisation. */
  postsInChannel?: boolean;
}

/**
 * Who and where, read the same way for every kind of request; undefined for events that name nobody.
 * The team is where the request came from (`team_id`, `team.id`); the person's own team, which can
 * be another organisation's in a Slack Connect channel, is `user.team_id` where the payload has it.
 */
function whereFrom(body: Body): Origin | undefined {
  const enterpriseId = body.enterprise?.id ?? body.enterprise_id ?? body.user?.enterprise_id ?? undefined;
  if (body.command) return { teamId: body.team_id, enterpriseId, userId: String(body.user_id ?? ''), channelId: body.channel_id, surface: 'interactive' };
  if (body.type === 'event_callback') {
    const event = body.event;
    if (event?.type === 'app_home_opened' && event.user) return { teamId: body.team_id ?? event.view?.team_id, enterpriseId, userId: event.user, postsNowhere: true, surface: 'home' };
    if (event?.type === 'function_executed') {
      const runBy = event.inputs && typeof event.inputs === 'object' ? inputText(event.inputs, RUN_BY_INPUT) : '';
      return { teamId: body.team_id, enterpriseId, userId: runBy || undefined, surface: 'workflow' };
    }
    return undefined;
  }
  const userId = body.user?.id;
  if (!userId) return undefined;
  const teamId = body.team?.id ?? body.user?.team_id;
  const ownTeamId = body.user?.team_id;
  if (body.type === 'view_submission' || body.type === 'view_closed') {
    return { teamId, ownTeamId, enterpriseId, userId, channelId: decodeModalOrigin(body.view?.private_metadata).channelId, postsNowhere: FORMS_NAMING_THEIR_CHANNEL.has(body.view?.callback_id ?? ''), surface: 'interactive' };
  }
  const inView = body.view !== undefined && body.channel?.id === undefined;
  const channelId = body.channel?.id ?? body.container?.channel_id ?? (inView ? decodeModalOrigin(body.view?.private_metadata).channelId : undefined);
  const homeButton = body.view?.type === 'home' && (body.actions ?? []).every((action) => HOME_ACTIONS_POSTING_NOWHERE.has(action.action_id ?? ''));
  const postsInChannel = (body.actions ?? []).some((action) => action.action_id === ACTION.share);
  return { teamId, ownTeamId, enterpriseId, userId, channelId, postsNowhere: homeButton, postsInChannel, surface: 'interactive' };
}

/** What a request may take of Slack's 3 s to learn whose it is and where its answer goes (a command acks after). */
const ORIGIN_CHECKS_MS = 1500;

/**
 * Slack Connect and Enterprise Grid, decided once for every surface (docs/security.md):
 * - a person belongs to their own team: an interaction's `user.team_id`; where the payload does not
 *   say (a command, an event), users.info's `team_id`, asked only when it can differ from the
 *   request's workspace (a channel shared with another organisation, or one the app cannot read);
 * - paid data does not go into a conversation shared with another organisation, nor to a person of
 *   another organisation (not the app's workspace, nor its Enterprise Grid organisation), unless
 *   ALLOW_SHARED_CHANNELS is set; a Share needs a channel known not to be shared.
 * What cannot be found out in time is refused (nothing spent), never guessed.
 */
async function originCheck(deps: SlackDeps, client: WebClient, origin: Origin): Promise<{ teamId?: string | undefined; enterpriseId?: string | undefined; refused?: Phrase }> {
  const allowShared = deps.config.allowSharedChannels;
  const deadline = new AnswerDeadline(ORIGIN_CHECKS_MS);
  // A workflow step's outputs go wherever its later steps post them: as a conversation the app cannot see.
  let sharing: Sharing = origin.surface === 'workflow' ? 'unknown' : 'internal';
  if (origin.channelId && deps.sharedChannels) {
    const known = await deadline.within(deps.sharedChannels.of(client, origin.channelId));
    sharing = known.known ? known.value : 'unknown';
  }
  if (sharing === 'external' && !allowShared) return { refused: { key: 'access.sharedChannel' } };
  if (sharing === 'unknown' && origin.postsInChannel && !allowShared) return { refused: { key: 'access.sharedUnknown' } };
  let { enterpriseId } = origin;
  let teamId = origin.ownTeamId;
  const installed = deps.install?.installedAs ?? {};
  // Who the person is matters where they may be a stranger, to something that judges teams: the
  // app's own organisation (known once Slack has answered auth.test) or the team list.
  const judged = installed.teamId !== undefined || deps.config.allowlist.teams !== undefined;
  if (teamId === undefined && sharing !== 'internal' && origin.userId && judged) {
    const profile = await deadline.within(deps.profiles.of(client, origin.userId));
    if (profile.known) {
      teamId = profile.value.teamId;
      enterpriseId ??= profile.value.enterpriseId;
    }
    if (teamId === undefined) return { refused: { key: 'access.unverified' } };
  }
  teamId ??= origin.teamId;
  // Everyone in a conversation that is not shared outside belongs to the app's organisation (another
  // workspace of its Enterprise Grid has another team id, and is no stranger); where the app cannot
  // see the conversation, a person of another organisation is told so.
  if (sharing === 'unknown' && !allowShared) {
    const ourOrganisation = installed.enterpriseId !== undefined && enterpriseId === installed.enterpriseId;
    if (installed.teamId !== undefined && teamId !== installed.teamId && !ourOrganisation) return { refused: { key: 'access.otherOrganisation' } };
  }
  return { teamId, enterpriseId };
}

/** How a refusal reaches the person: the Home tab shows it instead of its contents, a workflow step fails with it. */
type Surface = 'interactive' | 'home' | 'workflow';

/**
 * Why a digest or watch may not post in `channelId` (a form's chosen channel, a scheduled run's):
 * the channel list, or a channel shared with another organisation (unless ALLOW_SHARED_CHANNELS).
 */
export async function channelRefusal(deps: Pick<SlackDeps, 'config' | 'sharedChannels'>, client: WebClient, channelId: string): Promise<Phrase | undefined> {
  const listed = refusal(deps.config.allowlist, { channelId });
  if (listed || deps.config.allowSharedChannels || !deps.sharedChannels) return listed;
  return (await deps.sharedChannels.of(client, channelId)) === 'external' ? { key: 'access.sharedChannel' } : undefined;
}

/** For what many read (shares and digests in a channel): the workspace's language, else English. */
export function workspaceLang(deps: Pick<SlackDeps, 'config'>): Lang {
  return langFor(chooseLocale({ workspace: deps.config.workspaceLocale }));
}

/** The person's own language choice; a store that cannot be read must not stop the reply. */
async function ownLocale(deps: SlackDeps, teamId: string, userId: string): Promise<Locale | undefined> {
  try {
    return await deps.settings.locale(teamId, userId);
  } catch (error) {
    deps.logger.warn({ err: error }, 'could not read the language setting; choosing automatically');
    return undefined;
  }
}

/** The time zone and language of a person's replies (one users.info, cached, and one store read). */
export async function profileOf(deps: SlackDeps, client: WebClient, teamId: string, userId: string): Promise<RequesterProfile> {
  const [slackProfile, own] = await Promise.all([deps.profiles.of(client, userId), ownLocale(deps, teamId, userId)]);
  const locale = chooseLocale({ own, workspace: deps.config.workspaceLocale, slack: slackProfile.locale });
  return { timeZone: slackProfile.timeZone, lang: langFor(locale) };
}

/**
 * Global middleware, before every listener: says who is asking (`context.requester`) and applies the
 * allowlists once for every command, click, form and shortcut. A refused request is acknowledged and
 * answered here, where its kind allows: in the conversation, on the form, or by direct message.
 */
export function whoIsAsking(deps: SlackDeps): Middleware<AnyMiddlewareArgs> {
  return async (args) => {
    const { body: rawBody, context, client, next } = args as AnyMiddlewareArgs & AllMiddlewareArgs;
    const body = rawBody as unknown as Body;
    const origin = whereFrom(body);
    if (!origin) {
      await next();
      return;
    }
    const checked = await originCheck(deps, client, origin);
    const where: Origin = { ...origin, teamId: checked.teamId ?? origin.teamId, enterpriseId: checked.enterpriseId };
    const teamId = where.teamId ?? 'unknown';
    const userId = where.userId ?? '';
    let profile: Promise<RequesterProfile> | undefined;
    const requester: Requester = {
      teamId,
      ...(where.enterpriseId ? { enterpriseId: where.enterpriseId } : {}),
      userId,
      ...(where.channelId ? { channelId: where.channelId } : {}),
      profile: () => (profile ??= profileOf(deps, client, teamId, userId)),
      refusalIn: (channelId) => channelRefusal(deps, client, channelId),
    };
    context.requester = requester;
    const refused = checked.refused ?? refusal(deps.config.allowlist, where);
    if (!refused) {
      await next();
      return;
    }
    deps.logger.info({ teamId, userId, channelId: where.channelId, kind: body.command ? 'command' : (body.event?.type ?? body.type) }, 'refused by the allowlists');
    if (where.surface === 'workflow') {
      // Bolt leaves a function_executed event to the step's listener to acknowledge, which will not run.
      if ('ack' in args && typeof args.ack === 'function') await (args.ack as () => Promise<void>)();
      // A step configured without "run by" cannot be on a list of people: say what to set.
      const reason: Phrase = refused.key === 'access.user' && !where.userId ? { key: 'workflow.fail.needsRunner' } : refused;
      const fail = (args as { fail?: (result: { error: string }) => Promise<unknown> }).fail;
      await fail?.({ error: workspaceLang(deps).t(reason) }).catch((error: unknown) => deps.logger.error({ err: error }, 'could not tell Slack that the workflow step was refused'));
      return;
    }
    if (where.surface === 'home') {
      try {
        const { lang } = await requester.profile();
        await client.views.publish({ user_id: userId, view: { type: 'home', blocks: [{ type: 'section', text: { type: 'mrkdwn', text: lang.t(refused) } }] } });
      } catch (error) {
        deps.logger.warn({ err: error }, 'could not show the refusal on the App Home');
      }
      return;
    }
    const ack = 'ack' in args && typeof args.ack === 'function' ? (args.ack as (response?: unknown) => Promise<void>) : undefined;
    if (body.type === 'view_submission') {
      const firstInput = (Array.isArray(body.view?.blocks) ? body.view.blocks : []).find((block) => block?.type === 'input')?.block_id;
      const lang = await formLang(deps, requester);
      await ack?.(firstInput ? { response_action: 'errors', errors: { [firstInput]: lang.t(refused) } } : undefined);
      return;
    }
    await ack?.();
    if (body.type === 'view_closed' || body.type === 'block_suggestion') return;
    try {
      const { lang } = await requester.profile();
      const text = lang.t(refused);
      if (body.response_url || where.channelId) {
        await replyRoute(body.response_url, client, userId, where.channelId, deps).reply(renderNotice(text, lang));
      } else {
        await client.chat.postMessage({ channel: userId, text });
      }
    } catch (error) {
      deps.logger.warn({ err: error }, 'could not send the refusal');
    }
  };
}
