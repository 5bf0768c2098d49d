import type { WebClient } from '@slack/web-api';
import { refusal } from './access.js';
import type { SlackDeps } from './deps.js';

/**
 * The allowlist check for clicks that come from no channel (App Home, global shortcut): the
 * refusal goes to the user as a direct message. True when the user was refused.
 */
export async function refusedOutsideChannels(deps: SlackDeps, client: WebClient, who: { teamId?: string | undefined; userId: string }): Promise<boolean> {
  const refused = refusal(deps.config.allowlist, who);
  if (!refused) return false;
  await client.chat.postMessage({ channel: who.userId, text: refused }).catch((error: unknown) => deps.logger.warn({ err: error }, 'could not send the refusal'));
  return true;
}
