import { setTimeout as sleep } from 'node:timers/promises';
import type { Lang } from '../../i18n/lang.js';
import type { SlackDeps } from '../deps.js';
import { workspaceLang, type Asker } from '../middleware/whoIsAsking.js';

/** A form must open (trigger_id) or be answered (view_submission) within 3 s of Slack asking. */
const FORM_LANGUAGE_WAIT_MS = 1000;

/**
 * The asker's language for a form or its answer, but never at the cost of Slack's 3 seconds: a
 * profile lookup that takes longer leaves the form in the workspace's language (the lookup goes on
 * and is cached for the next time).
 */
export async function formLang(deps: SlackDeps, asker: Asker): Promise<Lang> {
  const fallback = workspaceLang(deps);
  const chosen = asker.requester().then(
    (requester) => requester.lang,
    () => fallback,
  );
  return Promise.race([chosen, sleep(FORM_LANGUAGE_WAIT_MS, fallback, { ref: false })]);
}
