import { ADMIN_PREFIX } from './adminRoutes.js';
import { OPERATION_IDS, OPERATION_PROFILES } from './operations.js';
import type { SimulatorSettings } from './simulatorState.js';

/** What GET / answers: above all, that this is not the real service. */
export function describeSimulator(settings: SimulatorSettings): Record<string, unknown> {
  return {
    simulator: true,
    description:
      'SIMULATOR of the pay-per-call data query service. Not the real service: every record is synthetic and no real coins are spent.',
    operations: OPERATION_IDS.map((id) => ({
      method: 'POST',
      path: `/v1/${id}`,
      envelope: OPERATION_PROFILES[id].envelope,
      costInCoins: OPERATION_PROFILES[id].costInCoins,
      rateLimit: settings.rateLimits[id],
    })),
    admin: [
      `GET ${ADMIN_PREFIX}stats`,
      `POST ${ADMIN_PREFIX}reset`,
      `POST ${ADMIN_PREFIX}faults`,
      `POST ${ADMIN_PREFIX}changes`,
      `GET ${ADMIN_PREFIX}changes/list`,
    ],
  };
}
