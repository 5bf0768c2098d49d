import type { AllMiddlewareArgs, SlackViewMiddlewareArgs, ViewSubmitAction } from '@slack/bolt';
import { ValidationError } from '../../../core/errors.js';
import { findOperation, type OperationId } from '../../../core/operations/index.js';
import { askFirst, validate } from '../../../core/operations/validate.js';
import type { SlackDeps } from '../../deps.js';
import { readSearchSubmission, searchSubmissionErrors } from '../../flows/lookupForms.js';
import { runQuery } from '../../flows/runQuery.js';
import { VIEW } from '../../payloads/ids.js';
import { decodeModalOrigin } from '../../payloads/modalOrigin.js';
import { replyRoute } from '../../reply/responders.js';
import { formLang } from '../../requester/language.js';
import { requesterOf } from '../../requester/requester.js';

type Args = SlackViewMiddlewareArgs<ViewSubmitAction> & AllMiddlewareArgs;

/**
 * A submitted search form: invalid input goes back onto the fields (response_action: errors) and
 * spends nothing; valid input closes the form and the result goes where the form was opened from.
 */
export function searchSubmission(deps: SlackDeps) {
  return async ({ ack, body, view, client, context }: Args): Promise<void> => {
    const definition = findOperation(view.callback_id.slice(VIEW.searchPrefix.length));
    if (!definition) {
      await ack();
      return;
    }
    const operation = definition.id as OperationId;
    const origin = decodeModalOrigin(view.private_metadata);
    const input = readSearchSubmission(operation, view.state?.values);
    try {
      // Rules and "are you sure?" questions alike go back onto the field (a name in quotes goes ahead).
      askFirst(operation, validate(operation, input, deps.now()), input);
    } catch (error) {
      if (error instanceof ValidationError) {
        await ack({
          response_action: 'errors',
          errors: searchSubmissionErrors(operation, error, await formLang(requesterOf(context))),
        });
        return;
      }
      throw error;
    }
    await ack();
    const responder = replyRoute(origin.responseUrl, client, body.user.id, origin.channelId, deps);
    await runQuery(deps, requesterOf(context), { operation, input }, responder);
  };
}
