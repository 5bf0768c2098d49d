import type { KnownBlock, ModalView } from '@slack/types';
import { OPERATION_IDS, operation, type AnyOperation } from '../../core/operations/index.js';
import type { Prices } from '../../core/operations/prices.js';
import { ACTION, VIEW } from '../ids.js';
import { costText } from '../parse/costText.js';
import { checkedPrivateMetadata } from './modalOrigin.js';
import { VIEW_LIMITS, plainText } from './slackText.js';

function operationRow(definition: AnyOperation, prices: Prices): KnownBlock {
  return {
    type: 'section',
    block_id: `dq:chooser:${definition.alias}`,
    text: { type: 'mrkdwn', text: `*${definition.title}*\n${costText(definition, prices)}` },
    accessory: { type: 'button', action_id: ACTION.openModal, value: definition.alias, text: plainText('Open', VIEW_LIMITS.buttonChars) },
  };
}

/**
 * The first step when no operation was named: one button per operation, each opening that
 * operation's search form in place (the app answers the click with views.update or views.push).
 */
export function chooserModal(privateMetadata: string, prices: Prices): ModalView {
  return {
    type: 'modal',
    callback_id: VIEW.chooser,
    title: plainText('Search data', VIEW_LIMITS.titleChars),
    close: plainText('Cancel', VIEW_LIMITS.buttonChars),
    private_metadata: checkedPrivateMetadata(privateMetadata),
    blocks: [
      { type: 'section', text: { type: 'mrkdwn', text: 'What would you like to look up? The cost of each lookup is shown next to it.' } },
      ...OPERATION_IDS.map((id) => operationRow(operation(id), prices)),
    ],
  };
}
