import { randomBytes } from 'node:crypto';
import { afterEach, describe, expect, it } from 'vitest';
import { SupplierChecks } from '../../../src/core/batch/supplierChecks.js';
import { readPastedList } from '../../../src/core/batch/supplierList.js';
import { DigestRepository } from '../../../src/core/digest/digestRepository.js';
import type { Digest } from '../../../src/core/digest/types.js';
import { ExportJobs } from '../../../src/core/export/exportJobs.js';
import { LookupHistory } from '../../../src/core/history.js';
import { StoredInstallations } from '../../../src/core/installations/storedInstallations.js';
import { LatestResults } from '../../../src/core/latestResults.js';
import { BILLING_FIELDS } from '../../../src/core/ledger/ledger.js';
import { SUPPLIER_CHECK_OPERATION } from '../../../src/core/operations/index.js';
import { pricesFrom } from '../../../src/core/operations/prices.js';
import { keyIdOf, SecretBox } from '../../../src/core/secretBox.js';
import { createStore } from '../../../src/core/store/index.js';
import { MemoryStore } from '../../../src/core/store/memoryStore.js';
import type { Store } from '../../../src/core/store/types.js';
import { UserSettings } from '../../../src/core/userSettings.js';
import type { Watch } from '../../../src/core/watch/types.js';
import { WatchRepository } from '../../../src/core/watch/watchRepository.js';
import {
  type ForgetsWorkspace,
  purgeParts,
  WorkspacePurge,
  WorkspacePurgeError,
} from '../../../src/core/workspaces/workspacePurge.js';
import { TAXPAYER_CATALOGUE } from '../../../src/simulator/data/taxpayerCatalogue.js';
import { startVirtualDataService } from '../../support/dataService.js';
import { describeWithPostgres, postgresUrl } from '../../support/postgres.js';
import { describeWithRedis, redisUrl } from '../../support/redis.js';

type Service = ReturnType<typeof startVirtualDataService>;

/** Every per-workspace store module over one store, and the purge of them all. */
function world(service: Service) {
  const { store, client, clock } = service;
  const key = randomBytes(32);
  const parts = {
    userSettings: new UserSettings(store),
    digests: new DigestRepository(store),
    watches: new WatchRepository(store),
    history: new LookupHistory(store),
    latestResults: new LatestResults(store),
    seenNames: client.names,
    supplierChecks: new SupplierChecks({ client, store, prices: pricesFrom(), clock }),
    exports: new ExportJobs(store),
    budgets: client.budgets,
    installations: new StoredInstallations(store, new SecretBox({ id: keyIdOf(key), key }), clock),
    ledger: client.ledger,
  };
  return { ...parts, purge: new WorkspacePurge(purgeParts(parts)) };
}

type World = ReturnType<typeof world>;

const digest = (id: string, teamId: string, userId: string): Digest => ({
  id,
  teamId,
  channelId: `C-${teamId}`,
  createdBy: userId,
  createdAt: 1,
  schedule: { cadence: { kind: 'daily' }, time: '09:00', timeZone: 'Asia/Shanghai' },
  filter: 'all',
});

const watch = (id: string, teamId: string, userId: string): Watch => ({
  id,
  teamId,
  channelId: `C-${teamId}`,
  createdBy: userId,
  createdAt: 1,
  target: { kind: 'contract', symbol: 'CL', type: '0', direction: 'above', level: 75.5 },
  schedule: { cadence: { kind: 'hourly' }, time: '00:05', timeZone: 'Asia/Shanghai' },
});

/** A bit of everything a workspace's people leave, each through its own module. */
async function fill(service: Service, w: World, teamId: string, userId: string, company: string): Promise<() => void> {
  await w.userSettings.setLocale(teamId, userId, 'zh-CN');
  const answer = await service.client.call(
    SUPPLIER_CHECK_OPERATION,
    { keyword: company },
    { teamId, userId, channelId: `C-${teamId}` },
  );
  await w.history.record(teamId, userId, {
    at: service.clock.now(),
    operation: answer.operation,
    request: { ...answer.request },
    source: answer.source,
    coins: answer.coinsSpent,
  });
  await w.latestResults.keep([`thread:C-${teamId}:1`], {
    operation: answer.operation,
    request: { ...answer.request },
    teamId,
  });
  await w.digests.save(digest(`d-${teamId}`, teamId, userId));
  await w.digests.markSeen(`d-${teamId}`, ['000001']);
  await w.watches.save(watch(`w-${teamId}`, teamId, userId));
  await w.watches.setTold(`w-${teamId}`, [`notice-${teamId}`]);
  const reading = readPastedList(company, { maxRows: 10 });
  if (reading.kind !== 'list') throw new Error('the list was refused');
  expect(await w.supplierChecks.plan(reading.list, { teamId, userId }, undefined)).toMatchObject({ kind: 'planned' });
  await w.installations.noteTeamOf(teamId, 'E1');
  // An export still running when the workspace goes: its claim is held until it ends.
  let finish: () => void = () => undefined;
  const running = new Promise<void>((resolve) => {
    finish = resolve;
  });
  await w.exports.begin(`${teamId}:csv:${company}`, userId, () => running);
  return finish;
}

/** Every trace of the workspace a module can be asked about. */
async function traces(service: Service, w: World, teamId: string, userId: string) {
  const now = service.clock.now();
  return {
    locale: await w.userSettings.locale(teamId, userId),
    history: (await w.history.recent(teamId, userId, now, 10)).length,
    latest: await w.latestResults.of(`thread:C-${teamId}:1`),
    names: (await service.client.names.of(teamId)).toData(),
    digests: (await w.digests.ofTeam(teamId)).length,
    digestSeen: await w.digests.seen(`d-${teamId}`),
    watches: (await w.watches.ofTeam(teamId)).length,
    told: (await w.watches.told(`w-${teamId}`)).length,
    supplierCheck: await w.supplierChecks.find({ teamId, userId }),
    organisation: await w.installations.teamsOf('E1'),
    userSpend: (await service.client.budgets.state({ teamId, userId }, now)).user?.spent,
  };
}

function scenario(name: string, open: () => Promise<Store>) {
  describe(name, () => {
    let service: Service | undefined;
    afterEach(async () => {
      await service?.close();
      service = undefined;
    });

    it("deletes everything one workspace left, keeps its ledger's billing facts, and leaves another's whole", async () => {
      service = startVirtualDataService({}, { store: await open(), budgets: { userDaily: 10_000 } });
      const w = world(service);
      const [one, two] = TAXPAYER_CATALOGUE.slice(0, 2).map((record) => record.enterpriseName);
      const finishOne = await fill(service, w, 'T1', 'U1', one!);
      const finishTwo = await fill(service, w, 'T2', 'U2', two!);
      const before = await traces(service, w, 'T2', 'U2');

      const counts = await w.purge.purge(['T1']);
      expect(counts.T1).toMatchObject({
        userSettings: 1,
        digests: 1,
        watches: 1,
        history: 1,
        latestResults: 1,
        seenNames: 2,
        supplierChecks: 1,
        exports: 1,
        installations: 1,
        ledger: 1,
      });
      expect(counts.T1!.budgets).toBeGreaterThanOrEqual(1);
      expect(await traces(service, w, 'T1', 'U1')).toEqual({
        locale: undefined,
        history: 0,
        latest: undefined,
        names: { funds: [], companies: [] },
        digests: 0,
        digestSeen: undefined,
        watches: 0,
        told: 0,
        supplierCheck: undefined,
        organisation: ['T2'],
        userSpend: 0,
      });
      // T2's, with the organisation now knowing only T2 among its workspaces.
      expect(await traces(service, w, 'T2', 'U2')).toEqual({ ...before, organisation: ['T2'] });
      // The ledger keeps when, what operation, how many coins and whose workspace; nobody, nowhere.
      const [entry] = await service.client.ledger.entries('T1', 0, Number.MAX_SAFE_INTEGER);
      expect(Object.keys(entry!).every((field) => (BILLING_FIELDS as readonly string[]).includes(field))).toBe(true);
      expect(entry).toMatchObject({ operation: SUPPLIER_CHECK_OPERATION, teamId: 'T1' });
      expect(entry!.coins).toBeGreaterThan(0);
      expect(JSON.stringify(entry)).not.toMatch(/U1|C-T1/);
      expect((await service.client.ledger.entries('T2', 0, Number.MAX_SAFE_INTEGER))[0]).toMatchObject({
        userId: 'U2',
        channelId: 'C-T2',
      });
      // T2's export still holds its claim; T1's may be started again.
      const again = await w.exports.begin(`T1:csv:${one}`, 'U1', async () => undefined);
      expect(again.kind).not.toBe('elsewhere');
      finishOne();
      finishTwo();

      // The second event purges again and finds nothing left.
      const second = await w.purge.purge(['T1']);
      expect(Object.values(second.T1!).every((count) => count === 0)).toBe(true);
    });

    it('leaves the same whichever of two purges at once gets there first', async () => {
      service = startVirtualDataService({}, { store: await open() });
      const w = world(service);
      const [one] = TAXPAYER_CATALOGUE.slice(0, 1).map((record) => record.enterpriseName);
      const finish = await fill(service, w, 'T1', 'U1', one!);
      // A second replica: its own modules over the same store.
      const other = world(service);
      await Promise.all([w.purge.purge(['T1']), other.purge.purge(['T1'])]);
      finish();
      expect(await traces(service, w, 'T1', 'U1')).toMatchObject({
        locale: undefined,
        history: 0,
        latest: undefined,
        digests: 0,
        watches: 0,
        supplierCheck: undefined,
        organisation: [],
      });
      const entries = await service.client.ledger.entries('T1', 0, Number.MAX_SAFE_INTEGER);
      expect(entries).toHaveLength(1);
      expect(entries[0]!.userId).toBeUndefined();
    });
  });
}

scenario('WorkspacePurge over memory', async () => new MemoryStore());

describeWithRedis('WorkspacePurge over Redis and PostgreSQL', (suitePrefix) => {
  describeWithPostgres('both', (newSchema) => {
    let made = 0;
    scenario('composite', () =>
      createStore(redisUrl, {
        prefix: `${suitePrefix}${++made}:`,
        database: { url: postgresUrl, schema: newSchema() },
      }),
    );
  });
});

describe('WorkspacePurge', () => {
  it('runs every part though one fails, then says which failed', async () => {
    const ran: string[] = [];
    const part = (name: string, fails = false): ForgetsWorkspace => ({
      async forgetWorkspace(teamId) {
        ran.push(`${name}:${teamId}`);
        if (fails) throw new Error('store away');
        return 2;
      },
    });
    const purge = new WorkspacePurge([
      { name: 'a', part: part('a') },
      { name: 'b', part: part('b', true) },
      { name: 'c', part: part('c') },
    ]);
    const error = await purge.purge(['T1', 'T1', 'T2']).catch((thrown: unknown) => thrown);
    expect(error).toBeInstanceOf(WorkspacePurgeError);
    expect((error as WorkspacePurgeError).counts).toEqual({
      T1: { a: 2, b: 'failed', c: 2 },
      T2: { a: 2, b: 'failed', c: 2 },
    });
    expect(ran).toEqual(['a:T1', 'b:T1', 'c:T1', 'a:T2', 'b:T2', 'c:T2']);
  });

  it('has a place for the workspace settings and key, before the jobs', () => {
    const none: ForgetsWorkspace = { forgetWorkspace: async () => 0 };
    const names = purgeParts({
      userSettings: none,
      workspaceSettings: none,
      workspaceKeys: none,
      digests: none,
      watches: none,
      history: none,
      latestResults: none,
      seenNames: none,
      exports: none,
      budgets: none,
      installations: none,
      ledger: none,
    }).map((part) => part.name);
    expect(names).toEqual([
      'userSettings',
      'workspaceSettings',
      'workspaceKeys',
      'digests',
      'watches',
      'history',
      'latestResults',
      'seenNames',
      'exports',
      'budgets',
      'installations',
      'ledger',
    ]);
  });
});
