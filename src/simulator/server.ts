import { createServer } from 'node:http';
import type { AddressInfo } from 'node:net';
import { type DataChangeRequest, type RecordedChange, recordDataChange } from './dataChanges.js';
import { parseFaultOptions } from './faultOptionsSchema.js';
import { createRequestListener } from './requestRouter.js';
import { applyRuntimeOptions, createSimulatorState, resetState } from './simulatorState.js';
import type { Simulator, SimulatorOptions } from './types.js';

const HOST = '127.0.0.1';

export async function startSimulator(options: SimulatorOptions = {}): Promise<Simulator> {
  const state = createSimulatorState(options);
  const shutdown = new AbortController();
  const server = createServer(createRequestListener(state, shutdown.signal));

  await new Promise<void>((resolve, reject) => {
    server.once('error', reject);
    server.listen(options.port ?? 0, HOST, () => {
      server.off('error', reject);
      resolve();
    });
  });
  const { port } = server.address() as AddressInfo;

  let closing: Promise<void> | undefined;
  const close = (): Promise<void> => {
    closing ??= new Promise<void>((resolve) => {
      shutdown.abort();
      server.close(() => resolve());
      // Ends idle keep-alive sockets and the requests a timeout fault left hanging.
      server.closeAllConnections();
    });
    return closing;
  };

  return {
    url: `http://${HOST}:${port}`,
    port,
    setFaults: (faults) => {
      state.settings.faults = parseFaultOptions(faults);
    },
    setOptions: (partial) => applyRuntimeOptions(state, partial),
    stats: () => state.stats.snapshot(),
    reset: () => resetState(state),
    changeData: <R extends DataChangeRequest>(change: R) =>
      recordDataChange(state.changes, change, state.settings.now()) as RecordedChange<R>,
    close,
  };
}
