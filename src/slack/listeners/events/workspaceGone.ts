import type { Context } from '@slack/bolt';
import type { SlackDeps } from '../../deps.js';

/**
 * Slack no longer takes the app's bot token (uninstalled, or the token revoked): with Add to Slack,
 * that workspace's (or organisation's) jobs hold, its installation and tokens are deleted, and then
 * everything else it left (WorkspacePurge), each of the two events doing it all again, idempotently;
 * with one workspace, every digest and watch holds before it spends, on every replica, and its data
 * stays for a reinstall (docs/privacy.md).
 */
export async function workspaceGone(
  deps: SlackDeps,
  context: Context,
  code: 'app_uninstalled' | 'tokens_revoked',
): Promise<void> {
  if (deps.workspaces) {
    const where = {
      teamId: context.teamId,
      enterpriseId: context.enterpriseId,
      isEnterpriseInstall: context.isEnterpriseInstall === true,
    };
    const teams = await deps.workspaces.uninstalled(where, code).catch((error: unknown) => {
      deps.logger.error({ err: error, code }, 'could not delete a workspace’s installation');
      return where.teamId ? [where.teamId] : [];
    });
    // The purge logs each part that failed; the other event, or a reinstall and uninstall, runs it again.
    await deps.purge?.purge(teams).catch(() => undefined);
    return;
  }
  await deps.install
    ?.stop(code)
    .catch((error: unknown) => deps.logger.error({ err: error, code }, 'could not hold digests and watches'));
}
