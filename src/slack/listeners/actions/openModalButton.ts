import type { AllMiddlewareArgs, BlockButtonAction, SlackActionMiddlewareArgs } from '@slack/bolt';
import { findOperation, type OperationId } from '../../../core/operations/index.js';
import type { SlackDeps } from '../../deps.js';
import { searchModalOf } from '../../flows/lookupForms.js';
import { openForm } from '../../flows/openForm.js';
import { formLang } from '../../requester/language.js';
import { requesterOf } from '../../requester/requester.js';

type Args = SlackActionMiddlewareArgs<BlockButtonAction> & AllMiddlewareArgs;

/**
 * A button naming an operation (in the chooser modal, or on the App Home): in a modal it swaps the
 * chooser for that search form; elsewhere it opens the form.
 */
export function openModalButton(deps: SlackDeps) {
  return async ({ ack, body, action, client, context }: Args): Promise<void> => {
    await ack();
    const definition = findOperation(action.value ?? '');
    if (!definition) return;
    const operation = definition.id as OperationId;
    const requester = requesterOf(context);
    if (body.view?.type !== 'modal') {
      await openForm(
        deps,
        client,
        requester,
        {
          triggerId: body.trigger_id,
          responseUrl: (body as { response_url?: string }).response_url,
          channelId: body.channel?.id,
        },
        async () => searchModalOf(operation, '{}', deps.prices, (await requester.profile()).lang),
      );
      return;
    }
    const lang = await formLang(requester);
    try {
      await client.views.update({
        view_id: body.view.id,
        hash: body.view.hash,
        view: searchModalOf(operation, body.view.private_metadata ?? '{}', deps.prices, lang),
      });
    } catch (error) {
      deps.logger.warn({ err: error, operation }, 'could not open the search form');
    }
  };
}
