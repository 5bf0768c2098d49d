import type { CatalogueKey } from '../../i18n/catalogueKeys.js';
import { english, inEveryLanguage, type Locale, type Phrase, readLanguageChoice } from '../../i18n/lang.js';
import { isValidTimeZone, localDate } from '../../time/calendar.js';
import type { Clock } from '../clock.js';
import { capPhrase, type EntryCaps } from '../jobs/caps.js';
import {
  type Cadence,
  cadenceWords,
  nextRunAfter,
  parseCadence,
  parseTimeOfDay,
  type Schedule,
} from '../jobs/schedule.js';
import { nextTurn } from '../nextTurn.js';
import { SERVICE_TIME_ZONE } from '../operations/definition.js';
import { CANDLE_PERIOD_CHOICES, operation, WATCHED_OPERATIONS } from '../operations/index.js';
import type { Prices } from '../operations/prices.js';
import { askFirst, validate } from '../operations/validate.js';
import { withoutInvisibles } from '../validation/withoutInvisibles.js';
import { readCandlePeriod, watchInput, watchOperation } from './checks.js';
import { checksWithin, fittingSchedule, type WatchCost, watchCost } from './cost.js';
import { TENDER_PAGES_DEFAULT, TENDER_PAGES_MOST } from './newNotices.js';
import { pauseAt, type TenderSearch, type Watch, type WatchKind, type WatchTarget } from './types.js';
import type { WatchRepository } from './watchRepository.js';
import type { WatchRunner, WatchRunOutcome } from './watchRunner.js';

/** A watch request that cannot be accepted, said to the person who typed it. */
export class WatchInputError extends Error {
  constructor(readonly phrase: Phrase) {
    super(english.t(phrase));
    this.name = 'WatchInputError';
  }
}

/** What a person asked for, in their words (a command's, a form's). */
export interface NewWatch {
  teamId: string;
  channelId: string;
  createdBy: string;
  kind: string;
  /** A credit code or company name, a fund code, a contract symbol. */
  subject: string;
  /** Futures only: the candle period (`daily`, `5m`, `1h`, 日线 …); daily when absent. */
  period?: string;
  /** Fund only: `5`, `5%`; absent: any new date. */
  changePercent?: string;
  /** Futures only. */
  above?: string;
  below?: string;
  cadence: string;
  time?: string;
  timeZone?: string;
  lang?: string;
  announceFirst?: boolean;
  /** Tenders only: the search's options besides its keyword (the `subject`), as the operation reads them (`region`: ZJ or 浙江). */
  search?: Partial<Record<TenderOption, string>>;
  /** Tenders only: the most a check may spend reading further pages, in coins (`cap:30`). */
  maxCoins?: string;
}

/** What a saved tender search may say besides its keyword. */
export const TENDER_OPTIONS = ['province', 'type', 'searchType', 'publishStartTime', 'publishEndTime'] as const;
export type TenderOption = (typeof TENDER_OPTIONS)[number];

/** Watches whose checks are counted in one turn of the event loop, when older ones are listed. */
const COUNTED_PER_TURN = 20;

/** Words for a watch's kind besides its operation's subcommand. */
export const KIND_EXTRA_WORDS: Readonly<Record<WatchKind, readonly string[]>> = {
  company: ['taxpayer', 'company', 'supplier', '企业', '公司'],
  fund: [],
  contract: ['future', 'contract', '合约'],
  tenders: ['tender', 'tenders', 'search', '标讯', '招投标'],
};
const KIND_BY_WORD: ReadonlyMap<string, WatchKind> = new Map([
  // A kind is named by its operation's subcommand too, in every language (`taxpayer.subcommand`: tax, 纳税人).
  ...(Object.keys(WATCHED_OPERATIONS) as WatchKind[]).flatMap((kind) =>
    inEveryLanguage(`${operation(WATCHED_OPERATIONS[kind]).name}.subcommand`).map(
      (word) => [word.toLowerCase(), kind] as const,
    ),
  ),
  ...(Object.keys(KIND_EXTRA_WORDS) as WatchKind[]).flatMap((kind) =>
    KIND_EXTRA_WORDS[kind].map((word) => [word, kind] as const),
  ),
]);
/** Words for hourly besides how every language's catalogue says it (`watch.cadence.hourly`: 每小时). */
export const HOURLY_EXTRA_WORDS = ['hourly', 'hour', 'every-hour', '每时'];
const HOURLY_WORDS = cadenceWords('watch.cadence.hourly', HOURLY_EXTRA_WORDS);

export function readWatchKind(word: string): WatchKind | undefined {
  const lower = word.trim().toLowerCase();
  return KIND_BY_WORD.get(lower);
}

/** `daily`, `weekdays`, `weekly:mon`, `hourly` and their Chinese words. */
export function readWatchCadence(word: string): Cadence | undefined {
  return HOURLY_WORDS.has(word.trim().toLowerCase()) ? { kind: 'hourly' } : parseCadence(word);
}

function readNumber(text: string | undefined): number | undefined {
  if (text === undefined) return undefined;
  const cleaned = text
    .trim()
    .replace(/[%％]$/u, '')
    .replace(/,/g, '');
  if (!/^\d+(?:\.\d+)?$/.test(cleaned)) return undefined;
  const value = Number(cleaned);
  return Number.isFinite(value) ? value : undefined;
}

const SUBJECT_MISSING: Record<WatchKind, CatalogueKey> = {
  company: 'watch.input.subjectTaxpayer',
  fund: 'watch.input.subjectFund',
  contract: 'watch.input.subjectFutures',
  tenders: 'watch.input.subjectTenders',
};

/** `cap:30` (coins a check may spend) as pages of the search, each at `price`. */
function readMaxPages(text: string | undefined, price: number): number {
  if (text === undefined || text.trim() === '') return TENDER_PAGES_DEFAULT;
  const coins = readNumber(text);
  const most = TENDER_PAGES_MOST * price;
  if (coins === undefined || coins < price || coins > most)
    throw new WatchInputError({ key: 'watch.input.cap', values: { value: text, least: price, most } });
  return Math.floor(coins / price);
}

function readTarget(request: NewWatch, prices: Prices): WatchTarget {
  const kind = readWatchKind(request.kind);
  const subject = withoutInvisibles(request.subject).trim();
  if (!kind) throw new WatchInputError({ key: 'watch.input.kind', values: { value: request.kind } });
  if (!subject) throw new WatchInputError({ key: SUBJECT_MISSING[kind] });
  switch (kind) {
    case 'company':
      return { kind, keyword: subject };
    case 'fund': {
      if (request.changePercent === undefined || request.changePercent.trim() === '')
        return { kind, fundCode: subject };
      const changePercent = readNumber(request.changePercent);
      if (changePercent === undefined || changePercent <= 0 || changePercent > 1000)
        throw new WatchInputError({ key: 'watch.input.changePercent', values: { value: request.changePercent } });
      return { kind, fundCode: subject, changePercent };
    }
    case 'contract': {
      const type = readCandlePeriod(request.period);
      // The periods are listed from the one list /futures names them by (15m, weekly and monthly
      // included: a check gets them merged from the service's candles, as a lookup does).
      if (!type)
        throw new WatchInputError({
          key: 'watch.input.period',
          values: { value: request.period, periods: CANDLE_PERIOD_CHOICES },
        });
      const hasAbove = request.above !== undefined && request.above.trim() !== '';
      const hasBelow = request.below !== undefined && request.below.trim() !== '';
      if (hasAbove === hasBelow) throw new WatchInputError({ key: 'watch.input.level' });
      const text = hasAbove ? request.above : request.below;
      const level = readNumber(text);
      if (level === undefined || level <= 0)
        throw new WatchInputError({ key: 'watch.input.levelNumber', values: { value: text } });
      return { kind, symbol: subject.toUpperCase(), type, direction: hasAbove ? 'above' : 'below', level };
    }
    case 'tenders': {
      const search: TenderSearch = { keyword: subject };
      for (const option of TENDER_OPTIONS) {
        const value = request.search?.[option];
        if (value !== undefined && value.trim() !== '') search[option] = value.trim();
      }
      const maxPages = readMaxPages(request.maxCoins, prices.priceOf(WATCHED_OPERATIONS.tenders).coins);
      return { kind, search, maxPages };
    }
  }
}

/**
 * The search as the operation reads it (a region by its code, a notice type by its code), in one
 * order, with the period only where it was given: an open end is today on the day of each check.
 * A period that has ended finds nothing new, and is refused.
 */
function watchedSearch(typed: TenderSearch, wire: Record<string, unknown>, today: string): TenderSearch {
  const search: TenderSearch = { keyword: String(wire.keyword) };
  for (const option of TENDER_OPTIONS)
    if (typed[option] !== undefined && typeof wire[option] === 'string') search[option] = wire[option] as string;
  const end = wire.publishEndTime;
  if (typeof end === 'string' && end < today)
    throw new WatchInputError({ key: 'watch.input.periodEnded', values: { end, today } });
  return search;
}

function readSchedule(request: NewWatch, kind: WatchKind, defaultTimeZone: string): Schedule {
  const cadence = readWatchCadence(request.cadence);
  if (!cadence) throw new WatchInputError({ key: 'watch.input.cadence', values: { value: request.cadence } });
  // Taxpayer records and quarterly fund assets do not change by the hour: hourly would only spend.
  if (cadence.kind === 'hourly' && kind !== 'contract')
    throw new WatchInputError({ key: 'watch.input.hourlyFuturesOnly' });
  const typed = request.time?.trim() ? request.time : cadence.kind === 'hourly' ? '00:00' : undefined;
  if (typed === undefined) throw new WatchInputError({ key: 'watch.input.timeMissing' });
  // `hourly :15` or `hourly 15`: the minute past each hour.
  const minuteOnly = cadence.kind === 'hourly' ? /^[:：]?(\d{1,2})$/u.exec(typed.trim()) : null;
  const time =
    minuteOnly && Number(minuteOnly[1]) < 60 ? `00:${minuteOnly[1]!.padStart(2, '0')}` : parseTimeOfDay(typed);
  if (!time) throw new WatchInputError({ key: 'watch.input.time', values: { value: typed } });
  const timeZone = request.timeZone?.trim() || defaultTimeZone;
  if (!isValidTimeZone(timeZone))
    throw new WatchInputError({ key: 'watch.input.timeZone', values: { value: timeZone } });
  return { cadence, time: cadence.kind === 'hourly' ? `00:${time.slice(3)}` : time, timeZone };
}

function readLang(word: string | undefined): Locale | undefined {
  if (word === undefined || word.trim() === '') return undefined;
  // auto, default, 自动 …: the workspace's language.
  const choice = readLanguageChoice(word);
  if (!choice) throw new WatchInputError({ key: 'watch.input.lang', values: { value: word } });
  return choice === 'auto' ? undefined : choice;
}

function sameTarget(a: WatchTarget, b: WatchTarget): boolean {
  return JSON.stringify(a) === JSON.stringify(b);
}

/** Preparing (with its cost), saving, listing, pausing and checking watches; who may do what is the caller's to decide. */
export class WatchService {
  constructor(
    readonly repository: WatchRepository,
    private readonly runner: WatchRunner,
    private readonly clock: Clock,
    private readonly prices: Prices,
    readonly defaultTimeZone: string,
    /** How many watches a person, a channel and a workspace may have. */
    readonly caps: EntryCaps,
  ) {}

  /**
   * The watch this request describes and what it will cost, checked as a lookup would be (the
   * operation's own validation: nothing is saved that a check would be refused for), not saved.
   * Throws WatchInputError or the operation's ValidationError.
   */
  async prepare(request: NewWatch): Promise<{ watch: Watch; cost: WatchCost }> {
    const target = readTarget(request, this.prices);
    const operation = watchOperation(target);
    const input = watchInput(target);
    const now = this.clock.now();
    const wire = validate(operation, input, now);
    askFirst(operation, wire, input);
    // What is watched is what the operation would be asked (invisible characters gone, a credit code in capitals).
    if (target.kind === 'company') target.keyword = (wire as { keyword: string }).keyword;
    if (target.kind === 'fund') target.fundCode = (wire as { fundCode: string }).fundCode;
    if (target.kind === 'contract') target.symbol = (wire as { symbol: string }).symbol;
    if (target.kind === 'tenders')
      target.search = watchedSearch(
        target.search,
        wire as object as Record<string, unknown>,
        localDate(now, SERVICE_TIME_ZONE),
      );
    const schedule = readSchedule(request, target.kind, this.defaultTimeZone);
    const lang = readLang(request.lang);
    const watch: Watch = {
      id: this.repository.newId(),
      teamId: request.teamId,
      channelId: request.channelId,
      createdBy: request.createdBy,
      createdAt: this.clock.now(),
      target,
      schedule,
      ...(lang ? { lang } : {}),
      ...(request.announceFirst ? { announceFirst: true } : {}),
    };
    this.refuseUnsaveable(await this.repository.ofTeam(request.teamId), watch);
    return { watch, cost: this.cost(watch) };
  }

  /**
   * Saves a prepared watch unless the channel already has the same one or a cap is reached (counted
   * and saved under the workspace's adding lock); its checks in the next 30 days are counted now and
   * kept with it, so no list counts them again.
   */
  async save(watch: Watch): Promise<Watch> {
    return this.caps.adding(watch.teamId, async () => {
      this.refuseUnsaveable(await this.repository.ofTeam(watch.teamId), watch);
      const now = this.clock.now();
      const saved: Watch = { ...watch, createdAt: now, checksPerMonth: checksWithin(watch.schedule, now) };
      await this.repository.save(saved);
      return saved;
    });
  }

  /** The channel has the same watch already, or a cap is reached: said at the preview, and again at Save (under the lock). */
  private refuseUnsaveable(existing: readonly Watch[], watch: Watch): void {
    const same = existing.find(
      (other) =>
        other.channelId === watch.channelId &&
        sameTarget(other.target, watch.target) &&
        JSON.stringify(other.schedule) === JSON.stringify(watch.schedule),
    );
    if (same) throw new WatchInputError({ key: 'watch.input.duplicate', values: { id: same.id } });
    const reached = this.caps.reached(existing, watch);
    if (reached) throw new WatchInputError(capPhrase('watch', reached));
  }

  cost(watch: Pick<Watch, 'target' | 'schedule' | 'checksPerMonth'>): WatchCost {
    return watchCost(watch, this.prices, this.clock.now());
  }

  /** The schedule that fits how often the watched data changes, with its cost, when the watch's own does not. */
  fitting(watch: Pick<Watch, 'target' | 'schedule'>): { schedule: Schedule; cost: WatchCost } | undefined {
    const schedule = fittingSchedule(watch.target, watch.schedule);
    return schedule === watch.schedule ? undefined : { schedule, cost: this.cost({ target: watch.target, schedule }) };
  }

  async list(teamId: string, channelId?: string): Promise<Watch[]> {
    const watches = (await this.repository.ofTeam(teamId)).map((watch) => this.asNow(watch));
    const shown = channelId ? watches.filter((watch) => watch.channelId === channelId) : watches;
    await this.countChecksOfOlderWatches(shown);
    return shown;
  }

  /**
   * Watches saved before their checks were kept with them get them counted once (a few Intl calls
   * each, the event loop let go between every few) and stored in the background; every list after
   * that reads them.
   */
  private async countChecksOfOlderWatches(watches: Watch[]): Promise<void> {
    const uncounted = watches.filter((watch) => watch.checksPerMonth === undefined);
    for (const [index, watch] of uncounted.entries()) {
      if (index > 0 && index % COUNTED_PER_TURN === 0) await nextTurn();
      watch.checksPerMonth = checksWithin(watch.schedule, this.clock.now());
    }
    if (uncounted.length > 0) void this.storeCounts(uncounted);
  }

  /** Under each watch's run lock: a check writing its state at the same moment would otherwise be overwritten. A busy one waits for the next list. */
  private async storeCounts(watches: Watch[]): Promise<void> {
    for (const watch of watches) {
      const checks = watch.checksPerMonth;
      await this.runner
        .whileNotChecking(watch.id, () =>
          this.repository.update(watch.id, (stored) => (stored.checksPerMonth ??= checks)),
        )
        .catch(() => undefined);
    }
  }

  async find(teamId: string, id: string): Promise<Watch | undefined> {
    const watch = await this.repository.get(id.trim().toLowerCase());
    return watch?.teamId === teamId ? this.asNow(watch) : undefined;
  }

  /** A budget pause whose day has turned is over, though the store keeps it until the next check lifts it. */
  private asNow(watch: Watch): Watch {
    if (!watch.paused || pauseAt(watch, this.clock.now())) return watch;
    const { paused: _ended, ...running } = watch;
    return running;
  }

  remove(id: string): Promise<boolean> {
    return this.repository.remove(id);
  }

  pause(id: string, by: string): Promise<Watch | undefined> {
    return this.repository.update(
      id,
      (watch) =>
        (watch.paused = {
          reason: { key: 'watch.pause.byPerson', values: { userId: by } },
          remedy: { key: 'watch.pause.resume', values: { id } },
          at: this.clock.now(),
        }),
    );
  }

  /** Resuming lets the runs missed while paused pass: the next check is the next scheduled one. */
  resume(id: string): Promise<Watch | undefined> {
    return this.repository.update(id, (watch) => {
      delete watch.paused;
      watch.lastScheduledFor = Math.max(watch.lastScheduledFor ?? 0, this.clock.now());
    });
  }

  /** A check now, on the budget of the person who asked for it (and their line in the ledger). */
  runNow(id: string, userId: string): Promise<WatchRunOutcome> {
    return this.runner.run(id, this.clock.now(), 'manual', userId);
  }

  nextRun(watch: Watch): number | undefined {
    return nextRunAfter(watch.schedule, this.clock.now());
  }
}
