import type { InputBlock, KnownBlock, ModalView } from '@slack/types';
import { type OperationId, operations, typedNameOf } from '../../core/operations/index.js';
import type { Prices } from '../../core/operations/prices.js';
import type { Lang } from '../../i18n/lang.js';
import { clippedPlainText, VIEW_LIMITS } from '../blockKit/slackText.js';
import type { CommandSyntax } from '../parse/commandSyntax.js';
import { exampleFor } from '../parse/examples.js';
import { VIEW } from '../payloads/ids.js';
import { checkedPrivateMetadata } from '../payloads/modalOrigin.js';
import { lookupCostText } from '../render/costText.js';
import { operationTitle } from '../render/operationTitle.js';
import { actionIdFor, blockIdFor, type FormField, type FormOperation } from './searchForm.js';

// The fields' own texts (label, hint, placeholder, options) come from the form's definition, in the reader's language.
function inputBlock(operationId: OperationId, field: FormField, lang: Lang): InputBlock {
  const block: InputBlock = {
    type: 'input',
    block_id: blockIdFor(operationId, field.field),
    label: clippedPlainText(field.label(lang)),
    element: field.element(actionIdFor(field.field), lang),
    optional: field.optional,
  };
  if (field.hint) block.hint = clippedPlainText(field.hint(lang));
  return block;
}

function costNote(syntax: CommandSyntax, prices: Prices, lang: Lang): KnownBlock {
  const text = lang.t('modals.search.costNote', {
    cost: lookupCostText(operations[syntax.operation], prices, lang),
    example: exampleFor(syntax, lang),
  });
  return { type: 'context', elements: [{ type: 'mrkdwn', text }] };
}

/** The search form of one operation (callback_id `dq_search:<name as typed>`); its frame speaks the reader's language. */
export function searchModal(
  { form, syntax }: FormOperation,
  privateMetadata: string,
  prices: Prices,
  lang: Lang,
): ModalView {
  const operationId = form.operation;
  return {
    type: 'modal',
    callback_id: VIEW.search(typedNameOf(operationId)),
    title: clippedPlainText(operationTitle(operationId, lang), VIEW_LIMITS.titleChars),
    submit: clippedPlainText(lang.t('modals.search.submit'), VIEW_LIMITS.buttonChars),
    close: clippedPlainText(lang.t('modals.cancel'), VIEW_LIMITS.buttonChars),
    private_metadata: checkedPrivateMetadata(privateMetadata),
    blocks: [costNote(syntax, prices, lang), ...form.fields.map((field) => inputBlock(operationId, field, lang))],
  };
}
