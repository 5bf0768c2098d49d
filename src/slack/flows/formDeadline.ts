import { setTimeout as sleep } from 'node:timers/promises';

/**
 * Slack waits 3 s for the answer to a form's submission (its errors, an update, or closing it). The
 * checks that may put an error on the form run side by side and get this long from the listener's
 * start; what is not known by then is not waited for (the form is answered, the work goes on).
 * Real time: Slack's deadline is.
 */
export const FORM_CHECKS_MS = 2000;

export type Within<T> = { known: true; value: T } | { known: false };

/** One form's deadline, from now. */
export class FormDeadline {
  private readonly at = Date.now() + FORM_CHECKS_MS;

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
