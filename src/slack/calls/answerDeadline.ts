import { setTimeout as sleep } from 'node:timers/promises';

/**
 * Slack waits 3 s for the answer to a request (a form's errors, an update or closing it; a command's
 * or a click's ack). The checks that decide the answer run side by side and get a share of that from
 * the start; what is not known by then is not waited for (the request is answered, the work goes on).
 * Real time: Slack's deadline is.
 */
export const FORM_CHECKS_MS = 2000;

export type Within<T> = { known: true; value: T } | { known: false };

/** One request's deadline, `budgetMs` from now. */
export class AnswerDeadline {
  private readonly at: number;

  constructor(budgetMs = FORM_CHECKS_MS) {
    this.at = Date.now() + budgetMs;
  }

  /** `work`'s outcome when it is known in time (a rejection is rethrown); `known: false` when it is not. */
  async within<T>(work: Promise<T>): Promise<Within<T>> {
    const late = Symbol('late');
    const outcome = await Promise.race([work, sleep(Math.max(0, this.at - Date.now()), late, { ref: false })]);
    if (outcome === late) {
      work.catch(() => undefined);
      return { known: false };
    }
    return { known: true, value: outcome as T };
  }
}
