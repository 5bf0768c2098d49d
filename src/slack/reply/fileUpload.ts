import type { WebClient } from '@slack/web-api';
import { Agent, request } from 'undici';
import { slackErrorCode } from '../calls/slackCallPolicy.js';

export interface FileToPost {
  /** The conversation the file is shared in, with `initialComment` as its message. */
  channelId: string;
  filename: string;
  title: string;
  bytes: Buffer;
  initialComment: string;
}

/** Slack's error code for a failed step ("not_in_channel"), or what failed when Slack gave none. */
export class FileUploadError extends Error {
  constructor(
    readonly code: string,
    options?: { cause?: unknown },
  ) {
    super(`file upload failed: ${code}`, options);
    this.name = 'FileUploadError';
  }
}

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
    ticket = await client.files.getUploadURLExternal({ filename: file.filename, length: file.bytes.length });
  } catch (error) {
    throw new FileUploadError(slackErrorCode(error), { cause: error });
  }
  if (!ticket.upload_url || !ticket.file_id) throw new FileUploadError('no_upload_url');
  // The upload URL is signed for this one file: no token goes with the bytes.
  const response = await request(ticket.upload_url, {
    method: 'POST',
    dispatcher: uploads,
    headers: { 'content-type': 'text/csv; charset=utf-8' },
    body: file.bytes,
    signal: AbortSignal.timeout(60_000),
  }).catch((error: unknown) => {
    throw new FileUploadError('upload_unreachable', { cause: error });
  });
  await response.body.text();
  if (response.statusCode !== 200) throw new FileUploadError(`upload_http_${response.statusCode}`);
  try {
    await client.files.completeUploadExternal({
      files: [{ id: ticket.file_id, title: file.title }],
      channel_id: file.channelId,
      initial_comment: file.initialComment,
    });
  } catch (error) {
    throw new FileUploadError(slackErrorCode(error), { cause: error });
  }
  return { fileId: ticket.file_id };
}
