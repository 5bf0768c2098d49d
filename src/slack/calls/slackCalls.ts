import { createHash } from 'node:crypto';
import type { FetchFunction, WebClientOptions } from '@slack/web-api';
import type { Logger } from 'pino';
import type { Clock } from '../../core/clock.js';
import {
  CALL_BUDGETS,
  callKind,
  failureFromStatus,
  readSlackFailure,
  retryDelayMs,
  type SlackCallKind,
  type SlackFailure,
} from './slackCallPolicy.js';

/** A call to Slack as the policy sees it: its method (or `response_url`), and the channel a post goes to. */
export interface SlackCall {
  method: string;
  channel?: string | undefined;
  /**
   * Whose call it is: a short digest of the token (one per installed workspace), never the token.
   * Slack's limits are per method and workspace, so a 429 in one workspace holds nothing in another.
   */
  workspace?: string | undefined;
}

/** What an attempt's answer says, before anyone reads its body. */
export interface AnswerStatus {
  status: number;
  retryAfter: string | null;
}

/** A Slack call given up without a readable answer; `slackFailure` says whether it may have landed. */
export class SlackCallError extends Error {
  constructor(
    readonly method: string,
    readonly slackFailure: SlackFailure,
    options?: { cause?: unknown },
  ) {
    super(`Slack ${method}: ${slackFailure.kind}`, options);
    this.name = 'SlackCallError';
  }
}

export interface SlackCallsOptions {
  clock: Clock;
  logger?: Logger;
  /** Told of a 429 on a post to a channel, so the channel's shared pacing holds back too. */
  onChannelRateLimited?: (channel: string, ms: number) => void;
  /** One attempt's deadline by kind of call, over CALL_BUDGETS': shorter only in a test that holds a call past it. */
  attemptTimeoutMs?: Partial<Record<SlackCallKind, number>>;
}

/** Methods whose 429 holds only the channel posted to: Slack's posting limit is per channel. */
const PER_CHANNEL = new Set(['chat.postMessage', 'chat.postEphemeral', 'chat.update', 'files.completeUploadExternal']);

/**
 * Applies slackCallPolicy.ts to every request the app sends to Slack: each WebClient's fetch
 * (`clientOptions`) and the response_url posts go through `run`. A 429 holds that method in that
 * workspace (a post: that method in that channel) in this process for its Retry-After, and only
 * that: another workspace's calls never wait behind it (Slack counts each apart), a form opening
 * never waits behind the Home tab's views.publish or another channel's posts. Waits run on the
 * injected clock, so tests see a held run end without waiting for it.
 */
export class SlackCalls {
  private readonly heldUntil = new Map<string, number>();

  constructor(private readonly options: SlackCallsOptions) {}

  /** The options every WebClient of the app is built with: this policy, and none of the SDK's own. */
  clientOptions(fetchImpl: FetchFunction): Pick<WebClientOptions, 'fetch' | 'retryConfig' | 'rejectRateLimitedCalls'> {
    return { fetch: this.fetch(fetchImpl), retryConfig: { retries: 0 }, rejectRateLimitedCalls: true };
  }

  /** `fetchImpl` under the policy, as a WebClient calls it (one POST per Web API method). */
  fetch(fetchImpl: FetchFunction): FetchFunction {
    return (url, init) => {
      const call = webApiCall(String(url), init?.body, init?.headers);
      return this.run(
        call,
        (signal) => fetchImpl(url, { ...init, signal: init?.signal ? AbortSignal.any([init.signal, signal]) : signal }),
        (response) => ({ status: response.status, retryAfter: response.headers.get('retry-after') }),
        {
          discard: (response) => void response.arrayBuffer().catch(() => undefined),
          // Held by an earlier 429 past what this call may wait: answered as Slack would, nothing sent.
          heldTooLong: (ms): Awaited<ReturnType<FetchFunction>> =>
            new Response(JSON.stringify({ ok: false, error: 'ratelimited' }), {
              status: 429,
              headers: { 'content-type': 'application/json', 'retry-after': String(Math.max(1, Math.ceil(ms / 1000))) },
            }),
        },
      );
    };
  }

  /**
   * Makes `call` once, and again only as the policy allows. An attempt that throws is read with
   * readSlackFailure; one that answers is read from its status. Resolves with the last answer (the
   * caller reads its body as usual) or rejects with the last error.
   */
  async run<R>(
    call: SlackCall,
    attempt: (signal: AbortSignal) => Promise<R>,
    statusOf: (result: R) => AnswerStatus,
    how: { discard?: (result: R) => void; heldTooLong?: (ms: number) => R } = {},
  ): Promise<R> {
    const { clock } = this.options;
    const kind = callKind(call.method);
    const budget = CALL_BUDGETS[kind];
    const held = PER_CHANNEL.has(call.method) && call.channel ? `${call.method}:${call.channel}` : call.method;
    const key = call.workspace ? `${call.workspace}:${held}` : held;
    let waited = 0;
    for (let attemptNumber = 0; ; attemptNumber++) {
      const holdMs = (this.heldUntil.get(key) ?? 0) - clock.now();
      if (holdMs > 0) {
        if (waited + holdMs > budget.waitMs) {
          if (how.heldTooLong) return how.heldTooLong(holdMs);
          throw new SlackCallError(call.method, { kind: 'rate_limited', retryAfterMs: holdMs });
        }
        await clock.sleep(holdMs);
        waited += holdMs;
      }
      let result: R;
      try {
        result = await attempt(AbortSignal.timeout(this.options.attemptTimeoutMs?.[kind] ?? budget.attemptTimeoutMs));
      } catch (error) {
        const failure = readSlackFailure(error);
        const delay = retryDelayMs(kind, failure, attemptNumber, waited);
        if (delay === undefined) throw error;
        this.options.logger?.warn(
          { method: call.method, failure: failure.kind, attempt: attemptNumber, delayMs: delay },
          'Slack call failed before it was answered; trying again',
        );
        await clock.sleep(delay);
        waited += delay;
        continue;
      }
      const failure = failureFromStatus(statusOf(result).status, statusOf(result).retryAfter, clock.now());
      if (!failure) return result;
      if (failure.kind === 'rate_limited') this.hold(key, failure.retryAfterMs, call);
      const delay = retryDelayMs(kind, failure, attemptNumber, waited);
      if (delay === undefined) {
        this.options.logger?.warn(
          { method: call.method, failure: failure.kind, attempts: attemptNumber + 1 },
          failure.kind === 'rate_limited'
            ? 'Slack rate-limited a call longer than it may wait'
            : 'Slack did not answer a call readably',
        );
        return result;
      }
      how.discard?.(result);
      this.options.logger?.info(
        { method: call.method, failure: failure.kind, delayMs: delay },
        'trying a Slack call again',
      );
      await clock.sleep(delay);
      waited += delay;
    }
  }

  private hold(key: string, ms: number, call: SlackCall): void {
    const now = this.options.clock.now();
    // One entry per method (per method and channel for posts): the ones whose hold is over go first.
    if (this.heldUntil.size >= 1000)
      for (const [held, until] of this.heldUntil) if (until <= now) this.heldUntil.delete(held);
    const until = now + ms;
    if ((this.heldUntil.get(key) ?? 0) < until) this.heldUntil.set(key, until);
    if (call.channel && PER_CHANNEL.has(call.method)) this.options.onChannelRateLimited?.(call.channel, ms);
  }
}

/** The method a WebClient request calls (the last part of its URL), the channel it names, and whose token it carries. */
function webApiCall(url: string, body: unknown, headers: ConstructorParameters<typeof Headers>[0]): SlackCall {
  let path = url;
  try {
    path = new URL(url).pathname;
  } catch {
    // Not a URL: the method name itself.
  }
  const method = path.includes('/api/') || !path.includes('/') ? path.slice(path.lastIndexOf('/') + 1) : 'upload';
  return { method, channel: channelOf(body), workspace: workspaceOf(headers, body) };
}

/** A short digest of the call's token (the WebClient sends it as a bearer header): the same for one workspace's calls. */
function workspaceOf(headers: ConstructorParameters<typeof Headers>[0], body: unknown): string | undefined {
  let token: string | null | undefined;
  try {
    token = new Headers(headers).get('authorization')?.replace(/^Bearer\s+/i, '');
  } catch {
    token = undefined;
  }
  if (!token && typeof body === 'string') token = new URLSearchParams(body).get('token');
  return token ? createHash('sha256').update(token).digest('base64url').slice(0, 12) : undefined;
}

function channelOf(body: unknown): string | undefined {
  if (typeof body === 'string') {
    const form = new URLSearchParams(body);
    return form.get('channel') ?? form.get('channel_id') ?? undefined;
  }
  if (body instanceof FormData) {
    const channel = body.get('channel') ?? body.get('channel_id');
    return typeof channel === 'string' ? channel : undefined;
  }
  return undefined;
}
