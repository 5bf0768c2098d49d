import type { KnownBlock } from '@slack/types';
import { describeSchedule } from '../../core/digest/schedule.js';
import type { Digest } from '../../core/digest/types.js';
import type { Lang } from '../../i18n/lang.js';
import type { SlackMessage } from '../slackMessage.js';
import { contextBlock, headerBlock, sectionBlock } from './blocks.js';
import { dateTimeText } from './dateText.js';
import { fitToSlackLimits } from './fitToSlackLimits.js';
import { escapeMrkdwn, userMention } from './mrkdwn.js';
import { runSummary, sayClause } from './digestRun.js';

/** A digest in a few lines: where, when, what, in which language, next and last run, and a pause with its remedy. */
export function digestLines(digest: Digest, nextRun: number | undefined, lang: Lang): string {
  const values = {
    id: digest.id,
    channel: `<#${digest.channelId}>`,
    schedule: escapeMrkdwn(lang.t(describeSchedule(digest.schedule))),
    funds: lang.t(`digests.list.filter.${digest.filter}`),
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
    lines.push(lang.t('digests.list.paused', { reason: typeof reason === 'string' ? reason : sayClause(reason, lang), remedy: typeof remedy === 'string' ? remedy : lang.t(remedy) }));
  } else if (nextRun !== undefined) {
    lines.push(lang.t('digests.list.nextRun', { when: dateTimeText(nextRun, zone, lang) }));
  }
  if (digest.lastRun) {
    lines.push(lang.t('digests.list.lastRun', { when: dateTimeText(digest.lastRun.scheduledFor, zone, lang, { withZone: false }), summary: runSummary(digest.lastRun, lang) }));
  }
  return lines.join('\n');
}

export interface DigestListOptions {
  now: number;
  nextRun: (digest: Digest) => number | undefined;
  scope: 'channel' | 'added';
  lang: Lang;
}

export function renderDigestList(digests: Digest[], options: DigestListOptions): SlackMessage {
  const { lang } = options;
  if (options.scope === 'added' && digests[0]) {
    const line = lang.t('digests.list.added', { lines: digestLines(digests[0], options.nextRun(digests[0]), lang) });
    return fitToSlackLimits({ text: line, blocks: [sectionBlock(line)] }, lang);
  }
  if (digests.length === 0) {
    const text = lang.t('digests.list.none');
    return fitToSlackLimits({ text, blocks: [sectionBlock(text)] }, lang);
  }
  const blocks: KnownBlock[] = [headerBlock(lang.t('digests.list.title'))];
  for (const digest of digests) blocks.push(sectionBlock(digestLines(digest, options.nextRun(digest), lang)));
  blocks.push(contextBlock(lang.t('digests.list.howTo')));
  return fitToSlackLimits({ text: lang.t('digests.list.count', { n: digests.length }), blocks }, lang);
}
