import type { AllMiddlewareArgs, BlockButtonAction, SlackActionMiddlewareArgs } from '@slack/bolt';
import type { SlackDeps } from '../../deps.js';
import { openForm } from '../../flows/openForm.js';
import { mayChangeKey } from '../../flows/permissions.js';
import { dataKeyForm } from '../../modals/dataKeyForm.js';
import { noticeModal } from '../../modals/noticeModal.js';
import { requesterOf } from '../../requester/requester.js';

type Args = SlackActionMiddlewareArgs<BlockButtonAction> & AllMiddlewareArgs;

/**
 * "Enter a key" / "Replace key" on an admin's App Home: opens the form for the workspace's own
 * data-service key, or says who may (the button is shown to admins only, but a click is judged
 * again here, whatever a client sends).
 */
export function dataKeyEditButton(deps: SlackDeps) {
  return async ({ ack, body, client, context }: Args): Promise<void> => {
    await ack();
    const requester = requesterOf(context);
    await openForm(deps, client, requester, { triggerId: body.trigger_id }, async () => {
      const { lang } = await requester.profile();
      if (!(await mayChangeKey(requester))) return noticeModal(lang, lang.t('modals.dataKey.adminsOnly'));
      if (!deps.workspaceKeys) return noticeModal(lang, lang.t('home.dataKey.unavailable'));
      const own = await deps.workspaceKeys.summary(requester.teamId);
      return dataKeyForm(lang, own?.lastFour);
    });
  };
}
