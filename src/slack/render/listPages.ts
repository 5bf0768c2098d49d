import type { ActionsBlock, Button } from '@slack/types';
import type { Lang } from '../../i18n/lang.js';
import { plainText } from '../blockKit/mrkdwn.js';

/**
 * One page of a long list (watches, digests) and where it sits in the whole. A reply holds at most
 * 50 blocks and a Home view 100, and rendering hundreds of entries holds the event loop for everyone:
 * lists are shown a page at a time, however many entries are saved.
 */
export interface ListPage<T> {
  items: T[];
  /** From 1. */
  page: number;
  pageCount: number;
  /** Entries in the whole list. */
  count: number;
  /** The numbers (from 1) of the first and last entries shown; 0 when there are none. */
  first: number;
  last: number;
}

/** Page `page` of `all`, `perPage` a page; a page past either end shows the nearest one. */
export function pageOf<T>(all: readonly T[], page: number, perPage: number): ListPage<T> {
  const pageCount = Math.max(1, Math.ceil(all.length / perPage));
  const shown = Math.min(Math.max(1, Number.isFinite(page) ? Math.floor(page) : 1), pageCount);
  const start = (shown - 1) * perPage;
  const items = all.slice(start, start + perPage);
  return {
    items,
    page: shown,
    pageCount,
    count: all.length,
    first: items.length > 0 ? start + 1 : 0,
    last: start + items.length,
  };
}

/** The same page with other entries (each shown one made ready to render). */
export function withItems<T, U>(page: ListPage<T>, items: U[]): ListPage<U> {
  return { ...page, items };
}

/**
 * Previous and Next under a page of a list, each button's value saying which page it shows; none
 * when the list fits on one page. Two action ids, as Slack wants them unique within a block.
 */
export function listPager(
  blockId: string,
  actions: { previous: string; next: string },
  page: ListPage<unknown>,
  value: (page: number) => string,
  lang: Lang,
): ActionsBlock | undefined {
  if (page.pageCount <= 1) return undefined;
  const elements: Button[] = [];
  if (page.page > 1)
    elements.push({
      type: 'button',
      action_id: actions.previous,
      text: plainText(lang.t('answer.paging.previous')),
      value: value(page.page - 1),
    });
  if (page.page < page.pageCount)
    elements.push({
      type: 'button',
      action_id: actions.next,
      text: plainText(lang.t('answer.paging.next')),
      value: value(page.page + 1),
    });
  return { type: 'actions', block_id: blockId, elements };
}
