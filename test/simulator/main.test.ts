// The runnable entry, started as its own process the way `npm run simulator` does.
import { once } from 'node:events';
import { createInterface } from 'node:readline';
import { describe, expect, it } from 'vitest';
import { startEntryPoint } from '../support/entryPoints.js';

describe('simulator main', () => {
  it('announces itself as a simulator, serves, and stops on SIGTERM', async () => {
    const child = startEntryPoint('npm run simulator', [], {
      SIMULATOR_PORT: '0',
      SIMULATOR_RATE_LIMITS: 'futures=2/1m',
    });
    try {
      const [line] = (await once(createInterface({ input: child.stdout! }), 'line')) as [string];
      expect(line).toMatch(/SIMULATOR of the data service/);
      expect(line).toContain('sim-key');
      const url = /(http:\/\/127\.0\.0\.1:\d+)/.exec(line)?.[1];
      expect(url).toBeDefined();
      const response = await fetch(`${url}/v1/finance-external-futures-kline`, {
        method: 'POST',
        headers: { 'Content-Type': 'application/json', 'X-API-Key': 'sim-key' },
        body: JSON.stringify({ symbol: 'CL', type: '0' }),
      });
      expect(response.status).toBe(200);
      expect(response.headers.get('x-simulator')).toBe('1');
      const description = (await (await fetch(`${url}/`)).json()) as {
        operations: Array<{ path: string; rateLimit: unknown }>;
      };
      const futures = description.operations.find((entry) => entry.path.endsWith('futures-kline'));
      expect(futures?.rateLimit).toEqual({ count: 2, windowMs: 60_000 });
      child.kill('SIGTERM');
      const [code] = await once(child, 'exit');
      expect(code).toBe(0);
    } finally {
      if (child.exitCode === null) child.kill('SIGKILL');
    }
  });

  it('masks keys other than the default one in its announcement', async () => {
    const child = startEntryPoint('npm run simulator', [], {
      SIMULATOR_PORT: '0',
      SIMULATOR_API_KEYS: 'sk-live-0123456789abcdef',
    });
    try {
      const [line] = (await once(createInterface({ input: child.stdout! }), 'line')) as [string];
      expect(line).not.toContain('sk-live-0123456789abcdef');
      expect(line).toContain('sk-…');
      child.kill('SIGTERM');
      await once(child, 'exit');
    } finally {
      if (child.exitCode === null) child.kill('SIGKILL');
    }
  });

  it('refuses to start with an unusable setting, naming it', async () => {
    const child = startEntryPoint('npm run simulator', [], { SIMULATOR_PORT: '0', SIMULATOR_ERROR_RATE: 'lots' });
    let stderr = '';
    child.stderr!.on('data', (chunk: Buffer) => (stderr += chunk.toString()));
    const [code] = await once(child, 'exit');
    expect(code).toBe(1);
    expect(stderr).toContain('SIMULATOR_ERROR_RATE');
  });
});
