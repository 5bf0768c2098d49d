import type { ChartImage, ChartPlan, ChartSettings } from '../../charts/chartRenderer.js';
import type { CallResult } from '../../core/client/dataClient.js';
import type { OperationId, RequestOf, WATCHED_OPERATIONS } from '../../core/operations/index.js';
import type { WatchKind, WatchTarget } from '../../core/watch/types.js';
import type { Lang } from '../../i18n/lang.js';
import type { SearchForm } from '../modals/searchForm.js';
import type { CommandSyntax } from '../parse/commandSyntax.js';
import type { RenderedResult, RenderOptions } from '../render/types.js';
import type { WatchWords } from '../render/watch.js';
import type { OperationStep } from './workflowStep.js';

/**
 * Everything Slack-facing about one data operation: how it is typed as a command (and its help),
 * its search form, how its answer is shown, and the chart that goes with it, if any. The operation
 * itself (path, cost, limits, schemas) is defined once in core/operations.
 */
export interface SlackOperation<Id extends OperationId = OperationId> {
  syntax: CommandSyntax;
  form: SearchForm;
  /**
   * The request in the reader's words, plain text (`CL, 5-minute, 30 candles`, `基金 000001`): what an
   * export, a progress note or the Home tab's recent lookups say was asked, never wire names; with
   * `name`, the name the app has seen for what it is about (a fund's, `基金 000001 华夏成长混合`).
   */
  describe(request: RequestOf<Id>, lang: Lang, name?: string): string;
  /** The result itself, in `options.lang`; renderAnswer adds paging, buttons and the footer. Pure. */
  render(answer: CallResult<Id>, options: RenderOptions): RenderedResult;
  /** The rendering reads `options.now` (beyond the footer): its replies are never reused from RenderedAnswers. */
  rendersWithClock?: boolean;
  /** The chart, its titles, alt text and caption in `lang`. */
  chart?(answer: CallResult<Id>, settings: ChartSettings, timeZone: string, lang: Lang): ChartPlan;
  /** The chart Slack draws from values in a message (its data_visualization block), where a picture cannot reach Slack. */
  nativeChart?(answer: CallResult<Id>, timeZone: string, lang: Lang): ChartImage;
  /** Its Workflow Builder step, if it offers one. */
  step?: OperationStep;
  /** How a watch of this operation is worded, if it can be watched. */
  watch?: WatchWords<WatchedTarget<Id>>;
}

/** The watch target of an operation's kind (`fund` for fund-asset); every target for any operation. */
type WatchedTarget<Id extends OperationId> = Extract<
  WatchTarget,
  { kind: { [Kind in WatchKind]: (typeof WATCHED_OPERATIONS)[Kind] extends Id ? Kind : never }[WatchKind] }
>;
