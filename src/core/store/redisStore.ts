import { randomUUID } from 'node:crypto';
import { Keyv } from 'keyv';
import type { Logger } from 'pino';
import { redactUrl } from './redactUrl.js';
import { connectRedis, type RedisClient } from './redisConnection.js';
import { RedisKeyvAdapter } from './redisKeyvAdapter.js';
import {
  ADJUST_SCRIPT,
  ADMIT_TO_WINDOW_SCRIPT,
  APPEND_LOG_SCRIPT,
  EXTEND_CLAIM_SCRIPT,
  HEARTBEAT_SCRIPT,
  LOG_MEMBER_SEQUENCE_LENGTH,
  RELEASE_CLAIM_SCRIPT,
  RESERVE_SCRIPT,
  RESERVE_SLOT_SCRIPT,
} from './redisScripts.js';
import {
  assertCounterAmount,
  assertCounterChanges,
  assertForgetPrefix,
  assertKeyvNamespace,
  assertTimestamp,
  assertTtl,
  PLAIN_JSON,
  redactedJson,
  toJson,
} from './storeInputs.js';
import type { CounterChange, ReserveOutcome, Store, StoreMarker } from './types.js';

export interface RedisStoreOptions {
  /** Every key this store writes starts with it, so several apps or test runs can share one Redis. */
  prefix?: string;
  logger?: Logger;
  /** Safe-to-print location; defaults to the URL without its credentials. */
  description?: string;
  connectTimeoutMs?: number;
}

export const DEFAULT_REDIS_PREFIX = 'dq:';

// The prefix ends up in SCAN MATCH patterns (keyv clear, test cleanup), where these are wildcards.
const GLOB_CHARACTERS = /[*?[\]\\]/;

/**
 * Redis as the shared store for several app processes. Every check-then-write is a single Redis
 * command or Lua script, so it is atomic across all of them. While Redis is down, commands fail
 * at once (the client keeps no offline queue) and the client keeps reconnecting in the background.
 */
export class RedisStore implements Store {
  readonly kind = 'redis' as const;
  readonly #keyvs = new Map<string, Keyv>();
  #closed?: Promise<void>;

  private constructor(
    private readonly client: RedisClient,
    private readonly prefix: string,
    readonly description: string,
  ) {}

  static async connect(url: string, options: RedisStoreOptions = {}): Promise<RedisStore> {
    const prefix = options.prefix ?? DEFAULT_REDIS_PREFIX;
    if (!prefix || GLOB_CHARACTERS.test(prefix)) {
      throw new Error(
        `Invalid Redis key prefix ${JSON.stringify(prefix)}: it must be non-empty, without * ? [ ] or \\`,
      );
    }
    const description = options.description ?? redactUrl(url);
    const client = await connectRedis(url, { ...options, description });
    return new RedisStore(client, prefix, description);
  }

  keyv<T = unknown>(namespace: string): Keyv<T> {
    assertKeyvNamespace(namespace);
    let keyv = this.#keyvs.get(namespace);
    if (!keyv) {
      // KeyvRedis already writes `${namespace}::${key}`, so Keyv must not add its own prefix, and
      // the namespace itself carries the store prefix. Validated namespaces contain no ':' or
      // wildcard, so clear()'s SCAN for `${namespace}::*` matches this namespace's keys only.
      const adapter = new RedisKeyvAdapter(this.client);
      keyv = new Keyv({ store: adapter, namespace: this.#key('keyv', namespace), useKeyPrefix: false, ...PLAIN_JSON });
      // Each adapter adds its own listeners to the shared client; one namespace is not a leak.
      this.client.setMaxListeners(this.client.getMaxListeners() + 1);
      this.#keyvs.set(namespace, keyv);
    }
    return keyv as Keyv<T>;
  }

  async claim(key: string, owner: string, ttlMs: number): Promise<boolean> {
    assertTtl(ttlMs);
    const reply = await this.client.set(this.#key('claim', key), owner, {
      condition: 'NX',
      expiration: { type: 'PX', value: Math.ceil(ttlMs) },
    });
    return reply === 'OK';
  }

  async releaseClaim(key: string, owner: string): Promise<void> {
    await this.client.eval(RELEASE_CLAIM_SCRIPT, { keys: [this.#key('claim', key)], arguments: [owner] });
  }

  async extendClaim(key: string, owner: string, ttlMs: number): Promise<boolean> {
    assertTtl(ttlMs);
    const reply = await this.client.eval(EXTEND_CLAIM_SCRIPT, {
      keys: [this.#key('claim', key)],
      arguments: [owner, String(Math.ceil(ttlMs))],
    });
    return reply === 1;
  }

  async reserve(items: readonly CounterChange[], ttlMs: number, marker?: StoreMarker): Promise<ReserveOutcome> {
    assertCounterChanges(items, ttlMs);
    if (items.length === 0 && !marker) return { ok: true, totals: [] };
    const reply = (await this.client.eval(RESERVE_SCRIPT, {
      keys: [
        ...items.map((item) => this.#key('counter', item.key)),
        ...(marker ? [this.#key('docs', marker.collection)] : []),
      ],
      arguments: [
        String(Math.ceil(ttlMs)),
        String(items.length),
        ...items.map((item) => String(item.amount)),
        ...items.map((item) => (item.limit === undefined ? '' : String(item.limit))),
        ...(marker ? [marker.id, marker.marker] : []),
      ],
    })) as number[];
    const [succeeded, ...rest] = reply;
    if (succeeded === 1) return { ok: true, totals: rest };
    if (succeeded === -1) return { ok: false, markerGone: true };
    return { ok: false, index: rest[0]!, total: rest[1]! };
  }

  async adjust(key: string, amount: number, ttlMs: number): Promise<number> {
    assertCounterAmount(amount);
    assertTtl(ttlMs);
    const total = await this.client.eval(ADJUST_SCRIPT, {
      keys: [this.#key('counter', key)],
      arguments: [String(amount), String(Math.ceil(ttlMs))],
    });
    return Number(total);
  }

  async reserveSlot(key: string, intervalMs: number): Promise<number> {
    assertTtl(intervalMs);
    return Number(
      await this.client.eval(RESERVE_SLOT_SCRIPT, {
        keys: [this.#key('slot', key)],
        arguments: [String(Math.ceil(intervalMs))],
      }),
    );
  }

  async admitToWindow(key: string, count: number, windowMs: number): Promise<number> {
    assertTtl(windowMs);
    const member = randomUUID();
    return Number(
      await this.client.eval(ADMIT_TO_WINDOW_SCRIPT, {
        keys: [this.#key('window', key)],
        arguments: [String(count), String(Math.ceil(windowMs)), member],
      }),
    );
  }

  async heartbeat(group: string, member: string, ttlMs: number): Promise<number> {
    assertTtl(ttlMs);
    return Number(
      await this.client.eval(HEARTBEAT_SCRIPT, {
        keys: [this.#key('members', group)],
        arguments: [member, String(Math.ceil(ttlMs))],
      }),
    );
  }

  async counter(key: string): Promise<number> {
    const value = await this.client.get(this.#key('counter', key));
    return value === null ? 0 : Number(value);
  }

  async putDoc(collection: string, id: string, doc: unknown): Promise<void> {
    await this.client.hSet(this.#key('docs', collection), id, toJson(doc));
  }

  async getDoc<T>(collection: string, id: string): Promise<T | undefined> {
    const json = await this.client.hGet(this.#key('docs', collection), id);
    return json === null || json === undefined ? undefined : (JSON.parse(json) as T);
  }

  async deleteDoc(collection: string, id: string): Promise<boolean> {
    return (await this.client.hDel(this.#key('docs', collection), id)) > 0;
  }

  async listDocs<T>(collection: string): Promise<Array<{ id: string; doc: T }>> {
    const documents = Object.entries(await this.client.hGetAll(this.#key('docs', collection)));
    documents.sort(([a], [b]) => (a < b ? -1 : a > b ? 1 : 0));
    return documents.map(([id, json]) => ({ id, doc: JSON.parse(json) as T }));
  }

  async appendLog(log: string, at: number, entry: unknown): Promise<void> {
    assertTimestamp(at);
    await this.client.eval(APPEND_LOG_SCRIPT, {
      keys: [this.#key('log', log), this.#key('logseq', log)],
      arguments: [String(at), toJson(entry)],
    });
  }

  async readLog<T>(log: string, fromMs: number, toMs: number): Promise<Array<{ at: number; entry: T }>> {
    if (!(fromMs < toMs)) return [];
    // '(' makes the upper bound exclusive: fromMs <= at < toMs.
    const members = await this.client.zRangeByScoreWithScores(
      this.#key('log', log),
      scoreBound(fromMs),
      `(${scoreBound(toMs)}`,
    );
    return members.map(({ value, score }) => ({
      at: score,
      entry: JSON.parse(value.slice(LOG_MEMBER_SEQUENCE_LENGTH)) as T,
    }));
  }

  async trimLog(log: string, beforeMs: number): Promise<void> {
    await this.client.zRemRangeByScore(this.#key('log', log), '-inf', `(${scoreBound(beforeMs)}`);
  }

  async forgetPrefixed(prefix: string): Promise<number> {
    assertForgetPrefix(prefix);
    const pattern = (kind: 'claim' | 'counter' | 'log' | 'logseq') => `${escapeGlob(this.#key(kind, prefix))}*`;
    let forgotten = 0;
    for (const kind of ['claim', 'counter', 'log', 'logseq'] as const)
      for await (const keys of this.client.scanIterator({ MATCH: pattern(kind), COUNT: 500 })) {
        if (keys.length === 0) continue;
        // A log counts its entries; its sequence key counts nothing (it is the log's own).
        if (kind === 'log') for (const key of keys) forgotten += await this.client.zCard(key);
        const deleted = await this.client.del(keys);
        if (kind === 'claim' || kind === 'counter') forgotten += deleted;
      }
    return forgotten;
  }

  async redactLog(log: string, fields: readonly string[]): Promise<number> {
    const key = this.#key('log', log);
    let changed = 0;
    for (const { value, score } of await this.client.zRangeWithScores(key, 0, -1)) {
      const sequence = value.slice(0, LOG_MEMBER_SEQUENCE_LENGTH);
      const redacted = redactedJson(value.slice(LOG_MEMBER_SEQUENCE_LENGTH), fields);
      if (redacted === undefined) continue;
      // The member is its text: the entry is swapped, in one step, under its own sequence and time.
      await this.client
        .multi()
        .zRem(key, value)
        .zAdd(key, { score, value: `${sequence}${redacted}` })
        .exec();
      changed++;
    }
    return changed;
  }

  async ping(): Promise<void> {
    await this.client.ping();
  }

  onReconnect(listener: () => void): void {
    // Connected before this store existed: every 'ready' from now on is a connection come back.
    this.client.on('ready', listener);
  }

  close(): Promise<void> {
    this.#closed ??= (async () => {
      if (!this.client.isOpen) return;
      // close() lets in-flight commands finish; while reconnecting there are none worth waiting for.
      if (this.client.isReady) await this.client.close();
      else this.client.destroy();
    })();
    return this.#closed;
  }

  #key(
    kind: 'keyv' | 'claim' | 'counter' | 'docs' | 'log' | 'logseq' | 'slot' | 'window' | 'members',
    name: string,
  ): string {
    return `${this.prefix}${kind}:${name}`;
  }
}

/** A literal text in a SCAN MATCH pattern. */
function escapeGlob(text: string): string {
  return text.replace(/[*?[\]\\]/g, '\\$&');
}

/** Redis spells infinite score bounds -inf / +inf. */
function scoreBound(ms: number): string {
  if (ms === Number.POSITIVE_INFINITY) return '+inf';
  if (ms === Number.NEGATIVE_INFINITY) return '-inf';
  return String(ms);
}
