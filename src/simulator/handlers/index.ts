import { bidsHandler } from './bidsHandler.js';
import { fundAssetHandler } from './fundAssetHandler.js';
import { futuresHandler } from './futuresHandler.js';
import { newFundsHandler } from './newFundsHandler.js';
import { taxpayerHandler } from './taxpayerHandler.js';

/** The operations the simulator serves, in the spec's order. */
export const SIMULATED_OPERATIONS = [
  taxpayerHandler,
  bidsHandler,
  fundAssetHandler,
  futuresHandler,
  newFundsHandler,
] as const;
