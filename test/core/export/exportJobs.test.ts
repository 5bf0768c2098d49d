import { afterEach, describe, expect, it } from 'vitest';
import { ExportElsewhereError, ExportJobs } from '../../../src/core/export/exportJobs.js';
import { MemoryStore } from '../../../src/core/store/memoryStore.js';

function deferred<T>() {
  let resolve!: (value: T) => void;
  const promise = new Promise<T>((done) => (resolve = done));
  return { promise, resolve };
}

describe('one export per query', () => {
  const stores: MemoryStore[] = [];
  afterEach(async () => {
    await Promise.all(stores.splice(0).map((store) => store.close()));
  });
  const store = () => {
    const created = new MemoryStore();
    stores.push(created);
    return created;
  };

  it('a second export of the same query joins the first: one run, the same result, progress for both', async () => {
    const jobs = new ExportJobs(store());
    const gate = deferred<string>();
    let runs = 0;
    const work = async () => {
      runs++;
      return gate.promise;
    };
    const [first, second] = await Promise.all([jobs.begin('T:q', 'U1', work), jobs.begin('T:q', 'U2', work)]);
    expect(first.kind).toBe('started');
    expect(second.kind).toBe('joined');
    if (first.kind === 'elsewhere' || second.kind === 'elsewhere') throw new Error('unexpected');
    expect(second.job).toBe(first.job);
    expect(second.job.startedBy).toBe('U1');
    const seen: number[] = [];
    second.job.onProgress((progress) => seen.push(progress.page));
    first.job.publish({ page: 2, lastPage: 3, pagesDone: 1, coinsSpent: 10 });
    expect(seen).toEqual([2]);
    expect(second.job.latest?.page).toBe(2);
    gate.resolve('file');
    expect(await second.job.result).toBe('file');
    expect(runs).toBe(1);
    // Once done, the same query starts afresh.
    expect(jobs.size).toBe(0);
    expect((await jobs.begin('T:q', 'U1', async () => 'again')).kind).toBe('started');
  });

  it('another process holding the claim: told so, nothing run; the claim is released when the export ends', async () => {
    const shared = store();
    const here = new ExportJobs(shared);
    const there = new ExportJobs(shared);
    const gate = deferred<string>();
    const started = await here.begin('T:q', 'U1', () => gate.promise);
    let ran = false;
    const elsewhere = await there.begin('T:q', 'U2', async () => {
      ran = true;
      return 'x';
    });
    expect(elsewhere.kind).toBe('elsewhere');
    expect(ran).toBe(false);
    gate.resolve('done');
    if (started.kind === 'elsewhere') throw new Error('unexpected');
    await started.job.result;
    await new Promise((resolve) => setImmediate(resolve));
    expect((await there.begin('T:q', 'U2', async () => 'mine')).kind).toBe('started');
  });

  it('someone who joined while the claim was being taken hears that it runs elsewhere', async () => {
    const shared = store();
    await shared.claim('export:T:q', 'another-process', 60_000);
    const jobs = new ExportJobs(shared);
    const [first, second] = await Promise.all([
      jobs.begin('T:q', 'U1', async () => 'x'),
      jobs.begin('T:q', 'U2', async () => 'y'),
    ]);
    expect(first.kind).toBe('elsewhere');
    expect(second.kind).toBe('joined');
    if (second.kind !== 'joined') throw new Error('unexpected');
    await expect(second.job.result).rejects.toBeInstanceOf(ExportElsewhereError);
  });
});
