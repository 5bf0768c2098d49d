import { afterEach, describe, expect, it } from 'vitest';
import {
  type CheckListener,
  type PlanOutcome,
  PROGRESS_EVERY_MS,
  type SupplierCheck,
  SupplierChecks,
} from '../../../src/core/batch/supplierChecks.js';
import { readPastedList, type SupplierList } from '../../../src/core/batch/supplierList.js';
import { DataClient } from '../../../src/core/client/dataClient.js';
import { SUPPLIER_CHECK_OPERATION } from '../../../src/core/operations/index.js';
import { pricesFrom } from '../../../src/core/operations/prices.js';
import { TAXPAYER_CATALOGUE } from '../../../src/simulator/data/taxpayerCatalogue.js';
import { startVirtualDataService, TEST_KEY } from '../../support/dataService.js';

type VirtualDataService = ReturnType<typeof startVirtualDataService>;

const PERSON = { teamId: 'T1', userId: 'U1', channelId: 'D1' };

/**
 * 300 rows: 200 companies by code, 30 by their full name, 10 names several companies share, 10 no
 * company has, 40 rows repeating earlier ones and 10 codes mistyped.
 */
function threeHundredRows(): SupplierList {
  const codes = TAXPAYER_CATALOGUE.slice(0, 200).map((record) => record.creditNo);
  const names = TAXPAYER_CATALOGUE.slice(200, 230).map((record) => record.enterpriseName);
  const ambiguous = ['杭州', '上海', '深圳', '北京', '广州', '南京', '苏州', '成都', '武汉', '西安'];
  const missing = Array.from({ length: 10 }, (_, n) => `查无此${'甲乙丙丁戊己庚辛壬癸'[n]}有限公司`);
  const repeated = [...codes.slice(0, 30), ...names.slice(0, 10)];
  const mistyped = codes.slice(0, 10).map((code) => code.slice(0, 17) + (code[17] === '0' ? '1' : '0'));
  const text = [...codes, ...names, ...ambiguous, ...missing, ...repeated, ...mistyped].join('\n');
  const reading = readPastedList(text, { maxRows: 1000 });
  if (reading.kind !== 'list') throw new Error('the list was refused');
  return reading.list;
}

function planIdOf(outcome: PlanOutcome): string {
  if (outcome.kind !== 'planned') throw new Error('not planned');
  return outcome.check.planId;
}

function recorder() {
  const progress: Array<{ at: number; done: number }> = [];
  const finished: SupplierCheck[] = [];
  const listener = (service: VirtualDataService, extra?: () => void): CheckListener => ({
    async progress(check) {
      progress.push({ at: service.clock.now(), done: check.outcomes.filter((outcome) => outcome !== null).length });
      extra?.();
    },
    async finished(check) {
      finished.push(structuredClone(check));
    },
  });
  return { progress, finished, listener };
}

function checksOn(service: VirtualDataService, client = service.client): SupplierChecks {
  return new SupplierChecks({
    client,
    store: service.store,
    prices: pricesFrom(),
    clock: service.clock,
  });
}

let service: VirtualDataService;
afterEach(async () => {
  await service?.close();
});

describe('checking a whole supplier list', () => {
  it('plans first and calls nothing, then pays once for each distinct supplier the cache does not hold', async () => {
    service = startVirtualDataService();
    const list = threeHundredRows();
    expect(list.rows).toBe(300);
    expect(list.entries).toHaveLength(250);
    expect(list.unreadable).toHaveLength(10);
    // 40 suppliers someone looked up earlier today.
    for (const entry of list.entries.slice(0, 40))
      await service.client.call(SUPPLIER_CHECK_OPERATION, { keyword: entry.query }, { teamId: 'T2', userId: 'U9' });
    const before = service.simulator.stats().coinsByKey[TEST_KEY] ?? 0;
    expect(before).toBe(800);

    const checks = checksOn(service);
    const planned = await checks.plan(list, PERSON, 100_000);
    if (planned.kind !== 'planned') throw new Error('not planned');
    expect(planned.plan).toMatchObject({
      rows: 300,
      distinct: 250,
      cached: 40,
      toLookUp: 210,
      coins: 4200,
      budgetLeft: 100_000,
    });
    expect(service.simulator.stats().coinsByKey[TEST_KEY]).toBe(before);

    const { progress, finished, listener } = recorder();
    const started = service.clock.now();
    // A Start under another plan's message starts nothing.
    expect(await checks.start(PERSON, 'another plan', { channel: 'D1' }, listener(service))).toBeUndefined();
    expect(await checks.start(PERSON, planned.check.planId, { channel: 'D1' }, listener(service))).toBeDefined();
    // One check per person at a time.
    expect(await checks.plan(list, PERSON, 100_000)).toMatchObject({ kind: 'busy' });
    await checks.settled();

    expect(service.simulator.stats().coinsByKey[TEST_KEY]! - before).toBe(4200);
    const [check] = finished;
    expect(check!.state).toBe('finished');
    expect(check!.coinsSpent).toBe(4200);
    expect(check!.stoppedBy).toBeUndefined();
    const kinds = check!.outcomes.map((outcome) => outcome!.kind);
    expect(kinds.filter((kind) => kind === 'found')).toHaveLength(230);
    expect(kinds.filter((kind) => kind === 'ambiguous')).toHaveLength(10);
    expect(kinds.filter((kind) => kind === 'notFound')).toHaveLength(10);
    // Charged to the person who ran it, as the batch.
    const ledger = await service.client.ledger.entries('T1', started - 1, service.clock.now() + 1);
    expect(
      ledger.filter((entry) => entry.coins > 0).every((entry) => entry.userId === 'U1' && entry.source === 'batch'),
    ).toBe(true);
    expect(ledger.reduce((sum, entry) => sum + entry.coins, 0)).toBe(4200);
    // 210 lookups at 600 a minute take 21 s; the progress was told no more often than every 3 s.
    const gaps = progress.slice(1).map((point, index) => point.at - progress[index]!.at);
    expect(Math.min(...gaps)).toBeGreaterThanOrEqual(PROGRESS_EVERY_MS);
    expect(progress.length).toBeGreaterThanOrEqual(5);
  });

  it('resumes after a restart where it stopped, paying for nothing twice', async () => {
    service = startVirtualDataService();
    const list = threeHundredRows();
    const first = checksOn(service);
    const planId = planIdOf(await first.plan(list, PERSON, undefined));
    const { finished, listener } = recorder();
    // The app shuts down at the first progress message, part of the way through.
    await first.start(
      PERSON,
      planId,
      { channel: 'D1' },
      listener(service, () => void service.client.stopSending()),
    );
    await first.settled();
    expect(finished).toEqual([]);
    const paidBefore = service.simulator.stats().coinsByKey[TEST_KEY]!;
    expect(paidBefore).toBeGreaterThan(0);
    expect(paidBefore).toBeLessThan(250 * 20);

    // The next start: a new client on the same store.
    const client = new DataClient({
      baseUrl: 'http://simulator.invalid',
      apiKey: TEST_KEY,
      store: service.store,
      clock: service.clock,
      transport: service.simulator.transport,
    });
    const second = checksOn(service, client);
    expect(await second.resume(() => listener(service))).toBe(1);
    await second.settled();
    await client.close();
    expect(finished).toHaveLength(1);
    expect(finished[0]!.outcomes.every((outcome) => outcome !== null && outcome.kind !== 'notChecked')).toBe(true);
    // Every distinct supplier paid for once, across both runs.
    expect(service.simulator.stats().coinsByKey[TEST_KEY]).toBe(250 * 20);
    expect(service.simulator.stats().callsByOperation[SUPPLIER_CHECK_OPERATION]).toBe(250);
  });

  it('stops when asked, with what was done kept and the rest marked not checked', async () => {
    service = startVirtualDataService();
    const checks = checksOn(service);
    const planId = planIdOf(await checks.plan(threeHundredRows(), PERSON, undefined));
    const { finished, listener } = recorder();
    await checks.start(
      PERSON,
      planId,
      { channel: 'D1' },
      listener(service, () => checks.stop(PERSON)),
    );
    await checks.settled();
    const [check] = finished;
    expect(check!.stoppedBy).toBe('person');
    const stopped = check!.outcomes.filter((outcome) => outcome?.kind === 'notChecked' && outcome.why === 'stopped');
    expect(stopped.length).toBeGreaterThan(0);
    const paid = service.simulator.stats().coinsByKey[TEST_KEY]!;
    expect(paid).toBe(check!.coinsSpent);
    expect(paid).toBe((250 - stopped.length) * 20);
  });

  it('stops when Stop is pressed on another replica, which does not run it: through the stored check', async () => {
    service = startVirtualDataService();
    const running = checksOn(service);
    const elsewhere = checksOn(service);
    const planId = planIdOf(await running.plan(threeHundredRows(), PERSON, undefined));
    const { finished, listener } = recorder();
    let asked: Promise<boolean> | undefined;
    await running.start(
      PERSON,
      planId,
      { channel: 'D1' },
      listener(service, () => {
        asked ??= elsewhere.stop(PERSON);
      }),
    );
    await running.settled();
    expect(await asked).toBe(true);
    const [check] = finished;
    expect(check!.stoppedBy).toBe('person');
    expect(check!.outcomes.some((outcome) => outcome?.kind === 'notChecked' && outcome.why === 'stopped')).toBe(true);
    expect(service.simulator.stats().coinsByKey[TEST_KEY]).toBe(check!.coinsSpent);
    // A finished check is no longer running anywhere: Stop says so.
    expect(await elsewhere.stop(PERSON)).toBe(false);
  });

  it('its workspace uninstalled on another replica: stops, writes its record back nowhere, posts nothing', async () => {
    service = startVirtualDataService();
    const running = checksOn(service);
    const elsewhere = checksOn(service);
    const planId = planIdOf(await running.plan(threeHundredRows(), PERSON, undefined));
    // Another workspace's check, which the purge leaves alone.
    const other = { teamId: 'T2', userId: 'U1' };
    planIdOf(await elsewhere.plan(threeHundredRows(), other, undefined));
    const { progress, finished, listener } = recorder();
    let forgotten: Promise<number> | undefined;
    await running.start(
      PERSON,
      planId,
      { channel: 'D1' },
      listener(service, () => {
        forgotten ??= elsewhere.forgetWorkspace('T1');
      }),
    );
    await running.settled();
    expect(await forgotten).toBeGreaterThanOrEqual(1);
    expect(progress.length).toBeGreaterThanOrEqual(1);
    expect(finished).toEqual([]);
    expect(await running.find(PERSON)).toBeUndefined();
    expect(await running.find(other)).toMatchObject({ state: 'planned' });
    // Stopped early: far fewer than the 250 lookups were paid for.
    expect(service.simulator.stats().coinsByKey[TEST_KEY]!).toBeLessThan(250 * 20);
  });

  it('its workspace uninstalled on this replica: stops here before the purge returns', async () => {
    service = startVirtualDataService();
    const checks = checksOn(service);
    const planId = planIdOf(await checks.plan(threeHundredRows(), PERSON, undefined));
    const { finished, listener } = recorder();
    let forgotten: Promise<number> | undefined;
    await checks.start(
      PERSON,
      planId,
      { channel: 'D1' },
      listener(service, () => {
        forgotten ??= checks.forgetWorkspace('T1');
      }),
    );
    await checks.settled();
    expect(await forgotten).toBeGreaterThanOrEqual(1);
    expect(finished).toEqual([]);
    expect(await checks.find(PERSON)).toBeUndefined();
    expect(await checks.forgetWorkspace('T1')).toBe(0);
  });

  it('stops at the budget with what was done, and still answers what the cache holds', async () => {
    service = startVirtualDataService({}, { budgets: { userDaily: 1000, timeZone: 'Asia/Shanghai' } });
    const list = threeHundredRows();
    // The last supplier of the list is cached: free, even past the budget.
    await service.client.call(SUPPLIER_CHECK_OPERATION, { keyword: list.entries.at(-1)!.query }, { teamId: 'T2' });
    const checks = checksOn(service);
    const planned = await checks.plan(list, PERSON, 1000);
    expect(planned.kind === 'planned' && planned.plan).toMatchObject({ toLookUp: 249, coins: 4980, fits: 50 });
    const { finished, listener } = recorder();
    await checks.start(PERSON, planIdOf(planned), { channel: 'D1' }, listener(service));
    await checks.settled();
    const [check] = finished;
    expect(check!.stoppedBy).toBe('budget');
    expect(check!.coinsSpent).toBe(1000);
    expect(service.simulator.stats().coinsByKey[TEST_KEY]).toBe(1000 + 20);
    const outcomes = check!.outcomes;
    expect(outcomes.filter((outcome) => outcome?.kind === 'notChecked' && outcome.why === 'budget')).toHaveLength(199);
    expect(outcomes.at(-1)!.kind).not.toBe('notChecked');
  });

  it('a cancelled plan cannot be started', async () => {
    service = startVirtualDataService();
    const checks = checksOn(service);
    const planId = planIdOf(await checks.plan(threeHundredRows(), PERSON, undefined));
    expect(await checks.cancel(PERSON)).toBe(true);
    expect(await checks.start(PERSON, planId, { channel: 'D1' }, recorder().listener(service))).toBeUndefined();
    expect(service.simulator.stats().coinsByKey[TEST_KEY] ?? 0).toBe(0);
  });
});
