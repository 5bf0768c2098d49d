import type { KnownBlock } from '@slack/types';
import type { CallResult } from '../../../src/core/client/dataClient.js';
import { type OperationId, operations, type RequestOf, type ResultOf } from '../../../src/core/operations/index.js';
import { pricesFrom } from '../../../src/core/operations/prices.js';
import { english } from '../../../src/i18n/lang.js';
import { type RenderOptions, renderAnswer } from '../../../src/slack/render/answer.js';
import type { SlackMessage } from '../../../src/slack/reply/slackMessage.js';
import { knownSlackOperation } from '../../../src/slack/slackOperations/index.js';

export const NOW = Date.UTC(2026, 4, 20, 6, 30); // 2026-05-20 14:30 in Shanghai

export const OPTIONS: RenderOptions = {
  lang: english,
  timeZone: 'Asia/Shanghai',
  demo: false,
  now: NOW,
  prices: pricesFrom(),
};

/** A CallResult as the client would give it, for a request in loose input form (validated here). */
export function answerOf<Id extends OperationId>(
  operation: Id,
  input: Record<string, unknown>,
  result: ResultOf<Id>,
  extra: Partial<CallResult<Id>> = {},
): CallResult<Id> {
  const definition = operations[operation];
  const parsed = definition.input.safeParse(input);
  if (!parsed.success) throw new Error(`bad fixture input: ${parsed.error.message}`);
  const request = parsed.data as RequestOf<Id>;
  const answer: CallResult<Id> = {
    operation,
    request,
    result,
    source: 'upstream',
    coinsSpent: definition.cost,
    cost: definition.cost,
    storedAt: NOW,
    ageMs: 0,
    taskNo: 'TASK123',
    ...extra,
  };
  const paging = (definition as { paging?: (request: unknown, result: unknown) => CallResult['paging'] }).paging;
  if (paging && !('paging' in extra)) answer.paging = paging(request, result);
  return answer;
}

type Node = { [key: string]: unknown };

/** Every text a reader could see, in order, joined by newlines. */
export function visibleText(message: SlackMessage | { blocks: KnownBlock[] }): string {
  const texts: string[] = [];
  const visit = (value: unknown): void => {
    if (Array.isArray(value)) {
      for (const item of value) visit(item);
      return;
    }
    if (typeof value !== 'object' || value === null) return;
    const node = value as Node;
    if ((node.type === 'mrkdwn' || node.type === 'plain_text') && typeof node.text === 'string') {
      texts.push(node.text);
      return;
    }
    Object.values(node).forEach(visit);
  };
  visit(message.blocks);
  return texts.join('\n');
}

export function buttons(message: SlackMessage): Array<{ action_id?: string; value?: string; text: { text: string } }> {
  return message.blocks.flatMap((block) =>
    block.type === 'actions'
      ? (block.elements as Array<{ type: string; action_id?: string; value?: string; text: { text: string } }>).filter(
          (e) => e.type === 'button',
        )
      : [],
  );
}

export function footerText(message: SlackMessage): string {
  const footer = message.blocks.find((block) => block.block_id?.startsWith('dq-keep-footer'));
  if (footer?.type !== 'context') throw new Error('no footer');
  return footer.elements.map((element) => ('text' in element ? element.text : '')).join(' ');
}

export function hostile(text = 'Evil'): string {
  return `${text} <!channel> <@U0BADBAD> <https://evil.example|click> & *bold* \`tick\` ~strike~`;
}

/** An answer framed as the flows frame it: with its own operation's rendering. */
export function answerMessage(answer: CallResult, options: RenderOptions): SlackMessage {
  return renderAnswer(answer, knownSlackOperation(answer.operation), options);
}
