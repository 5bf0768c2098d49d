import { EventEmitter } from 'node:events';
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
  const headers = { 'content-type': 'application/json', 'x-api-key': options.apiKey };
  const deadlines = new Deadlines(options.clock ?? systemClock, options.timeoutMs);

  async function post(path: string, operation: string, body: unknown): Promise<HttpAnswer> {
    const deadline = deadlines.start();
    try {
      const answer = await request(`${base}${path}`, { method: 'POST', dispatcher: agent, signal: deadline.signal, headers, body: JSON.stringify(body) });
      const text = await answer.body.text();
      return { status: answer.statusCode, headers: answer.headers, text };
    } catch (error) {
      if (deadline.expired) {
        throw new UpstreamError('timeout', { operation }, `${operation}: no answer within ${options.timeoutMs} ms`, { cause: error });
      }
      const reason = error instanceof Error ? error.message : String(error);
      if (neverSent(error)) throw new UpstreamError('network', { operation }, `${operation}: could not reach the data service (${reason})`, { cause: error });
      throw new UpstreamError('connection_lost', { operation }, `${operation}: the connection broke before the answer came (${reason})`, { cause: error });
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
 * cancelling a timer on every call cost more than the rest of the transport's bookkeeping). Every
 * call gets the same budget, so deadlines fall due in the order the calls started: the timer is
 * armed for the oldest, and when it fires it expires every call due by then and is armed again for
 * the next. Calls that ended meanwhile are simply no longer in the set.
 */
class Deadlines {
  private readonly running = new Set<Deadline>();
  /** The deadline the timer is armed for; undefined when no timer is armed. */
  private armedFor: number | undefined;

  constructor(
    private readonly clock: Clock,
    private readonly budgetMs: number,
  ) {}

  start(): Deadline {
    const deadline = new Deadline(this.clock.now() + this.budgetMs);
    this.running.add(deadline);
    if (this.armedFor === undefined) this.arm(deadline.at, this.budgetMs);
    return deadline;
  }

  end(deadline: Deadline): void {
    this.running.delete(deadline);
  }

  private arm(at: number, inMs: number): void {
    this.armedFor = at;
    this.clock.timer(inMs, () => this.fire(at));
  }

  /**
   * Measured from the deadline the timer was armed for rather than from the clock's reading now, so
   * a wall clock stepped forward meanwhile does not cut the calls still running short.
   */
  private fire(firedFor: number): void {
    this.armedFor = undefined;
    for (const deadline of this.running) {
      if (deadline.at > firedFor) {
        this.arm(deadline.at, deadline.at - firedFor);
        return;
      }
      this.running.delete(deadline);
      deadline.expire();
    }
  }
}
