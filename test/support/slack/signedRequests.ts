import { createHmac } from 'node:crypto';
import {
  eventCallbackBody,
  type SlashCommandInput,
  slashCommandFields,
  urlVerificationBody,
} from './interactionPayloads.js';

/**
 * Requests signed the way Slack signs them (v0 scheme), sent over real HTTP to the app.
 * https://api.slack.com/authentication/verifying-requests-from-slack
 */

export interface SendOptions {
  /** `bad` signs with another secret; `missing` sends no signature headers at all. */
  signature?: 'valid' | 'bad' | 'missing';
  /** Signs with a timestamp older than Slack's 5-minute window (Bolt rejects it with 401). */
  stale?: boolean;
  /** Explicit x-slack-request-timestamp (seconds); wins over `stale`. */
  timestampSec?: number;
  /** Marks a redelivery, as Slack does when the first attempt was not acked in time. */
  retry?: { num: number; reason: string };
  headers?: Record<string, string>;
  timeoutMs?: number;
}

export interface AppResponse {
  status: number;
  body: string;
  /** Parsed body when it is JSON (ack with a payload, url_verification), otherwise undefined. */
  json?: unknown;
  headers: Record<string, string>;
  /** From sending to the end of the body: what Slack's 3-second ack deadline measures. */
  elapsedMs: number;
}

export const SLACK_ACK_DEADLINE_MS = 3000;
const STALE_BY_SECONDS = 6 * 60;
const DEFAULT_ENDPOINT = '/slack/events';

/** `v0=<hex HMAC-SHA256 of "v0:<timestamp>:<raw body>">`: exactly what Bolt recomputes. */
export function slackSignature(signingSecret: string, timestampSec: number, rawBody: string): string {
  const hmac = createHmac('sha256', signingSecret).update(`v0:${timestampSec}:${rawBody}`);
  return `v0=${hmac.digest('hex')}`;
}

export function signatureHeaders(
  signingSecret: string,
  rawBody: string,
  options: SendOptions = {},
): Record<string, string> {
  if (options.signature === 'missing') return {};
  const now = Math.floor(Date.now() / 1000);
  const timestampSec = options.timestampSec ?? (options.stale ? now - STALE_BY_SECONDS : now);
  const secret = options.signature === 'bad' ? `${signingSecret}-but-wrong` : signingSecret;
  return {
    'x-slack-request-timestamp': String(timestampSec),
    'x-slack-signature': slackSignature(secret, timestampSec, rawBody),
  };
}

/** A bare origin (`http://127.0.0.1:3000`) means Bolt's default endpoint; a URL with a path is used as given. */
export function endpointUrl(appUrl: string): string {
  const url = new URL(appUrl);
  if (url.pathname === '/' || url.pathname === '') url.pathname = DEFAULT_ENDPOINT;
  return url.toString();
}

/**
 * Sends one signed POST. The content type must be exactly `application/x-www-form-urlencoded` or
 * `application/json`: Bolt's HTTPReceiver compares it with `===`, so a `; charset=…` suffix (which
 * fetch adds for URLSearchParams bodies) makes it parse a form as JSON and answer 400/401.
 */
export async function sendSigned(
  appUrl: string,
  signingSecret: string,
  rawBody: string,
  contentType: 'application/x-www-form-urlencoded' | 'application/json',
  options: SendOptions = {},
): Promise<AppResponse> {
  const headers: Record<string, string> = {
    'content-type': contentType,
    'user-agent': 'Slackbot 1.0 (+https://api.slack.com/robots)',
    ...signatureHeaders(signingSecret, rawBody, options),
    ...options.headers,
  };
  if (options.retry) {
    headers['x-slack-retry-num'] = String(options.retry.num);
    headers['x-slack-retry-reason'] = options.retry.reason;
  }
  const started = performance.now();
  const response = await fetch(endpointUrl(appUrl), {
    method: 'POST',
    headers,
    body: rawBody,
    signal: AbortSignal.timeout(options.timeoutMs ?? 10_000),
  });
  const body = await response.text();
  const elapsedMs = performance.now() - started;
  let json: unknown;
  if (body.length > 0) {
    try {
      json = JSON.parse(body);
    } catch {
      // Plain-text acks (e.g. `ack('done')`) are legitimate; keep them in `body` only.
    }
  }
  return { status: response.status, body, json, headers: Object.fromEntries(response.headers), elapsedMs };
}

export function sendSlashCommand(
  appUrl: string,
  signingSecret: string,
  input: SlashCommandInput,
  options?: SendOptions,
): Promise<AppResponse> {
  const rawBody = new URLSearchParams(slashCommandFields(input)).toString();
  return sendSigned(appUrl, signingSecret, rawBody, 'application/x-www-form-urlencoded', options);
}

/** Interactivity (block_actions, view_submission, shortcut …) arrives as a form with one `payload` field of JSON. */
export function sendInteraction(
  appUrl: string,
  signingSecret: string,
  payload: object,
  options?: SendOptions,
): Promise<AppResponse> {
  const rawBody = new URLSearchParams({ payload: JSON.stringify(payload) }).toString();
  return sendSigned(appUrl, signingSecret, rawBody, 'application/x-www-form-urlencoded', options);
}

/**
 * Events API deliveries are JSON. Pass a bare event (`{ type: 'app_home_opened', … }`) to have it
 * wrapped in an `event_callback` envelope, or a whole body (anything with a top-level `event` or
 * `challenge`) to send it untouched.
 */
export function sendEvent(
  appUrl: string,
  signingSecret: string,
  eventOrBody: Record<string, unknown>,
  options?: SendOptions,
): Promise<AppResponse> {
  const isWholeBody = 'event' in eventOrBody || 'challenge' in eventOrBody;
  const body = isWholeBody ? eventOrBody : eventCallbackBody(eventOrBody);
  return sendSigned(appUrl, signingSecret, JSON.stringify(body), 'application/json', options);
}

export function sendUrlVerification(
  appUrl: string,
  signingSecret: string,
  challenge: string,
  options?: SendOptions,
): Promise<AppResponse> {
  return sendEvent(appUrl, signingSecret, urlVerificationBody(challenge), options);
}
