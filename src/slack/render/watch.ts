import type { ActionsBlock, Button, KnownBlock } from '@slack/types';
import type { Schedule } from '../../core/jobs/schedule.js';
import { describeSchedule, scheduleZone } from '../../core/jobs/schedule.js';
import type { WatchCost } from '../../core/watch/cost.js';
import type {
  FieldChange,
  Watch,
  WatchChange,
  WatchKind,
  WatchNotice,
  WatchRunRecord,
  WatchTarget,
} from '../../core/watch/types.js';
import type { WatchRunOutcome } from '../../core/watch/watchRunner.js';
import type { CatalogueKey } from '../../i18n/catalogueKeys.js';
import type { Lang, Locale } from '../../i18n/lang.js';
import { chunk, contextBlock, headerBlock, labelled, sectionBlock } from '../blockKit/blocks.js';
import { fitToSlackLimits, keepBlock } from '../blockKit/fitToSlackLimits.js';
import { escapeMrkdwn, plainText, serviceText, userMention } from '../blockKit/mrkdwn.js';
import { ACTION } from '../payloads/ids.js';
import { watchCancelValue } from '../payloads/watchRequestValue.js';
import { type SlackMessage, withTableFallback } from '../reply/slackMessage.js';
import { watchCostText } from './costText.js';
import { dateTimeText } from './dateText.js';
import { sayClause, sayEscaped } from './digestRun.js';
import { formatCny } from './format.js';
import { fieldLabel } from './labels.js';
import { type ListPage, listPager } from './listPages.js';

/** A watch in its operation's words (its Slack module's `watch`): what it watches, and the labels of the rows its checks make themselves. */
export interface WatchWords<Target extends WatchTarget = WatchTarget> {
  /** `name`: what the workspace has seen the subject called (a fund's name), when it has. */
  target(target: Target, lang: Lang, name?: string): string;
  /** Why the schedule that fits the data (core/watch/cost.ts `fittingSchedule`) fits it, as a clause. */
  fits(target: Target, lang: Lang): string;
  /** A saved search's new records as one table (Slack's data_table), or without tables one card each; service text inert. */
  records?(records: readonly unknown[], target: Target, lang: Lang, tables: boolean): KnownBlock[];
  /** What is watched as typed to what the operation asks about (a contract's name → its symbol), as a lookup reads it. */
  readSubject?(typed: string): string;
  /** Rows labelled here; others (a taxpayer record's fields) are labelled as lookups label them. */
  rowLabels?: Readonly<Record<string, CatalogueKey>>;
}

/** The words of each kind of watch, handed in by the flows: the renderers know no operation. */
export type WatchWordsOf = (kind: WatchKind) => WatchWords;

/** The labels of the rows a check makes itself, by its operation; a taxpayer record's fields are labelled as lookups label them. */
function rowLabel(words: WatchWords, field: string, lang: Lang): string {
  const labels = words.rowLabels ?? {};
  return Object.hasOwn(labels, field) ? lang.t(labels[field]!) : escapeMrkdwn(fieldLabel(field, lang));
}

/** What is watched, in the reader's words; service text (a company name) escaped. */
export function describeTarget(target: WatchTarget, words: WatchWordsOf, lang: Lang, name?: string): string {
  return words(target.kind).target(target, lang, name);
}

/** "every day at 09:00 (Asia/Shanghai)", "every hour at :05 (Asia/Shanghai)". */
export function describeWatchSchedule(schedule: Schedule, lang: Lang): string {
  if (schedule.cadence.kind === 'hourly')
    return escapeMrkdwn(
      lang.t({
        key: 'watch.scheduleHourly',
        values: { minute: schedule.time.slice(3), timeZone: scheduleZone(schedule) },
      }),
    );
  return escapeMrkdwn(lang.t(describeSchedule(schedule)));
}

/** One check in a few words; `kind`: what the watch watches (a saved search records notices, not values). */
export function watchRunSummary(record: WatchRunRecord, lang: Lang, kind?: WatchKind): string {
  const spent = lang.t('common.coins', { count: record.coinsSpent });
  // A later page of a saved search that went unanswered may have been charged: said beside what was spent.
  const atRisk = record.coinsAtRisk ? lang.t('common.coins', { count: record.coinsAtRisk }) : undefined;
  const coins = atRisk ? lang.t('watch.run.coinsWithAtRisk', { coins: spent, atRisk }) : spent;
  // What a check that did its work still has to say (a later page that could not be read).
  const withDetail = (summary: string) =>
    record.detail ? lang.t('watch.run.withDetail', { summary, detail: sayEscaped(record.detail, lang) }) : summary;
  const withAtRisk = (summary: string) =>
    atRisk ? lang.t('watch.run.alsoAtRisk', { summary, coins: atRisk }) : summary;
  switch (record.outcome) {
    case 'baseline':
      return withDetail(lang.t(kind === 'tenders' ? 'watch.run.baselineNotices' : 'watch.run.baseline', { coins }));
    case 'changed':
      return withDetail(
        record.newRecords === undefined
          ? lang.t('watch.run.changed', { coins })
          : lang.t('watch.run.newNotices', { count: record.newRecords, coins }),
      );
    case 'unchanged':
      return withDetail(lang.t('watch.run.unchanged', { coins }));
    case 'not_found':
      return withDetail(lang.t('watch.run.notFound', { coins }));
    case 'over_budget':
      return lang.t('watch.run.overBudget');
    case 'post_failed':
      return withAtRisk(
        lang.t('watch.run.couldNotPost', { detail: record.detail ? sayEscaped(record.detail, lang) : '' }),
      );
    case 'post_unknown':
      return withAtRisk(
        lang.t('digests.run.unconfirmed', { detail: record.detail ? sayEscaped(record.detail, lang) : '' }),
      );
    case 'fetch_failed': {
      const detail = record.detail ? sayEscaped(record.detail, lang) : '';
      if (record.coinsSpent > 0) return lang.t('watch.run.couldNotFetchCharged', { detail, coins });
      if (record.coinsAtRisk)
        return lang.t('watch.run.couldNotFetchMayHaveCharged', {
          detail,
          coins: lang.t('common.coins', { count: record.coinsAtRisk }),
        });
      return lang.t('watch.run.couldNotFetch', { detail });
    }
    case 'missed':
      return lang.t('watch.run.missed');
    case 'refused':
      return lang.t('watch.run.refused', { detail: record.detail ? sayEscaped(record.detail, lang) : '' });
  }
}

export function describeWatchRun(watch: Watch, outcome: WatchRunOutcome, lang: Lang): string {
  if (outcome === 'missing') return lang.t('watch.run.gone', { id: watch.id });
  if (outcome === 'busy') return lang.t('watch.run.busy', { id: watch.id });
  if (outcome === 'claimed_elsewhere') return lang.t('watch.run.claimedElsewhere', { id: watch.id });
  if (outcome === 'stopped') return lang.t('watch.run.stopped', { id: watch.id });
  const told = lang.t('watch.run.outcome', {
    id: watch.id,
    channel: `<#${watch.channelId}>`,
    summary: watchRunSummary(outcome, lang, watch.target.kind),
  });
  return outcome.unrecorded ? `${told}\n${lang.t('watch.run.unrecorded')}` : told;
}

/** A watch in a few lines: id, what, where, when, cost, next and last check, a pause and its remedy. */
export function watchLines(
  watch: Watch,
  cost: WatchCost,
  nextRun: number | undefined,
  words: WatchWordsOf,
  lang: Lang,
): string {
  const zone = watch.schedule.timeZone;
  const lines = [
    lang.t('watch.list.line', {
      id: watch.id,
      target: describeTarget(watch.target, words, lang),
      channel: `<#${watch.channelId}>`,
      schedule: describeWatchSchedule(watch.schedule, lang),
      user: userMention(watch.createdBy),
    }),
    watchCostText(cost, lang),
  ];
  if (watch.paused)
    lines.push(
      lang.t('watch.list.paused', {
        reason: sayClause(watch.paused.reason, lang),
        remedy: sayEscaped(watch.paused.remedy, lang),
      }),
    );
  else if (nextRun !== undefined)
    lines.push(lang.t('watch.list.nextRun', { when: dateTimeText(nextRun, zone, lang, { withZone: false }) }));
  if (watch.lastRun)
    lines.push(
      lang.t('watch.list.lastRun', {
        when: dateTimeText(watch.lastRun.scheduledFor, zone, lang, { withZone: false }),
        summary: watchRunSummary(watch.lastRun, lang, watch.target.kind),
      }),
    );
  return lines.join('\n');
}

export interface WatchListItem {
  watch: Watch;
  cost: WatchCost;
  nextRun: number | undefined;
}

/**
 * The list's scope, page and language in a Previous/Next button's value: `watch:channel:2:en`,
 * `watch:team:3:zh-CN`; the page it brings is said in the language of the one it is under.
 */
export function watchListPageValue(scope: 'channel' | 'team', page: number, locale: Locale): string {
  return `watch:${scope}:${page}:${locale}`;
}

/**
 * One page of a channel's (or, for admins, the workspace's) watches, with what all the running ones
 * cost in the next 30 days (`totalPerMonth`, summed over the whole list) and Previous/Next.
 */
export function renderWatchList(
  page: ListPage<WatchListItem>,
  totalPerMonth: number,
  scope: 'channel' | 'team',
  words: WatchWordsOf,
  lang: Lang,
): SlackMessage {
  if (page.count === 0) {
    const text = lang.t(scope === 'team' ? 'watch.list.noneInTeam' : 'watch.list.none');
    return fitToSlackLimits({ text, blocks: [sectionBlock(text)] }, lang);
  }
  const blocks: KnownBlock[] = [headerBlock(lang.t(scope === 'team' ? 'watch.list.titleTeam' : 'watch.list.title'))];
  for (const item of page.items)
    blocks.push(sectionBlock(watchLines(item.watch, item.cost, item.nextRun, words, lang)));
  const footer = [
    lang.t('watch.list.total', { coins: lang.t('common.coins', { count: totalPerMonth }) }),
    lang.t('watch.list.howTo'),
  ];
  if (page.pageCount > 1)
    footer.unshift(
      lang.t('watch.list.shown', {
        first: page.first,
        last: page.last,
        count: page.count,
        page: page.page,
        pageCount: page.pageCount,
      }),
    );
  blocks.push(contextBlock(footer.join('\n')));
  const pager = listPager(
    'dq-watch-list-pages',
    { previous: ACTION.listPrevious, next: ACTION.listNext },
    page,
    (shown) => watchListPageValue(scope, shown, lang.locale),
    lang,
  );
  if (pager) blocks.push(pager);
  return fitToSlackLimits({ text: lang.t('watch.list.count', { count: page.count }), blocks }, lang);
}

function button(text: string, actionId: string, value: string, style?: 'primary' | 'danger'): Button {
  const element: Button = { type: 'button', text: plainText(text), action_id: actionId, value };
  if (style) element.style = style;
  return element;
}

/** A schedule that fits the data better than the one asked for, what it costs, and Save's value with it. */
interface FittingProposal {
  schedule: Schedule;
  cost: WatchCost;
  saveValue: string;
}

/** What the first check does, by what is watched: a saved search records (or posts) the notices found now. */
function firstCheckText(watch: Watch, lang: Lang): string {
  const notices = watch.target.kind === 'tenders';
  if (watch.announceFirst) return lang.t(notices ? 'watch.preview.firstPostsNotices' : 'watch.preview.firstPosts');
  return lang.t(notices ? 'watch.preview.firstIsBaselineNotices' : 'watch.preview.firstIsBaseline');
}

/** Whether the schedule fits the data and why; else the one that does, with both costs side by side. */
function fitText(
  watch: Watch,
  cost: WatchCost,
  proposal: FittingProposal | undefined,
  words: WatchWordsOf,
  lang: Lang,
) {
  const why = words(watch.target.kind).fits(watch.target, lang);
  if (!proposal) return lang.t('watch.fit.fits', { why });
  return lang.t('watch.fit.proposed', {
    schedule: describeWatchSchedule(proposal.schedule, lang),
    why,
    checks: lang.t('watch.cost.checks', { count: proposal.cost.checksPerMonth }),
    perMonth: lang.t('common.coins', { count: proposal.cost.perMonth }),
    chosenChecks: lang.t('watch.cost.checks', { count: cost.checksPerMonth }),
    chosenPerMonth: lang.t('common.coins', { count: cost.perMonth }),
  });
}

/**
 * What a watch will do and cost, with Save and Cancel: nothing is saved (or spent) before Save. It
 * says whether the schedule fits how often the data changes, and when another does (`proposal`),
 * what that one would cost beside it, with a Save for it.
 */
export function renderWatchPreview(
  watch: Watch,
  cost: WatchCost,
  nextRun: number | undefined,
  saveValue: string,
  words: WatchWordsOf,
  lang: Lang,
  proposal?: FittingProposal,
): SlackMessage {
  const what = lang.t('watch.preview.what', {
    target: describeTarget(watch.target, words, lang),
    channel: `<#${watch.channelId}>`,
    schedule: describeWatchSchedule(watch.schedule, lang),
  });
  const lines = [
    what,
    watchCostText(cost, lang),
    fitText(watch, cost, proposal, words, lang),
    firstCheckText(watch, lang),
  ];
  if (nextRun !== undefined)
    lines.push(
      lang.t('watch.list.nextRun', { when: dateTimeText(nextRun, watch.schedule.timeZone, lang, { withZone: false }) }),
    );
  const actions: ActionsBlock = {
    type: 'actions',
    block_id: 'dq-watch-preview',
    elements: [
      button(lang.t('watch.preview.save'), ACTION.watchSave, saveValue, proposal ? undefined : 'primary'),
      ...(proposal ? [button(lang.t('watch.fit.save'), ACTION.watchSave, proposal.saveValue, 'primary')] : []),
      button(lang.t('watch.preview.cancel'), ACTION.watchCancel, watchCancelValue(lang.locale)),
    ],
  };
  return fitToSlackLimits(
    { text: `${what} ${watchCostText(cost, lang)}`, blocks: [sectionBlock(lines.join('\n')), actions] },
    lang,
  );
}

function changeTable(rows: FieldChange[], words: WatchWords, lang: Lang, first: boolean): KnownBlock[] {
  const value = (text: string) => (text === '' ? '—' : serviceText(text, { max: 900 }));
  // The first check's values are only shown when asked for; the same inert service text.
  if (first)
    return chunk(rows, 10).map(
      (part) =>
        ({
          type: 'section',
          fields: part.map((row) => labelled(rowLabel(words, row.field, lang), value(row.after))),
        }) as KnownBlock,
    );
  const header: KnownBlock = {
    type: 'section',
    fields: [labelled(lang.t('watch.post.before'), ' '), labelled(lang.t('watch.post.after'), ' ')],
  };
  // One section per field: its label, then before and after side by side (two columns of fields).
  const cell = (row: FieldChange, text: string) =>
    plainText(
      text === ''
        ? '—'
        : row.field === 'asset' && Number.isFinite(Number(text))
          ? formatCny(Number(text), lang.locale)
          : text.slice(0, 1900),
    );
  return [
    header,
    ...rows.map((row) =>
      sectionBlock(`*${rowLabel(words, row.field, lang)}*`, [cell(row, row.before), cell(row, row.after)]),
    ),
  ];
}

/** The title and first line of a change, by what is watched. */
function changeWords(
  watched: WatchTarget,
  change: NonNullable<WatchNotice['change']>,
  target: string,
  lang: Lang,
): { title: string; intro: string } {
  switch (watched.kind) {
    case 'company':
      return {
        title: lang.t('watch.post.changedTitle', { subject: change.subject }),
        intro: lang.t('watch.post.changedIntro', { count: change.rows.length }),
      };
    case 'fund': {
      const moved = change.rows.find((row) => row.field === 'assetChange')?.after ?? '';
      return {
        title: lang.t('watch.post.fundTitle', { subject: change.subject }),
        intro: lang.t(watched.changePercent === undefined ? 'watch.post.fundNewDate' : 'watch.post.fundMoved', {
          change: moved,
          target,
        }),
      };
    }
    case 'contract':
      return {
        title: lang.t(watched.direction === 'above' ? 'watch.post.crossedAbove' : 'watch.post.crossedBelow', {
          subject: change.subject,
          level: watched.level,
        }),
        intro: lang.t('watch.post.crossedIntro', { target }),
      };
    case 'tenders':
      return {
        title: lang.t('watch.post.noticesTitle', { subject: change.subject }),
        intro: lang.t('watch.post.noticesIntro', { count: change.records?.length ?? 0, target }),
      };
  }
}

/** A saved search's records, in the operation's table (or cards), and what a capped or cut-short check left unread. */
function recordBlocks(notice: WatchNotice, change: WatchChange, words: WatchWords, lang: Lang, tables: boolean) {
  const blocks = words.records?.(change.records ?? [], notice.watch.target, lang, tables) ?? [];
  if (change.capped) {
    const coins = lang.t('common.coins', { count: change.capped.coins });
    blocks.push(contextBlock(lang.t('watch.post.noticesCapped', { pages: change.capped.pages, coins })));
  }
  if (change.unreadPage) {
    const { page, coinsAtRisk } = change.unreadPage;
    blocks.push(
      contextBlock(
        coinsAtRisk
          ? lang.t('watch.post.noticesPageUnreadCharged', {
              page,
              coins: lang.t('common.coins', { count: coinsAtRisk }),
            })
          : lang.t('watch.post.noticesPageUnread', { page }),
      ),
    );
  }
  return blocks;
}

/** A watch's message in its channel: the change as a before/after table, or why it paused; with "Stop watching". */
export function renderWatchNotice(notice: WatchNotice, words: WatchWordsOf, lang: Lang): SlackMessage {
  const { watch } = notice;
  const target = describeTarget(watch.target, words, lang, notice.subjectName);
  const footerParts = [
    lang.t('watch.post.footer', {
      id: watch.id,
      schedule: describeWatchSchedule(watch.schedule, lang),
      when: dateTimeText(notice.checkedAt, watch.schedule.timeZone, lang),
    }),
  ];
  if (notice.simulated) footerParts.push(lang.t('watch.post.simulated'));
  if (notice.heldSince !== undefined)
    footerParts.unshift(
      lang.t('digests.post.heldSince', {
        when: dateTimeText(notice.heldSince, watch.schedule.timeZone, lang, { withZone: false }),
      }),
    );
  const stop = button(lang.t('watch.post.stop'), ACTION.watchStop, watch.id, 'danger');
  stop.confirm = {
    title: plainText(lang.t('watch.post.stopConfirmTitle')),
    text: plainText(lang.t('watch.post.stopConfirmText')),
    confirm: plainText(lang.t('watch.post.stop')),
    deny: plainText(lang.t('watch.post.keep')),
  };
  const actions: ActionsBlock = { type: 'actions', block_id: `dq-watch-${watch.id}`, elements: [stop] };
  if (notice.paused) {
    const text = lang.t('watch.post.paused', {
      id: watch.id,
      target,
      reason: sayClause(notice.paused.reason, lang),
      remedy: sayEscaped(notice.paused.remedy, lang),
    });
    return fitToSlackLimits(
      { text, blocks: [sectionBlock(text), contextBlock(footerParts.join(' · ')), actions] },
      lang,
    );
  }
  const change = notice.change!;
  if (change.notFound) {
    const title = lang.t('watch.post.notFoundTitle', { subject: change.subject });
    const intro = lang.t('watch.post.notFoundIntro', { target });
    return fitToSlackLimits(
      {
        text: `${escapeMrkdwn(title)}: ${intro}`,
        blocks: [headerBlock(title), sectionBlock(intro), contextBlock(footerParts.join(' · ')), actions],
      },
      lang,
    );
  }
  const notices = change.records !== undefined;
  const { title, intro } = notice.first
    ? {
        title: lang.t(notices ? 'watch.post.noticesFirstTitle' : 'watch.post.firstTitle', { subject: change.subject }),
        intro: lang.t(notices ? 'watch.post.noticesFirstIntro' : 'watch.post.firstIntro', { target }),
      }
    : changeWords(watch.target, change, target, lang);
  const message = (tables: boolean): SlackMessage =>
    fitToSlackLimits(
      {
        text: `${escapeMrkdwn(title)}: ${intro}`,
        blocks: [
          headerBlock(title),
          sectionBlock(intro),
          ...(notices
            ? recordBlocks(notice, change, words(watch.target.kind), lang, tables)
            : changeTable(change.rows, words(watch.target.kind), lang, notice.first === true)),
          // A saved search's records may not all fit: they go before the footer and Stop do.
          notices ? keepBlock('footer', contextBlock(footerParts.join(' · '))) : contextBlock(footerParts.join(' · ')),
          notices ? keepBlock('actions', actions) : actions,
        ],
      },
      lang,
    );
  const withTables = message(true);
  // A Slack without the data_table block refuses the whole post: the same post with cards goes instead.
  return notices ? withTableFallback(withTables, () => message(false)) : withTables;
}

/** Watches on one page of the App Home: with the digests' page, well within Slack's 100 blocks a view. */
export const WATCHES_PER_HOME_PAGE = 10;

export interface HomeWatches {
  /** The page shown; each entry with whether this reader may stop it. */
  page: ListPage<WatchListItem & { manageable: boolean }>;
  /** What every running watch shown to this reader costs in the next 30 days (the whole list, not the page). */
  totalPerMonth: number;
  /** Admins see every watch of the workspace; others the ones they added. */
  everyWatch: boolean;
  mayAdd: boolean;
  /** The value of a Previous/Next button that shows another page of watches (the digests' page kept). */
  pageValue: (page: number) => string;
  words: WatchWordsOf;
}

/** One watch on the App Home: its lines, and Stop for whoever may stop it. */
export function homeWatchRow(
  item: WatchListItem & { manageable: boolean },
  words: WatchWordsOf,
  lang: Lang,
): KnownBlock[] {
  const section = sectionBlock(watchLines(item.watch, item.cost, item.nextRun, words, lang));
  if (item.manageable) {
    const stop = button(lang.t('watch.post.stop'), ACTION.watchStop, item.watch.id, 'danger');
    stop.confirm = {
      title: plainText(lang.t('watch.post.stopConfirmTitle')),
      text: plainText(lang.t('watch.post.stopConfirmText')),
      confirm: plainText(lang.t('watch.post.stop')),
      deny: plainText(lang.t('watch.post.keep')),
    };
    section.accessory = stop;
  }
  return [section];
}

/** The App Home's watches, a page at a time: each with its cost per 30 days and pause (a budget pause shows here too), Stop, and Add. */
export function homeWatchBlocks(home: HomeWatches, lang: Lang): KnownBlock[] {
  const { page } = home;
  const blocks: KnownBlock[] = [
    headerBlock(lang.t(home.everyWatch ? 'watch.home.titleAll' : 'watch.home.titleOwn'), 'home-watches'),
  ];
  if (page.count === 0) blocks.push(sectionBlock(lang.t('watch.home.none')));
  for (const item of page.items) blocks.push(...homeWatchRow(item, home.words, lang));
  const footer: string[] = [];
  if (page.pageCount > 1)
    footer.push(
      lang.t('watch.home.shown', {
        first: page.first,
        last: page.last,
        count: page.count,
        page: page.page,
        pageCount: page.pageCount,
      }),
    );
  if (page.count > 0)
    footer.push(lang.t('watch.list.total', { coins: lang.t('common.coins', { count: home.totalPerMonth }) }));
  if (footer.length > 0) blocks.push(contextBlock(footer.join('\n')));
  const pager = listPager(
    'dq-home-watch-pages',
    { previous: ACTION.homePrevious, next: ACTION.homeNext },
    page,
    home.pageValue,
    lang,
  );
  if (pager) blocks.push(pager);
  if (home.mayAdd)
    blocks.push({
      type: 'actions',
      block_id: 'dq-home-watch-add',
      elements: [button(lang.t('watch.home.add'), ACTION.watchAdd, 'add', 'primary')],
    });
  return blocks;
}
