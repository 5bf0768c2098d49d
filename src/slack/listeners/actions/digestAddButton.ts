import type { AllMiddlewareArgs, BlockButtonAction, SlackActionMiddlewareArgs } from '@slack/bolt';
import type { SlackDeps } from '../../deps.js';
import { openForm } from '../../flows/openForm.js';
import { mayAdd } from '../../flows/permissions.js';
import { digestFormModal } from '../../modals/digestForm.js';
import { noticeModal } from '../../modals/noticeModal.js';
import { workspaceLang } from '../../requester/language.js';
import { requesterOf } from '../../requester/requester.js';

type Args = SlackActionMiddlewareArgs<BlockButtonAction> & AllMiddlewareArgs;

/** "Add a digest" on the App Home: opens the form (the trigger lives 3 s), or says who may add one. */
export function digestAddButton(deps: SlackDeps) {
  return async ({ ack, body, client, context }: Args): Promise<void> => {
    await ack();
    const requester = requesterOf(context);
    await openForm(deps, client, requester, { triggerId: body.trigger_id }, async () => {
      const { lang } = await requester.profile();
      if (!(await mayAdd(requester))) return noticeModal(lang, lang.t('digests.command.adminsOnly'));
      return digestFormModal(deps.digests.defaultTimeZone, lang, workspaceLang(requester.rules).locale, {
        allowSharedChannels: requester.rules.allowSharedChannels,
      });
    });
  };
}
