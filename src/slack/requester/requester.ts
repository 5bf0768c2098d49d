import type { Context } from '@slack/bolt';
import type { WorkspaceRules } from '../../core/workspaces/workspaceSettings.js';
import { type Lang, type Locale, langFor, type Phrase } from '../../i18n/lang.js';

/** Who sent a request and from where, as every listener sees it in `context.requester`. */
export interface Requester {
  /** The person's own workspace: the allowlists and the team budget judge it (a Slack Connect guest's is their organisation's). */
  teamId: string;
  /** Their Enterprise Grid organisation, when known. */
  enterpriseId?: string;
  /** The workspace the request came from: whose settings apply (`rules`) and whose admins may change them. */
  workspaceId: string;
  /** The workspace's rules (its settings within the operator's), read once for the request by whoIsAsking. */
  rules: WorkspaceRules;
  userId: string;
  /** The conversation the request came from; for a search form, the one it was opened from. */
  channelId?: string;
  /** Their time zone and language (users.info, cached), fetched only when a reply needs them. */
  profile(): Promise<RequesterProfile>;
  /** Why a digest or watch may not post in another channel (the one a form names): the allowlists, or a channel shared with another organisation. */
  refusalIn(channelId: string): Promise<Phrase | undefined>;
  /**
   * A request that only opens a form is let through before whoIsAsking's checks of who asks and from
   * where end (the form must open within 3 s of the click; its submission is checked again): their
   * outcome, a refusal the form shows instead of itself. Absent where they ended before the listener.
   */
  originChecks?: Promise<Phrase | undefined>;
}

/** What a reply to the requester needs to know about them. */
export interface RequesterProfile {
  /** IANA zone from the user's Slack profile, for times in replies. */
  timeZone: string;
  /** The language the replies to this person are in (see chooseLocale). */
  lang: Lang;
  /**
   * An admin or owner in Slack of the app's own workspace (or Enterprise Grid organisation): the
   * app's admins when ADMIN_USER_IDS is unset (flows/permissions.ts). Absent when Slack did not say.
   */
  slackAdmin?: boolean;
}

/**
 * The same person, answered in `locale`: a message written clearly in one language is answered in
 * it, without changing the language they chose (`/dq lang`) for everything else.
 */
export function speaking(requester: Requester, locale: Locale): Requester {
  return { ...requester, profile: async () => ({ ...(await requester.profile()), lang: langFor(locale) }) };
}

/** The requester the whoIsAsking middleware put in a request's context. */
export function requesterOf(context: Context): Requester {
  const requester = (context as { requester?: Requester }).requester;
  if (!requester) throw new Error('whoIsAsking middleware did not run for this request');
  return requester;
}
