import type { AllMiddlewareArgs, AnyMiddlewareArgs, Context, Middleware } from '@slack/bolt';
import type { WebClient } from '@slack/web-api';
import { effectiveRules, type WorkspaceRules } from '../../core/workspaces/workspaceSettings.js';
import type { Phrase } from '../../i18n/lang.js';
import { AnswerDeadline } from '../calls/answerDeadline.js';
import type { Sharing } from '../calls/sharedChannels.js';
import type { SlackDeps } from '../deps.js';
import { readCommand } from '../flows/routeCommand.js';
import { channelRefusal, refusal } from '../requester/access.js';
import { profileOf } from '../requester/language.js';
import type { Requester, RequesterProfile } from '../requester/requester.js';
import { type Body, type Origin, whereFrom } from '../requester/requestOrigin.js';

/** What a request may take of Slack's 3 s to learn whose it is and where its answer goes (a command acks after). */
const ORIGIN_CHECKS_MS = 1500;
/** A form is open meanwhile (its trigger is spent): its checks may take what Slack takes, within reason. */
const FORM_CHECKS_MS = 10_000;

/**
 * Slack Connect and Enterprise Grid, decided once for every surface (docs/security.md):
 * - a person belongs to their own team: an interaction's `user.team_id`, a message's `user_team`
 *   (read first: one the payload names as another team's is a stranger, whatever the channel is
 *   believed to be); where the payload does not say (a command, the App Home, a workflow step),
 *   users.info's `team_id`, asked only when it can differ from the request's workspace (a channel
 *   shared with another organisation, or one the app cannot read);
 * - paid data does not go into a conversation shared with another organisation, nor to a person of
 *   another organisation (not the app's workspace, nor its Enterprise Grid organisation), unless
 *   the workspace's rules allow it (ALLOW_SHARED_CHANNELS, and its settings); a Share needs a
 *   channel known not to be shared.
 * What cannot be found out in time is refused (nothing spent), never guessed.
 */
async function originCheck(
  deps: SlackDeps,
  rules: WorkspaceRules,
  client: WebClient,
  origin: Origin,
  budgetMs = ORIGIN_CHECKS_MS,
): Promise<{ teamId?: string | undefined; enterpriseId?: string | undefined; refused?: Phrase }> {
  const allowShared = rules.allowSharedChannels;
  const deadline = new AnswerDeadline(budgetMs);
  // A workflow step's outputs go wherever its later steps post them: as a conversation the app cannot see.
  let sharing: Sharing = origin.surface === 'workflow' ? 'unknown' : 'internal';
  if (origin.channelId && deps.sharedChannels) {
    const known = await deadline.within(deps.sharedChannels.of(client, origin.channelId));
    sharing = known.known ? known.value : 'unknown';
  }
  if (sharing === 'external' && !allowShared) return { refused: { key: 'access.sharedChannel' } };
  if (sharing === 'pending' && !allowShared) return { refused: { key: 'access.sharedPending' } };
  if (sharing === 'unknown' && origin.postsInChannel && !allowShared)
    return { refused: { key: 'access.sharedUnknown' } };
  let { enterpriseId } = origin;
  let teamId = origin.ownTeamId;
  const installed = deps.install?.installedAs ?? {};
  // The payload itself says the person is of another team than ours (a Slack Connect guest): another
  // organisation's, whatever the app believes of the conversation, unless Enterprise Grid makes it ours.
  const ours = installed.teamId ?? origin.teamId;
  if (!allowShared && teamId !== undefined && ours !== undefined && teamId !== ours) {
    if (installed.enterpriseId === undefined) return { refused: { key: 'access.otherOrganisation' } };
    const profile = origin.userId ? await deadline.within(deps.profiles.of(client, origin.userId)) : undefined;
    if (!profile?.known || profile.value.teamId === undefined) return { refused: { key: 'access.unverified' } };
    if (profile.value.enterpriseId !== installed.enterpriseId) return { refused: { key: 'access.otherOrganisation' } };
    enterpriseId = profile.value.enterpriseId;
  }
  // Who the person is matters where they may be a stranger, to something that judges teams: the
  // app's own organisation (known once Slack has answered auth.test) or the team list.
  const judged = installed.teamId !== undefined || rules.allowlist.teams !== undefined;
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
    if (installed.teamId !== undefined && teamId !== installed.teamId && !ourOrganisation)
      return { refused: { key: 'access.otherOrganisation' } };
  }
  return { teamId, enterpriseId };
}

/** Where a request came from as whoIsAsking read it, with a refusal its origin checks found (Slack Connect). */
export interface CheckedOrigin {
  where: Origin;
  refused?: Phrase;
}

/** The origin whoIsAsking put in a request's context; undefined for events that name nobody. */
export function checkedOriginOf(context: Context): CheckedOrigin | undefined {
  return (context as { origin?: CheckedOrigin }).origin;
}

/** A command without arguments only opens its operation's form, as a form-opening button does. */
function opensForm(origin: Origin, body: Body): boolean {
  if (origin.opensForm) return true;
  return body.command !== undefined && readCommand(body.command, body.text ?? '').kind === 'open_modal';
}

/**
 * The checks of a request that only opens a form, left running for the form to show their refusal
 * instead of itself: what originCheck finds, and the allowlists judging the person it found.
 */
async function laterChecks(
  deps: SlackDeps,
  rules: WorkspaceRules,
  client: WebClient,
  origin: Origin,
): Promise<Phrase | undefined> {
  try {
    const checked = await originCheck(deps, rules, client, origin, FORM_CHECKS_MS);
    return (
      checked.refused ??
      refusal(rules.allowlist, {
        ...origin,
        teamId: checked.teamId ?? origin.teamId,
        enterpriseId: checked.enterpriseId,
      })
    );
  } catch (error) {
    deps.logger.warn({ err: error }, 'could not check who opens a form');
    return { key: 'access.unverified' };
  }
}

/**
 * The rules of the workspace a request came from, read once for it (a cache of a few seconds,
 * core/workspaces). While its settings cannot be read (the store is unreachable and this replica
 * has never read them), the operator's rules apply, as the rest of the app keeps answering through
 * an outage: the operator's lists and ceilings still hold (docs/security.md).
 */
async function rulesOf(deps: SlackDeps, workspaceId: string): Promise<WorkspaceRules> {
  try {
    return await deps.rulesFor(workspaceId);
  } catch (error) {
    deps.logger.warn(
      { err: error, teamId: workspaceId },
      "could not read the workspace settings; the operator's rules apply",
    );
    return effectiveRules(deps.operatorRules, undefined);
  }
}

/**
 * Global middleware, before every listener: says who is asking (`context.requester`), from
 * where (`context.origin`) and under which workspace's rules (`requester.rules`), the same way
 * for every command, click, form, shortcut and event: the person's own team (Slack Connect, Enterprise Grid) and whether the conversation is shared with
 * another organisation. The allowlists middleware judges what it found. A request that only opens
 * a form does not wait for what may be slow (conversations.info, users.info): its form opens first,
 * and shows their refusal (`requester.originChecks`, flows/openForm.ts).
 */
export function whoIsAsking(deps: SlackDeps): Middleware<AnyMiddlewareArgs> {
  return async (args) => {
    const { body, context, client, next } = args as AnyMiddlewareArgs & AllMiddlewareArgs;
    const origin = whereFrom(body as unknown as Body);
    if (!origin) {
      await next();
      return;
    }
    const workspaceId = origin.teamId ?? (context.teamId as string | undefined) ?? 'unknown';
    const rules = await rulesOf(deps, workspaceId);
    const later = opensForm(origin, body as unknown as Body) ? laterChecks(deps, rules, client, origin) : undefined;
    const checked = later
      ? { teamId: origin.ownTeamId, enterpriseId: origin.enterpriseId }
      : await originCheck(deps, rules, client, origin);
    const where: Origin = { ...origin, teamId: checked.teamId ?? origin.teamId, enterpriseId: checked.enterpriseId };
    const teamId = where.teamId ?? 'unknown';
    const userId = where.userId ?? '';
    let profile: Promise<RequesterProfile> | undefined;
    const requester: Requester = {
      teamId,
      ...(where.enterpriseId ? { enterpriseId: where.enterpriseId } : {}),
      userId,
      workspaceId,
      rules,
      ...(where.channelId ? { channelId: where.channelId } : {}),
      profile: () => (profile ??= profileOf(deps, client, teamId, userId, rules.locale)),
      refusalIn: (channelId) => channelRefusal(deps, rules, client, channelId),
      ...(later ? { originChecks: later } : {}),
    };
    context.requester = requester;
    context.origin = { where, ...(checked.refused ? { refused: checked.refused } : {}) } satisfies CheckedOrigin;
    await next();
  };
}
