import type { WebClient } from '@slack/web-api';
import type { SlackDeps } from '../deps.js';
import { supplierListForm } from '../modals/supplierListForm.js';
import type { Requester } from '../requester/requester.js';
import { type FormOrigin, openForm } from './openForm.js';

/** `/dq check`: the form to paste a supplier list into, in the person's language. Opening it costs nothing. */
export async function openSupplierListForm(
  deps: SlackDeps,
  client: WebClient,
  requester: Requester,
  origin: FormOrigin,
): Promise<void> {
  await openForm(deps, client, requester, origin, async () => supplierListForm((await requester.profile()).lang));
}
