import type { InputBlock, KnownBlock, ModalView } from '@slack/types';
import { operation, type AnyOperation, type OperationId } from '../../core/operations/index.js';
import type { Prices } from '../../core/operations/prices.js';
import { english } from '../../i18n/lang.js';
import { VIEW } from '../ids.js';
import { costText } from '../parse/costText.js';
import { exampleFor } from '../parse/examples.js';
import { formFor } from '../operations/index.js';
import { checkedPrivateMetadata } from './modalOrigin.js';
import { actionIdFor, blockIdFor, type FormField } from './searchForm.js';
import { VIEW_LIMITS, plainText } from './slackText.js';

function inputBlock(operationId: OperationId, field: FormField): InputBlock {
  const block: InputBlock = {
    type: 'input',
    block_id: blockIdFor(operationId, field.field),
    label: plainText(field.label(english)),
    element: field.element(actionIdFor(field.field), english),
    optional: field.optional,
  };
  if (field.hint) block.hint = plainText(field.hint(english));
  return block;
}

function costNote(operationId: OperationId, definition: AnyOperation, prices: Prices): KnownBlock {
  const text = `${costText(definition, prices)}; repeating a recent search is free. Next time you can type \`${exampleFor(operationId)}\`.`;
  return { type: 'context', elements: [{ type: 'mrkdwn', text }] };
}

/** The search form of one operation (callback_id `dq_search:<alias>`). */
export function searchModal(operationId: OperationId, privateMetadata: string, prices: Prices): ModalView {
  const definition: AnyOperation = operation(operationId);
  const form = formFor(operationId);
  return {
    type: 'modal',
    callback_id: VIEW.search(definition.alias),
    title: plainText(definition.title, VIEW_LIMITS.titleChars),
    submit: plainText('Search', VIEW_LIMITS.buttonChars),
    close: plainText('Cancel', VIEW_LIMITS.buttonChars),
    private_metadata: checkedPrivateMetadata(privateMetadata),
    blocks: [costNote(operationId, definition, prices), ...form.fields.map((field) => inputBlock(operationId, field))],
  };
}
