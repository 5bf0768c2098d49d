import type { IncomingMessage, ServerResponse } from 'node:http';
import type { StoreLoss } from '../core/store/storeGuard.js';
import { StorePartUnreachableError } from '../core/store/types.js';
import type { Metrics } from './metrics.js';

export interface HealthState {
  /** Set once SIGTERM arrives: the load balancer should stop sending work. */
  shuttingDown: boolean;
  /** What start-up still waits for (e.g. Slack answering); the app is not ready while set. */
  waitingFor?: string | undefined;
}

export interface OpsRoute {
  /** An exact path, or one ending in a parameter ("/charts/:file") for any one segment there. */
  path: string;
  /** GET when not given. */
  methods?: readonly string[];
  handler: (request: IncomingMessage, response: ServerResponse) => void;
}

function json(response: ServerResponse, status: number, body: object): void {
  response.writeHead(status, { 'content-type': 'application/json', 'cache-control': 'no-store' });
  response.end(JSON.stringify(body));
}

/**
 * /healthz: the process is alive. /readyz: it can do its work (store reachable, configuration valid,
 * not shutting down). Plain handlers, so any HTTP server can mount them (the Slack port too: load
 * balancers and the container's HEALTHCHECK ask there).
 */
export function healthRoutes(options: {
  state: HealthState;
  pingStore: () => Promise<void>;
  storeLoss?: () => StoreLoss | undefined;
}): OpsRoute[] {
  return [
    { path: '/healthz', handler: (_request, response) => json(response, 200, { status: 'ok' }) },
    {
      path: '/readyz',
      handler: (_request, response) => {
        if (options.state.shuttingDown) return json(response, 503, { status: 'shutting down' });
        if (options.state.waitingFor)
          return json(response, 503, { status: 'starting', waitingFor: options.state.waitingFor });
        options
          .pingStore()
          .then(() => {
            // Still ready (replies, cached answers, everything free works), but not silently: the
            // store lost its data today, and budgets are closed until the day ends or an admin says.
            const loss = options.storeLoss?.();
            if (!loss) return json(response, 200, { status: 'ready' });
            json(response, 200, {
              status: 'ready',
              storeLostData: {
                at: new Date(loss.at).toISOString(),
                budgetsClosedUntil: new Date(loss.budgetsClosedUntil).toISOString(),
                budgetsClosed: !loss.reopened,
                ...(loss.reopened
                  ? { reopenedBy: loss.reopened.by, reopenedAt: new Date(loss.reopened.at).toISOString() }
                  : {}),
              },
            });
          })
          .catch((error: unknown) =>
            // With DATABASE_URL, PostgreSQL away means paid calls are refused (their budgets cannot be checked).
            json(response, 503, {
              status:
                error instanceof StorePartUnreachableError && error.part === 'database'
                  ? 'database unreachable'
                  : 'store unreachable',
            }),
          );
      },
    },
  ];
}

/**
 * The ops port's routes (OPS_PORT): health, and /metrics in Prometheus text. The figures (calls and
 * coins per operation, queue depths) are for operators: they are served only here, never on the
 * port Slack reaches (issue 32.9).
 */
export function opsRoutes(options: {
  state: HealthState;
  pingStore: () => Promise<void>;
  metrics: Metrics;
  storeLoss?: () => StoreLoss | undefined;
}): OpsRoute[] {
  return [
    ...healthRoutes(options),
    {
      path: '/metrics',
      handler: (_request, response) => {
        options.metrics
          .text()
          .then((text) => {
            response.writeHead(200, { 'content-type': options.metrics.contentType });
            response.end(text);
          })
          .catch(() => json(response, 500, { status: 'metrics unavailable' }));
      },
    },
  ];
}
