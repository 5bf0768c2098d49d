import KeyvRedis from '@keyv/redis';
import type { RedisClient } from './redisConnection.js';

/**
 * KeyvRedis over the store's own client. Two behaviours of the stock adapter do not fit a shared
 * connection: getClient() calls connect() whenever the client is not open — reopening it after
 * the store closed it — and disconnect() closes the client for everyone. The store owns the
 * connection, so here both simply leave it alone.
 */
export class RedisKeyvAdapter extends KeyvRedis<string> {
  readonly #client: RedisClient;

  constructor(client: RedisClient) {
    super(client, { throwOnConnectError: false });
    this.#client = client;
  }

  override async getClient(): Promise<RedisClient> {
    return this.#client;
  }

  override async disconnect(): Promise<void> {}
}
