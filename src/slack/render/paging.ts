import type { ActionsBlock, Button, ContextBlock, KnownBlock } from '@slack/types';
import type { CallResult } from '../../core/client/dataClient.js';
import { recordsOf } from '../../core/export/exportTable.js';
import { type AnyOperation, operations, type PageInfo } from '../../core/operations/index.js';
import type { Lang, Locale } from '../../i18n/lang.js';
import { sectionBlock } from '../blockKit/blocks.js';
import { fitToSlackLimits, keepBlock } from '../blockKit/fitToSlackLimits.js';
import { mrkdwn, plainText } from '../blockKit/mrkdwn.js';
import { ACTION } from '../payloads/ids.js';
import { encodeQueryValue } from '../payloads/queryValue.js';
import type { SlackMessage } from '../reply/slackMessage.js';
import { exportButton } from './exportButton.js';
import type { RenderOptions } from './types.js';
import { watchThisButton } from './watchThisButton.js';

/** A page after the last one (asked for before the number of pages was known): what it should say. */
export function isPastTheEnd(paging: PageInfo | undefined): paging is PageInfo & { pageCount: number } {
  return paging?.pageCount !== undefined && paging.page > paging.pageCount && paging.page > 1;
}

/**
 * For a renderer whose page came back empty: past the first page that means the results ended
 * before it, not that nothing matches. Undefined on a first page.
 */
export function emptyPageText(paging: PageInfo | undefined, lang: Lang): string | undefined {
  if (!paging || paging.page <= 1) return undefined;
  if (isPastTheEnd(paging)) {
    const results =
      paging.total !== undefined
        ? lang.t('answer.paging.results', { count: paging.total })
        : lang.t('answer.paging.theResults');
    return lang.t('answer.paging.pastTheEnd', {
      page: paging.page,
      results,
      pages: lang.t('answer.paging.pages', { count: paging.pageCount }),
    });
  }
  return lang.t('answer.paging.emptyPage', { page: paging.page });
}

function pageText(paging: PageInfo, lang: Lang): string {
  const results = paging.total !== undefined ? ` · ${lang.t('answer.paging.results', { count: paging.total })}` : '';
  if (isPastTheEnd(paging)) return `${lang.t('answer.paging.pastLast', { pageCount: paging.pageCount })}${results}`;
  const page =
    paging.pageCount !== undefined
      ? lang.t('answer.paging.pageOf', { page: paging.page, pageCount: paging.pageCount })
      : lang.t('answer.paging.page', { page: paging.page });
  return `${page}${results}`;
}

function nextLabel(
  answer: CallResult,
  paging: PageInfo,
  { lang, prices, nextPageFree }: Pick<RenderOptions, 'lang' | 'prices' | 'nextPageFree'>,
): string {
  if (!Object.hasOwn(operations, answer.operation)) return lang.t('answer.paging.next');
  // The last page may be short: "Next 38" when the service said there are only 38 more.
  const size =
    paging.total === undefined
      ? paging.pageSize
      : Math.max(1, Math.min(paging.pageSize, paging.total - paging.page * paging.pageSize));
  if (nextPageFree) return lang.t('tables.nextFree', { size });
  return lang.t('tables.next', { size, coins: prices.priceOf(answer.operation).coins });
}

/** "← Previous (10 coins)", or "(cached, free)" when the flow found that page in the cache; from past the end, the last page. */
function previousLabel(
  answer: CallResult,
  paging: PageInfo,
  { lang, prices, previousPageFree }: Pick<RenderOptions, 'lang' | 'prices' | 'previousPageFree'>,
): string {
  if (!Object.hasOwn(operations, answer.operation)) return lang.t('answer.paging.previous');
  const last = isPastTheEnd(paging) ? { page: paging.pageCount } : undefined;
  if (previousPageFree) return last ? lang.t('answer.paging.lastPageFree', last) : lang.t('answer.paging.previousFree');
  const coins = lang.t('common.coins', { count: prices.priceOf(answer.operation).coins });
  return last
    ? lang.t('answer.paging.lastPagePaid', { ...last, coins })
    : lang.t('answer.paging.previousPaid', { coins });
}

function button(actionId: string, label: string, value: string | undefined): Button | undefined {
  // A value Slack would refuse makes the whole message fail; better to go without this one button.
  if (value === undefined) return undefined;
  return { type: 'button', action_id: actionId, text: plainText(label), value };
}

/** A page of the same query, said in the language of the reply it is under (`locale`). */
function pageButton(
  answer: CallResult,
  definition: AnyOperation | undefined,
  actionId: string,
  label: string,
  page: number,
  locale: Locale,
  free = false,
): Button | undefined {
  if (!definition?.withPage) return undefined;
  return button(
    actionId,
    label,
    encodeQueryValue({ operation: answer.operation, request: definition.withPage(answer.request, page), locale, free }),
  );
}

/**
 * "Page x of y" and the buttons under a result: Previous/Next where there is such a page (each
 * naming its price, or free when its page is cached), Share in channel, and Export CSV (exportButton.ts). Each button carries the query it repeats. A shared copy is a snapshot for the channel:
 * no buttons, since a click there would replace everyone's copy and charge whoever clicked. An empty
 * result has nothing to share, export or page through: only the way back from an empty later page.
 */
export function renderPaging(
  answer: CallResult,
  options: Pick<RenderOptions, 'sharedBy' | 'lang' | 'prices' | 'nextPageFree' | 'previousPageFree'>,
): KnownBlock[] {
  const { lang } = options;
  const definition: AnyOperation | undefined = Object.hasOwn(operations, answer.operation)
    ? operations[answer.operation]
    : undefined;
  const blocks: KnownBlock[] = [];
  const buttons: Array<Button | undefined> = [];
  const paging = answer.paging;
  const empty = recordsOf(answer.result).length === 0;
  if (paging && !(empty && paging.page <= 1)) {
    const context: ContextBlock = { type: 'context', elements: [mrkdwn(pageText(paging, lang))] };
    blocks.push(keepBlock('paging', context));
  }
  if (options.sharedBy) return blocks;
  // From past the end, "back" means the last page, not the empty page before this one. Previous may
  // call the service as Next may (a page that has left the cache, or one never fetched): it names the
  // price, or says free when the flow found its page in the cache, and then only the cache will do.
  if (paging && (isPastTheEnd(paging) || paging.hasPrevious))
    buttons.push(
      pageButton(
        answer,
        definition,
        ACTION.pagePrevious,
        previousLabel(answer, paging, options),
        isPastTheEnd(paging) ? paging.pageCount : paging.page - 1,
        lang.locale,
        options.previousPageFree === true,
      ),
    );
  // Next says the price before it is clicked, or that it is free when the flow found that page in the
  // cache; then its click takes the page only from the cache, so a label that said free stays true
  // after the page has left it.
  if (paging?.hasNext)
    buttons.push(
      pageButton(
        answer,
        definition,
        ACTION.pageNext,
        nextLabel(answer, paging, options),
        paging.page + 1,
        lang.locale,
        options.nextPageFree === true,
      ),
    );
  if (!empty) {
    buttons.push(
      button(
        ACTION.share,
        lang.t('answer.paging.share'),
        encodeQueryValue({ operation: answer.operation, request: answer.request }),
      ),
    );
    buttons.push(exportButton(answer, lang));
    buttons.push(watchThisButton(answer, lang));
  }
  const elements = buttons.filter((element) => element !== undefined);
  if (elements.length) {
    const actions: ActionsBlock = { type: 'actions', elements };
    blocks.push(keepBlock('actions', actions));
  }
  return blocks;
}

/**
 * A page button labelled free whose page has left the cache since (`leftCache`), or a page asked
 * for in words that may only come from the cache (`previous` in a thread, `backNotCached`): nothing
 * bought, the page offered at its price (a paid button of the same query, `paidValue`), the page
 * shown left as it is.
 */
export function renderPageLeftCache(
  paidValue: string | undefined,
  coins: number,
  lang: Lang,
  why: 'leftCache' | 'backNotCached' = 'leftCache',
): SlackMessage {
  const text = lang.t(why === 'leftCache' ? 'answer.paging.leftCache' : 'answer.paging.backNotCached');
  const blocks: KnownBlock[] = [sectionBlock(`:warning: ${text}`)];
  const fetch = button(
    ACTION.pageNext,
    lang.t('answer.paging.fetchPaid', { coins: lang.t('common.coins', { count: coins }) }),
    paidValue,
  );
  if (fetch) blocks.push({ type: 'actions', elements: [fetch] });
  return fitToSlackLimits({ text, blocks }, lang);
}
