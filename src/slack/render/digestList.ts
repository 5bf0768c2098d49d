import type { KnownBlock } from '@slack/types';
import { describeSchedule } from '../../core/digest/schedule.js';
import type { Digest } from '../../core/digest/types.js';
import type { SlackMessage } from '../message.js';
import { contextBlock, headerBlock, sectionBlock } from './blocks.js';
import { formatZonedTime } from './format.js';
import { fitToSlackLimits } from './fitToSlackLimits.js';
import { escapeMrkdwn, userMention } from './mrkdwn.js';
import { runSummary } from './digestRun.js';

const FILTER_LABEL = { onsale: 'on-sale funds', offsale: 'funds not on sale', all: 'all new funds' } as const;

/** A digest in a few lines: where, when, what, next and last run, and a pause with its remedy. */
export function digestLines(digest: Digest, nextRun: number | undefined): string {
  const lines = [
    `*\`${digest.id}\`* → <#${digest.channelId}> · ${escapeMrkdwn(describeSchedule(digest.schedule))} · ${FILTER_LABEL[digest.filter]} · added by ${userMention(digest.createdBy)}`,
  ];
  if (digest.paused) {
    lines.push(`:double_vertical_bar: *Paused*: ${digest.paused.reason}. To fix: ${digest.paused.remedy}.`);
  } else if (nextRun !== undefined) {
    lines.push(`Next run: ${formatZonedTime(nextRun, digest.schedule.timeZone, { withZone: false })}`);
  }
  if (digest.lastRun) lines.push(`Last run ${formatZonedTime(digest.lastRun.scheduledFor, digest.schedule.timeZone, { withZone: false })}: ${runSummary(digest.lastRun)}`);
  return lines.join('\n');
}

export interface DigestListOptions {
  now: number;
  nextRun: (digest: Digest) => number | undefined;
  scope: 'channel' | 'added';
}

export function renderDigestList(digests: Digest[], options: DigestListOptions): SlackMessage {
  if (options.scope === 'added' && digests[0]) {
    const line = `Digest added.\n${digestLines(digests[0], options.nextRun(digests[0]))}`;
    return fitToSlackLimits({ text: line, blocks: [sectionBlock(line)] });
  }
  if (digests.length === 0) {
    const text = 'This channel has no new-fund digest. Add one with `/dq digest add weekdays 08:30 onsale`.';
    return fitToSlackLimits({ text, blocks: [sectionBlock(text)] });
  }
  const blocks: KnownBlock[] = [headerBlock('New-fund digests in this channel')];
  for (const digest of digests) blocks.push(sectionBlock(digestLines(digest, options.nextRun(digest))));
  blocks.push(contextBlock('`/dq digest remove <id>` · `/dq digest run <id>` posts one now'));
  return fitToSlackLimits({ text: `${digests.length} digest(s) in this channel`, blocks });
}
