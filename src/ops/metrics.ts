import { Counter, collectDefaultMetrics, Gauge, Histogram, Registry } from 'prom-client';
import type { ClientObserver } from '../core/client/dataClient.js';
import type { DigestRunRecord } from '../core/digest/types.js';
import type { StoreGuard } from '../core/store/storeGuard.js';
import type { WatchRunRecord } from '../core/watch/types.js';

/**
 * Everything the app counts, in Prometheus form (GET /metrics). Names start with dq_; labels are
 * operation ids, kinds and outcomes only — never user, team or channel ids, which would explode the
 * number of series.
 */
export class Metrics implements ClientObserver {
  readonly registry = new Registry();
  private readonly slackRequests = new Counter({
    name: 'dq_slack_requests_total',
    help: 'Slack requests handled, by kind and outcome',
    labelNames: ['kind', 'outcome'],
    registers: [this.registry],
  });
  private readonly ackSeconds = new Histogram({
    name: 'dq_slack_ack_seconds',
    help: 'Time from a Slack request arriving to its acknowledgement (HTTP mode)',
    buckets: [0.005, 0.01, 0.025, 0.05, 0.1, 0.25, 0.5, 1, 2, 3, 5],
    registers: [this.registry],
  });
  private readonly upstreamCalls = new Counter({
    name: 'dq_upstream_calls_total',
    help: 'Calls to the data service, by operation and outcome',
    labelNames: ['operation', 'outcome'],
    registers: [this.registry],
  });
  private readonly upstreamSeconds = new Histogram({
    name: 'dq_upstream_call_seconds',
    help: 'Duration of data-service calls',
    labelNames: ['operation'],
    buckets: [0.05, 0.1, 0.25, 0.5, 1, 2, 3, 5, 6],
    registers: [this.registry],
  });
  private readonly cacheHits = new Counter({
    name: 'dq_cache_hits_total',
    help: 'Lookups answered from cache, by operation',
    labelNames: ['operation'],
    registers: [this.registry],
  });
  private readonly sharedCalls = new Counter({
    name: 'dq_shared_calls_total',
    help: 'Lookups that shared an identical call already in flight',
    labelNames: ['operation'],
    registers: [this.registry],
  });
  private readonly coins = new Counter({
    name: 'dq_coins_spent_total',
    help: 'Coins charged by the data service, by operation',
    labelNames: ['operation'],
    registers: [this.registry],
  });
  private readonly digests = new Counter({
    name: 'dq_digests_total',
    help: 'Digest runs, by outcome (posted, nothing_new, over_budget, post_failed, post_unknown, fetch_failed, missed, refused)',
    labelNames: ['outcome'],
    registers: [this.registry],
  });
  private readonly watchChecks = new Counter({
    name: 'dq_watch_checks_total',
    help: 'Watch checks, by outcome (changed, unchanged, over_budget, post_failed, post_unknown, fetch_failed, refused, missed …)',
    labelNames: ['outcome'],
    registers: [this.registry],
  });
  private readonly chartDrawSeconds = new Histogram({
    name: 'dq_chart_draw_seconds',
    help: 'Time to draw a chart on the chart thread (CHART_RENDERER=local), by outcome',
    labelNames: ['outcome'],
    buckets: [0.025, 0.05, 0.1, 0.25, 0.5, 1, 2.5, 5, 10],
    registers: [this.registry],
  });
  private readonly chartRequests = new Counter({
    name: 'dq_chart_requests_total',
    help: 'Chart address requests (CHART_RENDERER=local): served from memory, drawn again, or refused (404)',
    labelNames: ['outcome'],
    registers: [this.registry],
  });
  private readonly storeLosses = new Counter({
    name: 'dq_store_data_losses_total',
    help: "Times the store was found to have lost its data (its marker gone): digests, watches, cache and the day's record of spending with it",
    registers: [this.registry],
  });
  private chartCacheBytes: (() => number) | undefined;
  private budgetsClosedByLoss: (() => boolean) | undefined;

  constructor(options: { queueDepth?: () => Record<string, number> } = {}) {
    collectDefaultMetrics({ register: this.registry, prefix: 'dq_' });
    const queueDepth = options.queueDepth;
    const cacheBytes = () => this.chartCacheBytes?.() ?? 0;
    new Gauge({
      name: 'dq_chart_cache_bytes',
      help: 'Bytes of drawn charts kept in memory (CHART_RENDERER=local)',
      registers: [this.registry],
      collect() {
        this.set(cacheBytes());
      },
    });
    const budgetsClosed = () => this.budgetsClosedByLoss?.() ?? false;
    new Gauge({
      name: 'dq_budgets_closed',
      help: "1 while budgets fail closed because the store lost the day's record of spending (until the budget day ends or an admin reopens spending)",
      registers: [this.registry],
      collect() {
        this.set(budgetsClosed() ? 1 : 0);
      },
    });
    new Gauge({
      name: 'dq_limiter_queue_depth',
      help: 'Calls waiting for a rate-limit slot, by operation',
      labelNames: ['operation'],
      registers: [this.registry],
      collect() {
        for (const [operation, depth] of Object.entries(queueDepth?.() ?? {})) this.set({ operation }, depth);
      },
    });
  }

  slackRequest(kind: string, outcome: 'ok' | 'error'): void {
    this.slackRequests.inc({ kind, outcome });
  }

  ackObserved(seconds: number): void {
    this.ackSeconds.observe(seconds);
  }

  upstreamCall(event: { operation: string; outcome: string; durationMs: number; coins: number }): void {
    this.upstreamCalls.inc({ operation: event.operation, outcome: event.outcome });
    this.upstreamSeconds.observe({ operation: event.operation }, event.durationMs / 1000);
    if (event.coins > 0) this.coins.inc({ operation: event.operation }, event.coins);
  }

  cacheHit(operation: string): void {
    this.cacheHits.inc({ operation });
  }

  sharedCall(operation: string): void {
    this.sharedCalls.inc({ operation });
  }

  digestRun(record: DigestRunRecord): void {
    this.digests.inc({ outcome: record.outcome });
  }

  watchRun(record: WatchRunRecord): void {
    this.watchChecks.inc({ outcome: record.outcome });
  }

  chartDrawn(seconds: number, outcome: 'drawn' | 'failed'): void {
    this.chartDrawSeconds.observe({ outcome }, seconds);
  }

  chartRequest(outcome: 'memory' | 'redrawn' | 'refused'): void {
    this.chartRequests.inc({ outcome });
  }

  /** Counts the store's losses of data as the guard finds them, and reads whether budgets are closed when scraped. */
  watchStore(guard: Pick<StoreGuard, 'onLoss' | 'budgetsClosed'>): void {
    guard.onLoss(() => this.storeLosses.inc());
    this.budgetsClosedByLoss = () => guard.budgetsClosed() !== undefined;
  }

  /** Where the chart cache's size is read when /metrics is scraped. */
  chartCacheSize(bytes: () => number): void {
    this.chartCacheBytes = bytes;
  }

  text(): Promise<string> {
    return this.registry.metrics();
  }

  get contentType(): string {
    return this.registry.contentType;
  }
}
