import { createServer, type IncomingMessage, type Server, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import { surfaceChartProblems } from '../slackChartLimits.js';
import { FakeOAuth } from './fakeOAuth.js';
import { DEFAULT_TZ, type FakeSlackUser } from './fakeUsers.js';
import { RecordLog } from './recordLog.js';
import {
  answerWebApi,
  channelArgument,
  type FakeSharedFile,
  FakeSlackState,
  type FakeUpload,
  type FunctionExecution,
  type FunctionParameter,
  fileObject,
  type WebApiBody,
} from './webApiAnswers.js';
import { parseWebApiRequest, readBody } from './webApiRequest.js';
import { DEFAULT_WORKSPACE, type FakeWorkspace, nextMessageTs, randomSlackId } from './workspace.js';
import { WorkspaceLimits } from './workspaceLimits.js';

export interface RecordedCall {
  method: string;
  /** Arguments as Slack would see them, JSON fields (`blocks`, `view` …) decoded, `token` moved out. */
  args: Record<string, unknown>;
  token: string | undefined;
  /** What the fake answered, so a test can check e.g. which `ts` the app was given. */
  status: number;
  response: WebApiBody;
  at: number;
  /**
   * Slack did what was asked (a message posted, a view published), whatever the app was told: a
   * post answered 500 or cut off after Slack took it has `landed` true, which is how a test counts
   * messages that really appeared.
   */
  landed: boolean;
}

export interface RecordedResponse {
  id: string;
  /** Parsed JSON when it is JSON (Bolt's respond() always sends JSON), else the raw text. */
  body: unknown;
  at: number;
}

export interface FakeSlackOptions {
  workspace?: Partial<FakeWorkspace>;
  /** Time zone of every user not given one with `setUser`. */
  defaultTz?: string;
  /** When set, any other token gets `invalid_auth`; by default every token is accepted. */
  validTokens?: string[];
  /** Slack's per-workspace rate limits, enforced (429 past them) and counted in `limits` (workspaceLimits.ts). */
  enforceLimits?: boolean;
}

export interface FailureOptions {
  /** How many calls fail; `Infinity` keeps failing until `reset()`. */
  times?: number;
  /** For `ratelimited`: the Retry-After header, in seconds. */
  retryAfterSeconds?: number;
}

interface ScriptedFailure {
  error: string;
  remaining: number;
  retryAfterSeconds: number;
}

interface Answer {
  status: number;
  body: WebApiBody;
  headers?: Record<string, string>;
  /** Sent instead of the JSON body: what a 5xx from Slack's edge looks like. */
  raw?: string;
}

/**
 * What Slack may do after it has done a call: answer 5xx anyway, or lose the connection before
 * answering. Either way the call landed and the app cannot know (posts are not idempotent:
 * https://docs.slack.dev/apis/web-api/rate-limits, "Retry-After"; the SDK's default retry policy
 * retried these, posting twice).
 */
type AfterDoing = { kind: 'status'; status: number } | { kind: 'reset' };

const API_PREFIX = '/api/';
/** Slack's authorize page (https://slack.com/oauth/v2/authorize), where an install starts. */
export const AUTHORIZE_PATH = '/oauth/v2/authorize';
const RESPONSE_PREFIX = '/response/';
const UPLOAD_PREFIX = '/upload/';

/** How a POST of file bytes to an upload URL shows in `calls()`, between the two Web API calls of the flow. */
export const UPLOAD_URL_CALL = 'upload_url';

/** Where shared files are downloaded from (url_private_download), as files.slack.com/files-pri/ serves them. */
const FILES_PREFIX = '/files-pri/';

/** How a GET of a shared file's private download shows in `calls()`. */
export const FILE_DOWNLOAD_CALL = 'file_download';
const DEFAULT_WAIT_MS = 5000;

function sendJson(res: ServerResponse, status: number, body: unknown, headers: Record<string, string> = {}): void {
  res.writeHead(status, { 'content-type': 'application/json; charset=utf-8', ...headers });
  res.end(JSON.stringify(body));
}

function bearer(header: string | undefined): string | undefined {
  return header ? /^Bearer\s+(.+)$/i.exec(header)?.[1] : undefined;
}

function describeCalls(calls: RecordedCall[]): string {
  if (calls.length === 0) return 'none';
  return calls
    .map((call) => `${call.method}(${JSON.stringify(call.args)}) → ${call.response.ok ? 'ok' : call.response.error}`)
    .join('\n  ');
}

/**
 * A stand-in for slack.com: the Web API under /api/<method> and response_url endpoints under
 * /response/<id>. It records everything and lets a test script Slack-side failures.
 */
export class FakeSlack {
  readonly workspace: FakeWorkspace;
  /** Installs through Add to Slack: the authorize page, oauth.v2.access and the tokens they issued. */
  readonly oauth = new FakeOAuth();
  /** With `enforceLimits`: Slack's per-workspace limits, and the calls refused for passing them. */
  readonly limits: WorkspaceLimits | undefined;
  readonly #server: Server;
  readonly #state: FakeSlackState;
  readonly #validTokens: Set<string> | undefined;
  readonly #calls = new RecordLog<RecordedCall>();
  readonly #responses = new RecordLog<RecordedResponse>();
  readonly #failures = new Map<string, ScriptedFailure[]>();
  readonly #responseFailures = new Map<string, { status: number; error: string; json: boolean }>();
  readonly #afterDoing = new Map<string, AfterDoing[]>();
  /** channel id → HTTP status every call naming it gets, before Slack does anything. */
  readonly #channelStatuses = new Map<string, { status: number; retryAfterSeconds: number }>();
  readonly #responseResets = new Set<string>();
  #tokensRevoked: string | undefined;
  readonly #held = new Map<string, Promise<void>>();
  /** method → how many of its calls wait on a hold now. */
  readonly #waiting = new Map<string, number>();
  readonly #refusedBlockTypes = new Set<string>();
  readonly #chartProblems: string[] = [];
  /** Requests to paths the fake does not serve: almost always a wrong slackApiUrl, so timeouts mention them. */
  readonly #strayPaths: string[] = [];
  #responseCounter = 0;
  #url = '';

  constructor(options: FakeSlackOptions = {}) {
    this.workspace = { ...DEFAULT_WORKSPACE, ...options.workspace };
    this.#state = new FakeSlackState(this.workspace, options.defaultTz ?? DEFAULT_TZ);
    this.#validTokens = options.validTokens ? new Set(options.validTokens) : undefined;
    this.limits = options.enforceLimits ? new WorkspaceLimits() : undefined;
    this.#server = createServer((req, res) => {
      this.#route(req, res).catch((error: unknown) => {
        if (!res.headersSent) sendJson(res, 500, { ok: false, error: 'fake_slack_internal', detail: String(error) });
      });
    });
  }

  /** `http://127.0.0.1:<port>`, no trailing slash. */
  get url(): string {
    return this.#url;
  }

  /** Where an install's authorize page is (the app's SLACK_OAUTH_URL). */
  get authorizeUrl(): string {
    return `${this.#url}${AUTHORIZE_PATH}`;
  }

  /** What WebClient's `slackApiUrl` (or the app's SLACK_API_URL) should be: `${url}/api/`. */
  get apiUrl(): string {
    return `${this.#url}${API_PREFIX}`;
  }

  async listen(): Promise<this> {
    await new Promise<void>((resolve, reject) => {
      this.#server.once('error', reject);
      this.#server.listen(0, '127.0.0.1', () => resolve());
    });
    this.#url = `http://127.0.0.1:${(this.#server.address() as AddressInfo).port}`;
    this.#state.uploadUrlBase = `${this.#url}${UPLOAD_PREFIX}`;
    this.#state.fileUrlBase = `${this.#url}${FILES_PREFIX}`;
    return this;
  }

  // ---- Web API -------------------------------------------------------------------------------

  calls(method?: string): RecordedCall[] {
    const all = this.#calls.all();
    return method === undefined ? all : all.filter((call) => call.method === method);
  }

  /** Resolves with the first call (already recorded or yet to come) to `method` that `predicate` accepts. */
  waitForCall(
    method: string,
    predicate: (call: RecordedCall) => boolean = () => true,
    timeoutMs = DEFAULT_WAIT_MS,
  ): Promise<RecordedCall> {
    return this.#calls.waitFor(
      (call) => call.method === method && predicate(call),
      timeoutMs,
      () => {
        const stray =
          this.#strayPaths.length > 0
            ? `\nrequests to paths the fake does not serve: ${this.#strayPaths.join(', ')}`
            : '';
        return `no matching ${method} call reached fake Slack; calls so far:\n  ${describeCalls(this.calls())}${stray}`;
      },
    );
  }

  /** The next `times` calls to `method` answer `{ ok: false, error }`; `ratelimited` answers HTTP 429 with Retry-After. */
  failNext(method: string, error: string, options: FailureOptions = {}): void {
    const queue = this.#failures.get(method) ?? [];
    queue.push({ error, remaining: options.times ?? 1, retryAfterSeconds: options.retryAfterSeconds ?? 1 });
    this.#failures.set(method, queue);
  }

  /**
   * Note @slack/web-api waits Retry-After and retries by itself unless the client was built with
   * `rejectRateLimitedCalls: true`, so a long Retry-After makes the app (and test) wait that long.
   */
  rateLimitNext(method: string, retryAfterSeconds = 1, times = 1): void {
    this.failNext(method, 'ratelimited', { retryAfterSeconds, times });
  }

  /**
   * The next `times` calls to `method` are done (a message posted …) and then answered with HTTP
   * `status` instead of Slack's JSON: a 5xx after the work, as Slack's edge can answer.
   */
  failAfterDoing(method: string, status = 500, times = 1): void {
    const queue = this.#afterDoing.get(method) ?? [];
    for (let i = 0; i < times; i++) queue.push({ kind: 'status', status });
    this.#afterDoing.set(method, queue);
  }

  /**
   * Calls to `method` get no answer until the returned function is called: Slack being slow, as
   * users.info or conversations.info can be, for a test that shows what the app does meanwhile.
   */
  holdCalls(method: string): () => void {
    let release!: () => void;
    this.#held.set(method, new Promise<void>((resolve) => (release = resolve)));
    return () => {
      this.#held.delete(method);
      release();
    };
  }

  /** How many calls to `method` a hold keeps waiting now (holdCalls). */
  waiting(method: string): number {
    return this.#waiting.get(method) ?? 0;
  }

  /** The next call to `method` is done, then its connection is cut before Slack answers. */
  resetAfterDoing(method: string): void {
    const queue = this.#afterDoing.get(method) ?? [];
    queue.push({ kind: 'reset' });
    this.#afterDoing.set(method, queue);
  }

  /**
   * Every call naming `channel` is answered HTTP `status` without being done (500: Slack failing;
   * 429: rate-limited, with `Retry-After`); `undefined` clears it.
   */
  setChannelStatus(channel: string, status: number | undefined, options: { retryAfterSeconds?: number } = {}): void {
    if (status === undefined) this.#channelStatuses.delete(channel);
    else this.#channelStatuses.set(channel, { status, retryAfterSeconds: options.retryAfterSeconds ?? 1 });
  }

  /**
   * From now on every call with the app's token answers `error` (`token_revoked` after tokens_revoked,
   * `invalid_auth`, `account_inactive` …), as Slack does once the app is uninstalled, until `reinstall`.
   */
  revokeTokens(error = 'token_revoked'): void {
    this.#tokensRevoked = error;
  }

  /** The app is installed again: its token works. */
  reinstall(): void {
    this.#tokensRevoked = undefined;
  }

  /**
   * Marks `channel` as a Slack Connect channel shared with `teamIds` (conversations.info `is_ext_shared`,
   * `is_shared`, `shared_team_ids`, `connected_team_ids`: https://docs.slack.dev/reference/objects/conversation-object).
   */
  shareChannelExternally(channel: string, teamIds: string[]): void {
    this.#state.externalChannels.set(channel, teamIds);
  }

  /** The other organisations left `channel` (channel_unshared with `is_ext_shared: false`): internal again. */
  unshareChannel(channel: string): void {
    this.#state.externalChannels.delete(channel);
  }

  /** Every channel-scoped call naming `channel` fails with `error`; `undefined` clears it. */
  setChannelError(channel: string, error: string | undefined): void {
    if (error === undefined) this.#state.channelErrors.delete(channel);
    else this.#state.channelErrors.set(channel, error);
  }

  /** Overrides what `users.info` says about `id`; a `tz` alone also sets a matching tz_label and tz_offset. */
  setUser(id: string, patch: Partial<FakeSlackUser>): void {
    this.#state.patchUser(id, patch);
  }

  /**
   * Starts a workflow step as Slack does before it sends function_executed: an execution id and the
   * workflow token for its calls. With `outputParameters`, completeSuccess checks outputs against them.
   */
  startFunctionExecution(callbackId: string, outputParameters?: FunctionParameter[]): FunctionExecution {
    return this.#state.functions.start(callbackId, outputParameters);
  }

  /** How an execution stands: running, or completed (with its outputs) or failed (with its error). */
  functionExecution(id: string): FunctionExecution | undefined {
    return this.#state.functions.get(id);
  }

  /** The status line under a thread now (assistant.threads.setStatus), undefined when none shows. */
  status(channel: string, threadTs: string): string | undefined {
    return this.#state.statuses.get(`${channel}:${threadTs}`);
  }

  /** Every status a thread was given, oldest first ("" for a clearing). */
  statusHistory(channel: string, threadTs: string): string[] {
    return [...(this.#state.statusHistory.get(`${channel}:${threadTs}`) ?? [])];
  }

  /** The suggested prompts set for a conversation (assistant.threads.setSuggestedPrompts). */
  suggestedPrompts(
    channel: string,
  ): { title?: string; prompts: Array<{ title: string; message: string }> } | undefined {
    return this.#state.suggestedPrompts.get(channel);
  }

  /** The user `users.info` would answer with right now. */
  user(id: string): FakeSlackUser {
    return this.#state.user(id);
  }

  /** Files of the upload flow so far, oldest first: what was declared, what arrived, where it was shared. */
  uploads(): FakeUpload[] {
    return [...this.#state.uploads.values()];
  }

  // ---- response_url --------------------------------------------------------------------------

  /** A fresh response_url; pass your own `id` to read its responses back by name. */
  responseUrl(id = `r${++this.#responseCounter}`): string {
    return `${this.#url}${RESPONSE_PREFIX}${encodeURIComponent(id)}`;
  }

  responses(id?: string): RecordedResponse[] {
    const all = this.#responses.all();
    return id === undefined ? all : all.filter((response) => response.id === id);
  }

  waitForResponse(
    id: string,
    predicate: (response: RecordedResponse) => boolean = () => true,
    timeoutMs = DEFAULT_WAIT_MS,
  ): Promise<RecordedResponse> {
    return this.#responses.waitFor(
      (response) => response.id === id && predicate(response),
      timeoutMs,
      () => {
        const arrived = this.responses().map((r) => `${r.id}: ${JSON.stringify(r.body)}`);
        return `no matching response reached response_url "${id}"; responses so far:\n  ${arrived.join('\n  ') || 'none'}`;
      },
    );
  }

  /** The next POST to this response_url fails the way an expired or overused one does. */
  failNextResponse(id: string, status = 404, error = 'expired_url'): void {
    this.#responseFailures.set(id, { status, error, json: false });
  }

  /** The next POST to this response_url is taken (recorded, shown) and its connection cut before Slack answers. */
  resetNextResponseAfterDoing(id: string): void {
    this.#responseResets.add(id);
  }

  /**
   * The next POST to this response_url is answered HTTP 200 with `{"ok":false,"error":…}`: refused,
   * though the status says fine (issue 32.8; Slack's webhooks answer errors in the body).
   */
  refuseNextResponseInBody(id: string, error = 'used_url'): void {
    this.#responseFailures.set(id, { status: 200, error, json: true });
  }

  /**
   * From now on, a message holding a block of one of these types is refused with invalid_blocks (the
   * Web API's chat methods answer `ok: false`, a response_url HTTP 400), as a Slack that does not
   * know the block does. No argument: every block type is accepted again.
   */
  refuseBlockTypes(...types: string[]): void {
    this.#refusedBlockTypes.clear();
    for (const type of types) this.#refusedBlockTypes.add(type);
  }

  #refusesBlocks(body: unknown): boolean {
    return blockList(body).some((block) => this.#refusedBlockTypes.has(String((block as { type?: unknown }).type)));
  }

  /**
   * What Slack's data_visualization page refuses in the blocks of a message or view the app sent
   * (test/support/slackChartLimits.ts), so that every reply of every end-to-end test is checked
   * against it: such a payload is answered invalid_blocks, as Slack does, and kept for `chartProblems()`.
   */
  #refusesCharts(where: string, blocks: unknown[], surface: 'message' | 'modal' | 'home'): boolean {
    const problems = surfaceChartProblems(blocks, surface);
    for (const problem of problems) this.#chartProblems.push(`${where}: ${problem}`);
    return problems.length > 0;
  }

  #webApiChartsRefused(method: string, args: Record<string, unknown>): boolean {
    if (method.startsWith('chat.') || method === 'files.completeUploadExternal')
      return this.#refusesCharts(method, blockList(args), 'message');
    if (!method.startsWith('views.')) return false;
    const view = typeof args.view === 'string' ? (JSON.parse(args.view) as unknown) : args.view;
    const surface = (view as { type?: unknown } | undefined)?.type === 'home' ? 'home' : 'modal';
    return this.#refusesCharts(method, blockList(view), surface);
  }

  /** Every breach of Slack's data_visualization page in what the app sent so far; empty when there was none. */
  chartProblems(): string[] {
    return [...this.#chartProblems];
  }

  // ---- lifecycle -----------------------------------------------------------------------------

  /** Forgets calls, responses and everything scripted; the URL and workspace stay. */
  reset(): void {
    this.#calls.clear();
    this.#responses.clear();
    this.#failures.clear();
    this.#refusedBlockTypes.clear();
    this.#chartProblems.length = 0;
    this.#responseFailures.clear();
    this.#afterDoing.clear();
    this.#channelStatuses.clear();
    this.#responseResets.clear();
    this.#tokensRevoked = undefined;
    this.#strayPaths.length = 0;
    this.#state.clear();
  }

  async close(): Promise<void> {
    this.#calls.rejectWaiters('fake Slack was closed while a test was waiting for a call');
    this.#responses.rejectWaiters('fake Slack was closed while a test was waiting for a response');
    // Keep-alive sockets from the app's fetch would otherwise hold close() open.
    this.#server.closeAllConnections();
    await new Promise<void>((resolve) => this.#server.close(() => resolve()));
  }

  // ---- routing -------------------------------------------------------------------------------

  async #route(req: IncomingMessage, res: ServerResponse): Promise<void> {
    const url = new URL(req.url ?? '/', this.#url);
    if (url.pathname === AUTHORIZE_PATH && req.method === 'GET') {
      res.writeHead(302, { location: this.oauth.authorize(url.searchParams) });
      res.end();
    } else if (url.pathname.startsWith(API_PREFIX)) {
      await this.#serveWebApi(decodeURIComponent(url.pathname.slice(API_PREFIX.length)), req, res, url);
    } else if (url.pathname.startsWith(RESPONSE_PREFIX) && req.method === 'POST') {
      await this.#serveResponseUrl(decodeURIComponent(url.pathname.slice(RESPONSE_PREFIX.length)), req, res);
    } else if (url.pathname.startsWith(UPLOAD_PREFIX) && req.method === 'POST') {
      await this.#serveUpload(decodeURIComponent(url.pathname.slice(UPLOAD_PREFIX.length)), req, res);
    } else if (url.pathname.startsWith(FILES_PREFIX) && req.method === 'GET') {
      this.#serveSharedFile(decodeURIComponent(url.pathname.slice(FILES_PREFIX.length)), req, res);
    } else {
      this.#strayPaths.push(`${req.method} ${url.pathname}`);
      res.writeHead(404, { 'content-type': 'text/plain' });
      res.end(
        `fake Slack serves ${API_PREFIX}<method>, ${RESPONSE_PREFIX}<id> and ${UPLOAD_PREFIX}<file id>; set slackApiUrl to ${this.apiUrl}`,
      );
    }
  }

  async #serveWebApi(method: string, req: IncomingMessage, res: ServerResponse, url: URL): Promise<void> {
    const { args, token } = await parseWebApiRequest(req, url);
    const held = this.#held.get(method);
    if (held) {
      this.#waiting.set(method, this.waiting(method) + 1);
      await held;
      this.#waiting.set(method, this.waiting(method) - 1);
    }
    const answer = this.#answer(method, args, token);
    const landed = answer.status === 200 && answer.body.ok === true;
    const after = landed ? this.#afterDoing.get(method)?.shift() : undefined;
    if (after?.kind === 'reset') {
      this.#calls.push({ method, args, token, status: 0, response: answer.body, at: Date.now(), landed });
      res.socket?.destroy();
      return;
    }
    if (after?.kind === 'status') {
      this.#calls.push({ method, args, token, status: after.status, response: answer.body, at: Date.now(), landed });
      res.writeHead(after.status, { 'content-type': 'text/html' });
      res.end('<html><body>upstream error</body></html>');
      return;
    }
    this.#calls.push({ method, args, token, status: answer.status, response: answer.body, at: Date.now(), landed });
    if (answer.raw !== undefined) {
      res.writeHead(answer.status, { 'content-type': 'text/html', ...answer.headers });
      res.end(answer.raw);
      return;
    }
    sendJson(res, answer.status, answer.body, answer.headers);
  }

  #answer(method: string, args: Record<string, unknown>, token: string | undefined): Answer {
    // oauth.v2.access takes the app's client id and secret, not a token.
    if (method === 'oauth.v2.access') {
      // A scripted failure (failNext) answers before the exchange is made: nothing issued, nothing used up.
      const scripted = this.#takeFailure(method);
      if (scripted) return { status: 200, body: { ok: false, error: scripted.error } };
      return { status: 200, body: this.oauth.access(args, Date.now()) };
    }
    if (!token) return { status: 200, body: { ok: false, error: 'not_authed' } };
    const issued = this.oauth.check(token, Date.now());
    if (issued && 'error' in issued) return { status: 200, body: { ok: false, error: issued.error } };
    if (issued && method === 'auth.test') return { status: 200, body: this.oauth.authTest(issued.install) };
    if (!issued && this.#validTokens && !this.#validTokens.has(token) && !this.#state.functions.acceptsToken(token))
      return { status: 200, body: { ok: false, error: 'invalid_auth' } };
    if (this.#tokensRevoked && !this.#state.functions.acceptsToken(token))
      return { status: 200, body: { ok: false, error: this.#tokensRevoked } };
    if (this.limits) {
      const workspace = issued ? (issued.install.teamId ?? issued.install.enterpriseId ?? token) : token;
      const wait = this.limits.admit(workspace, method, channelArgument(method, args), Date.now());
      if (wait !== undefined)
        return { status: 429, body: { ok: false, error: 'ratelimited' }, headers: { 'retry-after': String(wait) } };
    }
    const scripted = this.#takeFailure(method);
    if (scripted?.error === 'ratelimited') {
      return {
        status: 429,
        body: { ok: false, error: 'ratelimited' },
        headers: { 'retry-after': String(scripted.retryAfterSeconds) },
      };
    }
    if (scripted) return { status: 200, body: { ok: false, error: scripted.error } };
    const channel = channelArgument(method, args);
    const channelStatus = channel === undefined ? undefined : this.#channelStatuses.get(channel);
    if (channelStatus?.status === 429)
      return {
        status: 429,
        body: { ok: false, error: 'ratelimited' },
        headers: { 'retry-after': String(channelStatus.retryAfterSeconds) },
      };
    if (channelStatus !== undefined)
      return {
        status: channelStatus.status,
        body: { ok: false, error: 'http_error' },
        raw: '<html><body>upstream error</body></html>',
      };
    const channelError = channel === undefined ? undefined : this.#state.channelErrors.get(channel);
    if (channelError) return { status: 200, body: { ok: false, error: channelError } };
    if (method.startsWith('chat.') && this.#refusesBlocks(args))
      return { status: 200, body: { ok: false, error: 'invalid_blocks' } };
    if (this.#webApiChartsRefused(method, args)) return { status: 200, body: { ok: false, error: 'invalid_blocks' } };
    return { status: 200, body: answerWebApi(method, args, this.#state, token) };
  }

  #takeFailure(method: string): ScriptedFailure | undefined {
    const queue = this.#failures.get(method);
    const next = queue?.[0];
    if (!queue || !next) return undefined;
    next.remaining -= 1;
    if (next.remaining <= 0) queue.shift();
    return next;
  }

  /**
   * An upload URL from files.getUploadURLExternal: takes the bytes of that one file. Like Slack's
   * file servers it answers 200 when the upload is accepted; an unknown or finished file, or bytes
   * that are not the length declared, are refused (and then files.completeUploadExternal cannot
   * find the file).
   */
  async #serveUpload(fileId: string, req: IncomingMessage, res: ServerResponse): Promise<void> {
    const body = await readBytes(req);
    const upload = this.#state.uploads.get(fileId);
    const bytes = fileBytes(body, req.headers['content-type']);
    let status = 200;
    let text = `OK - ${bytes?.length ?? 0}`;
    if (!upload || upload.completed) [status, text] = [404, 'file_not_found'];
    else if (!bytes || bytes.length !== upload.length)
      [status, text] = [400, `length_mismatch: declared ${upload.length}, received ${bytes?.length ?? 0}`];
    else upload.bytes = bytes;
    const token = bearer(req.headers.authorization);
    this.#calls.push({
      method: UPLOAD_URL_CALL,
      args: { file_id: fileId, length: bytes?.length ?? 0 },
      token,
      status,
      response: { ok: status === 200, ...(status === 200 ? {} : { error: text }) },
      at: Date.now(),
      landed: status === 200,
    });
    res.writeHead(status, { 'content-type': 'text/plain; charset=utf-8' });
    res.end(text);
  }

  /**
   * A shared file's `url_private_download`: its bytes for a request with a valid token in the
   * Authorization header. Without one Slack answers 200 with its sign-in page, in HTML, not an error:
   * the fake does the same, so an app that forgets the token reads a web page, not the file.
   */
  #serveSharedFile(path: string, req: IncomingMessage, res: ServerResponse): void {
    const id = path.split('/')[0]!.split('-').at(-1)!;
    const file = this.#state.sharedFiles.get(id);
    const token = bearer(req.headers.authorization);
    const authorised = token !== undefined && (!this.#validTokens || this.#validTokens.has(token));
    this.#calls.push({
      method: FILE_DOWNLOAD_CALL,
      args: { file_id: id },
      token,
      status: file ? 200 : 404,
      response: { ok: Boolean(file && authorised) },
      at: Date.now(),
      landed: Boolean(file && authorised),
    });
    if (!file || file.deleted) {
      res.writeHead(404, { 'content-type': 'text/plain' });
      res.end('file_not_found');
      return;
    }
    if (!authorised) {
      res.writeHead(200, { 'content-type': 'text/html; charset=utf-8' });
      res.end('<!DOCTYPE html><html><head><title>Slack</title></head><body>Sign in to your workspace</body></html>');
      return;
    }
    res.writeHead(200, { 'content-type': file.mimetype, 'content-length': String(file.bytes.length) });
    res.end(file.bytes);
  }

  /** A file a person shares: kept for files.info and the private download; its object goes in the message event's `files`. */
  shareFile(input: {
    name: string;
    bytes: Buffer | Uint8Array;
    mimetype?: string;
    user?: string;
  }): Record<string, unknown> {
    const id = randomSlackId('F');
    const filetype = input.name.split('.').at(-1)?.toLowerCase() ?? 'binary';
    const file: FakeSharedFile = {
      id,
      name: input.name,
      mimetype:
        input.mimetype ??
        (filetype === 'xlsx' ? 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet' : 'text/csv'),
      filetype,
      bytes: Buffer.from(input.bytes),
      user: input.user ?? 'U_TEST',
    };
    this.#state.sharedFiles.set(id, file);
    return fileObject(file, this.#state);
  }

  /**
   * A person's message in `channel` (in the thread `threadTs` when given), with the files they shared
   * (shareFile's objects): what conversations.replies returns. The event of it is not sent: the app
   * hears only mentions and direct messages. Resolves with its ts.
   */
  postMessage(input: {
    channel: string;
    text?: string;
    user?: string;
    threadTs?: string;
    files?: Array<Record<string, unknown>>;
    botId?: string;
  }): string {
    const ts = nextMessageTs();
    this.#state.remember(input.channel, {
      type: 'message',
      ...(input.files ? { subtype: 'file_share', files: input.files, upload: false } : {}),
      text: input.text ?? '',
      user: input.user ?? 'U_TEST',
      ts,
      team: this.workspace.teamId,
      ...(input.threadTs ? { thread_ts: input.threadTs, parent_user_id: input.user ?? 'U_TEST' } : {}),
      ...(input.botId ? { bot_id: input.botId } : {}),
    });
    return ts;
  }

  /** The install lacks these bot scopes (it predates them): the methods needing them answer `missing_scope`. */
  withoutScopes(...scopes: string[]): void {
    for (const scope of scopes) this.#state.missingScopes.add(scope);
  }

  /** conversations.replies answers at most `cap` messages a page: 15 models an app distributed outside the Marketplace. */
  capRepliesPage(cap: number): void {
    this.#state.repliesPageCap = cap;
  }

  async #serveResponseUrl(id: string, req: IncomingMessage, res: ServerResponse): Promise<void> {
    const raw = await readBody(req);
    let body: unknown = raw;
    try {
      body = JSON.parse(raw);
    } catch {
      // Not JSON: keep the text so the test can see what the app actually sent.
    }
    this.#responses.push({ id, body, at: Date.now() });
    if (this.#responseResets.delete(id)) {
      req.socket.destroy();
      return;
    }
    const failure = this.#responseFailures.get(id);
    if (failure) {
      this.#responseFailures.delete(id);
      if (failure.json) {
        sendJson(res, failure.status, { ok: false, error: failure.error });
        return;
      }
      res.writeHead(failure.status, { 'content-type': 'text/plain' });
      res.end(failure.error);
      return;
    }
    if (this.#refusesBlocks(body) || this.#refusesCharts(`response_url ${id}`, blockList(body), 'message')) {
      res.writeHead(400, { 'content-type': 'text/plain' });
      res.end('invalid_blocks');
      return;
    }
    sendJson(res, 200, { ok: true });
  }
}

/** The blocks of a message or view, however they came (a JSON string in a form body, or decoded). */
function blockList(body: unknown): unknown[] {
  const blocks = typeof body === 'object' && body !== null ? (body as { blocks?: unknown }).blocks : undefined;
  const list = typeof blocks === 'string' ? (JSON.parse(blocks) as unknown) : blocks;
  return Array.isArray(list) ? list : [];
}

/** The request body as bytes (file uploads are not text). */
async function readBytes(req: IncomingMessage): Promise<Buffer> {
  const chunks: Buffer[] = [];
  for await (const chunk of req) chunks.push(chunk as Buffer);
  return Buffer.concat(chunks);
}

/**
 * The file in a body: the raw bytes, or the part with a filename of a multipart form (Slack takes
 * either). Undefined for a multipart body without a file part.
 */
function fileBytes(body: Buffer, contentType: string | undefined): Buffer | undefined {
  const boundary = /multipart\/form-data;.*boundary="?([^";]+)"?/i.exec(contentType ?? '')?.[1];
  if (!boundary) return body;
  const delimiter = Buffer.from(`--${boundary}`);
  let start = body.indexOf(delimiter);
  while (start >= 0) {
    const next = body.indexOf(delimiter, start + delimiter.length);
    if (next < 0) break;
    const part = body.subarray(start + delimiter.length + 2, next - 2);
    const headerEnd = part.indexOf('\r\n\r\n');
    if (headerEnd >= 0 && /filename=/i.test(part.subarray(0, headerEnd).toString('utf8')))
      return part.subarray(headerEnd + 4);
    start = next;
  }
  return undefined;
}

/** Starts a fake Slack on 127.0.0.1 at a free port. Close it in afterAll. */
export async function startFakeSlack(options: FakeSlackOptions = {}): Promise<FakeSlack> {
  return new FakeSlack(options).listen();
}
