import type { SlackDeps } from '../deps.js';
import type { HomeDataKey } from '../render/dataKeyBlocks.js';

/**
 * The "Data service key" section of an admin's App Home: whose key the workspace's calls go with
 * (its own, shown by its last four characters, or the operator's), or why none can be entered.
 * Nothing for anyone else, nor when the store cannot say (the rest of the Home is shown all the same).
 */
export async function dataKeyOnHome(
  deps: Pick<SlackDeps, 'workspaceKeys' | 'logger'>,
  teamId: string,
  admin: boolean,
): Promise<{ dataKey?: HomeDataKey }> {
  if (!admin) return {};
  if (!deps.workspaceKeys) return { dataKey: { kind: 'unavailable' } };
  try {
    const own = await deps.workspaceKeys.summary(teamId);
    return {
      dataKey: own ? { kind: 'own', lastFour: own.lastFour, setBy: own.setBy, setAt: own.setAt } : { kind: 'operator' },
    };
  } catch (error) {
    deps.logger.warn({ err: error, teamId }, 'could not read whether the workspace has its own data-service key');
    return {};
  }
}
