import { createClient } from '@redis/client';
import { afterEach, expect, it } from 'vitest';
import { RedisStore } from '../../../src/core/store/redisStore.js';
import { Metrics } from '../../../src/ops/metrics.js';
import { TAXPAYER_CATALOGUE } from '../../../src/simulator/data/taxpayerCatalogue.js';
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
 * The store's database emptied under a running app, for real: FLUSHDB on a private redis-server (as a
 * Redis restart without persistence, or a failover to an empty replica, leaves it). Once the app then
 * said "no watches", usage 0, and let a person with a 30-coin budget who had spent 20 spend 20 more,
 * with nothing logged above info.
 */

const ADMIN = 'U0ADMINLOST';
const PERSON = 'U0SPENDER01';
const MEMBER = 'U0MEMBERLST';
const CHANNEL = 'C0LOSTSTORE';
const [FIRST, SECOND, THIRD] = TAXPAYER_CATALOGUE;

let redis: PrivateRedis | undefined;
const apps: TestApp[] = [];
afterEach(async () => {
  await Promise.all(apps.splice(0).map((app) => app.close()));
  await redis?.kill();
  redis = undefined;
});

/** `checkEveryMs` 0: the guard's own looks are the production ones (at start, every 30 s, on reconnect). */
async function start(metrics?: Metrics, checkEveryMs = 100): Promise<TestApp> {
  const store = await RedisStore.connect(redis!.url, { prefix: 'dq:', description: 'private redis' });
  const app = await startTestApp({
    store,
    budgets: { userDaily: 30 },
    env: { ADMIN_USER_IDS: ADMIN },
    ...(checkEveryMs ? { storeCheckEveryMs: checkEveryMs } : {}),
    ...(metrics ? { metrics } : {}),
  });
  apps.push(app);
  return app;
}

async function ask(app: TestApp, text: string, userId: string, command = '/dq'): Promise<SlackResponseBody> {
  const sent = await app.command(text, { command, userId, channelId: CHANNEL });
  expect(sent.status).toBe(200);
  return app.nextResponse(sent.responseId, undefined, 15_000);
}

/** What the service charged this app's key: its own count, not the app's. */
function charged(app: TestApp): number {
  return app.simulator.stats().coinsByKey[TEST_API_KEY] ?? 0;
}

async function flushDb(): Promise<void> {
  const raw = createClient({ url: redis!.url });
  await raw.connect();
  await raw.flushDb();
  await raw.close();
}

async function until(what: string, condition: () => boolean | Promise<boolean>): Promise<void> {
  for (let i = 0; i < 200; i++) {
    if (await condition()) return;
    await new Promise((resolve) => setTimeout(resolve, 50));
  }
  throw new Error(`never: ${what}`);
}

describeWithRedis('the store emptied under a running app', () => {
  it("is said out loud (error log, metric, /readyz, the admins' Home), and the budget fails closed for the rest of the day unless an admin reopens spending", async () => {
    redis = await PrivateRedis.start();
    const metrics = new Metrics();
    const app = await start(metrics);

    // A person spends 20 of their 30; an admin adds a watch and a digest.
    expect(allText(await ask(app, FIRST!.creditNo, PERSON, '/taxpayer'))).toContain(FIRST!.enterpriseName);
    expect(charged(app)).toBe(20);
    const preview = await ask(app, `watch add taxpayer ${SECOND!.creditNo} daily 09:00`, ADMIN);
    await app.click('dq_watch_save', buttonNamed(preview, 'dq_watch_save')!.value!, {
      userId: ADMIN,
      channelId: CHANNEL,
      responseUrlId: 'lost-save',
    });
    expect(allText(await app.nextResponse('lost-save'))).toContain('Watch saved.');
    expect(allText(await ask(app, 'digest add weekdays 08:30 onsale', ADMIN))).toContain('Digest added.');

    // The database is emptied, on this private server only.
    await flushDb();
    await until('the loss is noticed', () =>
      app.errorLogs().some((line) => /THE STORE LOST ITS DATA/.test(String(line.msg))),
    );

    // Said out loud: one error line, the metrics, /readyz.
    expect(app.errorLogs().filter((line) => /THE STORE LOST ITS DATA/.test(String(line.msg)))).toHaveLength(1);
    // /metrics is served on OPS_PORT only, never on the Slack port: read the same registry it serves.
    const scraped = await metrics.text();
    expect(scraped).toMatch(/^dq_store_data_losses_total 1$/m);
    expect(scraped).toMatch(/^dq_budgets_closed 1$/m);
    const ready = await fetch(`${app.url}/readyz`);
    expect(ready.status).toBe(200);
    expect(await ready.json()).toMatchObject({
      status: 'ready',
      storeLostData: { budgetsClosed: true, budgetsClosedUntil: '2026-11-22T16:00:00.000Z' },
    });

    // The budget fails closed: the next lookup is refused, free, and says why and until when.
    const refused = allText(await ask(app, THIRD!.creditNo, PERSON, '/taxpayer'));
    expect(refused).toContain('Spending is paused until 2026-11-23 00:00');
    expect(refused).toContain("the store lost the record of today's spending");
    expect(refused).toContain('Nothing was sent or charged.');
    expect(charged(app)).toBe(20);

    // A replica started after the loss reads the record and fails closed too.
    const replica = await start();
    expect(allText(await ask(replica, THIRD!.creditNo, PERSON, '/taxpayer'))).toContain('Spending is paused until');
    expect(charged(replica)).toBe(0);

    // The admins are told on the Home, with Reopen spending; other members are not.
    const adminHome = await app.openHome(ADMIN);
    expect(allText(adminHome.view)).toContain('The store lost its data');
    expect(allText(adminHome.view)).toContain('Budgets are closed until');
    const reopen = buttonNamed(adminHome.view, 'dq_budgets_reopen');
    expect(reopen).toBeDefined();
    expect(allText(await app.openHome(MEMBER).then((home) => home.view))).not.toContain('The store lost its data');
    // A member's click changes nothing.
    await app.clickInView('dq_budgets_reopen', 'reopen', { userId: MEMBER, view: { type: 'home' } });
    await app.nextCall('views.publish', (call) => call.args.user_id === MEMBER);
    expect(app.storeGuard.budgetsClosed(app.clock.now())).toBeDefined();

    // The admin reopens spending: from then on the day's budget counts from zero, on every replica.
    await app.clickInView('dq_budgets_reopen', reopen!.value!, { userId: ADMIN, view: { type: 'home' } });
    const reopened = await app.nextCall('views.publish', (call) => call.args.user_id === ADMIN);
    expect(allText(reopened.args.view as { blocks: unknown[] })).toContain(`<@${ADMIN}> reopened spending`);
    expect(allText(await ask(app, THIRD!.creditNo, PERSON, '/taxpayer'))).toContain(THIRD!.enterpriseName);
    expect(charged(app)).toBe(40);
    await until(
      'the replica reads the reopening',
      () => replica.storeGuard.budgetsClosed(replica.clock.now()) === undefined,
    );
    expect(await metrics.text()).toMatch(/^dq_budgets_closed 0$/m);
  });

  it('the very next paid lookup after FLUSHDB is refused, nothing charged: the reservation reads the marker itself, not the next 30 s look', async () => {
    redis = await PrivateRedis.start();
    const app = await start(undefined, 0);
    expect(allText(await ask(app, FIRST!.creditNo, PERSON, '/taxpayer'))).toContain(FIRST!.enterpriseName);
    expect(charged(app)).toBe(20);

    await flushDb();
    // At once: the guard's next look is half a minute away.
    const refused = allText(await ask(app, SECOND!.creditNo, PERSON, '/taxpayer'));
    expect(refused).toContain('Spending is paused until 2026-11-23 00:00');
    expect(refused).toContain('Nothing was sent or charged.');
    expect(charged(app)).toBe(20);
    expect(app.upstreamCalls()).toHaveLength(1);
    // Found by the reservation, and said out loud once, as a look would have.
    expect(app.errorLogs().filter((line) => /THE STORE LOST ITS DATA/.test(String(line.msg)))).toHaveLength(1);
    expect(app.storeGuard.budgetsClosed(app.clock.now())).toBeDefined();
    // A later lookup is refused the same way, without a second finding.
    expect(allText(await ask(app, THIRD!.creditNo, PERSON, '/taxpayer'))).toContain('Spending is paused until');
    expect(charged(app)).toBe(20);
    expect(app.errorLogs().filter((line) => /THE STORE LOST ITS DATA/.test(String(line.msg)))).toHaveLength(1);
  });
});
