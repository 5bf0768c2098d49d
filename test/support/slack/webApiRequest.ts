import type { IncomingMessage } from 'node:http';
import { parse as parseQueryString } from 'node:querystring';

export interface WebApiRequest {
  args: Record<string, unknown>;
  /** From `Authorization: Bearer …`, else the `token` argument (both are accepted by Slack). */
  token: string | undefined;
}

/**
 * @slack/web-api sends form bodies and JSON-encodes every object argument into one field
 * (`blocks=[…]`, `view={…}`). Slack decodes those; so does the fake, so tests can assert on
 * `args.view.callback_id` instead of re-parsing strings. Scalars stay strings, as Slack receives them.
 */
const JSON_VALUED_FIELDS = new Set([
  'blocks',
  'attachments',
  'view',
  'metadata',
  'unfurls',
  'user_auth_blocks',
  'outputs',
  // assistant.threads.setSuggestedPrompts and setStatus (https://docs.slack.dev/reference/methods/assistant.threads.setSuggestedPrompts).
  'prompts',
  'loading_messages',
]);

export async function readBody(req: IncomingMessage): Promise<string> {
  const chunks: Buffer[] = [];
  for await (const chunk of req) chunks.push(chunk as Buffer);
  return Buffer.concat(chunks).toString('utf8');
}

function decodeFormFields(raw: string): Record<string, unknown> {
  const args: Record<string, unknown> = {};
  for (const [key, value] of Object.entries(parseQueryString(raw))) {
    const single = Array.isArray(value) ? value[value.length - 1] : value;
    if (single === undefined) continue;
    args[key] = JSON_VALUED_FIELDS.has(key) ? parseJsonOrKeep(single) : single;
  }
  return args;
}

function parseJsonOrKeep(value: string): unknown {
  try {
    return JSON.parse(value);
  } catch {
    return value;
  }
}

function bearerToken(header: string | undefined): string | undefined {
  const match = header ? /^Bearer\s+(.+)$/i.exec(header) : null;
  return match?.[1];
}

/** Query string args count too: Slack serves GET for read methods, and a few clients use it. */
export async function parseWebApiRequest(req: IncomingMessage, url: URL): Promise<WebApiRequest> {
  const raw = await readBody(req);
  const contentType = (req.headers['content-type'] ?? '').split(';')[0]?.trim().toLowerCase();
  let bodyArgs: Record<string, unknown> = {};
  if (raw.length > 0) {
    if (contentType === 'application/json') {
      const parsed: unknown = JSON.parse(raw);
      if (parsed && typeof parsed === 'object' && !Array.isArray(parsed)) bodyArgs = parsed as Record<string, unknown>;
    } else {
      bodyArgs = decodeFormFields(raw);
    }
  }
  const args: Record<string, unknown> = { ...decodeFormFields(url.search.slice(1)), ...bodyArgs };
  const fieldToken = typeof args.token === 'string' ? args.token : undefined;
  delete args.token;
  return { args, token: bearerToken(req.headers.authorization) ?? fieldToken };
}
