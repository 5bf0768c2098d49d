import { mkdtemp, readdir, readFile, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { readCsv } from '../../support/csvFile.js';
import { type DemoConsole, startDemoConsole } from '../consoleDriver.js';

const FOOTER = /^› .*Simulated data$/m;

describe('Export CSV at the console', () => {
  let session: DemoConsole | undefined;
  let directory: string | undefined;
  afterEach(async () => {
    await session?.end();
    session = undefined;
    if (directory) await rm(directory, { recursive: true, force: true });
  });

  it('shows what the whole export costs, then writes the file when confirmed, paying only for the pages not cached', async () => {
    directory = await mkdtemp(join(tmpdir(), 'dq-export-'));
    session = await startDemoConsole({ exportDirectory: directory });
    const first = await session.ask('/bids 安置房', FOOTER);
    expect(first).toMatch(
      /^\[1\] Next 10 → \(10 coins\) {2}\[2\] Share in channel {2}\[3\] Export CSV {2}\[4\] Watch this search$/m,
    );
    const plan = await session.ask('3', /\[1\] Export · 20 coins/);
    expect(plan).toContain('Pages: 3 · 23 records · 10 per page');
    expect(plan).toContain('Cached, free: 1 page');
    expect(plan).toContain('To fetch: 2 pages × 10 coins = 20 coins');
    expect(session.upstreamCalls()).toBe(1);
    const wrote = await session.ask('1', /^Wrote .*$/m);
    expect(wrote).toMatch(/Wrote .*bids-安置房-\d{8}-\d{4}\.csv: 23 rows from 3 pages, 20 coins spent\./);
    expect(session.upstreamCalls()).toBe(3);
    const [name] = await readdir(directory);
    const csv = readCsv(await readFile(join(directory, name!)));
    expect(csv.bom).toBe(true);
    expect(csv.rows).toHaveLength(24);
  });
});

describe('the demo leaves nothing behind (issue 37, item 6)', () => {
  it('writes to a temporary folder it names at the start, never the current directory, and removes it at the end', async () => {
    const session = await startDemoConsole();
    const folder = /written to (\S+), a temporary folder removed when the console ends/.exec(session.output())?.[1];
    expect(folder, session.output()).toBeDefined();
    expect(folder!.startsWith(join(tmpdir(), 'dq-demo-'))).toBe(true);
    const before = await readdir(process.cwd());
    await session.ask('/futures CL 5m 30', FOOTER);
    await session.ask('2', /\[1\] Export/);
    const wrote = await session.ask('1', /^Wrote .*$/m);
    // The folder holds the reply's chart too (the console draws its charts to files): one CSV.
    const [name, ...otherCsv] = (await readdir(folder!)).filter((file) => file.endsWith('.csv'));
    expect(otherCsv).toEqual([]);
    // Named in the words the command was typed in, not the service's period code (CL_5_30).
    expect(name).toMatch(/^futures-CL-5m-30-\d{8}-\d{4}\.csv$/);
    expect(wrote).toContain(name!);
    expect(await readdir(process.cwd())).toEqual(before);
    expect(await session.end()).toBe(0);
    await expect(readdir(folder!)).rejects.toThrow(/ENOENT/);
  });

  it('keeps the files in a folder it was given', async () => {
    const kept = await mkdtemp(join(tmpdir(), 'dq-kept-'));
    try {
      const session = await startDemoConsole({ exportDirectory: kept });
      expect(session.output()).toContain(`Files (CSV exports, charts) are written to ${kept}.`);
      await session.ask('/futures CL 5m 30', FOOTER);
      await session.ask('2', /\[1\] Export/);
      await session.ask('1', /^Wrote .*$/m);
      await session.end();
      const files = await readdir(kept);
      expect(files.filter((file) => file.endsWith('.csv'))).toHaveLength(1);
      expect(files.filter((file) => file.endsWith('.png'))).toHaveLength(1);
    } finally {
      await rm(kept, { recursive: true, force: true });
    }
  });
});
