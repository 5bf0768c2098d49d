import type { Context } from '@slack/bolt';
import type { SlackDeps } from '../../deps.js';

/**
 * Slack no longer takes the app's bot token (uninstalled, or the token revoked): with Add to Slack,
 * that workspace's (or organisation's) installation and tokens are deleted and only its jobs hold;
 * with one workspace, every digest and watch holds before it spends, on every replica.
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
    await deps.workspaces
      .uninstalled(where, code)
      .catch((error: unknown) =>
        deps.logger.error({ err: error, code }, 'could not delete a workspace’s installation'),
      );
    return;
  }
  await deps.install
    ?.stop(code)
    .catch((error: unknown) => deps.logger.error({ err: error, code }, 'could not hold digests and watches'));
}
