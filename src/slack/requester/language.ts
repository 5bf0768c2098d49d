import { setTimeout as sleep } from 'node:timers/promises';
import type { WebClient } from '@slack/web-api';
import type { WorkspaceRules } from '../../core/workspaces/workspaceSettings.js';
import { chooseLocale, type Lang, type Locale, langFor } from '../../i18n/lang.js';
import type { SlackDeps } from '../deps.js';
import type { Requester, RequesterProfile } from './requester.js';

/**
 * The language a reply is in: a person's own choice (`/dq lang`), else the workspace's (its
 * settings, else DEFAULT_LOCALE), else their Slack profile's; the workspace's for what many read.
 */

/** A form must open (trigger_id) or be answered (view_submission) within 3 s of Slack asking. */
const FORM_LANGUAGE_WAIT_MS = 1000;

/**
 * The requester's language for a form or its answer, but never at the cost of Slack's 3 seconds: a
 * profile lookup that takes longer leaves the form in the workspace's language (the lookup goes on
 * and is cached for the next time).
 */
export async function formLang(requester: Requester): Promise<Lang> {
  const fallback = workspaceLang(requester.rules);
  const chosen = requester.profile().then(
    (profile) => profile.lang,
    () => fallback,
  );
  return Promise.race([chosen, sleep(FORM_LANGUAGE_WAIT_MS, fallback, { ref: false })]);
}

/** For what many read (shares and digests in a channel): the workspace's language, else English. */
export function workspaceLang(rules: Pick<WorkspaceRules, 'locale'>): Lang {
  return langFor(chooseLocale({ workspace: rules.locale }));
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
export async function profileOf(
  deps: SlackDeps,
  client: WebClient,
  teamId: string,
  userId: string,
  workspaceLocale: Locale | undefined,
): Promise<RequesterProfile> {
  const [slackProfile, own] = await Promise.all([deps.profiles.of(client, userId), ownLocale(deps, teamId, userId)]);
  const locale = chooseLocale({ own, workspace: workspaceLocale, slack: slackProfile.locale });
  // An admin of their own workspace only counts in ours: a Slack Connect guest may be one of theirs.
  const installed = deps.install?.installedAs ?? {};
  const ours =
    slackProfile.teamId !== undefined &&
    (slackProfile.teamId === (installed.teamId ?? teamId) ||
      (installed.enterpriseId !== undefined && slackProfile.enterpriseId === installed.enterpriseId));
  return {
    timeZone: slackProfile.timeZone,
    lang: langFor(locale),
    ...(slackProfile.slackAdmin && ours ? { slackAdmin: true } : {}),
  };
}
