import type { WebClient } from '@slack/web-api';
import { slackErrorCode } from './slackCallPolicy.js';

/** A file shared in the thread: its id, to read with files.info, and its name. */
export interface ThreadFile {
  id: string;
  name: string;
}

/** What looking for a supplier list in a thread found. */
export type ThreadListFile =
  | { kind: 'file'; file: ThreadFile }
  | { kind: 'none' }
  /** The app lacks the conversation's history scope (installed before it was added). */
  | { kind: 'noScope'; needed: string }
  | { kind: 'failed'; code: string };

/** Messages asked for a page: Slack may answer fewer (15 for an app distributed outside the Marketplace). */
const PAGE_LIMIT = 200;
/** Pages read at most: a thread of a thousand messages is a discussion, not a list handed over. */
const MOST_PAGES = 5;

/** A CSV or XLSX, by Slack's filetype or by the name's ending. */
function isListFile(file: { name?: string; filetype?: string }): boolean {
  const type = (file.filetype ?? '').toLowerCase();
  return type === 'csv' || type === 'xlsx' || /\.(csv|xlsx)$/i.test(file.name ?? '');
}

/**
 * The newest CSV or XLSX shared in the thread `threadTs` before the message `before`: the thread
 * read with conversations.replies (https://docs.slack.dev/reference/methods/conversations.replies:
 * oldest first, cursor-paginated; `channels:history`, `groups:history`, `im:history` or
 * `mpim:history` by the conversation's kind), the app's own messages left out (its results are not
 * a list someone handed over). A page that cannot be read fails the search rather than pick an
 * older file than the newest.
 */
export async function newestListInThread(
  client: WebClient,
  place: { channel: string; threadTs: string; before: string; botUserId?: string | undefined },
): Promise<ThreadListFile> {
  let newest: ThreadFile | undefined;
  let cursor: string | undefined;
  for (let page = 0; page < MOST_PAGES; page++) {
    let answer: Awaited<ReturnType<WebClient['conversations']['replies']>>;
    try {
      answer = await client.conversations.replies({
        channel: place.channel,
        ts: place.threadTs,
        latest: place.before,
        inclusive: false,
        limit: PAGE_LIMIT,
        ...(cursor ? { cursor } : {}),
      });
    } catch (error) {
      const code = slackErrorCode(error);
      if (code === 'missing_scope') {
        const needed = (error as { data?: { needed?: unknown } }).data?.needed;
        return { kind: 'noScope', needed: typeof needed === 'string' ? needed : historyScope(place.channel) };
      }
      return { kind: 'failed', code };
    }
    for (const message of answer.messages ?? []) {
      if (message.ts && Number(message.ts) >= Number(place.before)) continue;
      if (place.botUserId && message.user === place.botUserId) continue;
      for (const file of (message.files ?? []) as Array<{ id?: string; name?: string; filetype?: string }>)
        if (file.id && isListFile(file)) newest = { id: file.id, name: file.name ?? '' };
    }
    cursor = answer.response_metadata?.next_cursor || undefined;
    if (!answer.has_more || !cursor) return newest ? { kind: 'file', file: newest } : { kind: 'none' };
  }
  return newest ? { kind: 'file', file: newest } : { kind: 'none' };
}

/** The scope conversations.replies needs in a conversation, by the kind its id starts with. */
export function historyScope(channel: string): string {
  if (channel.startsWith('D')) return 'im:history';
  if (channel.startsWith('G')) return 'groups:history';
  return 'channels:history';
}
