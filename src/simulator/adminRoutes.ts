// /__simulator/ endpoints, so a benchmark running in another process can inspect and steer the
// simulator. They need no API key: the simulator listens on 127.0.0.1 only.
import { recordDataChange } from './dataChanges.js';
import { parseFaultOptions } from './faultOptionsSchema.js';
import { resetState, type SimulatorState } from './simulatorState.js';

export const ADMIN_PREFIX = '/__simulator/';

export interface AdminReply {
  status: number;
  body: unknown;
  headers?: Record<string, string>;
}

interface AdminRoute {
  method: 'GET' | 'POST';
  run: (state: SimulatorState, rawBody: string | undefined) => AdminReply;
}

const ROUTES: Record<string, AdminRoute> = {
  stats: {
    method: 'GET',
    run: (state) => {
      const { calls, ...counters } = state.stats.snapshot();
      return {
        status: 200,
        body: { ...counters, calls: calls.map(({ body: _body, request: _request, ...call }) => call) },
      };
    },
  },
  reset: {
    method: 'POST',
    run: (state) => {
      resetState(state);
      return { status: 200, body: { ok: true } };
    },
  },
  /**
   * POST one change to the data (dataChanges.ts), in effect from its `from` (simulated ms) or from now;
   * the answer shows it as recorded (a `newBid` with the notices it published, ids included).
   */
  changes: {
    method: 'POST',
    run: (state, rawBody) => {
      try {
        const change = recordDataChange(state.changes, JSON.parse(rawBody ?? ''), state.settings.now());
        return { status: 200, body: { ok: true, change } };
      } catch (error) {
        return { status: 400, body: { ok: false, error: error instanceof Error ? error.message : String(error) } };
      }
    },
  },
  'changes/list': {
    method: 'GET',
    run: (state) => ({ status: 200, body: { changes: state.changes } }),
  },
  faults: {
    method: 'POST',
    run: (state, rawBody) => {
      try {
        state.settings.faults = parseFaultOptions(JSON.parse(rawBody ?? ''));
      } catch (error) {
        return { status: 400, body: { ok: false, error: error instanceof Error ? error.message : String(error) } };
      }
      return { status: 200, body: { ok: true, faults: state.settings.faults } };
    },
  },
};

export function replyToAdmin(
  state: SimulatorState,
  method: string,
  pathname: string,
  rawBody: string | undefined,
): AdminReply {
  const route = ROUTES[pathname.slice(ADMIN_PREFIX.length)];
  if (!route) return { status: 404, body: { ok: false, error: `no admin endpoint ${pathname}` } };
  if (method !== route.method) {
    return { status: 405, body: { ok: false, error: `use ${route.method}` }, headers: { Allow: route.method } };
  }
  return route.run(state, rawBody);
}
