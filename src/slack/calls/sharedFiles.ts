import type { WebClient } from '@slack/web-api';
import { Agent, request } from 'undici';
import { slackErrorCode } from './slackCallPolicy.js';

/** What reading a shared file gave: its bytes, or why there are none. */
export type SharedFileBytes =
  | { kind: 'file'; name: string; bytes: Uint8Array }
  | { kind: 'tooLarge'; name: string; bytes: number }
  /** The app lacks `files:read` (installed before it was added). */
  | { kind: 'noScope' }
  | { kind: 'failed'; code: string };

const downloads = new Agent({ keepAliveTimeout: 10_000 });

/**
 * Whether the bot token may go with a request to this address: Slack's own hosts over HTTPS, or the
 * Web API's host when SLACK_API_URL points elsewhere (a proxy, the tests' fake). A file object names
 * its own download URL, and the token must never follow one to anywhere else.
 */
function mayCarryToken(url: URL, apiUrl: string | undefined): boolean {
  if (apiUrl && url.origin === new URL(apiUrl).origin) return true;
  return url.protocol === 'https:' && (url.hostname === 'slack.com' || url.hostname.endsWith('.slack.com'));
}

/**
 * A file a person shared with the app: files.info for its download address and size
 * (https://docs.slack.dev/reference/methods/files.info, `files:read`), then the download itself with
 * the bot token in the Authorization header, as Slack asks for `url_private_download`. Without the
 * token Slack answers its sign-in page with 200, so an HTML answer is a failure, not the file.
 */
export async function readSharedFile(
  client: WebClient,
  fileId: string,
  options: { token: string; apiUrl?: string; maxBytes: number },
): Promise<SharedFileBytes> {
  let file: { name?: string; size?: number; url_private_download?: string; url_private?: string } | undefined;
  try {
    file = (await client.files.info({ file: fileId })).file;
  } catch (error) {
    const code = slackErrorCode(error);
    return code === 'missing_scope' ? { kind: 'noScope' } : { kind: 'failed', code };
  }
  const name = file?.name ?? '';
  if ((file?.size ?? 0) > options.maxBytes) return { kind: 'tooLarge', name, bytes: file!.size! };
  const address = file?.url_private_download ?? file?.url_private;
  if (!address) return { kind: 'failed', code: 'no_download_url' };
  const url = new URL(address);
  if (!mayCarryToken(url, options.apiUrl)) return { kind: 'failed', code: 'foreign_download_url' };
  try {
    const response = await request(url, {
      method: 'GET',
      dispatcher: downloads,
      headers: { authorization: `Bearer ${options.token}` },
      signal: AbortSignal.timeout(30_000),
      maxRedirections: 0,
    } as Parameters<typeof request>[1]);
    const type = String(response.headers['content-type'] ?? '');
    if (response.statusCode !== 200 || type.startsWith('text/html')) {
      await response.body.dump();
      return { kind: 'failed', code: response.statusCode === 200 ? 'sign_in_page' : `http_${response.statusCode}` };
    }
    // Read at most one byte past the limit: a file that grew since files.info is still refused.
    const chunks: Buffer[] = [];
    let length = 0;
    for await (const chunk of response.body) {
      length += (chunk as Buffer).length;
      if (length > options.maxBytes) {
        await response.body.dump();
        return { kind: 'tooLarge', name, bytes: length };
      }
      chunks.push(chunk as Buffer);
    }
    return { kind: 'file', name, bytes: new Uint8Array(Buffer.concat(chunks)) };
  } catch (error) {
    return { kind: 'failed', code: error instanceof Error ? error.name : 'download_failed' };
  }
}
