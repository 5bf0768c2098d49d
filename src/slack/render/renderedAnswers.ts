import { LRUCache } from 'lru-cache';
import type { CallResult } from '../../core/client/dataClient.js';
import { operations } from '../../core/operations/index.js';
import type { SlackMessage } from '../reply/slackMessage.js';
import { renderAnswer } from './answer.js';
import { renderFooter } from './footer.js';
import type { RenderOptions, ResultRenderer } from './types.js';

/** Default bound: a rendered reply is some 12–25 kB of JSON (both layouts), so the 150–300 most read; bench:app measures some 1.2× that in heap. */
export const DEFAULT_RENDERED_BYTES = 4 * 1024 * 1024;

/**
 * Replies already rendered, so a result read again from cache (by anyone, in one language, zone,
 * page and surface) is not laid out, formatted and fitted again. The footer's age comes from the
 * clock, so the footer's own text is part of the key: a reply is reused only while its footer would
 * read the same, which makes a reused reply byte for byte the one a fresh render would give. Answers
 * fresh from the service (a new task number each time) and renderers that read the clock are not
 * kept. Bounded by the JSON size of what it holds; the results themselves live in the store.
 */
export class RenderedAnswers {
  private readonly cache: LRUCache<string, SlackMessage>;

  constructor(maxBytes = DEFAULT_RENDERED_BYTES) {
    this.cache = new LRUCache<string, SlackMessage>({
      maxSize: maxBytes,
      sizeCalculation: (message) => Math.max(1, JSON.stringify(message).length),
    });
  }

  /** What renderAnswer gives for these arguments; the returned message is shared and must not be changed. */
  render(answer: CallResult, operation: ResultRenderer | undefined, options: RenderOptions): SlackMessage {
    const key = keyOf(answer, operation, options);
    if (key === undefined) return renderAnswer(answer, operation, options);
    const kept = this.cache.get(key);
    if (kept) return kept;
    const message = deepFreeze(renderAnswer(answer, operation, options));
    this.cache.set(key, message);
    return message;
  }

  get size(): number {
    return this.cache.size;
  }

  get bytes(): number {
    return this.cache.calculatedSize;
  }
}

/** Everything renderAnswer reads, except the result's rows, which (operation, request, storedAt) name. */
function keyOf(answer: CallResult, operation: ResultRenderer | undefined, options: RenderOptions): string | undefined {
  if (answer.source === 'upstream' || !operation || operation.rendersWithClock) return undefined;
  const footer = renderFooter(answer, options).elements;
  const price = Object.hasOwn(operations, answer.operation) ? options.prices.priceOf(answer.operation) : undefined;
  return JSON.stringify([
    answer.operation,
    answer.request,
    answer.storedAt,
    answer.source,
    answer.cost,
    answer.paging ?? null,
    answer.subjectName ?? null,
    options.lang.locale,
    options.timeZone,
    options.demo,
    options.tables === true,
    options.chart ?? null,
    options.sharedBy ?? null,
    options.asks ?? null,
    options.nextPageFree === true,
    options.previousPageFree === true,
    price ?? null,
    footer,
  ]);
}

/** A kept reply is handed to every reader: freezing it makes any later change fail loudly rather than leak. */
function deepFreeze<T>(value: T): T {
  if (typeof value === 'object' && value !== null && !Object.isFrozen(value)) {
    Object.freeze(value);
    for (const child of Object.values(value)) deepFreeze(child);
  }
  return value;
}
