import type { AllMiddlewareArgs, BlockButtonAction, SlackActionMiddlewareArgs } from '@slack/bolt';
import type { SlackDeps } from '../../deps.js';
import { openForm } from '../../flows/openForm.js';
import { mayAdd } from '../../flows/permissions.js';
import { digestFormModal } from '../../modals/digestForm.js';
import { formLang, workspaceLang } from '../../requester/language.js';
import { requesterOf } from '../../requester/requester.js';

type Args = SlackActionMiddlewareArgs<BlockButtonAction> & AllMiddlewareArgs;

/** "Add a digest" on the App Home: opens the form (the trigger lives 3 s, so at once). */
export function digestAddButton(deps: SlackDeps) {
  return async ({ ack, body, client, context }: Args): Promise<void> => {
    await ack();
    const requester = requesterOf(context);
    if (!(await mayAdd(deps, requester))) return;
    const lang = await formLang(deps, requester);
    await openForm(
      deps,
      client,
      requester,
      { triggerId: body.trigger_id },
      digestFormModal(deps.digests.defaultTimeZone, lang, workspaceLang(deps).locale, {
        allowSharedChannels: deps.config.allowSharedChannels,
      }),
    );
  };
}
