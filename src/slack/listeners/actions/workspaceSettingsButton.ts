import type { AllMiddlewareArgs, BlockButtonAction, SlackActionMiddlewareArgs } from '@slack/bolt';
import type { SlackDeps } from '../../deps.js';
import { openForm } from '../../flows/openForm.js';
import { isAdmin } from '../../flows/permissions.js';
import { noticeModal } from '../../modals/noticeModal.js';
import { workspaceSettingsModal } from '../../modals/workspaceSettingsForm.js';
import { requesterOf } from '../../requester/requester.js';

type Args = SlackActionMiddlewareArgs<BlockButtonAction> & AllMiddlewareArgs;

/**
 * "Change settings" on an admin's App Home: opens the workspace settings form within the trigger's
 * 3 s (openForm), filled with the rules whoIsAsking read for this request; anyone else is told who may.
 */
export function workspaceSettingsButton(deps: SlackDeps) {
  return async ({ ack, body, client, context }: Args): Promise<void> => {
    await ack();
    const requester = requesterOf(context);
    await openForm(deps, client, requester, { triggerId: body.trigger_id }, async () => {
      const { lang } = await requester.profile();
      if (!(await isAdmin(requester))) return noticeModal(lang, lang.t('modals.workspaceSettings.errors.adminsOnly'));
      return workspaceSettingsModal(requester.rules, deps.operatorRules, lang);
    });
  };
}
