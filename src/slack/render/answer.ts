import type { KnownBlock } from '@slack/types';
import type { CallResult } from '../../core/client/dataClient.js';
import type { OperationId } from '../../core/operations/index.js';
import type { SlackMessage } from '../message.js';
import { renderBids } from './bids.js';
import { dividerBlock, headerBlock, sectionBlock } from './blocks.js';
import { renderFooter } from './footer.js';
import { renderFundAsset } from './fundAsset.js';
import { renderFutures } from './futures.js';
import { fitToSlackLimits, keepBlock } from './limits.js';
import { escapeMrkdwn } from './mrkdwn.js';
import { renderNewFunds } from './newFunds.js';
import { renderPaging } from './paging.js';
import { renderTaxpayer } from './taxpayer.js';
import type { RenderedResult, RenderOptions } from './types.js';

export type { RenderOptions } from './types.js';

type OperationRenderer<Id extends OperationId> = (answer: CallResult<Id>, options: RenderOptions) => RenderedResult;

/** One renderer per operation; the mapped type makes a new operation without a renderer a compile error. */
const RENDERERS: { [Id in OperationId]: OperationRenderer<Id> } = {
  'enterprise-general-taxpayer-query': renderTaxpayer,
  'thirdpartymarket-cmapi00069224-enterprise-search-bid-list': renderBids,
  'fund-asset': renderFundAsset,
  'finance-external-futures-kline': renderFutures,
  'fund-new-list': renderNewFunds,
};

function unknownOperation(answer: CallResult): RenderedResult {
  const name = escapeMrkdwn(String(answer.operation));
  return { text: `Result of ${name}`, blocks: [headerBlock(String(answer.operation)), sectionBlock(`This app cannot show results of ${name} yet.`)] };
}

/**
 * A finished lookup as a Slack message: the operation's own rendering, then page and buttons, then
 * the footer saying what it cost. Pure: the same answer and options always give the same message.
 */
export function renderAnswer(answer: CallResult, options: RenderOptions): SlackMessage {
  // The record cannot tie the answer's operation to its renderer's parameter type; the key does at run time.
  const render = Object.hasOwn(RENDERERS, answer.operation) ? (RENDERERS[answer.operation] as OperationRenderer<OperationId>) : undefined;
  const body = render ? render(answer, options) : unknownOperation(answer);
  const message = fitToSlackLimits({
    text: body.text,
    blocks: [...body.blocks, keepBlock('divider', dividerBlock()), ...renderPaging(answer, options), renderFooter(answer, options)],
  });
  return { text: message.text, blocks: withVersionedIds(message.blocks, answer) };
}

/** FNV-1a: a short, stable fingerprint; nothing here needs to be secret or collision-proof. */
function fingerprint(text: string): string {
  let hash = 0x811c9dc5;
  for (let index = 0; index < text.length; index++) {
    hash ^= text.charCodeAt(index);
    hash = Math.imul(hash, 0x01000193);
  }
  return (hash >>> 0).toString(36);
}

/**
 * Slack asks for new block_ids when a message is updated (Previous/Next replace the message), so the
 * ids carry a fingerprint of the query and the result's age. The role prefixes stay in front.
 */
function withVersionedIds(blocks: KnownBlock[], answer: CallResult): KnownBlock[] {
  const tag = fingerprint(JSON.stringify([answer.operation, answer.request, answer.storedAt]));
  return blocks.map((block) => (block.block_id ? { ...block, block_id: `${block.block_id}.${tag}` } : block));
}
