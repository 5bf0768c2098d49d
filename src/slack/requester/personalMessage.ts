/** A message a person wrote to the app: an @mention in a channel, or a direct message. */
export interface PersonalMessage {
  user: string;
  channel: string;
  text: string;
  ts: string;
  /** The thread it was written in, when it was a reply (https://docs.slack.dev/messaging#threading). */
  threadTs?: string;
  /** In the person's direct messages with the app. */
  direct: boolean;
  /**
   * The teams the event says the author belongs to (`user_team`, `user_profile.team`, `source_team`,
   * `team`): in a Slack Connect conversation another organisation's, whatever the envelope's team_id.
   */
  authorTeams: string[];
}

type MessageEvent = Record<string, unknown> & { type?: unknown };

const text = (value: unknown) => (typeof value === 'string' ? value : undefined);

/**
 * The message a person wrote in an `app_mention` or a direct message's `message.im` event, or
 * undefined for every event the app does not answer: a message of a bot (the app's own or
 * another's: `bot_id`), an edit or a deletion (a `subtype` such as message_changed, message_deleted,
 * with `hidden`), a mention re-sent because its message was edited (`edited`: Slack sends it again
 * with a new event_id), a message with no text or no author. One judge for whoIsAsking and the
 * listeners, so an event the app ignores is neither answered nor refused.
 * https://docs.slack.dev/reference/events/app_mention, https://docs.slack.dev/reference/events/message.im,
 * https://docs.slack.dev/reference/events/message (subtypes).
 */
export function personalMessage(event: MessageEvent | undefined): PersonalMessage | undefined {
  if (!event) return undefined;
  const direct = event.type === 'message' && event.channel_type === 'im';
  if (event.type !== 'app_mention' && !direct) return undefined;
  if (event.subtype !== undefined || event.bot_id !== undefined || event.hidden === true || event.edited !== undefined)
    return undefined;
  const user = text(event.user);
  const channel = text(event.channel);
  const body = text(event.text);
  const ts = text(event.ts);
  if (!user || !channel || body === undefined || !ts) return undefined;
  const threadTs = text(event.thread_ts);
  const profile = event.user_profile as { team?: unknown } | undefined;
  const authorTeams = [
    ...new Set([event.user_team, profile?.team, event.source_team, event.team].flatMap((team) => text(team) || [])),
  ];
  return { user, channel, text: body, ts, ...(threadTs ? { threadTs } : {}), direct, authorTeams };
}
