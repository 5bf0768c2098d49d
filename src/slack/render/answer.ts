import type { KnownBlock } from '@slack/types';
import type { CallResult } from '../../core/client/dataClient.js';
import type { Lang } from '../../i18n/lang.js';
import { dividerBlock, headerBlock, sectionBlock } from '../blockKit/blocks.js';
import { fitToSlackLimits, keepBlock } from '../blockKit/fitToSlackLimits.js';
import { escapeMrkdwn } from '../blockKit/mrkdwn.js';
import { type SlackMessage, withTableFallback } from '../reply/slackMessage.js';
import { renderFooter } from './footer.js';
import { renderPaging } from './paging.js';
import type { RenderedResult, RenderOptions, ResultRenderer } from './types.js';

export type { RenderOptions } from './types.js';

function unknownOperation(answer: CallResult, lang: Lang): RenderedResult {
  const name = escapeMrkdwn(String(answer.operation));
  return {
    text: lang.t('answer.unknownOperation.text', { name }),
    blocks: [headerBlock(String(answer.operation)), sectionBlock(lang.t('answer.unknownOperation.body', { name }))],
  };
}

/**
 * A finished lookup as a Slack message: its operation's own rendering (handed in: the frame knows
 * no operation; one this app cannot show gets a short message), then page and buttons, then
 * the footer saying what it cost. Pure: the same answer and options always give the same message.
 * A message with Slack's newer blocks (a native table or chart) carries the same reply without
 * them, for a Slack that refuses them.
 */
export function renderAnswer(
  answer: CallResult,
  operation: ResultRenderer | undefined,
  options: RenderOptions,
): SlackMessage {
  const message = renderLayout(answer, operation, options);
  if (!options.tables) return message;
  return withTableFallback(message, () => renderLayout(answer, operation, { ...options, tables: false }));
}

function renderLayout(answer: CallResult, operation: ResultRenderer | undefined, options: RenderOptions): SlackMessage {
  const body = operation ? operation.render(answer, options) : unknownOperation(answer, options.lang);
  const message = fitToSlackLimits(
    {
      text: body.text,
      blocks: [
        ...body.blocks,
        keepBlock('divider', dividerBlock()),
        ...renderPaging(answer, options),
        renderFooter(answer, options),
      ],
    },
    options.lang,
  );
  return { ...message, blocks: withVersionedIds(message.blocks, answer) };
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
