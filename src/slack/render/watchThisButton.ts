import type { Button } from '@slack/types';
import type { CallResult } from '../../core/client/dataClient.js';
import { watchableSubject } from '../../core/watch/checks.js';
import type { Lang } from '../../i18n/lang.js';
import { plainText } from '../blockKit/mrkdwn.js';
import { ACTION } from '../payloads/ids.js';

/**
 * "Watch this" under a result that names one company, fund or contract, "Watch this search" under a
 * tenders result: opens the watch form on it.
 */
export function watchThisButton(answer: CallResult, lang: Lang): Button | undefined {
  const subject = watchableSubject(answer.operation, answer.request, answer.result);
  if (!subject) return undefined;
  return {
    type: 'button',
    action_id: ACTION.watchThis,
    text: plainText(lang.t(subject.kind === 'tenders' ? 'watch.form.watchThisSearch' : 'watch.form.watchThis')),
    value: JSON.stringify(subject),
  };
}
