import { type ChildProcess, spawn } from 'node:child_process';
import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { setTimeout as sleep } from 'node:timers/promises';
import { createClient } from '@redis/client';
import { freePort } from './measure.js';

/**
 * A private redis-server a test can kill and start again, on its own port and data directory. It
 * writes every change to its append-only file before answering (appendfsync always), as a
 * production Redis holding subscriptions and the ledger should, so a restart keeps what was
 * acknowledged.
 */
export class PrivateRedis {
  private process: ChildProcess | undefined;

  private constructor(
    readonly port: number,
    private readonly dir: string,
  ) {}

  static async start(): Promise<PrivateRedis> {
    const redis = new PrivateRedis(await freePort(), mkdtempSync(join(tmpdir(), 'dq-redis-')));
    await redis.restart();
    return redis;
  }

  get url(): string {
    return `redis://127.0.0.1:${this.port}`;
  }

  async restart(): Promise<void> {
    // Redis is a server of its own, not the code under test: it keeps the machine's real clock even when
    // the suite runs under libfaketime (whose preload also clashes with Redis's allocator).
    const { LD_PRELOAD: _preload, FAKETIME: _faketime, ...env } = process.env;
    this.process = spawn(
      'redis-server',
      [
        '--port',
        String(this.port),
        '--bind',
        '127.0.0.1',
        '--dir',
        this.dir,
        '--appendonly',
        'yes',
        '--appendfsync',
        'always',
        '--save',
        '',
      ],
      { stdio: 'ignore', env },
    );
    for (let i = 0; i < 100; i++) {
      const client = createClient({ url: this.url, socket: { reconnectStrategy: false, connectTimeout: 200 } });
      client.on('error', () => undefined);
      try {
        await client.connect();
        await client.ping();
        await client.close();
        return;
      } catch {
        await sleep(50);
      }
    }
    throw new Error(`redis-server did not start on port ${this.port}`);
  }

  /** Kills the server at once (SIGKILL): no shutdown save, only what the AOF already holds survives. */
  async kill(): Promise<void> {
    const child = this.process;
    if (!child || child.exitCode !== null) return;
    const exited = new Promise((resolve) => child.once('exit', resolve));
    child.kill('SIGKILL');
    await exited;
  }
}
