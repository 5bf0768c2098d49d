import type { Keyv } from 'keyv';
import type { Logger } from 'pino';
import type { Clock } from '../clock.js';

export interface CachedResult<R = unknown> {
  result: R;
  storedAt: number;
  taskNo?: string;
}

export interface CacheHit<R> extends CachedResult<R> {
  ageMs: number;
  fresh: boolean;
}

/**
 * JSON with object keys sorted, so equal requests give equal cache keys. Every call builds one or
 * two keys, so it walks the keys by hand rather than through entries, filter, sort and map.
 */
export function canonicalJson(value: unknown): string {
  if (typeof value !== 'object' || value === null) return JSON.stringify(value);
  if (Array.isArray(value)) return `[${value.map(canonicalJson).join(',')}]`;
  const record = value as Record<string, unknown>;
  const keys = Object.keys(record);
  // Code-unit order, as `<` compares; a validated request usually has its keys in order already.
  if (!inOrder(keys)) keys.sort();
  let json = '{';
  for (const key of keys) {
    const field = record[key];
    if (field === undefined) continue;
    if (json.length > 1) json += ',';
    json += `${JSON.stringify(key)}:${canonicalJson(field)}`;
  }
  return `${json}}`;
}

function inOrder(keys: readonly string[]): boolean {
  for (let i = 1; i < keys.length; i++) if (keys[i - 1]! > keys[i]!) return false;
  return true;
}

export function cacheKey(operation: string, request: object): string {
  return `${operation}:${canonicalJson(request)}`;
}

/** Results this process keeps itself, for when the shared store is away. */
const LOCAL_ENTRIES = 200;

/**
 * Results are kept past their freshness for `retentionMs` so that "Share in channel" can repost
 * exactly what the user saw without paying again; a normal lookup only takes fresh entries.
 * Every result is also kept in a small in-process copy: while the shared store (Redis) is away,
 * the same question asked again in this process is still answered without a second charge.
 */
export class ResultCache {
  private storeFailing = false;
  private readonly local = new Map<string, { entry: CachedResult; keepUntil: number }>();

  constructor(
    private readonly keyv: Keyv<CachedResult>,
    private readonly clock: Clock,
    private readonly retentionMs: number,
    private readonly logger?: Logger,
  ) {
    // Left to itself Keyv answers "not found" when its store fails, which would hide an outage here.
    keyv.throwOnErrors = true;
  }

  async get<R>(key: string, freshForMs: number): Promise<CacheHit<R> | undefined> {
    let shared: CachedResult | undefined;
    try {
      shared = await this.keyv.get(key);
      this.answered();
    } catch (error) {
      this.failed(error);
    }
    const entry = this.storeFailing ? this.fromLocal(key) : shared;
    if (!entry) return undefined;
    const ageMs = Math.max(0, this.clock.now() - entry.storedAt);
    return { ...(entry as CachedResult<R>), ageMs, fresh: ageMs < freshForMs };
  }

  async set(key: string, entry: CachedResult, freshForMs: number): Promise<void> {
    const keepMs = Math.max(freshForMs, this.retentionMs);
    this.local.delete(key);
    this.local.set(key, { entry, keepUntil: this.clock.now() + keepMs });
    if (this.local.size > LOCAL_ENTRIES) this.local.delete(this.local.keys().next().value!);
    try {
      await this.keyv.set(key, entry, keepMs);
      this.answered();
    } catch (error) {
      this.failed(error);
    }
  }

  private fromLocal(key: string): CachedResult | undefined {
    const kept = this.local.get(key);
    if (!kept) return undefined;
    if (kept.keepUntil <= this.clock.now()) {
      this.local.delete(key);
      return undefined;
    }
    return kept.entry;
  }

  private answered(): void {
    if (this.storeFailing) {
      this.storeFailing = false;
      this.logger?.info('cache store is answering again');
    }
  }

  private failed(error: unknown): void {
    if (!this.storeFailing)
      this.logger?.warn({ err: error }, 'cache store failed; calling without cache until it answers');
    this.storeFailing = true;
  }
}
