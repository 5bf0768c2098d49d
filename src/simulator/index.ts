// The data-service SIMULATOR: a local stand-in for the pay-per-call service, with synthetic data.

export { BID_REGIONS, type BidRegion } from '../core/operations/bidRegions.js';
export { DEFAULT_SIMULATOR_PORT, simulatorOptionsFromEnv } from './env.js';
export { OPERATION_IDS, OPERATION_PROFILES, operationFromName } from './operations.js';
export { startSimulator } from './server.js';
export { DEFAULT_API_KEY } from './simulatorState.js';
export type {
  CallOutcome,
  EnvelopeASuccessCode,
  FaultOptions,
  OperationFaultOptions,
  OperationId,
  RateLimit,
  RecordedCall,
  Simulator,
  SimulatorOptions,
  SimulatorStats,
} from './types.js';
