import type { CallResult } from '../../core/client/dataClient.js';
import type { WorkspaceRules } from '../../core/workspaces/workspaceSettings.js';
import type { SlackDeps } from '../deps.js';
import type { Responder } from '../reply/responder.js';
import { workspaceLang } from '../requester/language.js';
import type { SlackOperation } from '../slackOperations/slackOperation.js';
import { answerMessage } from './answerMessage.js';

/**
 * Share in channel: the answer posted visibly, attributed to who shared it. It is read by the whole
 * channel, so it speaks the workspace's language (its chart too) and has no buttons.
 */
export async function shareAnswer(
  deps: SlackDeps,
  responder: Responder,
  answer: CallResult,
  slack: SlackOperation,
  sharer: { userId: string; timeZone: string; rules: WorkspaceRules },
): Promise<void> {
  const { message } = await answerMessage(deps, answer, slack, responder, {
    lang: workspaceLang(sharer.rules),
    timeZone: sharer.timeZone,
    sharedBy: sharer.userId,
  });
  // runQuery checked before the call that there is a conversation to share into.
  await responder.share!(message);
}
