import type { ModalView } from '@slack/types';
import type { WebClient } from '@slack/web-api';
import type { ValidationError } from '../../core/errors.js';
import type { OperationId } from '../../core/operations/index.js';
import type { Prices } from '../../core/operations/prices.js';
import type { Lang } from '../../i18n/lang.js';
import type { SlackDeps } from '../deps.js';
import { chooserModal } from '../modals/chooser.js';
import { inlineErrors, readSubmission, searchModal } from '../modals/index.js';
import type { CommandInput } from '../parse/parsedCommand.js';
import { encodeModalOrigin, type ModalOrigin } from '../payloads/modalOrigin.js';
import type { Requester } from '../requester/requester.js';
import { slackOperation } from '../slackOperations/index.js';
import { type FormOrigin, openForm } from './openForm.js';

/** The forms that run a lookup: opening one (or the chooser), reading what was submitted. */

/**
 * Opens an operation's search modal (or the chooser) in the requester's language, before anything
 * slow (openForm): the trigger_id expires in 3 s. `origin` is where its answer goes.
 */
export async function openSearchModal(
  deps: SlackDeps,
  client: WebClient,
  requester: Requester,
  form: FormOrigin,
  operation: OperationId | undefined,
  origin: ModalOrigin,
): Promise<void> {
  const metadata = encodeModalOrigin(origin);
  await openForm(deps, client, requester, form, async () => {
    const { lang } = await requester.profile();
    return operation
      ? searchModalOf(operation, metadata, deps.prices, lang)
      : chooserModal(metadata, deps.prices, lang);
  });
}

/** The search form of an operation, in the reader's language (its fields from the operation's Slack module). */
export function searchModalOf(operation: OperationId, privateMetadata: string, prices: Prices, lang: Lang): ModalView {
  return searchModal(slackOperation(operation), privateMetadata, prices, lang);
}

/** The loose input a submitted search form holds. */
export function readSearchSubmission(operation: OperationId, values: unknown): CommandInput {
  return readSubmission(slackOperation(operation).form, values);
}

/** Problems with a submitted search form, on its fields, in the reader's language. */
export function searchSubmissionErrors(
  operation: OperationId,
  error: ValidationError,
  lang: Lang,
): Record<string, string> {
  return inlineErrors(slackOperation(operation), error, lang);
}
