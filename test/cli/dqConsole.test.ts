import { mkdtemp, readdir, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { runEntryPoint } from '../support/entryPoints.js';

/** Runs the real entry point, as `npm run demo` (`dq console --demo`) would, with the given lines piped in. */
function runDq(args: string[], stdin: string) {
  return runEntryPoint(
    'dq',
    args,
    { STORE_URL: 'memory://', DEFAULT_TZ: 'Asia/Shanghai', USER: 'piped', LOG_LEVEL: 'error' },
    stdin,
  );
}

describe('dq console, the command', () => {
  it('runs piped commands on the simulator and exits 0 at the end of the input', async () => {
    const { code, stdout, stderr } = await runDq(['console', '--demo'], '/futures CL 5m 5\n1\n');
    expect(stderr).toBe('');
    expect(code).toBe(0);
    expect(stdout).toMatch(/SIMULATOR/);
    expect(stdout).toContain('dq> /futures CL 5m 5');
    expect(stdout).toMatch(/^\[chart\] .* — file:\/\/\S+\.png$/m);
    expect(stdout).not.toMatch(/quickchart/i);
    expect(stdout).toContain('[1] Share in channel');
    expect(stdout).toMatch(/pressed \[1\] Share in channel\n— posted in channel #console —/);
    expect(stdout).toContain('Shared by piped');
  });

  it('refuses an option it does not know instead of ignoring it', async () => {
    const { code, stdout, stderr } = await runDq(['console', '--demo', '--foo'], '/futures CL 5m 5\n');
    expect(code).toBe(2);
    expect(stderr).toContain('unknown option "--foo"');
    expect(stdout).not.toContain('dq>');
  });

  it('is listed in the usage text', async () => {
    const { code, stdout } = await runDq(['help'], '');
    expect(code).toBe(0);
    expect(stdout).toMatch(
      /dq console \[--demo\] \[--out dir\] +type Slack commands, see the replies as text; files go to dir/,
    );
  });

  it('writes the demo’s files to the folder --out names, and says so', async () => {
    const folder = await mkdtemp(join(tmpdir(), 'dq-out-'));
    try {
      const { code, stdout } = await runDq(['console', '--demo', '--out', folder], '/futures CL 5m 5\n2\n1\n');
      expect(code).toBe(0);
      expect(stdout).toContain(`Files (CSV exports, charts) are written to ${folder}.`);
      // The export and the reply's chart (the console draws its charts to files).
      expect((await readdir(folder)).sort()).toEqual([
        expect.stringMatching(/^[0-9a-f]+\.png$/),
        expect.stringMatching(/^futures-CL-5m-5-\d{8}-\d{4}\.csv$/),
      ]);
    } finally {
      await rm(folder, { recursive: true, force: true });
    }
  });
});
