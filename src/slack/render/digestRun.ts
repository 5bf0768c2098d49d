import type { DigestRunOutcome } from '../../core/digest/digestRunner.js';
import type { Digest, DigestRunRecord } from '../../core/digest/types.js';
import type { Lang, Phrase } from '../../i18n/lang.js';
import { escapeMrkdwn } from '../blockKit/mrkdwn.js';

/** A stored detail whose values can quote the service or Slack (an older record: plain text): those are escaped, the app's own words are not. */
export function sayEscaped(phrase: Phrase | string, lang: Lang): string {
  if (typeof phrase === 'string') return escapeMrkdwn(phrase);
  if (!phrase.values) return lang.t(phrase);
  return lang.t({
    ...phrase,
    values: Object.fromEntries(
      Object.entries(phrase.values).map(([name, value]) => [
        name,
        typeof value === 'string' ? escapeMrkdwn(value) : value,
      ]),
    ),
  });
}

/**
 * A pause's reason said inside a line that punctuates it itself ("Paused: {{reason}}; {{remedy}}"):
 * the reason is a whole sentence elsewhere, so its closing stop is dropped here (no ".;" or "。；").
 */
export function sayClause(phrase: Phrase | string, lang: Lang): string {
  return sayEscaped(phrase, lang).replace(/[.。!！]+$/u, '');
}

/** One line on how a run went, for `/dq digest run`, `list` and the App Home. */
export function digestRunSummary(record: DigestRunRecord, lang: Lang): string {
  // What the ledger holds: a page whose answer never came is counted as charged, and said to be that page.
  const total = lang.t('common.coins', { count: record.coinsSpent + (record.coinsAtRisk ?? 0) });
  const coins = record.coinsAtRisk
    ? lang.t('digests.run.coinsWithUnanswered', {
        coins: total,
        unanswered: record.coinsAtRisk,
      })
    : total;
  switch (record.outcome) {
    case 'posted':
      return lang.t('digests.run.posted', { funds: lang.t('digests.post.funds', { count: record.newFunds }), coins });
    case 'nothing_new':
      return lang.t('digests.run.nothingNew', { coins });
    case 'over_budget':
      return lang.t('digests.run.overBudget');
    case 'post_unknown':
      return lang.t('digests.run.unconfirmed', { detail: record.detail ? sayEscaped(record.detail, lang) : '' });
    case 'post_failed':
      return lang.t('digests.run.couldNotPost', {
        detail: record.detail ? sayEscaped(record.detail, lang) : lang.t('digests.run.slackRefused'),
      });
    case 'fetch_failed':
      return lang.t('digests.run.couldNotFetch', {
        detail: record.detail ? sayEscaped(record.detail, lang) : lang.t('digests.run.serviceFailed'),
      });
    case 'missed':
      return lang.t('digests.run.missed');
    case 'refused':
      return lang.t('digests.run.refused', { detail: record.detail ? sayEscaped(record.detail, lang) : '' });
  }
}

export function describeRunOutcome(digest: Digest, outcome: DigestRunOutcome, lang: Lang): string {
  if (outcome === 'missing') return lang.t('digests.run.gone', { id: digest.id });
  if (outcome === 'busy') return lang.t('digests.run.busy', { id: digest.id });
  if (outcome === 'claimed_elsewhere') return lang.t('digests.run.claimedElsewhere', { id: digest.id });
  if (outcome === 'stopped') return lang.t('digests.run.stopped', { id: digest.id });
  const told = lang.t('digests.run.outcome', {
    id: digest.id,
    channel: `<#${digest.channelId}>`,
    summary: digestRunSummary(outcome, lang),
  });
  return outcome.unrecorded ? `${told}\n${lang.t('digests.run.unrecorded')}` : told;
}
