import type { Lang } from '../../i18n/lang.js';
import type { SlackDeps } from '../deps.js';
import { renderQueued, renderQueuedDone } from '../render/queued.js';
import type { Progress, Responder } from '../reply/responder.js';

export interface QueuedNotice {
  /** The client's onWait: says "Queued…" once a rate-limit wait is long enough to be noticed. */
  onWait(waitMs: number): void;
  /** Waits for the notice to be out; whatever follows it (result or error) then replaces it. */
  settled(): Promise<void>;
  /** Whether the next reply replaces the earlier one: asked for (paging), or the notice to replace. */
  readonly replace: boolean;
  /** Marks the notice done where it was kept apart (a DM message), once the lookup has ended. */
  finish(): Promise<void>;
}

/**
 * The "Queued…" notice of one lookup. Where replies cannot replace one another (a slash command's:
 * bolt-js #2287, bolt-python #1268) it is an editable DM message, marked done once the answer is out.
 */
export function queuedNotice(
  deps: SlackDeps,
  responder: Responder,
  said: { title: string; lang: Lang; replace: boolean },
): QueuedNotice {
  const { title, lang } = said;
  let replace = said.replace;
  let shown: Promise<void> | undefined;
  let progress: Progress | undefined;
  return {
    onWait(waitMs) {
      if (shown || progress || waitMs <= deps.config.queuedNoticeAfterMs) return;
      const notice = renderQueued(title, waitMs, lang);
      if (!responder.replaces && responder.progress) {
        progress = responder.progress();
        progress.show(notice);
        return;
      }
      shown = responder
        .reply(notice, { replace })
        .catch((error: unknown) => deps.logger.warn({ err: error }, 'could not post the queued notice'));
    },
    async settled() {
      if (!shown) return;
      await shown;
      replace = true;
    },
    get replace() {
      return replace;
    },
    async finish() {
      await progress?.finish(renderQueuedDone(title, lang));
    },
  };
}
