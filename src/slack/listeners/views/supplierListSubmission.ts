import type { AllMiddlewareArgs, SlackViewMiddlewareArgs, ViewSubmitAction } from '@slack/bolt';
import { readPastedList } from '../../../core/batch/supplierList.js';
import { langFor } from '../../../i18n/lang.js';
import type { SlackDeps } from '../../deps.js';
import { pastedListProblem, planSupplierList } from '../../flows/checkSupplierList.js';
import { submittedText } from '../../modals/submission.js';
import { SUPPLIER_LIST_ACTION, SUPPLIER_LIST_BLOCK, supplierListLocale } from '../../modals/supplierListForm.js';
import { requesterOf, speaking } from '../../requester/requester.js';

type Args = SlackViewMiddlewareArgs<ViewSubmitAction> & AllMiddlewareArgs;

/**
 * A list pasted in `/dq check`'s form: read at once (nothing slow before the ack), and either its
 * problem shown on the field, or the form closed and the check's plan posted privately, as for a
 * shared file. Nothing is looked up before Start.
 */
export function supplierListSubmission(deps: SlackDeps) {
  return async ({ ack, view, client, context }: Args): Promise<void> => {
    const asker = requesterOf(context);
    const locale = supplierListLocale(view.private_metadata);
    const requester = locale ? speaking(asker, locale) : asker;
    // The form carries its language: no profile to read before the ack.
    const lang = locale ? langFor(locale) : (await asker.profile()).lang;
    const text = submittedText(view.state?.values, SUPPLIER_LIST_BLOCK, SUPPLIER_LIST_ACTION) ?? '';
    const reading = readPastedList(text, { maxRows: deps.config.supplierCheckMaxRows });
    const problem = pastedListProblem(reading, lang);
    if (problem || reading.kind !== 'list') {
      await ack({ response_action: 'errors', errors: { [SUPPLIER_LIST_BLOCK]: problem ?? '' } });
      return;
    }
    await ack();
    try {
      await planSupplierList(deps, client, requester, reading.list, { kind: 'pasted' }, lang);
    } catch (error) {
      deps.logger.error({ err: error }, 'could not plan a pasted supplier list');
    }
  };
}
