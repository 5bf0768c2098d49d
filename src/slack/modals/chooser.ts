import type { KnownBlock, ModalView } from '@slack/types';
import { OPERATION_IDS, type OperationId, operation, operations, typedNameOf } from '../../core/operations/index.js';
import type { Prices } from '../../core/operations/prices.js';
import type { Lang } from '../../i18n/lang.js';
import { clippedPlainText, VIEW_LIMITS } from '../blockKit/slackText.js';
import { ACTION, VIEW } from '../payloads/ids.js';
import { checkedPrivateMetadata } from '../payloads/modalOrigin.js';
import { lookupCostText } from '../render/costText.js';
import { operationTitle } from '../render/operationTitle.js';

function operationRow(id: OperationId, prices: Prices, lang: Lang): KnownBlock {
  const definition = operation(id);
  return {
    type: 'section',
    block_id: `dq:chooser:${typedNameOf(definition)}`,
    text: { type: 'mrkdwn', text: `*${operationTitle(id, lang)}*\n${lookupCostText(operations[id], prices, lang)}` },
    accessory: {
      type: 'button',
      action_id: ACTION.openModal,
      value: typedNameOf(definition),
      text: clippedPlainText(lang.t('modals.chooser.open'), VIEW_LIMITS.buttonChars),
    },
  };
}

/**
 * The first step when no operation was named: one button per operation, each opening that
 * operation's search form in place (the app answers the click with views.update or views.push).
 */
export function chooserModal(privateMetadata: string, prices: Prices, lang: Lang): ModalView {
  return {
    type: 'modal',
    callback_id: VIEW.chooser,
    title: clippedPlainText(lang.t('modals.chooser.title'), VIEW_LIMITS.titleChars),
    close: clippedPlainText(lang.t('modals.cancel'), VIEW_LIMITS.buttonChars),
    private_metadata: checkedPrivateMetadata(privateMetadata),
    blocks: [
      { type: 'section', text: { type: 'mrkdwn', text: lang.t('modals.chooser.intro') } },
      ...OPERATION_IDS.map((id) => operationRow(id, prices, lang)),
    ],
  };
}
