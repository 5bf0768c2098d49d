import type { WebClient } from '@slack/web-api';
import { Agent, request } from 'undici';
import { mayHaveLanded, readSlackFailure, slackErrorCode } from '../calls/slackCallPolicy.js';

export interface FileToPost {
  /** The conversation the file is shared in, with `initialComment` as its message when there is one. */
  channelId: string;
  /**
   * The thread the file is shared into, as a reply of its own: the parent's ts, never a reply's
   * (https://docs.slack.dev/reference/methods/files.completeUploadExternal, `thread_ts`).
   */
  threadTs?: string;
  filename: string;
  title: string;
  bytes: Buffer;
  /** What the bytes are; a CSV unless said. */
  contentType?: string;
  /** An image's description for screen readers (`alt_txt`, at most 1000 characters). */
  altText?: string;
  initialComment?: string;
}

/** Slack's error code for a failed step ("not_in_channel"), or what failed when Slack gave none. */
export class FileUploadError extends Error {
  constructor(
    readonly code: string,
    options?: { cause?: unknown; mayHaveLanded?: boolean },
  ) {
    super(`file upload failed: ${code}`, options);
    this.name = 'FileUploadError';
    this.mayHaveLanded = options?.mayHaveLanded ?? false;
  }

  /** The last step (files.completeUploadExternal) went unanswered: the file may be shared all the same. */
  readonly mayHaveLanded: boolean;
}

/** Slack's limit on `alt_txt` (files.getUploadURLExternal answers alt_txt_too_large past it). */
const ALT_TEXT_LIMIT = 1000;

/** Upload URLs are on Slack's file servers, not the Web API's host; one pool for them. */
const uploads = new Agent({ keepAliveTimeout: 10_000 });

/**
 * Posts a file with Slack's current upload flow (files.upload is retired): ask for an upload URL
 * for this name and length, send the bytes there, then complete the upload, which shares the file
 * in the conversation with its comment. Returns the file's id; a failed step is a FileUploadError
 * with Slack's code. Needs the `files:write` scope.
 */
export async function postFile(client: WebClient, file: FileToPost): Promise<{ fileId: string }> {
  let ticket: Awaited<ReturnType<WebClient['files']['getUploadURLExternal']>>;
  try {
    // Slack's reference names the image description `alt_txt`; the SDK's type calls it `alt_text`,
    // which is not the method's argument (https://docs.slack.dev/reference/methods/files.getUploadURLExternal).
    ticket = await client.files.getUploadURLExternal({
      filename: file.filename,
      length: file.bytes.length,
      ...(file.altText ? { alt_txt: shortened(file.altText, ALT_TEXT_LIMIT) } : {}),
    } as Parameters<WebClient['files']['getUploadURLExternal']>[0]);
  } catch (error) {
    throw new FileUploadError(slackErrorCode(error), { cause: error });
  }
  if (!ticket.upload_url || !ticket.file_id) throw new FileUploadError('no_upload_url');
  // The upload URL is signed for this one file: no token goes with the bytes.
  const response = await request(ticket.upload_url, {
    method: 'POST',
    dispatcher: uploads,
    headers: { 'content-type': file.contentType ?? 'text/csv; charset=utf-8' },
    body: file.bytes,
    signal: AbortSignal.timeout(60_000),
  }).catch((error: unknown) => {
    throw new FileUploadError('upload_unreachable', { cause: error });
  });
  await response.body.text();
  if (response.statusCode !== 200) throw new FileUploadError(`upload_http_${response.statusCode}`);
  // A post under the one Slack call policy: made at most once, and one whose outcome is unknown is
  // not made again (the file may be in the conversation already).
  try {
    await client.files.completeUploadExternal({
      files: [{ id: ticket.file_id, title: file.title }],
      channel_id: file.channelId,
      ...(file.threadTs ? { thread_ts: file.threadTs } : {}),
      ...(file.initialComment ? { initial_comment: file.initialComment } : {}),
    } as Parameters<WebClient['files']['completeUploadExternal']>[0]);
  } catch (error) {
    throw new FileUploadError(slackErrorCode(error), {
      cause: error,
      mayHaveLanded: mayHaveLanded(readSlackFailure(error)),
    });
  }
  return { fileId: ticket.file_id };
}

// blockKit's clip(), written here again: blockKit imports reply (a message's shape), so reply may not import blockKit.
function shortened(text: string, limit: number): string {
  const characters = [...text];
  return characters.length <= limit ? text : `${characters.slice(0, limit - 1).join('')}…`;
}
