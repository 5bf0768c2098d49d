// Sends each request to the description, the admin endpoints or an operation, and writes the reply,
// after any injected latency. Latency applies to every /v1/ answer, errors included, as a slow network
// would; waits are cut short when the simulator closes.
import type { IncomingMessage, RequestListener, ServerResponse } from 'node:http';
import { ADMIN_PREFIX, replyToAdmin } from './adminRoutes.js';
import { describeSimulator } from './description.js';
import { failureEnvelope, httpStatusOf } from './envelopes.js';
import { drawLatencyMs, faultsFor } from './faults.js';
import { readRequestBody, sendJson, sendText } from './httpIo.js';
import { replyToOperation } from './operationPipeline.js';
import { operationFromPath } from './operations.js';
import type { SimulatorState } from './simulatorState.js';

async function waitLatency(state: SimulatorState, latencyMs: number, shutdown: AbortSignal): Promise<boolean> {
  if (latencyMs <= 0) return true;
  try {
    await state.settings.clock.sleep(latencyMs, shutdown);
    return true;
  } catch {
    return false;
  }
}

async function route(
  state: SimulatorState,
  request: IncomingMessage,
  response: ServerResponse,
  shutdown: AbortSignal,
): Promise<void> {
  const method = request.method ?? 'GET';
  const { pathname } = new URL(request.url ?? '/', 'http://simulator.invalid');
  const rawBody = await readRequestBody(request);

  if (pathname === '/') {
    if (method !== 'GET') return sendJson(response, 405, { error: 'use GET' }, { Allow: 'GET' });
    return sendJson(response, 200, describeSimulator(state.settings));
  }
  if (pathname.startsWith(ADMIN_PREFIX)) {
    const reply = replyToAdmin(state, method, pathname, rawBody);
    return sendJson(response, reply.status, reply.body, reply.headers);
  }

  const operation = operationFromPath(pathname);
  if (!operation) {
    // No operation means no known envelope; B is the one most operations use.
    const faults = faultsFor(state.settings.faults, undefined);
    if (!(await waitLatency(state, drawLatencyMs(faults, state.faultRandom), shutdown))) return;
    const status = faults.businessErrorWithHttp200 ? 200 : httpStatusOf('not_found');
    return sendJson(response, status, failureEnvelope('B', 'not_found', `no operation at ${pathname}`));
  }

  const apiKeyHeader = request.headers['x-api-key'];
  const reply = replyToOperation(state, {
    operation,
    method,
    apiKey: Array.isArray(apiKeyHeader) ? apiKeyHeader[0] : apiKeyHeader,
    rawBody,
  });
  // A hanging reply leaves the response open until the client gives up or the simulator closes.
  if (reply.kind === 'hang') return;
  if (!(await waitLatency(state, reply.latencyMs, shutdown))) return;
  sendText(response, reply.status, reply.body, reply.headers);
}

export function createRequestListener(state: SimulatorState, shutdown: AbortSignal): RequestListener {
  return (request, response) => {
    response.setHeader('X-Simulator', '1');
    route(state, request, response, shutdown).catch((error: unknown) => {
      // A bug in the simulator, not an injected fault: say so plainly.
      sendJson(response, 500, { simulatorBug: error instanceof Error ? error.message : String(error) });
    });
  };
}
