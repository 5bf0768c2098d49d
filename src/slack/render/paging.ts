import type { ActionsBlock, Button, ContextBlock, KnownBlock } from '@slack/types';
import type { CallResult } from '../../core/client/dataClient.js';
import { operations, type AnyOperation, type PageInfo } from '../../core/operations/index.js';
import { ACTION } from '../ids.js';
import { encodeQueryValue } from '../queryValue.js';
import { exportButton } from './exportButton.js';
import { formatCount, plural } from './format.js';
import { keepBlock } from './fitToSlackLimits.js';
import { mrkdwn, plainText } from './mrkdwn.js';
import type { RenderOptions } from './types.js';

/** A page after the last one (asked for before the number of pages was known): what it should say. */
export function isPastTheEnd(paging: PageInfo | undefined): paging is PageInfo & { pageCount: number } {
  return paging?.pageCount !== undefined && paging.page > paging.pageCount && paging.page > 1;
}

/**
 * For a renderer whose page came back empty: past the first page that means the results ended
 * before it, not that nothing matches. Undefined on a first page.
 */
export function emptyPageText(paging: PageInfo | undefined): string | undefined {
  if (!paging || paging.page <= 1) return undefined;
  if (isPastTheEnd(paging)) {
    const results = paging.total !== undefined ? plural(paging.total, 'result') : 'The results';
    return `Page ${formatCount(paging.page)} is past the end: ${results} on ${plural(paging.pageCount, 'page')}. Go back to the last page.`;
  }
  return `Page ${formatCount(paging.page)} is empty: the results end before it. Go back a page.`;
}

function pageText(paging: PageInfo): string {
  if (isPastTheEnd(paging)) return `Past the last page (${formatCount(paging.pageCount)})${paging.total !== undefined ? ` · ${plural(paging.total, 'result')}` : ''}`;
  const page = paging.pageCount !== undefined ? `Page ${formatCount(paging.page)} of ${formatCount(paging.pageCount)}` : `Page ${formatCount(paging.page)}`;
  return paging.total !== undefined ? `${page} · ${plural(paging.total, 'result')}` : page;
}

function button(actionId: string, label: string, value: string | undefined): Button | undefined {
  // A value Slack would refuse makes the whole message fail; better to go without this one button.
  if (value === undefined) return undefined;
  return { type: 'button', action_id: actionId, text: plainText(label), value };
}

function pageButton(answer: CallResult, definition: AnyOperation | undefined, actionId: string, label: string, page: number): Button | undefined {
  if (!definition?.withPage) return undefined;
  return button(actionId, label, encodeQueryValue({ operation: answer.operation, request: definition.withPage(answer.request, page) }));
}

/**
 * "Page x of y" and the buttons under a result: Previous/Next where there is such a page, Share in
 * channel, and Export CSV (exportButton.ts). Each button carries the query it repeats. A shared copy is a snapshot for the channel:
 * no buttons, since a click there would replace everyone's copy and charge whoever clicked.
 */
export function renderPaging(answer: CallResult, options: Pick<RenderOptions, 'sharedBy' | 'lang'>): KnownBlock[] {
  const definition: AnyOperation | undefined = Object.hasOwn(operations, answer.operation) ? operations[answer.operation] : undefined;
  const blocks: KnownBlock[] = [];
  const buttons: Array<Button | undefined> = [];
  const paging = answer.paging;
  if (paging) {
    const context: ContextBlock = { type: 'context', elements: [mrkdwn(pageText(paging))] };
    blocks.push(keepBlock('paging', context));
  }
  if (options.sharedBy) return blocks;
  // From past the end, "back" means the last page, not the empty page before this one.
  if (isPastTheEnd(paging)) buttons.push(pageButton(answer, definition, ACTION.pagePrevious, `← Last page (${formatCount(paging.pageCount)})`, paging.pageCount));
  else if (paging?.hasPrevious) buttons.push(pageButton(answer, definition, ACTION.pagePrevious, '← Previous', paging.page - 1));
  if (paging?.hasNext) buttons.push(pageButton(answer, definition, ACTION.pageNext, 'Next →', paging.page + 1));
  buttons.push(button(ACTION.share, 'Share in channel', encodeQueryValue({ operation: answer.operation, request: answer.request })));
  buttons.push(exportButton(answer, options.lang));
  const elements = buttons.filter((element) => element !== undefined);
  if (elements.length) {
    const actions: ActionsBlock = { type: 'actions', elements };
    blocks.push(keepBlock('actions', actions));
  }
  return blocks;
}
