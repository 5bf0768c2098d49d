import { Agent, request } from 'undici';
import { UpstreamError } from '../errors.js';

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
}

/** One keep-alive connection pool to the data service; every call has a hard time budget. */
export function createTransport(options: TransportOptions): Transport {
  const agent = new Agent({ keepAliveTimeout: 30_000, connections: 64, connectTimeout: options.timeoutMs });
  const base = options.baseUrl.replace(/\/+$/, '');

  async function post(path: string, operation: string, body: unknown): Promise<HttpAnswer> {
    const signal = AbortSignal.timeout(options.timeoutMs);
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
      throw new UpstreamError('network', { operation }, `${operation}: could not reach the data service (${reason})`, { cause: error });
    }
  }

  return { post, close: () => agent.close() };
}
