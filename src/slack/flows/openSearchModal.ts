import type { WebClient } from '@slack/web-api';
import type { OperationId } from '../../core/operations/index.js';
import type { SlackDeps } from '../deps.js';
import { formLang } from '../middleware/whoIsAsking.js';
import type { Requester } from '../requester.js';
import { encodeModalOrigin, type ModalOrigin } from '../modals/modalOrigin.js';
import { chooserModal } from '../modals/chooser.js';
import { searchModal } from '../modals/index.js';

/** Opens an operation's search modal (or the chooser) at once, in the requester's language: the trigger_id expires in 3 s. */
export async function openSearchModal(deps: SlackDeps, client: WebClient, triggerId: string, operation: OperationId | undefined, origin: ModalOrigin, requester: Requester): Promise<boolean> {
  const metadata = encodeModalOrigin(origin);
  try {
    const lang = await formLang(deps, requester);
    await client.views.open({ trigger_id: triggerId, view: operation ? searchModal(operation, metadata, deps.prices, lang) : chooserModal(metadata, deps.prices, lang) });
    return true;
  } catch (error) {
    deps.logger.warn({ err: error, operation }, 'could not open the search modal');
    return false;
  }
}
