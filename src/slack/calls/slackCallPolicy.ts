import { neverSent, parseRetryAfter } from '../../core/client/callPolicy.js';
import { type JobPause, JobPostError } from '../../core/jobs/types.js';
import type { Phrase } from '../../i18n/lang.js';

/**
 * The one policy for every call the app makes to Slack (Web API methods and response_urls): what a
 * failed call means, whether it is tried again and after how long, and what a refusal asks of a job
 * that posts on its own (pause it, stop every job, or try again at its next run). slackCalls.ts
 * applies it to every request; nothing else retries. The Slack SDK's own retries are off: they
 * tried a post again after a 5xx or a reset (posting it twice) and held a whole client's queue for
 * one method's Retry-After (https://docs.slack.dev/apis/web-api/rate-limits: limits are per method
 * and workspace, chat.postMessage about one message a second per channel). Modelled on the SDK's
 * retry-policies.ts and octokit's throttling plugin, bounded the way the data client's is.
 *
 * One rule decides it: a post is not idempotent. Only a call that certainly did not land is tried
 * again (a 429, which Slack refuses before doing anything; a connection that never opened); a call
 * whose outcome is unknown (no answer in time, a connection reset, a 5xx, Slack's internal_error)
 * is never posted again, and the caller says so. Reads and replacements (views.publish, chat.update)
 * come out the same however often they are made, so they are also tried again after those.
 */

/** How a Slack call behaves when made twice. */
export type SlackCallKind =
  /** Opens a form on a trigger_id, which expires 3 s after the click: waits only within that. */
  | 'trigger'
  /** Adds something (a message, a file, a reply): made twice, it shows twice. */
  | 'post'
  /** Reads, or replaces in full: made twice, the same result. */
  | 'idempotent';

const TRIGGER_METHODS = new Set(['views.open', 'views.push']);
const IDEMPOTENT_METHODS = new Set([
  'auth.test',
  'users.info',
  'conversations.info',
  'conversations.open',
  'views.publish',
  'views.update',
  'chat.update',
  'chat.delete',
  'chat.getPermalink',
  'files.getUploadURLExternal',
  // A thread's status line and the Messages tab's prompts are set, not added: setting them twice shows them once.
  'assistant.threads.setStatus',
  'assistant.threads.setSuggestedPrompts',
]);

/** Any method not named here counts as a post: when unsure, never twice. */
export function callKind(method: string): SlackCallKind {
  if (TRIGGER_METHODS.has(method)) return 'trigger';
  return IDEMPOTENT_METHODS.has(method) ? 'idempotent' : 'post';
}

export interface CallBudget {
  /** Attempts in all, the first included. */
  attempts: number;
  /** The longest the call may spend waiting (Retry-After, backoff, a method paused by an earlier 429). */
  waitMs: number;
  /** One attempt's deadline: past it the outcome is unknown. */
  attemptTimeoutMs: number;
}

/**
 * A form must open within its trigger's 3 s, so its call waits at most what is left of them; anything
 * else may wait half a minute, which bounds a scheduled run held by a failing channel (it used to be
 * half an hour of the SDK's ten retries).
 */
export const CALL_BUDGETS: Readonly<Record<SlackCallKind, CallBudget>> = {
  trigger: { attempts: 2, waitMs: 1_500, attemptTimeoutMs: 2_500 },
  post: { attempts: 3, waitMs: 30_000, attemptTimeoutMs: 10_000 },
  idempotent: { attempts: 3, waitMs: 30_000, attemptTimeoutMs: 10_000 },
};

/** Backoff before trying again a call that never left or a read that went unanswered. */
const BACKOFF_MS = 500;

/** What one failed attempt means. */
export type SlackFailure =
  /** Slack said to slow down (429): nothing was done. */
  | { kind: 'rate_limited'; retryAfterMs: number }
  /** The request never left (connection refused, no such host): nothing was done. */
  | { kind: 'not_sent' }
  /** Sent, and no readable answer (timeout, reset, 5xx, internal_error): it may have been done. */
  | { kind: 'unknown'; why: string }
  /** Slack answered ok:false with a code: it was not done. */
  | { kind: 'refused'; code: string };

/** Slack's codes for "something went wrong on our side": Slack says part of the operation may have happened. */
const OUTCOME_UNKNOWN_CODES = new Set(['internal_error', 'fatal_error', 'service_unavailable', 'request_timeout']);

/** Retry-After, when Slack sent none with its 429 (the SDK's errors keep it in seconds). */
const DEFAULT_RETRY_AFTER_MS = 1_000;

/** A failed call, whichever layer it failed in (the SDK's errors, a response_url's, a transport error). */
export function readSlackFailure(error: unknown): SlackFailure {
  const failure = error as {
    code?: unknown;
    data?: { error?: unknown };
    retryAfter?: unknown;
    statusCode?: unknown;
    original?: unknown;
    slackFailure?: SlackFailure;
  };
  if (failure?.slackFailure) return failure.slackFailure;
  if (typeof failure?.retryAfter === 'number') return { kind: 'rate_limited', retryAfterMs: failure.retryAfter * 1000 };
  const code = failure?.data?.error;
  if (typeof code === 'string') {
    if (code === 'ratelimited') return { kind: 'rate_limited', retryAfterMs: DEFAULT_RETRY_AFTER_MS };
    return OUTCOME_UNKNOWN_CODES.has(code) ? { kind: 'unknown', why: code } : { kind: 'refused', code };
  }
  if (typeof failure?.statusCode === 'number') {
    if (failure.statusCode === 429) return { kind: 'rate_limited', retryAfterMs: DEFAULT_RETRY_AFTER_MS };
    return failure.statusCode >= 500
      ? { kind: 'unknown', why: `http_${failure.statusCode}` }
      : { kind: 'refused', code: `http_${failure.statusCode}` };
  }
  const cause = failure?.original ?? error;
  if (neverSent(cause)) return { kind: 'not_sent' };
  return { kind: 'unknown', why: transportWhy(cause) };
}

function transportWhy(error: unknown): string {
  for (let current: unknown = error; current instanceof Error; current = current.cause) {
    if (current.name === 'TimeoutError' || current.name === 'AbortError') return 'timeout';
    const code = (current as { code?: unknown }).code;
    if (typeof code === 'string' && /RESET|SOCKET|CLOSED|TERMINATED/i.test(code)) return 'connection_reset';
  }
  return 'connection_lost';
}

/** A failure read from an HTTP answer (a Web API call's, a response_url's) before anything parses its body. */
export function failureFromStatus(status: number, retryAfter: string | null, now: number): SlackFailure | undefined {
  if (status === 429)
    return {
      kind: 'rate_limited',
      retryAfterMs: parseRetryAfter(retryAfter ?? undefined, now) ?? DEFAULT_RETRY_AFTER_MS,
    };
  if (status >= 500) return { kind: 'unknown', why: `http_${status}` };
  return undefined;
}

/**
 * After attempt number `attempt` (0 for the first) failed: how long to wait before the next, or
 * undefined to give up. `waitedMs` is what the call has waited so far.
 */
export function retryDelayMs(
  kind: SlackCallKind,
  failure: SlackFailure,
  attempt: number,
  waitedMs: number,
): number | undefined {
  const budget = CALL_BUDGETS[kind];
  if (attempt + 1 >= budget.attempts) return undefined;
  let delay: number | undefined;
  if (failure.kind === 'rate_limited') delay = failure.retryAfterMs;
  else if (failure.kind === 'not_sent') delay = BACKOFF_MS * 2 ** attempt;
  else if (failure.kind === 'unknown' && kind === 'idempotent') delay = BACKOFF_MS * 2 ** attempt;
  if (delay === undefined || waitedMs + delay > budget.waitMs) return undefined;
  return delay;
}

/** Whether a call that failed this way may have been done by Slack (a post that may be in the channel). */
export function mayHaveLanded(failure: SlackFailure): boolean {
  return failure.kind === 'unknown';
}

// ---- what a refusal asks of a job that posts on its own (digests, watches) ---------------------

/** The app cannot speak at all: every scheduled job holds, before it spends, until Slack takes the token again. */
const APP_STOPPED_CODES = new Set([
  'invalid_auth',
  'not_authed',
  'account_inactive',
  'token_revoked',
  'token_expired',
  'team_access_not_granted',
  'app_uninstalled',
]);

export function stopsTheApp(code: string): boolean {
  return APP_STOPPED_CODES.has(code);
}

export interface PausedJob {
  kind: 'digest' | 'watch';
  id: string;
}

/** How to start a job again once its cause is fixed, in its own commands. */
function remedyKeys(job: PausedJob) {
  return job.kind === 'digest'
    ? ({
        invite: 'digests.pause.inviteApp',
        addAgain: 'digests.pause.addAgain',
        runAgain: 'digests.pause.runAgain',
      } as const)
    : ({ invite: 'watch.pause.inviteApp', addAgain: 'watch.pause.addAgain', runAgain: 'watch.pause.resume' } as const);
}

/**
 * A refusal only a person can fix: the job pauses with why and what to do (a phrase, said later to
 * whoever lists it, in their language). Undefined: a refusal the next run may not meet again.
 */
export function pauseFor(code: string, channelId: string, job: PausedJob, now: number): JobPause | undefined {
  const keys = remedyKeys(job);
  const pause = (reason: Phrase, remedy: Phrase): JobPause => ({ reason, remedy, at: now });
  switch (code) {
    case 'not_in_channel':
      return pause(
        { key: 'digests.pause.notInChannel', values: { channelId } },
        { key: keys.invite, values: { id: job.id } },
      );
    case 'channel_not_found':
      return pause({ key: 'digests.pause.channelNotFound', values: { channelId } }, { key: keys.addAgain });
    case 'is_archived':
      return pause({ key: 'digests.pause.archived', values: { channelId } }, { key: 'digests.pause.unarchive' });
    case 'missing_scope':
      return pause(
        { key: 'digests.pause.missingScope' },
        { key: 'digests.pause.reinstall', values: { resume: { key: keys.runAgain, values: { id: job.id } } } },
      );
    case 'ekm_access_denied':
      return pause({ key: 'digests.pause.ekmDenied', values: { channelId } }, { key: keys.addAgain });
    default:
      // restricted_action and its variants (read-only, thread-only channels): a workspace setting.
      return code.startsWith('restricted_action')
        ? pause({ key: 'digests.pause.restricted', values: { channelId } }, { key: keys.addAgain })
        : undefined;
  }
}

/** Slack's error code in a failed call, or what failed when Slack gave none. */
export function slackErrorCode(error: unknown): string {
  const failure = readSlackFailure(error);
  switch (failure.kind) {
    case 'refused':
      return failure.code;
    case 'rate_limited':
      return 'ratelimited';
    case 'not_sent':
      return 'not_sent';
    case 'unknown':
      return failure.why;
  }
}

/**
 * What a failed post of a digest or watch means for the job, read once for both: a refusal that
 * pauses it, one that stops the whole app, one the next run may not meet again; or a post whose
 * outcome is unknown, which must not be made again.
 */
export function jobPostError(error: unknown, channelId: string, job: PausedJob, now: number): JobPostError {
  const failure = readSlackFailure(error);
  if (failure.kind === 'unknown') return new JobPostError(failure.why, undefined, { landed: 'unknown' });
  const code = slackErrorCode(error);
  return new JobPostError(code, pauseFor(code, channelId, job, now), { stopsApp: stopsTheApp(code) });
}
