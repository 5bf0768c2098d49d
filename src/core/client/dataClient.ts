import { randomUUID } from 'node:crypto';
import { setMaxListeners } from 'node:events';
import type { Logger } from 'pino';
import { type Clock, systemClock } from '../clock.js';
import { isDataError, NotCachedError, PageOutOfRangeError, StoppedError, UpstreamError } from '../errors.js';
import {
  type BudgetLimits,
  Budgets,
  type BudgetsClosed,
  type MarkerWatch,
  type Spender,
  type WorkspaceBudgets,
} from '../ledger/budgets.js';
import { Ledger, type LedgerEntry } from '../ledger/ledger.js';
import { SeenNames } from '../names/seenNames.js';
import { compiledSchema } from '../operations/compiledSchema.js';
import { onWire } from '../operations/definition.js';
import { freshnessMs } from '../operations/freshness.js';
import {
  type AnyOperation,
  type OperationId,
  operations,
  type PageInfo,
  type RateLimit,
  type RequestOf,
  type ResultOf,
} from '../operations/index.js';
import { type Prices, pricesFrom } from '../operations/prices.js';
import { askFirst, validate } from '../operations/validate.js';
import type { Store } from '../store/types.js';
import { type CachedResult, cacheKey, ResultCache } from './cache.js';
import { CallPolicy, type RetryPolicy } from './callPolicy.js';
import { type DataKey, dataKeyOf } from './dataKey.js';
import { type Envelope, readEnvelope } from './envelope.js';
import { eventLoopStalls, noStalls, type StallReader } from './eventLoopStalls.js';
import { createTransport, type Transport } from './http.js';
import { KeyedPacers } from './keyedPacers.js';
import { type PacerPriority, PacerStoppedError } from './pacer.js';
import { SharedInFlight } from './sharedInFlight.js';
import { SharedPacing } from './sharedPacing.js';

/** What the client reports as it works (metrics); every method optional. */
export interface ClientObserver {
  upstreamCall?(event: { operation: string; outcome: string; durationMs: number; coins: number }): void;
  cacheHit?(operation: string): void;
  sharedCall?(operation: string): void;
}

export interface DataClientOptions {
  baseUrl: string;
  /** The operator's key (DATA_API_KEY): every call of a workspace without a key of its own. */
  apiKey: string;
  /**
   * A workspace's own key ("bring your own key", core/workspaces/workspaceKeys.ts), asked for each
   * call; undefined: the operator's. Its calls are sent and charged with it, and answered only from
   * what that key paid for.
   */
  keyFor?: (teamId: string) => Promise<DataKey | undefined>;
  store: Store;
  logger?: Logger;
  clock?: Clock;
  /** This process's recent event-loop stalls, which widen the rate-limit window (measured by default with the real clock). */
  stalls?: StallReader;
  /** Hard budget per upstream attempt (the spec's timeout is 5000 ms). */
  timeoutMs?: number;
  retry?: Partial<RetryPolicy>;
  rateLimits?: Partial<Record<OperationId, RateLimit>>;
  /** What each operation costs here (built once by the wiring, shared with every screen); the spec's prices by default. */
  prices?: Prices;
  /** Freshness overrides keyed by operation id, name as typed, or `id:variant` (e.g. `finance-external-futures-kline:daily`). */
  cacheTtlMs?: Record<string, number>;
  /** How long results stay available for "Share in channel" after they stop being fresh. */
  shareRetentionMs?: number;
  budgets?: Partial<BudgetLimits>;
  /** Budgets fail closed while this says so (the store lost the day's spending: StoreGuard). */
  budgetsClosed?: BudgetsClosed;
  /** Each workspace's own daily budgets (its settings), applied within `budgets`, the operator's. */
  workspaceBudgets?: WorkspaceBudgets;
  /** The store's marker (StoreGuard): a budget is reserved only while the store still holds it. */
  storeMarker?: MarkerWatch;
  transport?: Transport;
  observer?: ClientObserver;
  /** Names this process in shared state (rate-limit fleet, in-flight markers). */
  replicaId?: string;
  /**
   * Share the rate limit and in-flight calls with other replicas through the store; on by default
   * when the store is Redis (the only store several replicas can share).
   */
  shareAcrossReplicas?: boolean;
}

/** Who is asking: charged to this team and user, recorded with the channel. */
export interface CallContext extends Spender {
  channelId?: string;
  source?: string;
}

export interface CallOptions {
  /** Only answer from cache, fresh or not; never call upstream (sharing a result already paid for). */
  cacheOnly?: boolean;
  /** Told how long the call will wait for a rate-limit slot, when it has to wait. */
  onWait?: (waitMs: number) => void;
  /**
   * Told what is asked and whether it costs anything, only once it is answered from the cache
   * (`fresh`: free) or its coins are reserved under the budgets (before it is sent): a request refused
   * (its input, the budgets, a page past the end, what it may spend) or joining a call in flight is
   * never told, so a conversation's status line quotes no price for a lookup that is not made.
   */
  beforeSending?: (request: Record<string, unknown>, fresh: boolean) => Promise<void>;
  /**
   * The person already stands by this request (a page or retry button of an earlier answer): the
   * operation's "are you sure?" questions are not asked again.
   */
  confirmed?: boolean;
  /**
   * Only an answer fetched at or after this instant will do (a watch's check pays for fresh data):
   * older cache entries are passed over, while a call in flight or an answer stored since (ten
   * watches on one company due together) is still shared.
   */
  notBefore?: number;
  /**
   * The most coins this call may spend (what is left of what the person confirmed): a call that
   * would have to be paid for and costs more is refused with NotCachedError, before anything is sent.
   */
  spendAtMost?: number;
  /** A batch's call (a supplier list): it waits behind every person's lookup for the rate limit. */
  priority?: PacerPriority;
}

export interface CallResult<Id extends OperationId = OperationId> {
  operation: Id;
  request: RequestOf<Id>;
  result: ResultOf<Id>;
  /** Where the answer came from: a new upstream call, the cache, or a call another request had in flight. */
  source: 'upstream' | 'cache' | 'shared';
  /** Coins this request spent (0 unless source is 'upstream'). */
  coinsSpent: number;
  /** What the operation costs per upstream call. */
  cost: number;
  storedAt: number;
  ageMs: number;
  taskNo?: string;
  paging?: PageInfo;
  /** The name the app has seen for what the request is about (a fund's, from a new-fund list), when it has seen one. */
  subjectName?: string;
  /** The key whose results answered (dataKeyIdOf): the operator's, or the workspace's own (absent in answers kept from before keys were told apart: the operator's). */
  keyId?: string;
}

/** How the rate limiting stands, for metrics and the fleet's tests. */
export interface Pacing {
  /** Calls of this operation waiting in this process for their turn. */
  queued(id: OperationId): number;
  /** Replicas sharing the rate limit, as last seen (1 when not sharing). */
  readonly replicas: number;
}

/**
 * The only way the app reaches the data service. Every call is validated before a coin is spent,
 * answered from cache when fresh, shared with an identical call in flight, charged against the
 * daily budgets, paced under the operation's rate limit, retried when the call policy says so
 * (callPolicy.ts), and written to the ledger.
 */
export class DataClient {
  /** Every attempt and its coins; usage is read here. */
  readonly ledger: Ledger;
  /** The names each workspace has seen in answers (funds, companies), which the answers show and the reader reads. */
  readonly names: SeenNames;
  /** The daily budgets the calls are charged against; their state is read here. */
  readonly budgets: Budgets;
  readonly pacing: Pacing;
  private readonly prices: Prices;
  private readonly transport: Transport;
  private readonly cache: ResultCache;
  private readonly inFlight = new InFlight();
  private readonly pacers: KeyedPacers;
  private readonly operatorKey: DataKey;
  private readonly clock: Clock;
  private readonly stalls: StallReader;
  private readonly policy: CallPolicy;
  private readonly logger: Logger | undefined;
  private readonly sharedPacing: SharedPacing | undefined;
  private readonly sharedInFlight: SharedInFlight | undefined;
  private readonly stopping = new AbortController();
  /** Attempts sent and not yet answered, timed out and recorded: a shutdown waits for them. */
  private readonly sending = new Set<Promise<unknown>>();

  constructor(private readonly options: DataClientOptions) {
    // Every call waiting out a backoff listens on this one signal; a backlog of more than ten is normal, not a leak.
    setMaxListeners(0, this.stopping.signal);
    this.clock = options.clock ?? systemClock;
    // Stalls are measured in real time, on any clock that follows it (pinned to a date or not): a
    // virtual clock has none to allow for.
    this.stalls = options.stalls ?? (this.clock.realTime ? eventLoopStalls() : noStalls);
    this.logger = options.logger;
    this.prices = options.prices ?? pricesFrom();
    this.operatorKey = dataKeyOf(options.apiKey);
    this.pacers = new KeyedPacers(this.operatorKey.keyId, this.clock, this.stalls, (id) => this.rateLimitOf(id));
    this.transport =
      options.transport ??
      createTransport({
        baseUrl: options.baseUrl,
        apiKey: options.apiKey,
        timeoutMs: options.timeoutMs ?? 5000,
        clock: this.clock,
      });
    this.cache = new ResultCache(
      options.store.keyv<CachedResult>('cache'),
      this.clock,
      options.shareRetentionMs ?? 24 * 3_600_000,
      this.logger,
    );
    const timeZone = options.budgets?.timeZone ?? 'Asia/Shanghai';
    this.ledger = new Ledger(options.store, timeZone, this.logger);
    this.names = new SeenNames(options.store, this.clock, this.logger);
    this.budgets = new Budgets(
      options.store,
      { ...options.budgets, timeZone },
      this.logger,
      options.budgetsClosed,
      options.storeMarker,
      async (teamId) => !(await this.payerOf(teamId)).operator,
      options.workspaceBudgets,
    );
    if (options.shareAcrossReplicas ?? (options.store.kind === 'redis' || options.store.kind === 'postgres')) {
      const replicaId = options.replicaId ?? `replica-${process.pid}-${Math.random().toString(36).slice(2, 8)}`;
      this.sharedPacing = new SharedPacing({
        store: options.store,
        clock: this.clock,
        replicaId,
        stalls: this.stalls,
        ...(this.logger ? { logger: this.logger } : {}),
      });
      this.sharedPacing.start();
      // Long enough for a call that queues behind a backlog and retries; waiting replicas give up after it.
      const holdMs = 120_000;
      this.sharedInFlight = new SharedInFlight({
        store: options.store,
        clock: this.clock,
        replicaId,
        holdMs,
        timeoutMs: options.timeoutMs ?? 5000,
      });
    }
    this.policy = new CallPolicy({
      ...(options.retry ? { retry: options.retry } : {}),
      ...(this.sharedPacing ? { fleet: this.sharedPacing } : {}),
      ...(this.logger ? { logger: this.logger } : {}),
    });
    const { pacers, sharedPacing } = this;
    this.pacing = {
      queued: (id) => pacers.queued(id),
      get replicas() {
        return sharedPacing?.replicas ?? 1;
      },
    };
  }

  async call<Id extends OperationId>(
    id: Id,
    input: unknown,
    context: CallContext,
    callOptions: CallOptions = {},
  ): Promise<CallResult<Id>> {
    const request = validate(id, input, this.clock.now());
    if (!callOptions.confirmed) askFirst(id, request, input);
    const payer = await this.payerOf(context.teamId);
    const key = payer.scope + cacheKey(id, request);
    const freshForMs = freshnessMs(id, request, this.options.cacheTtlMs);
    const cached = await this.cache.get<ResultOf<Id>>(key, freshForMs);
    const recentEnough =
      cached !== undefined && (callOptions.notBefore === undefined || cached.storedAt >= callOptions.notBefore);
    if (cached && recentEnough && (cached.fresh || callOptions.cacheOnly)) {
      await callOptions.beforeSending?.({ ...request } as Record<string, unknown>, true);
      this.options.observer?.cacheHit?.(id);
      return this.named(this.answer(id, request, cached, 'cache', 0, cached.ageMs, payer), context.teamId);
    }
    if (callOptions.cacheOnly) throw new NotCachedError(id);
    if (this.stopping.signal.aborted) throw new StoppedError(id);
    if (callOptions.spendAtMost !== undefined && this.coins(id) > callOptions.spendAtMost) throw new NotCachedError(id);
    const pages = this.queryPages(id, request, key, payer);
    const pastTheEnd = pages && this.refusePagePastTheEnd(id, request, pages, freshForMs);
    if (pastTheEnd) await pastTheEnd;

    // The same call already on its way is joined; otherwise this one starts (no closure to build per call).
    const joined = this.inFlight.joining<Fetched<ResultOf<Id>>>(key);
    const shared = joined !== undefined;
    const promise =
      joined ??
      this.inFlight.start(key, this.fetchOnce(id, request, key, pages, freshForMs, context, callOptions, payer));
    let outcome: Awaited<typeof promise>;
    try {
      outcome = await promise;
    } catch (error) {
      // Another user's budget refused the call this one joined; that says nothing about this user's budget.
      if (shared && isDataError(error) && (error.kind === 'budget' || error.kind === 'budget_unavailable'))
        return this.call(id, input, context, callOptions);
      throw error;
    } finally {
      // The call that started it ends it, first to hear it settle (before those who joined).
      if (!shared) this.inFlight.end(key, promise);
    }
    const sharedHere = shared || outcome.shared;
    if (sharedHere) this.options.observer?.sharedCall?.(id);
    const age = Math.max(0, this.clock.now() - outcome.value.storedAt);
    return this.named(
      this.answer(
        id,
        request,
        outcome.value,
        sharedHere ? 'shared' : 'upstream',
        sharedHere ? 0 : this.coins(id),
        age,
        payer,
      ),
      context.teamId,
    );
  }

  /**
   * What the cache holds for this request, without calling or charging anyone: whether a lookup of
   * it now would be free (fresh) and, for a paged operation, its paging. Lets a screen say what
   * something will cost before anything is spent (an export's pages). Throws ValidationError on
   * input that `call` would refuse. Asked for a workspace (whose key would pay) or for the key an
   * answer came with (CallResult.keyId): only what that key paid for is seen.
   */
  async peek<Id extends OperationId>(
    id: Id,
    input: unknown,
    whose: { teamId: string } | { keyId: string | undefined },
  ): Promise<{ fresh: boolean; ageMs: number; paging?: PageInfo } | undefined> {
    const request = validate(id, input, this.clock.now());
    const scope = 'teamId' in whose ? (await this.payerOf(whose.teamId)).scope : this.scopeOf(whose.keyId);
    const cached = await this.cache.get<ResultOf<Id>>(
      scope + cacheKey(id, request),
      freshnessMs(id, request, this.options.cacheTtlMs),
    );
    if (!cached) return undefined;
    const definition: AnyOperation = operations[id];
    const peeked: { fresh: boolean; ageMs: number; paging?: PageInfo } = { fresh: cached.fresh, ageMs: cached.ageMs };
    if (definition.paging) peeked.paging = definition.paging(request, cached.result);
    return peeked;
  }

  /**
   * Shutting down, the one policy for it: from this moment nothing more is sent. Calls still waiting
   * for their turn (rate limit, backoff, a retry) are given up with a StoppedError — never sent, so
   * never charged — and new calls are refused the same way. Calls already sent are waited for until
   * they answer or time out (each attempt is bounded by the call timeout) and are written to the
   * ledger, so the process can exit without a charged call missing from it.
   */
  async stopSending(): Promise<void> {
    this.stopping.abort();
    await Promise.all(this.pacers.all().map((pacer) => pacer.stop()));
    while (this.sending.size > 0) await Promise.allSettled([...this.sending]);
    await this.ledger.flush().catch(() => undefined);
  }

  async close(): Promise<void> {
    await this.stopSending();
    this.sharedPacing?.stop();
    await this.ledger.flush().catch(() => undefined);
    // The store is away and the process is going: the charges it could not take stay in the log, in full.
    const unwritten = this.ledger.unwrittenEntries();
    if (unwritten.length > 0)
      this.logger?.error(
        { ledgerEntries: unwritten },
        'ledger entries could not be written to the store before closing',
      );
    await Promise.all(this.pacers.all().map((pacer) => pacer.stop()));
    await this.transport.close();
  }

  private coins(id: OperationId): number {
    return this.prices.priceOf(id).coins;
  }

  /** The rate limit this client keeps to for the operation (the spec's, or the one configured). */
  rateLimitOf(id: OperationId): RateLimit {
    return this.options.rateLimits?.[id] ?? operations[id].rateLimit;
  }

  /**
   * Where the number of pages of a query is known: its first page's cached answer says it (its
   * paging), and a later page's answer, which may know better, is kept beside it under
   * `pages:<first page's key>`. Undefined for an operation that does not page. `key` is this
   * request's own cache key, which is the first page's when the request asks for page 1.
   */
  private queryPages(id: OperationId, request: object, key: string, payer: Payer): QueryPages | undefined {
    const definition: AnyOperation = operations[id];
    if (!definition.withPage || !definition.pages) return undefined;
    // A first page is its own first page: nothing to build (the common call).
    if ((request as Record<string, unknown>)[definition.pages.pageField] === onWire(definition.pages, 1))
      return { firstPage: request, firstPageKey: key, onFirstPage: true };
    const firstPage = definition.withPage(request, 1);
    return { firstPage, firstPageKey: payer.scope + cacheKey(id, firstPage), onFirstPage: false };
  }

  /**
   * A page past a known end would be charged and come back empty: refused before anything is spent.
   * What is known is the freshest of the first page's answer and the count a later page left.
   * Nothing to look up for a first page (undefined then, so the caller need not wait).
   */
  private refusePagePastTheEnd(
    id: OperationId,
    request: object,
    pages: QueryPages,
    freshForMs: number,
  ): Promise<void> | undefined {
    const definition: AnyOperation = operations[id];
    const page = Number((request as Record<string, unknown>)[definition.pageField!]);
    if (!(page > 1)) return undefined;
    return Promise.all([
      this.cache.get<number>(`pages:${pages.firstPageKey}`, freshForMs),
      this.cache.get<unknown>(pages.firstPageKey, freshForMs),
    ]).then(([counted, firstPage]) => {
      const fromLaterPage = counted?.fresh ? counted : undefined;
      let known = fromLaterPage?.result;
      if (firstPage?.fresh && !(fromLaterPage && fromLaterPage.storedAt >= firstPage.storedAt))
        known = definition.paging?.(pages.firstPage, firstPage.result).pageCount ?? known;
      if (known !== undefined && page > known)
        throw new PageOutOfRangeError(id, definition.pageField!, page, known, definition.example);
    });
  }

  /** One upstream call for this request across the fleet, when replicas share; otherwise just the call. */
  private fetchOnce<Id extends OperationId>(
    id: Id,
    request: RequestOf<Id>,
    key: string,
    pages: QueryPages | undefined,
    freshForMs: number,
    context: CallContext,
    callOptions: CallOptions,
    payer: Payer,
  ): Promise<Fetched<ResultOf<Id>>> {
    if (!this.sharedInFlight)
      return this.fetchAndStore(id, request, key, pages, freshForMs, context, callOptions, payer);
    const call = async () =>
      (await this.fetchAndStore(id, request, key, pages, freshForMs, context, callOptions, payer)).value;
    const readFresh = async () => {
      const hit = await this.cache.get<ResultOf<Id>>(key, freshForMs);
      return hit?.fresh && (callOptions.notBefore === undefined || hit.storedAt >= callOptions.notBefore)
        ? hit
        : undefined;
    };
    return this.sharedInFlight.run(key, call, readFresh);
  }

  /** A wait before sending that shutting down cuts short. */
  private async pause(id: OperationId, ms: number): Promise<void> {
    try {
      await this.clock.sleep(ms, this.stopping.signal);
    } catch (error) {
      if (this.stopping.signal.aborted) throw new StoppedError(id);
      throw error;
    }
  }

  private answer<Id extends OperationId>(
    id: Id,
    request: RequestOf<Id>,
    entry: CachedResult<ResultOf<Id>>,
    source: CallResult['source'],
    coinsSpent: number,
    ageMs: number,
    payer: Payer,
  ): CallResult<Id> {
    const definition: AnyOperation = operations[id];
    const result: CallResult<Id> = {
      operation: id,
      request,
      result: entry.result,
      source,
      coinsSpent,
      cost: this.coins(id),
      storedAt: entry.storedAt,
      ageMs,
      keyId: payer.key.keyId,
    };
    if (entry.taskNo !== undefined) result.taskNo = entry.taskNo;
    if (definition.paging) result.paging = definition.paging(request, entry.result);
    return result;
  }

  /** What the answer names is learnt for the workspace, and the name of what it is about (a fund's) is shown with it. */
  private async named<Id extends OperationId>(result: CallResult<Id>, teamId: string): Promise<CallResult<Id>> {
    const definition: AnyOperation = operations[result.operation];
    await this.names.learn(teamId, definition.names?.(result.result) ?? []);
    const subject = definition.subject?.(result.request);
    if (subject === undefined) return result;
    const name = (await this.names.of(teamId)).nameOf(subject);
    return name === undefined ? result : { ...result, subjectName: name };
  }

  /** Pays for the call (reserved before it is sent, given back when it was not charged) and caches the answer; this replica's own call. */
  private async fetchAndStore<Id extends OperationId>(
    id: Id,
    request: RequestOf<Id>,
    key: string,
    pages: QueryPages | undefined,
    freshForMs: number,
    context: CallContext,
    callOptions: CallOptions,
    payer: Payer,
  ): Promise<Fetched<ResultOf<Id>>> {
    const reservation = await this.budgets.reserve(context, this.coins(id), this.clock.now(), {
      operatorKey: payer.operator,
    });
    const charge: Charge = { charged: false };
    try {
      // Reserved: from here the call is made, at its price.
      await callOptions.beforeSending?.({ ...request } as Record<string, unknown>, false);
      const entry = await this.attempts(id, request, context, callOptions, charge, payer);
      // A first page's answer is itself where its query's page count is read from: one write.
      if (!pages || pages.onFirstPage) await this.cache.set(key, entry, freshForMs);
      else await this.cacheWithPageCount(id, request, key, pages, entry, freshForMs);
      return { value: entry, shared: false };
    } finally {
      if (!charge.charged) await reservation.release();
    }
  }

  /** A later page's answer, and where the query ends as it knows it, so a page past that is refused before anything is spent. */
  private async cacheWithPageCount<Id extends OperationId>(
    id: Id,
    request: RequestOf<Id>,
    key: string,
    pages: QueryPages,
    entry: CachedResult<ResultOf<Id>>,
    freshForMs: number,
  ): Promise<void> {
    await this.cache.set(key, entry, freshForMs);
    const pageCount = operations[id].paging?.(request as never, entry.result as never).pageCount;
    if (pageCount !== undefined)
      await this.cache.set(`pages:${pages.firstPageKey}`, { result: pageCount, storedAt: entry.storedAt }, freshForMs);
  }

  /** Sends the call, each attempt after its own turn under the rate limit, for as long as the call policy says to try again. */
  private async attempts<Id extends OperationId>(
    id: Id,
    request: RequestOf<Id>,
    context: CallContext,
    callOptions: CallOptions,
    charge: Charge,
    payer: Payer,
  ): Promise<CachedResult<ResultOf<Id>>> {
    const pacer = this.pacers.get(payer.key.keyId, id);
    // The fleet's schedule and window of this key: the operator's keep the operation's own name.
    const paced = payer.operator ? id : `${payer.key.keyId}:${id}`;
    for (let attempt = 0; ; attempt++) {
      if (callOptions.onWait) {
        const waitMs = pacer.expectedWaitMs();
        if (waitMs > 0) callOptions.onWait(waitMs);
      }
      try {
        // Under the limit with nobody waiting, the turn is taken at once, without a wait to schedule.
        if (!pacer.startNow(callOptions.priority)) {
          try {
            await pacer.acquire(callOptions.priority);
          } catch (error) {
            if (error instanceof PacerStoppedError) throw new StoppedError(id);
            throw error;
          }
        }
        if (this.sharedPacing) await this.waitForSharedSlot(this.sharedPacing, id, paced, callOptions);
        // A slot granted in the same instant as a shutdown is not used: nothing is sent once stopping.
        if (this.stopping.signal.aborted) throw new StoppedError(id);
        const sent = this.attempt(id, request, context, attempt, charge, payer);
        this.sending.add(sent);
        try {
          return await sent;
        } finally {
          this.sending.delete(sent);
        }
      } catch (error) {
        const delayMs = await this.policy.afterFailure(paced, error, attempt, pacer);
        if (delayMs === undefined) throw error;
        await this.pause(id, delayMs);
      }
    }
  }

  /**
   * With replicas sharing the limit: the slot in the fleet's schedule (the wait is told to the
   * caller), then, right before sending, the fleet's window count.
   */
  private async waitForSharedSlot(
    sharedPacing: SharedPacing,
    id: OperationId,
    paced: string,
    callOptions: CallOptions,
  ): Promise<void> {
    const limit = this.rateLimitOf(id);
    const { priority } = callOptions;
    const waitMs = await sharedPacing.reserve(paced, limit, priority);
    if (waitMs > 0) {
      callOptions.onWait?.(waitMs);
      await this.pause(id, waitMs);
    }
    for (
      let wait = await sharedPacing.admit(paced, limit, priority);
      wait > 0;
      wait = await sharedPacing.admit(paced, limit, priority)
    ) {
      await this.pause(id, wait);
    }
  }

  private async attempt<Id extends OperationId>(
    id: Id,
    request: RequestOf<Id>,
    context: CallContext,
    attempt: number,
    charge: Charge,
    payer: Payer,
  ): Promise<CachedResult<ResultOf<Id>>> {
    const definition: AnyOperation = operations[id];
    const startedAt = this.clock.now();
    let coins = 0;
    let outcome = 'success';
    let unconfirmed = false;
    let taskNo: string | undefined;
    try {
      const response = await this.transport.post(
        definition.path,
        id,
        definition.body ? definition.body(request) : request,
        payer.operator ? undefined : payer.key.apiKey,
      );
      const envelope = readEnvelope(definition.envelope, id, response, this.clock.now());
      taskNo = envelope.taskNo;
      // From here the service has answered with success, so it has charged the call.
      coins = this.coins(id);
      charge.charged = true;
      const parsed = compiledSchema(definition.data).safeParse(envelope.data);
      if (!parsed.success)
        throw this.changedShape(id, response.status, envelope, coins, parsed.error.issues.slice(0, 5));
      let result: ResultOf<Id>;
      try {
        // Normalising checks what a schema cannot (e.g. every candle line as long as data.fields).
        result = definition.normalise(parsed.data, request) as ResultOf<Id>;
      } catch (error) {
        throw this.changedShape(
          id,
          response.status,
          envelope,
          coins,
          error instanceof Error ? error.message : String(error),
        );
      }
      const entry: CachedResult<ResultOf<Id>> = { result, storedAt: this.clock.now() };
      if (taskNo) entry.taskNo = taskNo;
      return entry;
    } catch (error) {
      outcome = isDataError(error) ? error.kind : 'error';
      if (error instanceof UpstreamError && error.taskNo) taskNo = error.taskNo;
      if (error instanceof UpstreamError && !payer.operator) error.ownKey = true;
      if (error instanceof UpstreamError && error.mayHaveCharged) {
        // Count it as spent rather than hope (the call policy's money rule): the budget keeps the
        // reservation, the ledger the coins, marked unconfirmed.
        coins = this.coins(id);
        unconfirmed = true;
        error.coinsAtRisk = coins;
        charge.charged = true;
      }
      throw error;
    } finally {
      // Not waited for: the reply need not wait for the database's commit (a disk flush with
      // PostgreSQL). The ledger's reads, flush() and close() wait for it; a failed write is kept and retried.
      const keyId = payer.key.keyId;
      void this.recordAttempt({ id, context, attempt, startedAt, coins, outcome, taskNo, unconfirmed, keyId }).catch(
        (error: unknown) => this.logger?.error({ err: error }, 'could not record a call in the ledger'),
      );
    }
  }

  /** A success envelope whose data no longer matches the operation's schema: logged by shape, charged. */
  private changedShape(
    id: OperationId,
    httpStatus: number,
    envelope: Envelope,
    coins: number,
    problem: unknown,
  ): UpstreamError {
    const { taskNo } = envelope;
    this.logger?.error(
      { operation: id, taskNo, shape: describeShape(envelope.data), problem },
      'data-service response changed shape',
    );
    const error = new UpstreamError(
      'schema_changed',
      { operation: id, httpStatus, ...(taskNo ? { taskNo } : {}) },
      `${id}: the response no longer matches the published fields`,
    );
    // Charged (the envelope read success): callers that keep accounts (a watch's record) say so.
    error.coinsAtRisk = coins;
    return error;
  }

  private recordAttempt(a: {
    id: OperationId;
    context: CallContext;
    attempt: number;
    startedAt: number;
    coins: number;
    outcome: string;
    taskNo: string | undefined;
    unconfirmed: boolean;
    keyId: string;
  }): Promise<void> {
    const entry: LedgerEntry = {
      callId: randomUUID(),
      at: a.startedAt,
      operation: a.id,
      coins: a.coins,
      teamId: a.context.teamId,
      outcome: a.outcome,
      attempt: a.attempt,
      durationMs: this.clock.now() - a.startedAt,
      keyId: a.keyId,
    };
    if (a.context.userId) entry.userId = a.context.userId;
    if (a.context.channelId) entry.channelId = a.context.channelId;
    if (a.context.source) entry.source = a.context.source;
    if (a.taskNo) entry.taskNo = a.taskNo;
    if (a.unconfirmed) entry.unconfirmed = true;
    const recorded = this.ledger.record(entry);
    // After the ledger has the entry: a failing observer (metrics) must not cost a charge its record.
    try {
      this.options.observer?.upstreamCall?.({
        operation: a.id,
        outcome: a.outcome,
        durationMs: entry.durationMs,
        coins: a.coins,
      });
    } catch (error) {
      this.options.logger?.warn({ err: error }, 'the call observer failed; the ledger has the entry');
    }
    return recorded;
  }

  /** Pacers held now, every key's (memory: a workspace key's idle pacers are dropped). */
  get pacersHeld(): number {
    return this.pacers.size;
  }

  /**
   * Who pays for a call of this workspace: its own key when it has one, else the operator's. A
   * workspace key's results live under their own cache prefix (`key:<id>:`), so an answer paid with
   * one key never answers a call made with another; the operator's keep the plain keys.
   */
  private async payerOf(teamId: string): Promise<Payer> {
    const own = await this.options.keyFor?.(teamId);
    if (!own || own.keyId === this.operatorKey.keyId) return { key: this.operatorKey, operator: true, scope: '' };
    return { key: own, operator: false, scope: this.scopeOf(own.keyId) };
  }

  private scopeOf(keyId: string | undefined): string {
    return keyId === undefined || keyId === this.operatorKey.keyId ? '' : `key:${keyId}:`;
  }
}

/** The key a call goes with, whether it is the operator's, and the prefix of its cache keys. */
interface Payer {
  key: DataKey;
  operator: boolean;
  scope: string;
}

/** A call's answer, and whether another replica's call gave it. */
interface Fetched<R> {
  value: CachedResult<R>;
  shared: boolean;
}

/** A paged query's first page (its request and cache key), and whether this request is that page. */
interface QueryPages {
  firstPage: object;
  firstPageKey: string;
  onFirstPage: boolean;
}

/** Whether the service may have charged for the call: then its budget reservation is kept. */
interface Charge {
  charged: boolean;
}

/** Identical calls made while one is already on its way share that one call (and its cost). */
class InFlight {
  private readonly running = new Map<string, Promise<unknown>>();

  /** The call on its way for this key, if there is one. */
  joining<T>(key: string): Promise<T> | undefined {
    return this.running.get(key) as Promise<T> | undefined;
  }

  /** Makes `call` the one to join for this key until its starter ends it (no promise and closure to build per call, as `finally` would). */
  start<T>(key: string, call: Promise<T>): Promise<T> {
    this.running.set(key, call);
    return call;
  }

  /** The call has settled: calls from now on start their own. */
  end(key: string, call: Promise<unknown>): void {
    if (this.running.get(key) === call) this.running.delete(key);
  }
}

/**
 * The structure of a value without its contents (keys and types, first array element), for logging
 * a response that changed shape without logging the data itself.
 */
function describeShape(value: unknown, depth = 3): unknown {
  if (Array.isArray(value)) {
    if (value.length === 0) return 'array(0)';
    return depth > 0 ? [`array(${value.length}) of`, describeShape(value[0], depth - 1)] : `array(${value.length})`;
  }
  if (value === null) return 'null';
  if (typeof value === 'object') {
    if (depth <= 0) return 'object';
    const keys = Object.keys(value as object).slice(0, 30);
    return Object.fromEntries(
      keys.map((key) => [key, describeShape((value as Record<string, unknown>)[key], depth - 1)]),
    );
  }
  return typeof value;
}
