import { afterEach, describe, expect, it } from 'vitest';
import { DigestRepository } from '../../../src/core/digest/digestRepository.js';
import { DigestInputError, DigestService } from '../../../src/core/digest/digestService.js';
import { DEFAULT_DIGEST_CAPS, EntryCaps } from '../../../src/core/jobs/caps.js';
import { MemoryStore } from '../../../src/core/store/memoryStore.js';
import { WatchInputError } from '../../../src/core/watch/watchService.js';
import { TAXPAYER_CATALOGUE } from '../../../src/simulator/data/taxpayerCatalogue.js';
import { ManualClock } from '../../support/clocks.js';
import { startWatchRig, watchInstance } from '../../support/watchRig.js';

const FRIDAY_8AM = Date.parse('2026-11-20T08:00:00+08:00');
const companies = TAXPAYER_CATALOGUE.map((company) => company.creditNo);

let rig: Awaited<ReturnType<typeof startWatchRig>> | undefined;
afterEach(async () => {
  await rig?.close();
  rig = undefined;
});

/** What a refusal says, or 'saved'. */
async function outcome(attempt: Promise<unknown>): Promise<string> {
  try {
    await attempt;
    return 'saved';
  } catch (error) {
    if (error instanceof WatchInputError || error instanceof DigestInputError) return error.phrase.key;
    throw error;
  }
}

describe('caps on watches', () => {
  it('per person, per channel and per workspace, each refused by its own name; other people and channels go on', async () => {
    rig = await startWatchRig(FRIDAY_8AM, { caps: { perPerson: 2, perChannel: 3, perWorkspace: 4 } });
    const add = (createdBy: string, channelId: string, n: number) =>
      outcome(
        rig!.service
          .prepare({
            teamId: 'T1',
            channelId,
            createdBy,
            kind: 'taxpayer',
            subject: companies[n]!,
            cadence: 'daily',
            time: '09:00',
          })
          .then(({ watch }) => rig!.service.save(watch)),
      );
    expect([await add('U1', 'C1', 0), await add('U1', 'C1', 1), await add('U1', 'C1', 2)]).toEqual([
      'saved',
      'saved',
      'watch.input.capPerson',
    ]);
    expect([await add('U2', 'C1', 3), await add('U3', 'C1', 4)]).toEqual(['saved', 'watch.input.capChannel']);
    expect([await add('U3', 'C2', 5), await add('U4', 'C3', 6)]).toEqual(['saved', 'watch.input.capWorkspace']);
    // Another workspace has its own.
    expect(
      await outcome(
        rig.service
          .prepare({
            teamId: 'T2',
            channelId: 'C1',
            createdBy: 'U1',
            kind: 'taxpayer',
            subject: companies[0]!,
            cadence: 'daily',
            time: '09:00',
          })
          .then(({ watch }) => rig!.service.save(watch)),
      ),
    ).toBe('saved');
  });

  it('ten Save clicks at once from two replicas over one store: exactly the cap is saved', async () => {
    rig = await startWatchRig(FRIDAY_8AM, { caps: { perPerson: 3, perChannel: 50, perWorkspace: 500 } });
    const other = watchInstance({
      simulator: rig.simulator,
      store: rig.store,
      clock: rig.clock,
      poster: rig.poster,
      owner: 'replica-b',
      caps: { perPerson: 3, perChannel: 50, perWorkspace: 500 },
    });
    const services = [rig.service, other.service];
    // Previews first (each under the cap), then every Save at once.
    const prepared = await Promise.all(
      companies.slice(0, 10).map((subject) =>
        rig!.service.prepare({
          teamId: 'T1',
          channelId: 'C1',
          createdBy: 'U1',
          kind: 'taxpayer',
          subject,
          cadence: 'daily',
          time: '09:00',
        }),
      ),
    );
    const outcomes = await Promise.all(prepared.map(({ watch }, index) => outcome(services[index % 2]!.save(watch))));
    expect(outcomes.filter((said) => said === 'saved')).toHaveLength(3);
    expect(outcomes.filter((said) => said === 'watch.input.capPerson')).toHaveLength(7);
    expect(await rig.repository.all()).toHaveLength(3);
    await other.data.close();
  });

  it('a saved watch keeps its checks in the next 30 days, counted once: no list counts them again', async () => {
    rig = await startWatchRig(FRIDAY_8AM);
    const saved = await rig.addWatch({
      kind: 'futures',
      subject: 'CL',
      period: 'daily',
      above: '75',
      cadence: 'hourly',
      time: ':05',
    });
    expect(saved.checksPerMonth).toBe(720);
    expect((await rig.repository.get(saved.id))?.checksPerMonth).toBe(720);
    expect(rig.service.cost(saved)).toMatchObject({ perCheck: 5, checksPerMonth: 720, perMonth: 3600 });
  });
});

describe('caps on digests', () => {
  it('per person, per channel and per workspace, also when added at once from two replicas', async () => {
    const clock = new ManualClock(FRIDAY_8AM);
    const store = new MemoryStore({ clock });
    const service = (caps = { ...DEFAULT_DIGEST_CAPS, perPerson: 2, perChannel: 2, perWorkspace: 3 }) =>
      new DigestService(
        new DigestRepository(store),
        undefined as never,
        clock,
        'Asia/Shanghai',
        new EntryCaps('digest', caps, store, clock),
      );
    const [a, b] = [service(), service()];
    const add = (on: DigestService, createdBy: string, channelId: string, time: string) =>
      outcome(on.add({ teamId: 'T1', channelId, createdBy, cadence: 'daily', time }));
    const together = await Promise.all(
      ['08:00', '08:10', '08:20', '08:30'].map((time, index) => add(index % 2 ? a : b, 'U1', 'C1', time)),
    );
    expect(together.sort()).toEqual(['digests.input.capPerson', 'digests.input.capPerson', 'saved', 'saved']);
    expect(await add(a, 'U2', 'C1', '09:00')).toBe('digests.input.capChannel');
    expect(await add(a, 'U2', 'C2', '09:00')).toBe('saved');
    expect(await add(b, 'U3', 'C3', '09:00')).toBe('digests.input.capWorkspace');
  });
});
