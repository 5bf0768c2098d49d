import { Agent, request } from 'undici';
import { systemClock, type Clock } from '../clock.js';
import { UpstreamError } from '../errors.js';
import { neverSent } from './callPolicy.js';

export interface HttpAnswer {
  status: number;
  headers: Record<string, string | string[] | undefined>;
  text: string;
}

export interface Transport {
  post(path: string, operation: string, body: unknown): Promise<HttpAnswer>;
  close(): Promise<void>;
}

export interface TransportOptions {
  baseUrl: string;
  apiKey: string;
  /** Hard budget for the whole call, connect to last byte. */
  timeoutMs: number;
  /** Times the budget; tests pass a fake clock to reach it without waiting. */
  clock?: Clock;
}

/** One keep-alive connection pool to the data service; every call has a hard time budget. */
export function createTransport(options: TransportOptions): Transport {
  const agent = new Agent({ keepAliveTimeout: 30_000, connections: 64, connectTimeout: options.timeoutMs });
  const base = options.baseUrl.replace(/\/+$/, '');
  const clock = options.clock ?? systemClock;

  async function post(path: string, operation: string, body: unknown): Promise<HttpAnswer> {
    const deadline = new AbortController();
    const cancelDeadline = clock.timer(options.timeoutMs, () => deadline.abort());
    const signal = deadline.signal;
    try {
      const answer = await request(`${base}${path}`, {
        method: 'POST',
        dispatcher: agent,
        signal,
        headers: { 'content-type': 'application/json', 'x-api-key': options.apiKey },
        body: JSON.stringify(body),
      });
      const text = await answer.body.text();
      return { status: answer.statusCode, headers: answer.headers, text };
    } catch (error) {
      if (signal.aborted) {
        throw new UpstreamError('timeout', { operation }, `${operation}: no answer within ${options.timeoutMs} ms`, { cause: error });
      }
      const reason = error instanceof Error ? error.message : String(error);
      if (neverSent(error)) throw new UpstreamError('network', { operation }, `${operation}: could not reach the data service (${reason})`, { cause: error });
      throw new UpstreamError('connection_lost', { operation }, `${operation}: the connection broke before the answer came (${reason})`, { cause: error });
    } finally {
      cancelDeadline();
    }
  }

  return { post, close: () => agent.close() };
}
