import { EventEmitter } from 'node:events';
import { Agent, request } from 'undici';
import { type Clock, systemClock } from '../clock.js';
import { UpstreamError } from '../errors.js';
import { neverSent } from './callPolicy.js';

export interface HttpResponse {
  status: number;
  headers: Record<string, string | string[] | undefined>;
  text: string;
}

export interface Transport {
  /** Sends with `apiKey` when given (a workspace's own key), else with the key the transport was made with. */
  post(path: string, operation: string, body: unknown, apiKey?: string): Promise<HttpResponse>;
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
  const headers = { 'content-type': 'application/json', 'x-api-key': options.apiKey };
  // Another key's headers, built per call only for a workspace's own key (the operator's are built once).
  const headersFor = (apiKey: string | undefined) =>
    apiKey === undefined || apiKey === options.apiKey ? headers : { ...headers, 'x-api-key': apiKey };
  const deadlines = new Deadlines(options.clock ?? systemClock, options.timeoutMs);

  async function post(path: string, operation: string, body: unknown, apiKey?: string): Promise<HttpResponse> {
    const deadline = deadlines.start();
    try {
      const sent = await request(`${base}${path}`, {
        method: 'POST',
        dispatcher: agent,
        signal: deadline.signal,
        headers: headersFor(apiKey),
        body: JSON.stringify(body),
      });
      const text = await sent.body.text();
      return { status: sent.statusCode, headers: sent.headers, text };
    } catch (error) {
      if (deadline.expired) {
        throw new UpstreamError('timeout', { operation }, `${operation}: no answer within ${options.timeoutMs} ms`, {
          cause: error,
        });
      }
      const reason = error instanceof Error ? error.message : String(error);
      if (neverSent(error))
        throw new UpstreamError(
          'network',
          { operation },
          `${operation}: could not reach the data service (${reason})`,
          { cause: error },
        );
      throw new UpstreamError(
        'connection_lost',
        { operation },
        `${operation}: the connection broke before the answer came (${reason})`,
        { cause: error },
      );
    } finally {
      deadlines.end(deadline);
    }
  }

  return { post, close: () => agent.close() };
}

/** undici takes an EventEmitter with `aborted` as a request's abort signal: lighter than an AbortController per call. */
class AbortEmitter extends EventEmitter {
  aborted = false;
}

/** One call's time budget: aborts the call's request through `signal` when it runs out. */
class Deadline {
  readonly signal = new AbortEmitter();

  constructor(readonly at: number) {}

  get expired(): boolean {
    return this.signal.aborted;
  }

  expire(): void {
    this.signal.aborted = true;
    this.signal.emit('abort');
  }
}

/**
 * The deadlines of the calls in flight, kept by one timer rather than one per call (arming and
 * cancelling a timer on every call cost more than the rest of the transport's bookkeeping). The timer
 * is armed for the earliest deadline; when it fires it expires every call due by then and is armed
 * again for the next, from the time it actually fired (a late timer does not push the next deadline
 * back). Deadlines are read on a clock that never steps: on the system clock, `performance.now()`,
 * not the wall clock, which NTP or a resumed VM can move back (a new call would be cut short) or
 * forward; an injected clock (tests) is its own time.
 */
class Deadlines {
  private readonly running = new Set<Deadline>();
  private readonly now: () => number;
  /** The deadline the timer is armed for, and how to cancel it; undefined when none is armed. */
  private armed: { at: number; cancel: () => void } | undefined;

  constructor(
    private readonly clock: Clock,
    private readonly budgetMs: number,
  ) {
    this.now = clock === systemClock ? () => performance.now() : () => clock.now();
  }

  start(): Deadline {
    const deadline = new Deadline(this.now() + this.budgetMs);
    this.running.add(deadline);
    if (!this.armed || deadline.at < this.armed.at) this.arm(deadline.at, this.budgetMs);
    return deadline;
  }

  end(deadline: Deadline): void {
    this.running.delete(deadline);
  }

  private arm(at: number, inMs: number): void {
    this.armed?.cancel();
    const armed: { at: number; cancel: () => void } = { at, cancel: () => {} };
    armed.cancel = this.clock.timer(Math.max(0, inMs), () => {
      if (this.armed === armed) this.fire();
    });
    this.armed = armed;
  }

  private fire(): void {
    this.armed = undefined;
    const now = this.now();
    let next: Deadline | undefined;
    for (const deadline of this.running) {
      if (deadline.at <= now) {
        this.running.delete(deadline);
        deadline.expire();
      } else if (!next || deadline.at < next.at) {
        next = deadline;
      }
    }
    if (next) this.arm(next.at, next.at - now);
  }
}
