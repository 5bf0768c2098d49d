import { createHash } from 'node:crypto';

/** A data-service key a call is sent and charged with, and its id. */
export interface DataKey {
  apiKey: string;
  /** dataKeyIdOf(apiKey): what the ledger, the cache and the rate limits name the key by. */
  keyId: string;
}

/**
 * A key's id: 12 hex digits of a hash of it, so the ledger, the cache and the rate limits can tell
 * keys apart without holding one.
 */
export function dataKeyIdOf(apiKey: string): string {
  return createHash('sha256').update('dq data key id\0').update(apiKey).digest('hex').slice(0, 12);
}

/** The key and its id. */
export function dataKeyOf(apiKey: string): DataKey {
  return { apiKey, keyId: dataKeyIdOf(apiKey) };
}
