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
  /** Files shared with it (a message of subtype `file_share`): their ids and names, to read with files.info. */
  files?: SharedFile[];
}

export interface SharedFile {
  id: string;
  name: string;
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
  // A message that shares files is a person writing too (https://docs.slack.dev/reference/events/message/file_share).
  const sharing = event.subtype === 'file_share';
  if (
    (event.subtype !== undefined && !sharing) ||
    event.bot_id !== undefined ||
    event.hidden === true ||
    event.edited !== undefined
  )
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
  // An app_mention carries the message's files with no subtype; a direct message's file share has `file_share`.
  const files = Array.isArray(event.files) ? sharedFiles(event.files) : [];
  return {
    user,
    channel,
    text: body,
    ts,
    ...(threadTs ? { threadTs } : {}),
    direct,
    authorTeams,
    ...(files.length > 0 ? { files } : {}),
  };
}

function sharedFiles(files: unknown[]): SharedFile[] {
  return files.flatMap((file) => {
    const { id, name } = (file ?? {}) as { id?: unknown; name?: unknown };
    return typeof id === 'string' ? [{ id, name: typeof name === 'string' ? name : '' }] : [];
  });
}
