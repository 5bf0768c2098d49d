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
 * "Page x of y" and the buttons under a result: Previous/Next where there is such a page, Share in
 * channel, and Export CSV (exportButton.ts). Each button carries the query it repeats. A shared copy is a snapshot for the channel:
 * no buttons, since a click there would replace everyone's copy and charge whoever clicked. An empty
 * result has nothing to share, export or page through: only the way back from an empty later page.
 */
export function renderPaging(
  answer: CallResult,
  options: Pick<RenderOptions, 'sharedBy' | 'lang' | 'prices' | 'nextPageFree'>,
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
  // From past the end, "back" means the last page, not the empty page before this one.
  if (isPastTheEnd(paging))
    buttons.push(
      pageButton(
        answer,
        definition,
        ACTION.pagePrevious,
        lang.t('answer.paging.lastPage', { page: paging.pageCount }),
        paging.pageCount,
        lang.locale,
      ),
    );
  else if (paging?.hasPrevious)
    buttons.push(
      pageButton(
        answer,
        definition,
        ACTION.pagePrevious,
        lang.t('answer.paging.previous'),
        paging.page - 1,
        lang.locale,
      ),
    );
  // Next is the one button that may call the service again: it says the price before it is clicked,
  // or that it is free when the flow found that page in the cache; then its click takes the page only
  // from the cache, so a label that said free stays true after the page has left it.
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
 * A Next labelled free whose page has left the cache since: nothing bought, the page offered at its
 * price (a paid Next of the same query, `paidValue`), the page shown left as it is.
 */
export function renderPageLeftCache(paidValue: string | undefined, coins: number, lang: Lang): SlackMessage {
  const text = lang.t('answer.paging.leftCache');
  const blocks: KnownBlock[] = [sectionBlock(`:warning: ${text}`)];
  const fetch = button(
    ACTION.pageNext,
    lang.t('answer.paging.fetchPaid', { coins: lang.t('common.coins', { count: coins }) }),
    paidValue,
  );
  if (fetch) blocks.push({ type: 'actions', elements: [fetch] });
  return fitToSlackLimits({ text, blocks }, lang);
}
