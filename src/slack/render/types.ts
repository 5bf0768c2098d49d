import type { KnownBlock } from '@slack/types';
import type { ChartImage } from '../../charts/chartRenderer.js';
import type { CallResult } from '../../core/client/dataClient.js';
import type { OperationId } from '../../core/operations/index.js';
import type { Prices } from '../../core/operations/prices.js';
import type { Lang } from '../../i18n/lang.js';
import type { RecordQuestion } from '../parse/plainWords.js';

export interface RenderOptions {
  /** The reader's language (for a share in a channel, the workspace's). */
  lang: Lang;
  /** IANA zone of the reader, for times in the reply. */
  timeZone: string;
  /** Running against the simulator: the footer says the data is simulated. */
  demo: boolean;
  /** Injected clock: renderers never read the time themselves. */
  now: number;
  chart?: ChartImage;
  /** What each operation costs here: the footer says when a price is assumed. */
  prices: Prices;
  /**
   * The surface takes Slack's native tables and charts (a Slack message; not the console). Lists are
   * then one data_table of the whole fetched page, and a chart Slack draws (data_visualization) can
   * show; without it, or when a table would pass one of Slack's limits, lists keep the layout of
   * sections and a native chart is one line saying it is not shown.
   */
  tables?: boolean;
  /** The next page is in the cache, fresh (flows/freePages.ts): its button says it is free, not its price. */
  nextPageFree?: boolean;
  /** The page Previous brings (the last page, from past the end) is in the cache, fresh: the same for Previous. */
  previousPageFree?: boolean;
  /** Slack user id, when the reply is posted visibly via Share in channel. */
  sharedBy?: string;
  /** The yes/no question a message asked of the record it looks up (是A级纳税人吗): the answer says it first. */
  asks?: RecordQuestion;
}

/** What an operation's renderer gives: the result itself; answer.ts adds paging, buttons and footer. */
export interface RenderedResult {
  /** Notification text: one line, escaped. */
  text: string;
  blocks: KnownBlock[];
}

/** What the answer frame needs of an operation's own module (its SlackOperation): its rendering. */
export interface ResultRenderer {
  /** The result itself, in `options.lang`; renderAnswer adds paging, buttons and the footer. Pure. */
  render(answer: CallResult, options: RenderOptions): RenderedResult;
  /** The rendering reads `options.now` (beyond the footer): its replies are never reused from RenderedAnswers. */
  rendersWithClock?: boolean;
}

/** A request in the reader's words (its operation's `describe`), handed to renderers of stored lookups and exports. */
/** A request in the reader's words; `name`: what the app has seen it is about called (a fund's name). */
export type DescribeRequest = (
  operation: OperationId,
  request: Record<string, unknown>,
  lang: Lang,
  name?: string,
) => string;
