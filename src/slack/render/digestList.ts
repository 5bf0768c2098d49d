import type { KnownBlock } from '@slack/types';
import type { Digest, FundFilter } from '../../core/digest/types.js';
import { describeSchedule } from '../../core/jobs/schedule.js';
import type { Lang, Locale, Phrase } from '../../i18n/lang.js';
import { contextBlock, headerBlock, sectionBlock } from '../blockKit/blocks.js';
import { fitToSlackLimits } from '../blockKit/fitToSlackLimits.js';
import { escapeMrkdwn, serviceText, userMention } from '../blockKit/mrkdwn.js';
import { ACTION } from '../payloads/ids.js';
import type { SlackMessage } from '../reply/slackMessage.js';
import { dateTimeText } from './dateText.js';
import { digestRunSummary, sayClause } from './digestRun.js';
import { type ListPage, listPager } from './listPages.js';

/** A digest's kinds and words (`type bond, money · name or manager with 易方达`), mrkdwn-safe; empty without them. */
export function fundFilterText(fundFilter: FundFilter | undefined, lang: Lang): string {
  const parts: string[] = [];
  const separator = lang.t('results.listSeparator');
  if (fundFilter?.kinds?.length)
    parts.push(
      lang.t('digests.filter.kinds', {
        kinds: fundFilter.kinds.map((kind) => lang.t(`digests.fundKind.${kind}`)).join(separator),
      }),
    );
  if (fundFilter?.words?.length)
    parts.push(
      lang.t('digests.filter.words', {
        words: fundFilter.words.map((word) => serviceText(word, { max: 30, oneLine: true })).join(separator),
      }),
    );
  return parts.join(' · ');
}

/** A digest in a few lines: where, when, what, in which language, next and last run, and a pause with its remedy. */
export function digestLines(digest: Digest, nextRun: number | undefined, lang: Lang): string {
  const filtered = fundFilterText(digest.fundFilter, lang);
  const values = {
    id: digest.id,
    channel: `<#${digest.channelId}>`,
    schedule: escapeMrkdwn(lang.t(describeSchedule(digest.schedule))),
    funds: [lang.t(`digests.list.filter.${digest.filter}`), ...(filtered ? [filtered] : [])].join(' · '),
    user: userMention(digest.createdBy),
  };
  const lines = [
    digest.lang
      ? lang.t('digests.list.lineWithLanguage', { ...values, language: lang.t(`digests.language.${digest.lang}`) })
      : lang.t('digests.list.line', values),
  ];
  const zone = digest.schedule.timeZone;
  if (digest.paused) {
    const { reason, remedy } = digest.paused;
    lines.push(
      lang.t('digests.list.paused', {
        reason: typeof reason === 'string' ? reason : sayClause(reason, lang),
        remedy: typeof remedy === 'string' ? remedy : lang.t(remedy),
      }),
    );
  } else if (nextRun !== undefined) {
    lines.push(lang.t('digests.list.nextRun', { when: dateTimeText(nextRun, zone, lang) }));
  }
  if (digest.lastRun) {
    lines.push(
      lang.t('digests.list.lastRun', {
        when: dateTimeText(digest.lastRun.scheduledFor, zone, lang, { withZone: false }),
        summary: digestRunSummary(digest.lastRun, lang),
      }),
    );
  }
  return lines.join('\n');
}

/** The line that says a workspace's digests and watches hold, and why (AppStatus.stopped). */
export function jobsHeldLine(reason: Phrase, lang: Lang): string {
  return lang.t('digests.list.jobsHeld', { reason: sayClause(reason, lang) });
}

export interface DigestListOptions {
  now: number;
  /** The workspace's jobs hold: said first. */
  jobsHeld?: Phrase | undefined;
  nextRun: (digest: Digest) => number | undefined;
  scope: 'channel' | 'added';
  lang: Lang;
}

/** A page and its language in a Previous/Next button's value: `digest:channel:2:zh-CN` (as watchListPageValue). */
export function digestListPageValue(page: number, locale: Locale): string {
  return `digest:channel:${page}:${locale}`;
}

/** Digests a reply lists at once (one block each). */
export const DIGESTS_PER_MESSAGE = 20;

/** One page of a channel's digests, with Previous/Next when there are more; or the one just added. */
export function renderDigestList(digests: ListPage<Digest>, options: DigestListOptions): SlackMessage {
  const { lang } = options;
  if (options.scope === 'added' && digests.items[0]) {
    const line = lang.t('digests.list.added', {
      lines: digestLines(digests.items[0], options.nextRun(digests.items[0]), lang),
    });
    return fitToSlackLimits({ text: line, blocks: [sectionBlock(line)] }, lang);
  }
  if (digests.count === 0) {
    const text = lang.t('digests.list.none');
    return fitToSlackLimits({ text, blocks: [sectionBlock(text)] }, lang);
  }
  const blocks: KnownBlock[] = [headerBlock(lang.t('digests.list.title'))];
  if (options.jobsHeld) blocks.push(sectionBlock(jobsHeldLine(options.jobsHeld, lang)));
  for (const digest of digests.items) blocks.push(sectionBlock(digestLines(digest, options.nextRun(digest), lang)));
  const footer = [lang.t('digests.list.howTo')];
  if (digests.pageCount > 1)
    footer.unshift(
      lang.t('digests.list.shown', {
        first: digests.first,
        last: digests.last,
        count: digests.count,
        page: digests.page,
        pageCount: digests.pageCount,
      }),
    );
  blocks.push(contextBlock(footer.join('\n')));
  const pager = listPager(
    'dq-digest-list-pages',
    { previous: ACTION.listPrevious, next: ACTION.listNext },
    digests,
    (shown) => digestListPageValue(shown, lang.locale),
    lang,
  );
  if (pager) blocks.push(pager);
  return fitToSlackLimits({ text: lang.t('digests.list.count', { count: digests.count }), blocks }, lang);
}
