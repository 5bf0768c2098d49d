import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startOpsServer } from '../../src/ops/opsServer.js';

// In Socket Mode no HTTP receiver listens: this server carries the ops routes and, with
// CHART_RENDERER=local, the chart route, whose path ends in a parameter.

describe('the ops server', () => {
  let server: Awaited<ReturnType<typeof startOpsServer>>;
  const seen: string[] = [];
  beforeAll(async () => {
    server = await startOpsServer(
      [
        { path: '/healthz', handler: (_request, response) => response.writeHead(200).end('ok') },
        {
          path: '/charts/:file',
          methods: ['GET', 'HEAD'],
          handler: (request, response) => {
            seen.push(`${request.method} ${request.url}`);
            response.writeHead(200).end('chart');
          },
        },
      ],
      0,
    );
  });
  afterAll(async () => {
    await server.close();
  });

  const status = async (method: string, path: string) =>
    (await fetch(`http://127.0.0.1:${server.port}${path}`, { method })).status;

  it('serves exact paths to GET only, and one path segment after a parameter route to its methods', async () => {
    expect(await status('GET', '/healthz')).toBe(200);
    expect(await status('HEAD', '/healthz')).toBe(404);
    expect(await status('GET', '/healthz/x')).toBe(404);
    expect(await status('GET', '/charts/abc.png?exp=1&sig=2')).toBe(200);
    expect(await status('HEAD', '/charts/abc.png')).toBe(200);
    expect(await status('POST', '/charts/abc.png')).toBe(404);
    expect(await status('GET', '/charts/')).toBe(404);
    expect(await status('GET', '/charts/a/b.png')).toBe(404);
    expect(await status('GET', '/chartsx/abc.png')).toBe(404);
    expect(seen).toEqual(['GET /charts/abc.png?exp=1&sig=2', 'HEAD /charts/abc.png']);
  });
});
