import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import type { OpsRoute } from './health.js';

/** Whether a route's path ("/readyz", or "/charts/:file" for any one segment after /charts/) serves a request's path. */
function servesPath(routePath: string, path: string): boolean {
  const parameter = routePath.indexOf('/:');
  if (parameter < 0) return routePath === path;
  const prefix = routePath.slice(0, parameter + 1);
  return path.startsWith(prefix) && path.length > prefix.length && !path.slice(prefix.length).includes('/');
}

/**
 * The ops routes on their own small server, for Socket Mode (where no HTTP receiver listens): up
 * from the first moment, so /healthz and /readyz answer while the app still waits for Slack.
 */
export async function startOpsServer(
  routes: readonly OpsRoute[],
  port: number,
): Promise<{ server: Server; port: number; close(): Promise<void> }> {
  const server = createServer((request, response) => {
    const path = new URL(request.url ?? '/', 'http://localhost').pathname;
    const route = routes.find(
      (candidate) => servesPath(candidate.path, path) && (candidate.methods ?? ['GET']).includes(request.method ?? ''),
    );
    if (route) return route.handler(request, response);
    response.writeHead(404).end();
  });
  await new Promise<void>((resolve, reject) => {
    server.once('error', reject);
    server.listen(port, () => {
      server.off('error', reject);
      resolve();
    });
  });
  return {
    server,
    port: (server.address() as AddressInfo).port,
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
}
