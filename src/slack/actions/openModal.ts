import type { AllMiddlewareArgs, BlockButtonAction, SlackActionMiddlewareArgs } from '@slack/bolt';
import { findOperation, type OperationId } from '../../core/operations/index.js';
import type { SlackDeps } from '../deps.js';
import { requesterOf, formLang } from '../middleware/whoIsAsking.js';
import { searchModal } from '../modals/index.js';

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
    try {
      const lang = await formLang(deps, requesterOf(context));
      if (body.view?.type === 'modal') {
        await client.views.update({ view_id: body.view.id, hash: body.view.hash, view: searchModal(operation, body.view.private_metadata ?? '{}', deps.prices, lang) });
      } else {
        await client.views.open({ trigger_id: body.trigger_id, view: searchModal(operation, '{}', deps.prices, lang) });
      }
    } catch (error) {
      deps.logger.warn({ err: error, operation }, 'could not open the search form');
    }
  };
}
