import type { Logger } from 'pino';

/** Something that keeps data by workspace and can delete a workspace's: how many records went. */
export interface ForgetsWorkspace {
  forgetWorkspace(teamId: string): Promise<number>;
}

/** One part of a purge: a store module, named for the log and the counts. */
export interface PurgePart {
  name: string;
  part: ForgetsWorkspace;
}

/** What each part removed of each workspace purged; a part that failed says so instead of a count. */
export type PurgeCounts = Record<string, Record<string, number | 'failed'>>;

/** A purge in which some part failed: the rest ran; the next purge (the other event) tries again. */
export class WorkspacePurgeError extends Error {
  constructor(readonly counts: PurgeCounts) {
    super('some of an uninstalled workspace’s data could not be deleted');
    this.name = 'WorkspacePurgeError';
  }
}

/**
 * The per-workspace stores a purge runs, in order: each deletes what it keeps of the workspace, so
 * adding a store is one line here. The ledger is last, once nothing can still charge the workspace:
 * it keeps the billing facts of each call (time, operation, coins, workspace) and loses who asked,
 * where and what. The installation links go last but one, after every part that needed them.
 */
export function purgeParts(stores: {
  userSettings: ForgetsWorkspace;
  /** Workspace settings (admins, allowlists, budgets, language, Slack Connect): workspaces/workspaceSettings.ts. */
  workspaceSettings?: ForgetsWorkspace | undefined;
  /** The workspace's own data-service key (workspaces/workspaceKeys.ts), when SECRETS_KEY lets one be entered. */
  workspaceKeys?: ForgetsWorkspace | undefined;
  digests: ForgetsWorkspace;
  watches: ForgetsWorkspace;
  history: ForgetsWorkspace;
  latestResults: ForgetsWorkspace;
  seenNames: ForgetsWorkspace;
  supplierChecks?: ForgetsWorkspace | undefined;
  exports: ForgetsWorkspace;
  budgets: ForgetsWorkspace;
  installations: ForgetsWorkspace;
  ledger: ForgetsWorkspace;
}): PurgePart[] {
  const parts: Array<[string, ForgetsWorkspace | undefined]> = [
    ['userSettings', stores.userSettings],
    ['workspaceSettings', stores.workspaceSettings],
    ['workspaceKeys', stores.workspaceKeys],
    ['digests', stores.digests],
    ['watches', stores.watches],
    ['history', stores.history],
    ['latestResults', stores.latestResults],
    ['seenNames', stores.seenNames],
    ['supplierChecks', stores.supplierChecks],
    ['exports', stores.exports],
    ['budgets', stores.budgets],
    ['installations', stores.installations],
    ['ledger', stores.ledger],
  ];
  return parts.flatMap(([name, part]) => (part ? [{ name, part }] : []));
}

/**
 * Deletes everything an uninstalled workspace left (app_uninstalled, tokens_revoked): the one place
 * that knows every part. Each part's deletion is idempotent and touches only that workspace's
 * records, so both events, in either order and on any replicas at once, leave the same: the second
 * purge finds nothing, or what a request in flight at the first wrote after it.
 */
export class WorkspacePurge {
  constructor(
    private readonly parts: readonly PurgePart[],
    private readonly logger?: Logger,
  ) {}

  /** Every part for each workspace, a failing part not keeping the others from running; throws WorkspacePurgeError after, if one failed. */
  async purge(teamIds: readonly string[]): Promise<PurgeCounts> {
    const counts: PurgeCounts = {};
    let failed = false;
    for (const teamId of new Set(teamIds)) {
      const mine: Record<string, number | 'failed'> = {};
      counts[teamId] = mine;
      for (const { name, part } of this.parts) {
        try {
          mine[name] = await part.forgetWorkspace(teamId);
        } catch (error) {
          failed = true;
          mine[name] = 'failed';
          this.logger?.error({ err: error, teamId, part: name }, 'could not delete a part of an uninstalled workspace');
        }
      }
      this.logger?.info({ teamId, removed: mine }, 'an uninstalled workspace’s data is deleted');
    }
    if (failed) throw new WorkspacePurgeError(counts);
    return counts;
  }
}
