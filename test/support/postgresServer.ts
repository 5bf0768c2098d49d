import { execFile, execFileSync } from 'node:child_process';
import { chownSync, mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { promisify } from 'node:util';
import { freePort } from './measure.js';

const run = promisify(execFile);
const BIN = process.env.POSTGRES_BIN ?? '/usr/lib/postgresql/15/bin';

/**
 * A private PostgreSQL server a test can stop and start again, on its own port and data directory
 * (initdb and pg_ctl, trust authentication on loopback). As root, as the machines run the tests,
 * it runs as the `postgres` user: the server refuses to run as root.
 */
export class PrivatePostgres {
  private constructor(
    readonly port: number,
    private readonly dir: string,
  ) {}

  static async start(): Promise<PrivatePostgres> {
    const dir = mkdtempSync(join(tmpdir(), 'dq-postgres-'));
    const server = new PrivatePostgres(await freePort(), dir);
    if (asRoot()) chownSync(dir, ...postgresIds());
    await server.as(join(BIN, 'initdb'), ['-D', join(dir, 'data'), '-A', 'trust', '-U', 'postgres', '--no-sync']);
    await server.restart();
    return server;
  }

  get url(): string {
    return `postgres://postgres@127.0.0.1:${this.port}/postgres`;
  }

  async restart(): Promise<void> {
    await this.as(join(BIN, 'pg_ctl'), [
      '-D',
      join(this.dir, 'data'),
      '-l',
      join(this.dir, 'log'),
      '-o',
      `-p ${this.port} -h 127.0.0.1 -k ${this.dir} -c fsync=off`,
      '-w',
      'start',
    ]);
  }

  /** `fast`: the server ends its sessions and shuts down cleanly; `immediate`: as a crash. */
  async stop(mode: 'fast' | 'immediate' = 'fast'): Promise<void> {
    await this.as(join(BIN, 'pg_ctl'), ['-D', join(this.dir, 'data'), '-m', mode, '-w', 'stop']).catch(() => undefined);
  }

  /** Stops the server as a crash would and removes its files. */
  async remove(): Promise<void> {
    await this.stop('immediate');
    rmSync(this.dir, { recursive: true, force: true });
  }

  private async as(command: string, args: string[]): Promise<void> {
    // The server is not the code under test: it keeps the real clock even under libfaketime.
    const { LD_PRELOAD: _preload, FAKETIME: _faketime, ...env } = process.env;
    if (asRoot()) await run('runuser', ['-u', 'postgres', '--', command, ...args], { env });
    else await run(command, args, { env });
  }
}

function asRoot(): boolean {
  return process.getuid?.() === 0;
}

let ids: [number, number] | undefined;
function postgresIds(): [number, number] {
  if (!ids) {
    // The server's files must belong to the user it runs as.
    ids = [Number(execFileSync('id', ['-u', 'postgres'])), Number(execFileSync('id', ['-g', 'postgres']))];
  }
  return ids;
}
