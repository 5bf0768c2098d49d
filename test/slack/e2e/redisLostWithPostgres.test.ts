import { createClient } from '@redis/client';
import { afterAll, afterEach, beforeAll, expect, it } from 'vitest';
import { createStore } from '../../../src/core/store/index.js';
import { Metrics } from '../../../src/ops/metrics.js';
import { TAXPAYER_CATALOGUE } from '../../../src/simulator/data/taxpayerCatalogue.js';
import { describeWithPostgres } from '../../support/postgres.js';
import { PrivatePostgres } from '../../support/postgresServer.js';
import { describeWithRedis } from '../../support/redis.js';
import { PrivateRedis } from '../../support/redisServer.js';
import {
  allText,
  buttonNamed,
  type SlackResponseBody,
  startTestApp,
  TEST_API_KEY,
  type TestApp,
} from '../../support/slackApp.js';

/**
 * A fleet on Redis + PostgreSQL (STORE_URL and DATABASE_URL), for real: a private redis-server and a
 * private PostgreSQL server. Redis emptied under the running app (FLUSHDB, as a restart without
 * persistence leaves it) loses only cache and limits; PostgreSQL away refuses paid calls, still
 * serves cached answers, and says so on /readyz.
 */

const ADMIN = 'U0ADMINPGSR';
const PERSON = 'U0SPENDERPG';
const CHANNEL = 'C0PGRECORDS';
const [FIRST, SECOND, THIRD] = TAXPAYER_CATALOGUE;

let postgres: PrivatePostgres | undefined;
let redis: PrivateRedis | undefined;
let schemas = 0;
const apps: TestApp[] = [];
beforeAll(async () => {
  postgres = await PrivatePostgres.start();
}, 60_000);
afterAll(async () => {
  await postgres?.remove();
});
afterEach(async () => {
  await Promise.all(apps.splice(0).map((app) => app.close()));
  await redis?.kill();
  redis = undefined;
});

async function start(): Promise<TestApp> {
  const store = await createStore(redis!.url, {
    prefix: 'dq:',
    database: { url: postgres!.url, schema: `fleet_${++schemas}` },
  });
  const app = await startTestApp({
    store,
    budgets: { userDaily: 30 },
    env: { ADMIN_USER_IDS: ADMIN },
    storeCheckEveryMs: 100,
    metrics: new Metrics(),
  });
  apps.push(app);
  return app;
}

async function ask(app: TestApp, text: string, userId: string, command = '/dq'): Promise<SlackResponseBody> {
  const sent = await app.command(text, { command, userId, channelId: CHANNEL });
  expect(sent.status).toBe(200);
  return app.nextResponse(sent.responseId, undefined, 15_000);
}

function charged(app: TestApp): number {
  return app.simulator.stats().coinsByKey[TEST_API_KEY] ?? 0;
}

async function flushDb(): Promise<void> {
  const raw = createClient({ url: redis!.url });
  await raw.connect();
  await raw.flushDb();
  await raw.close();
}

describeWithRedis('a fleet on Redis + PostgreSQL', () => {
  describeWithPostgres('under faults', () => {
    it('loses no watch, digest or spend when Redis is emptied or restarted empty: lists and budget intact, no loss said', async () => {
      redis = await PrivateRedis.start();
      const app = await start();
      expect(allText(await ask(app, FIRST!.creditNo, PERSON, '/taxpayer'))).toContain(FIRST!.enterpriseName);
      expect(charged(app)).toBe(20);
      const preview = await ask(app, `watch add taxpayer ${SECOND!.creditNo} daily 09:00`, ADMIN);
      await app.click('dq_watch_save', buttonNamed(preview, 'dq_watch_save')!.value!, {
        userId: ADMIN,
        channelId: CHANNEL,
        responseUrlId: 'pg-save',
      });
      expect(allText(await app.nextResponse('pg-save'))).toContain('Watch saved.');
      expect(allText(await ask(app, 'digest add weekdays 08:30 onsale', ADMIN))).toContain('Digest added.');
      const watchesBefore = allText(await ask(app, 'watch list', ADMIN));
      const digestsBefore = allText(await ask(app, 'digest list', ADMIN));
      expect(watchesBefore).toContain(`the taxpayer record of ${SECOND!.creditNo}`);
      expect(digestsBefore).toContain('08:30');

      await flushDb();
      await new Promise((resolve) => setTimeout(resolve, 300)); // three of the guard's looks

      expect(allText(await ask(app, 'watch list', ADMIN))).toBe(watchesBefore);
      expect(allText(await ask(app, 'digest list', ADMIN))).toBe(digestsBefore);
      // The day's spend is still counted: 20 of 30 spent, so a 20-coin lookup passes the budget no more.
      const refused = allText(await ask(app, THIRD!.creditNo, PERSON, '/taxpayer'));
      expect(refused).not.toContain(THIRD!.enterpriseName);
      expect(refused).toContain('Your daily budget of 30 coins would be exceeded (20 spent today');
      expect(charged(app)).toBe(20);
      expect(app.errorLogs().filter((line) => /THE STORE LOST ITS DATA/.test(String(line.msg)))).toHaveLength(0);
      expect(app.storeGuard.budgetsClosed(app.clock.now())).toBeUndefined();

      // Redis restarted on its emptied data, as one without persistence comes back: the app reconnects, nothing else changes.
      await redis!.kill();
      await redis!.restart();
      for (let i = 0; i < 100 && (await fetch(`${app.url}/readyz`)).status !== 200; i++)
        await new Promise((resolve) => setTimeout(resolve, 100));
      expect(allText(await ask(app, 'watch list', ADMIN))).toBe(watchesBefore);
      expect(allText(await ask(app, 'digest list', ADMIN))).toBe(digestsBefore);
      expect(allText(await ask(app, THIRD!.creditNo, PERSON, '/taxpayer'))).toContain(
        'Your daily budget of 30 coins would be exceeded (20 spent today',
      );
      expect(app.errorLogs().filter((line) => /THE STORE LOST ITS DATA/.test(String(line.msg)))).toHaveLength(0);
    }, 60_000);

    it('refuses paid calls while PostgreSQL is away, serves cached answers, and says so on /readyz', async () => {
      redis = await PrivateRedis.start();
      const app = await start();
      expect(allText(await ask(app, FIRST!.creditNo, PERSON, '/taxpayer'))).toContain(FIRST!.enterpriseName);
      expect(charged(app)).toBe(20);

      await postgres!.stop('fast');
      try {
        const ready = await fetch(`${app.url}/readyz`);
        expect(ready.status).toBe(503);
        expect(await ready.json()).toMatchObject({ status: 'database unreachable' });
        // Cached: answered, free.
        expect(allText(await ask(app, FIRST!.creditNo, PERSON, '/taxpayer'))).toContain(FIRST!.enterpriseName);
        // Paid: refused, since the budgets cannot be checked.
        const refused = allText(await ask(app, SECOND!.creditNo, PERSON, '/taxpayer'));
        expect(refused).toContain('The coin budgets cannot be checked right now');
        expect(refused).toContain('nothing was sent or spent');
        expect(charged(app)).toBe(20);
      } finally {
        await postgres!.restart();
      }
      for (let i = 0; i < 100 && (await fetch(`${app.url}/readyz`)).status !== 200; i++)
        await new Promise((resolve) => setTimeout(resolve, 100));
      expect((await fetch(`${app.url}/readyz`)).status).toBe(200);
      // Back: the budget is checked again, against the 20 already spent.
      expect(allText(await ask(app, SECOND!.creditNo, PERSON, '/taxpayer'))).toContain(
        'Your daily budget of 30 coins would be exceeded (20 spent today',
      );
      expect(charged(app)).toBe(20);
    }, 60_000);
  });
});
