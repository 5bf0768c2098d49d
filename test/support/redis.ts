import { randomBytes } from 'node:crypto';
import { createClient } from '@redis/client';
import { afterAll, describe, it } from 'vitest';
import { redactUrl } from '../../src/core/store/index.js';

/** The shared Redis the tests use; every suite writes under its own random prefix inside it. */
export const redisUrl = process.env.REDIS_URL ?? 'redis://127.0.0.1:6379';

const redisRequired = process.env.REQUIRE_REDIS === '1';

/** Probed once per test file, at import, so suites can be skipped while vitest collects them. */
export const redisReachable: boolean = await canReach(redisUrl);

/**
 * Defines a suite that needs the Redis at `redisUrl`. When Redis is unreachable the suite is
 * skipped — or, with REQUIRE_REDIS=1 (CI), replaced by a failing test that says why. The body
 * gets a fresh key prefix (`dqtest:<random>:`); every key under it is deleted after the suite.
 */
export function describeWithRedis(name: string, body: (prefix: string) => void): void {
  if (!redisReachable && redisRequired) {
    describe(name, () => {
      it('needs a reachable Redis', () => {
        throw new Error(
          `REQUIRE_REDIS=1 but Redis at ${redactUrl(redisUrl)} is unreachable: start it or set REDIS_URL`,
        );
      });
    });
    return;
  }
  describe.skipIf(!redisReachable)(name, () => {
    const prefix = uniqueRedisPrefix();
    afterAll(async () => {
      await deleteRedisKeys(prefix);
    });
    body(prefix);
  });
}

export function uniqueRedisPrefix(): string {
  return `dqtest:${randomBytes(6).toString('hex')}:`;
}

/** SCAN + DEL of every key starting with `prefix`; returns how many were deleted. */
export async function deleteRedisKeys(prefix: string): Promise<number> {
  return withRedisClient(async (client) => {
    let deleted = 0;
    for await (const keys of client.scanIterator({ MATCH: `${escapeGlob(prefix)}*`, COUNT: 500 })) {
      if (keys.length > 0) deleted += await client.del(keys);
    }
    return deleted;
  });
}

export async function listRedisKeys(prefix: string): Promise<string[]> {
  return withRedisClient(async (client) => {
    const found: string[] = [];
    for await (const keys of client.scanIterator({ MATCH: `${escapeGlob(prefix)}*`, COUNT: 500 })) {
      found.push(...keys);
    }
    return found.sort();
  });
}

/** Runs `work` with a throwaway connection to `redisUrl`, for looking at keys behind a store's back. */
export async function withRedisClient<T>(
  work: (client: ReturnType<typeof shortLivedClient>) => Promise<T>,
): Promise<T> {
  const client = shortLivedClient(redisUrl);
  await client.connect();
  try {
    return await work(client);
  } finally {
    client.destroy();
  }
}

function shortLivedClient(url: string) {
  const client = createClient({ url, socket: { connectTimeout: 1_000, reconnectStrategy: false } });
  client.on('error', () => undefined);
  return client;
}

async function canReach(url: string): Promise<boolean> {
  const client = shortLivedClient(url);
  try {
    await client.connect();
    await client.ping();
    return true;
  } catch {
    return false;
  } finally {
    if (client.isOpen) client.destroy();
  }
}

function escapeGlob(text: string): string {
  return text.replace(/[*?[\]\\]/g, '\\$&');
}
