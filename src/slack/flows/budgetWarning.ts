import { formatDuration } from '../../core/duration.js';
import { escapeMrkdwn } from '../blockKit/mrkdwn.js';
import type { SlackDeps } from '../deps.js';
import { dateTimeText } from '../render/dateText.js';
import { renderNotice } from '../render/notice.js';
import type { Responder } from '../reply/responder.js';
import type { Requester } from '../requester/requester.js';

/**
 * After something the person paid for: once a day, a private word when they have passed 80% of a
 * daily budget (theirs or the workspace's), so the refusal at the limit is not a surprise. Never
 * stops the reply it follows: a store that cannot say is logged and passed over.
 */
export async function warnNearBudget(deps: SlackDeps, requester: Requester, responder: Responder): Promise<void> {
  try {
    const now = deps.now();
    const warning = await deps.budgets.warning({ teamId: requester.teamId, userId: requester.userId }, now);
    if (!warning) return;
    const { lang, timeZone } = await requester.profile();
    const resets = warning.resetsAt.getTime();
    const text = lang.t(warning.scope === 'user' ? 'usage.warning.user' : 'usage.warning.team', {
      spent: lang.t('common.coins', { count: warning.spent }),
      limit: lang.t('common.coins', { count: warning.limit }),
      percent: Math.floor((warning.spent / warning.limit) * 100),
      at: escapeMrkdwn(dateTimeText(resets, timeZone, lang)),
      in: formatDuration(Math.max(0, resets - now), lang),
    });
    await (responder.whisper ?? responder.reply)(renderNotice(text, lang));
  } catch (error) {
    deps.logger.warn({ err: error }, 'could not check or send the budget warning');
  }
}
