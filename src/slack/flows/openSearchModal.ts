import type { WebClient } from '@slack/web-api';
import type { OperationId } from '../../core/operations/index.js';
import type { SlackDeps } from '../deps.js';
import { encodeModalOrigin, type ModalOrigin } from '../modals/modalOrigin.js';
import { chooserModal } from '../modals/chooser.js';
import { searchModal } from '../modals/index.js';

/** Opens an operation's search modal (or the chooser) at once: the trigger_id expires in 3 s. */
export async function openSearchModal(deps: SlackDeps, client: WebClient, triggerId: string, operation: OperationId | undefined, origin: ModalOrigin): Promise<boolean> {
  const metadata = encodeModalOrigin(origin);
  try {
    await client.views.open({ trigger_id: triggerId, view: operation ? searchModal(operation, metadata, deps.prices) : chooserModal(metadata, deps.prices) });
    return true;
  } catch (error) {
    deps.logger.warn({ err: error, operation }, 'could not open the search modal');
    return false;
  }
}
