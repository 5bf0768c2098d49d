import type { InputBlock, KnownBlock, ModalView } from '@slack/types';
import { operation, typedNameOf, type AnyOperation, type OperationId } from '../../core/operations/index.js';
import type { Prices } from '../../core/operations/prices.js';
import type { Lang } from '../../i18n/lang.js';
import { VIEW } from '../ids.js';
import { exampleFor } from '../parse/examples.js';
import { formFor } from '../operations/index.js';
import { operationTitle } from '../render/operationTitle.js';
import { costText } from '../parse/costText.js';
import { operations } from '../../core/operations/index.js';
import { checkedPrivateMetadata } from './modalOrigin.js';
import { actionIdFor, blockIdFor, type FormField } from './searchForm.js';
import { VIEW_LIMITS, plainText } from './slackText.js';

// The fields' own texts (label, hint, placeholder, options) come from the form's definition, in the reader's language.
function inputBlock(operationId: OperationId, field: FormField, lang: Lang): InputBlock {
  const block: InputBlock = {
    type: 'input',
    block_id: blockIdFor(operationId, field.field),
    label: plainText(field.label(lang)),
    element: field.element(actionIdFor(field.field), lang),
    optional: field.optional,
  };
  if (field.hint) block.hint = plainText(field.hint(lang));
  return block;
}

function costNote(operationId: OperationId, prices: Prices, lang: Lang): KnownBlock {
  const text = lang.t('modals.search.costNote', { cost: costText(operations[operationId], prices, lang), example: exampleFor(operationId, lang) });
  return { type: 'context', elements: [{ type: 'mrkdwn', text }] };
}

/** The search form of one operation (callback_id `dq_search:<name as typed>`); its frame speaks the reader's language. */
export function searchModal(operationId: OperationId, privateMetadata: string, prices: Prices, lang: Lang): ModalView {
  const definition: AnyOperation = operation(operationId);
  const form = formFor(operationId);
  return {
    type: 'modal',
    callback_id: VIEW.search(typedNameOf(definition)),
    title: plainText(operationTitle(operationId, lang), VIEW_LIMITS.titleChars),
    submit: plainText(lang.t('modals.search.submit'), VIEW_LIMITS.buttonChars),
    close: plainText(lang.t('modals.cancel'), VIEW_LIMITS.buttonChars),
    private_metadata: checkedPrivateMetadata(privateMetadata),
    blocks: [costNote(operationId, prices, lang), ...form.fields.map((field) => inputBlock(operationId, field, lang))],
  };
}
