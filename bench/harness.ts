/**
 * What the Slack benchmarks share: an app under test in its own process (bench/target.ts), a
 * response_url sink that counts the replies which actually arrive, a load of signed slash commands
 * that are each unique (own trigger_id, own response_url, fresh signature), percentiles, and goals
 * that set the exit code. A benchmark counts work done: a command counts once its reply arrives.
 */

import { type ChildProcess, fork } from 'node:child_process';
import { randomUUID } from 'node:crypto';
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { fileURLToPath } from 'node:url';
import autocannon from 'autocannon';
import { Agent, request } from 'undici';
import { slashCommandFields } from '../test/support/slack/interactionPayloads.js';
import { signatureHeaders } from '../test/support/slack/signedRequests.js';
import type { TargetKind, TargetMessage, TargetSettings } from './target.js';

export interface Target {
  kind: TargetKind;
  url: string;
  /** Process memory after a full GC (the target must run with --expose-gc for the GC). */
  memory(): Promise<NodeJS.MemoryUsage>;
  send(message: TargetMessage, answerType: string): Promise<Record<string, unknown>>;
  stop(): Promise<void>;
}

const TARGET_FILE = fileURLToPath(new URL('./target.ts', import.meta.url));

/** Starts `kind` in a child process; `nodeArgs` e.g. `['--cpu-prof']` or `['--expose-gc']`. */
export async function startTarget(
  kind: TargetKind,
  settings: TargetSettings,
  nodeArgs: string[] = [],
): Promise<Target> {
  const child: ChildProcess = fork(TARGET_FILE, [kind], {
    execArgv: ['--import', 'tsx', ...nodeArgs],
    env: { ...process.env, BENCH_TARGET: JSON.stringify(settings) },
    stdio: ['ignore', 'ignore', 'inherit', 'ipc'],
  });
  // A benchmark that fails or is interrupted leaves no app running.
  const killChild = () => child.kill();
  process.once('exit', killChild);
  child.once('exit', () => process.off('exit', killChild));
  const nextMessage = (type: string) =>
    new Promise<Record<string, unknown>>((resolve, reject) => {
      const onMessage = (message: Record<string, unknown>) => {
        if (message.type !== type) return;
        child.off('message', onMessage);
        child.off('exit', onExit);
        resolve(message);
      };
      const onExit = (code: number | null) => reject(new Error(`${kind} exited (${code}) before answering ${type}`));
      child.on('message', onMessage);
      child.once('exit', onExit);
    });
  const ready = await nextMessage('ready');
  const send = (message: TargetMessage, answerType: string) => {
    const answer = nextMessage(answerType);
    child.send(message);
    return answer;
  };
  return {
    kind,
    url: `http://127.0.0.1:${ready.port as number}`,
    send,
    memory: async () => (await send({ type: 'memory' }, 'memory')).usage as NodeJS.MemoryUsage,
    stop: async () => {
      const exited = new Promise((resolve) => child.once('exit', resolve));
      child.send({ type: 'stop' });
      await exited;
    },
  };
}

interface Arrival {
  at: number;
  count: number;
  /** A reply with blocks: what the user would read, not an empty or error POST. */
  hasBlocks: boolean;
  body: Record<string, unknown>;
}

/** A response_url endpoint: `/response/<id>`; records when each reply arrived and how often. */
export class ReplySink {
  readonly #server: Server;
  readonly #arrivals = new Map<string, Arrival>();
  readonly #waiters = new Map<string, (arrival: Arrival) => void>();
  #url = '';

  constructor() {
    this.#server = createServer((req, res) => {
      const chunks: Buffer[] = [];
      req.on('data', (chunk: Buffer) => chunks.push(chunk));
      req.on('end', () => {
        const at = performance.now();
        const id = decodeURIComponent((req.url ?? '').replace(/^\/response\//, ''));
        let body: Record<string, unknown> = {};
        try {
          body = JSON.parse(Buffer.concat(chunks).toString('utf8')) as Record<string, unknown>;
        } catch {
          // Counted as a reply without blocks.
        }
        const seen = this.#arrivals.get(id);
        if (seen) seen.count++;
        else {
          const arrival = { at, count: 1, hasBlocks: Array.isArray(body.blocks) && body.blocks.length > 0, body };
          this.#arrivals.set(id, arrival);
          this.#waiters.get(id)?.(arrival);
          this.#waiters.delete(id);
        }
        res.writeHead(200, { 'content-type': 'application/json' });
        res.end('{"ok":true}');
      });
    });
  }

  async listen(): Promise<this> {
    await new Promise<void>((resolve) => this.#server.listen(0, '127.0.0.1', resolve));
    this.#url = `http://127.0.0.1:${(this.#server.address() as AddressInfo).port}`;
    return this;
  }

  urlFor(id: string): string {
    return `${this.#url}/response/${encodeURIComponent(id)}`;
  }

  arrival(id: string): Arrival | undefined {
    return this.#arrivals.get(id);
  }

  get size(): number {
    return this.#arrivals.size;
  }

  ids(): IterableIterator<string> {
    return this.#arrivals.keys();
  }

  /** The reply to `id` as soon as it arrives (no polling), or undefined after `timeoutMs`. */
  next(id: string, timeoutMs: number): Promise<Arrival | undefined> {
    const seen = this.#arrivals.get(id);
    if (seen) return Promise.resolve(seen);
    return new Promise((resolve) => {
      const timer = setTimeout(() => {
        this.#waiters.delete(id);
        resolve(undefined);
      }, timeoutMs);
      this.#waiters.set(id, (arrival) => {
        clearTimeout(timer);
        resolve(arrival);
      });
    });
  }

  /** Resolves once every id has a reply, or after `timeoutMs`. */
  async waitFor(ids: Iterable<string>, timeoutMs: number): Promise<void> {
    const deadline = Date.now() + timeoutMs;
    const wanted = [...ids];
    while (Date.now() < deadline && wanted.some((id) => !this.#arrivals.has(id)))
      await new Promise((resolve) => setTimeout(resolve, 20));
  }

  close(): Promise<void> {
    this.#server.closeAllConnections();
    return new Promise((resolve) => this.#server.close(() => resolve()));
  }
}

export interface CommandLoad {
  /** The command asked (`/fund-asset`) and its text, from the command's sequence number. */
  command: string;
  textFor: (n: number) => string;
  amount: number;
  connections: number;
  /** False for the ack-only floor, which never replies: then only acks are counted. */
  expectReplies?: boolean;
}

export interface LoadResult {
  asked: number;
  acked: number;
  non2xx: number;
  delivered: number;
  duplicates: number;
  withoutBlocks: number;
  /** Replies delivered per second, from the first command sent to the last reply received. */
  repliesPerSecond: number;
  /** Commands acknowledged per second, from the first sent to the last ack. */
  acksPerSecond: number;
  ackMs: number[];
  replyMs: number[];
}

/**
 * Sends `amount` signed slash commands over `connections` keep-alive connections, each one unique
 * (trigger_id, response_url, signature), and waits for their replies. Ack latency is measured per
 * request from its send to the end of the ack; reply latency from its send to its reply's arrival.
 */
export async function sendCommands(
  target: Target,
  sink: ReplySink,
  signingSecret: string,
  load: CommandLoad,
): Promise<LoadResult> {
  const run = randomUUID().slice(0, 8);
  const sentAt = new Map<string, number>();
  const ackMs: number[] = [];
  const acked: string[] = [];
  let non2xx = 0;
  let n = 0;
  let lastAckAt = 0;
  await autocannon({
    url: `${target.url}/slack/events`,
    amount: load.amount,
    // autocannon waits forever for a connection's share when there are more connections than requests.
    connections: Math.min(load.connections, load.amount),
    requests: [
      {
        method: 'POST',
        setupRequest: (request, context) => {
          const id = `${run}-${n}`;
          const body = new URLSearchParams(
            slashCommandFields({
              command: load.command,
              text: load.textFor(n),
              responseUrl: sink.urlFor(id),
              triggerId: `${run}.${n}.${randomUUID()}`,
            }),
          ).toString();
          n++;
          (context as { id?: string }).id = id;
          sentAt.set(id, performance.now());
          return {
            ...request,
            body,
            headers: { 'content-type': 'application/x-www-form-urlencoded', ...signatureHeaders(signingSecret, body) },
          };
        },
        onResponse: (status, _body, context) => {
          const id = (context as { id: string }).id;
          lastAckAt = performance.now();
          ackMs.push(lastAckAt - sentAt.get(id)!);
          if (status === 200) acked.push(id);
          else non2xx++;
        },
      },
    ],
  });
  if (load.expectReplies !== false) await sink.waitFor(acked, 20_000);
  let delivered = 0;
  let duplicates = 0;
  let withoutBlocks = 0;
  let lastReplyAt = 0;
  const replyMs: number[] = [];
  for (const id of acked) {
    const arrival = sink.arrival(id);
    if (!arrival) continue;
    delivered++;
    duplicates += arrival.count - 1;
    if (!arrival.hasBlocks) withoutBlocks++;
    replyMs.push(arrival.at - sentAt.get(id)!);
    lastReplyAt = Math.max(lastReplyAt, arrival.at);
  }
  const firstSentAt = Math.min(...sentAt.values());
  return {
    asked: load.amount,
    acked: acked.length,
    non2xx,
    delivered,
    duplicates,
    withoutBlocks,
    repliesPerSecond: delivered / ((lastReplyAt - firstSentAt) / 1000),
    acksPerSecond: acked.length / ((lastAckAt - firstSentAt) / 1000),
    ackMs,
    replyMs,
  };
}

/**
 * One signed command, unique like the load's, sent without a load generator around it (for
 * latencies of single commands); resolves with its ack status, and its reply latency once the reply
 * has arrived (undefined when none came within `timeoutMs`).
 */
export async function sendOneCommand(
  target: Target,
  sink: ReplySink,
  signingSecret: string,
  command: string,
  text: string,
  timeoutMs = 10_000,
): Promise<{ status: number; replyMs?: number; arrival?: Arrival }> {
  const id = `one-${randomUUID()}`;
  const body = new URLSearchParams(
    slashCommandFields({ command, text, responseUrl: sink.urlFor(id), triggerId: `one.${randomUUID()}` }),
  ).toString();
  const headers = { 'content-type': 'application/x-www-form-urlencoded', ...signatureHeaders(signingSecret, body) };
  const sentAt = performance.now();
  const answer = await request(`${target.url}/slack/events`, {
    method: 'POST',
    headers,
    body,
    dispatcher: oneCommandPool,
  });
  await answer.body.text();
  const arrival = await sink.next(id, timeoutMs);
  return { status: answer.statusCode, ...(arrival ? { replyMs: arrival.at - sentAt, arrival } : {}) };
}

const oneCommandPool = new Agent({ keepAliveTimeout: 30_000 });

/** What was delivered differs from what was asked: the benchmark's figures would be about something else. */
export function deliveryProblems(result: LoadResult, expectReplies = true): string[] {
  const problems: string[] = [];
  if (result.acked !== result.asked)
    problems.push(
      `${result.asked} commands asked, ${result.acked} acknowledged with 200 (${result.non2xx} other answers)`,
    );
  if (!expectReplies) {
    if (result.delivered > 0) problems.push(`${result.delivered} replies from an app that only acks`);
    return problems;
  }
  if (result.delivered !== result.acked)
    problems.push(`${result.acked} commands acknowledged, ${result.delivered} replies delivered`);
  if (result.duplicates > 0) problems.push(`${result.duplicates} replies delivered twice`);
  if (result.withoutBlocks > 0) problems.push(`${result.withoutBlocks} replies without blocks`);
  return problems;
}

export function percentile(values: readonly number[], p: number): number {
  if (values.length === 0) return Number.NaN;
  const sorted = [...values].sort((a, b) => a - b);
  return sorted[Math.min(sorted.length - 1, Math.max(0, Math.ceil((p / 100) * sorted.length) - 1))]!;
}

export const round = (x: number, digits = 2): number => Number(x.toFixed(digits));

/** Goals met or missed, printed at the end; any miss (or failed delivery) makes the exit code 1. */
export class Goals {
  readonly #lines: string[] = [];
  #failed = false;

  check(name: string, met: boolean, detail: string): void {
    this.#lines.push(`${met ? 'MET   ' : 'MISSED'}  ${name}: ${detail}`);
    if (!met) this.#failed = true;
  }

  /** Work delivered differs from work asked: not a goal missed but a run that measured nothing. */
  fail(reason: string): void {
    this.#lines.push(`FAILED  ${reason}`);
    this.#failed = true;
  }

  report(): number {
    console.log(`\nGoals\n${this.#lines.map((line) => `  ${line}`).join('\n')}`);
    return this.#failed ? 1 : 0;
  }
}
