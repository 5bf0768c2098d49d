import type { IncomingMessage, RequestListener, ServerResponse } from 'node:http';
import { parse as parseQuery } from 'node:querystring';
import { HTTPReceiver, type HTTPReceiverOptions, isValidSlackRequest } from '@slack/bolt';

/** Slack's own window for a request's timestamp, in either direction. */
const TIMESTAMP_WINDOW_S = 5 * 60;
/**
 * Larger than anything Slack sends this app: its payloads carry the app's own views (at most 100
 * blocks, inputs of at most 3000 characters), well under this even percent-encoded. Bolt's own
 * ceiling (4 MB) let a signed request make the process parse megabytes.
 */
const BODY_LIMIT = 1024 * 1024;
/**
 * A slash command's text is typed in Slack's message box, which takes at most 40,000 characters:
 * percent-encoded UTF-8 that is at most 480,000 bytes, plus the other fields.
 */
const COMMAND_BODY_LIMIT = 512 * 1024;

type BufferedRequest = IncomingMessage & { rawBody?: Buffer };

/**
 * An acknowledgement can carry text (a form's errors, a view pushed or updated in the ack), which
 * may quote the service: it is redacted like everything the app sends through the Web API. Bolt
 * writes an ack body whole, with one `end`, and sets no content-length.
 */
function redactAckBody(res: ServerResponse, redact: (text: string) => string): void {
  const end = res.end.bind(res) as (...args: unknown[]) => ServerResponse;
  res.end = ((chunk?: unknown, ...rest: unknown[]) =>
    end(typeof chunk === 'string' ? redact(chunk) : chunk, ...rest)) as ServerResponse['end'];
}

/** What is wrong with a request before Bolt may see it, as the HTTP status to answer. */
type Verdict = { status: 400 | 401 | 413; reason: string } | undefined;

/**
 * Bolt's HTTP receiver behind a guard. Bolt parses the body of a signed request and then reads
 * fields of it unchecked, outside any handler: a body of `null` (or `payload=null`) throws an
 * unhandled rejection that ends the process, and a body of no known kind is left unanswered until
 * Bolt's own 3-second timeout. The guard reads and checks every request to the events endpoint
 * first — body size, signature and timestamp (refused 5 minutes from now in either direction, where
 * Bolt only refuses stale ones), a JSON object of a kind Slack sends — and answers anything else at
 * once with 400/401/413. What passes goes to Bolt with its body already read.
 */
export class GuardedHTTPReceiver extends HTTPReceiver {
  private readonly endpointPaths: string[];
  private readonly secret: string;
  private readonly warn: (message: string) => void;
  private readonly redact: ((text: string) => string) | undefined;
  /** Until the app has reached Slack, events are refused with 503 (Slack tries again). */
  private acceptingEvents = false;

  constructor(
    options: HTTPReceiverOptions & { onRefused?: (reason: string) => void; redact?: (text: string) => string },
  ) {
    // The guard checks the signature of every request that reaches Bolt's events endpoint; Bolt
    // checking the same bytes again would only cost each request a second HMAC.
    super({ ...options, signatureVerification: false });
    this.secret = options.signingSecret;
    const endpoints = options.endpoints ?? ['/slack/events'];
    this.endpointPaths = typeof endpoints === 'string' ? [endpoints] : endpoints;
    this.warn = options.onRefused ?? (() => undefined);
    this.redact = options.redact;
    const boltListener: RequestListener = this.requestListener;
    this.requestListener = (req, res) => {
      void this.guard(req as BufferedRequest, res, boltListener);
    };
  }

  /** The app is ready: from now on requests go to Bolt. */
  acceptEvents(): void {
    this.acceptingEvents = true;
  }

  private async guard(req: BufferedRequest, res: ServerResponse, bolt: RequestListener): Promise<void> {
    try {
      const path = new URL(req.url ?? '/', 'http://localhost').pathname;
      if (req.method === 'POST' && this.endpointPaths.includes(path)) {
        if (!this.acceptingEvents) {
          answer(res, 503);
          return;
        }
        const verdict = await this.check(req);
        if (verdict) {
          this.warn(verdict.reason);
          answer(res, verdict.status);
          return;
        }
        if (this.redact) redactAckBody(res, this.redact);
      }
      bolt(req, res);
    } catch (error) {
      this.warn(`request could not be handled: ${error instanceof Error ? error.message : String(error)}`);
      answer(res, 400);
    }
  }

  private async check(req: BufferedRequest): Promise<Verdict> {
    const raw = await readBody(req);
    if (!raw) return { status: 413, reason: 'request body over the size limit' };
    req.rawBody = raw;
    const text = raw.toString('utf8');
    const form = req.headers['content-type'] === 'application/x-www-form-urlencoded';
    const fields = form ? parseQuery(text) : undefined;
    if (fields?.command !== undefined && raw.length > COMMAND_BODY_LIMIT)
      return { status: 413, reason: 'slash command longer than Slack allows' };

    // The only signature check: Bolt's own is turned off (see the constructor), so every request,
    // Slack's SSL check included, passes here or is refused.
    const timestamp = Number(req.headers['x-slack-request-timestamp']);
    const signature = req.headers['x-slack-signature'];
    if (typeof signature !== 'string' || !Number.isFinite(timestamp))
      return { status: 401, reason: 'request without a valid signature' };
    if (timestamp > Date.now() / 1000 + TIMESTAMP_WINDOW_S)
      return { status: 401, reason: 'request timestamped more than 5 minutes in the future' };
    if (
      !isValidSlackRequest({
        signingSecret: this.secret,
        body: text,
        headers: { 'x-slack-signature': signature, 'x-slack-request-timestamp': timestamp },
      })
    ) {
      return { status: 401, reason: 'request with a bad or stale signature' };
    }
    // Bolt answers Slack's SSL check itself and ignores anything else in it.
    if (fields?.ssl_check === '1') return undefined;

    let body: unknown;
    try {
      body = fields ? (typeof fields.payload === 'string' ? JSON.parse(fields.payload) : fields) : JSON.parse(text);
    } catch {
      return { status: 400, reason: 'request body that is not JSON' };
    }
    if (typeof body !== 'object' || body === null || Array.isArray(body))
      return { status: 400, reason: 'request body that is not an object' };
    const problem = shapeProblem(body as Record<string, unknown>);
    return problem ? { status: 400, reason: problem } : undefined;
  }
}

const isObject = (value: unknown): value is Record<string, unknown> =>
  typeof value === 'object' && value !== null && !Array.isArray(value);
const isText = (value: unknown): value is string => typeof value === 'string' && value !== '';

/**
 * The fields Bolt reads from each kind of request before any listener runs (to route it and to
 * fill `context`); a request missing one would make Bolt itself fail. Kinds this app does not
 * handle pass, and are acknowledged unhandled.
 */
function shapeProblem(body: Record<string, unknown>): string | undefined {
  if (isText(body.command)) {
    return body.command.startsWith('/') && isText(body.user_id) && isText(body.team_id)
      ? undefined
      : 'slash command without its command, user or team';
  }
  const { type } = body;
  if (!isText(type)) return 'request of no kind Slack sends (neither a command nor a typed payload)';
  const user = isObject(body.user) && isText(body.user.id);
  switch (type) {
    case 'url_verification':
      return isText(body.challenge) ? undefined : 'url_verification without a challenge';
    case 'event_callback':
      return isObject(body.event) && isText(body.event.type) ? undefined : 'event without an event of a type';
    case 'block_actions':
      return user &&
        Array.isArray(body.actions) &&
        body.actions.length > 0 &&
        body.actions.every((action) => isObject(action) && isText(action.action_id))
        ? undefined
        : 'block action without a user or actions';
    case 'view_submission':
    case 'view_closed':
      return user && isObject(body.view) && typeof body.view.callback_id === 'string'
        ? undefined
        : 'view payload without a user or a view';
    case 'shortcut':
    case 'message_action':
      return user && isText(body.callback_id) ? undefined : 'shortcut without a user or callback_id';
    default:
      // Bolt routes a payload by these fields; one it cannot route reaches no middleware (not even
      // acknowledgeUnhandled) and would be answered only by Bolt's unhandled-request timeout.
      return routedByBolt(body) ? undefined : 'payload of a kind Slack does not send';
  }
}

/** Kinds Bolt routes to middleware and listeners besides those checked above (options, dialogs, legacy attachments). */
const OTHER_ROUTED_TYPES: ReadonlySet<string> = new Set(['block_suggestion', 'dialog_submission']);

function routedByBolt(body: Record<string, unknown>): boolean {
  return (
    body.event !== undefined ||
    body.name !== undefined ||
    body.actions !== undefined ||
    OTHER_ROUTED_TYPES.has(String(body.type))
  );
}

/** The whole body, or undefined past the limit. */
function readBody(req: IncomingMessage): Promise<Buffer | undefined> {
  return new Promise((resolve, reject) => {
    const chunks: Buffer[] = [];
    let size = 0;
    // Past the limit the rest is read and dropped, so the 413 can still be answered.
    req.on('data', (chunk: Buffer) => {
      size += chunk.length;
      if (size <= BODY_LIMIT) chunks.push(chunk);
    });
    req.on('end', () => resolve(size <= BODY_LIMIT ? Buffer.concat(chunks) : undefined));
    req.on('error', reject);
  });
}

function answer(res: ServerResponse, status: number): void {
  if (res.headersSent) return;
  res.writeHead(status);
  res.end();
}
