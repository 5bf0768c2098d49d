import { english, inEveryLanguage, readLanguageChoice, type Locale, type Phrase } from '../../i18n/lang.js';
import type { Clock } from '../clock.js';
import { cadenceWords, nextRunAfter, parseCadence, parseTimeOfDay, type Cadence, type Schedule } from '../digest/schedule.js';
import { operation, WATCHED_OPERATIONS } from '../operations/index.js';
import type { Prices } from '../operations/prices.js';
import { askFirst, validate } from '../operations/validate.js';
import { isValidTimeZone } from '../time.js';
import { readCandlePeriod, watchInput, watchOperation } from './checks.js';
import { watchCost, type WatchCost } from './cost.js';
import type { WatchRepository } from './repository.js';
import type { WatchRunner, WatchRunOutcome } from './runner.js';
import { pauseAt, type Watch, type WatchKind, type WatchTarget } from './types.js';
import type { CatalogueKey } from '../../i18n/catalogueKeys.js';

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
}

/** Words for a watch's kind besides its operation's subcommand. */
export const KIND_EXTRA_WORDS: Readonly<Record<WatchKind, readonly string[]>> = {
  company: ['taxpayer', 'company', 'supplier', '企业', '公司'],
  fund: [],
  contract: ['future', 'contract', '合约'],
};
const KIND_BY_WORD: ReadonlyMap<string, WatchKind> = new Map([
  // A kind is named by its operation's subcommand too, in every language (`taxpayer.subcommand`: tax, 纳税人).
  ...(Object.keys(WATCHED_OPERATIONS) as WatchKind[]).flatMap((kind) => inEveryLanguage(`${operation(WATCHED_OPERATIONS[kind]).name}.subcommand`).map((word) => [word.toLowerCase(), kind] as const)),
  ...(Object.keys(KIND_EXTRA_WORDS) as WatchKind[]).flatMap((kind) => KIND_EXTRA_WORDS[kind].map((word) => [word, kind] as const)),
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
  const cleaned = text.trim().replace(/[%％]$/u, '').replace(/,/g, '');
  if (!/^\d+(?:\.\d+)?$/.test(cleaned)) return undefined;
  const value = Number(cleaned);
  return Number.isFinite(value) ? value : undefined;
}

const SUBJECT_MISSING: Record<WatchKind, CatalogueKey> = {
  company: 'watch.input.subjectTaxpayer',
  fund: 'watch.input.subjectFund',
  contract: 'watch.input.subjectFutures',
};

function readTarget(request: NewWatch): WatchTarget {
  const kind = readWatchKind(request.kind);
  const subject = request.subject.trim();
  if (!kind) throw new WatchInputError({ key: 'watch.input.kind', values: { value: request.kind } });
  if (!subject) throw new WatchInputError({ key: SUBJECT_MISSING[kind] });
  switch (kind) {
    case 'company':
      return { kind, keyword: subject };
    case 'fund': {
      if (request.changePercent === undefined || request.changePercent.trim() === '') return { kind, fundCode: subject };
      const changePercent = readNumber(request.changePercent);
      if (changePercent === undefined || changePercent <= 0 || changePercent > 1000) throw new WatchInputError({ key: 'watch.input.changePercent', values: { value: request.changePercent } });
      return { kind, fundCode: subject, changePercent };
    }
    case 'contract': {
      const type = readCandlePeriod(request.period);
      if (!type) throw new WatchInputError({ key: 'watch.input.period', values: { value: request.period } });
      const hasAbove = request.above !== undefined && request.above.trim() !== '';
      const hasBelow = request.below !== undefined && request.below.trim() !== '';
      if (hasAbove === hasBelow) throw new WatchInputError({ key: 'watch.input.level' });
      const text = hasAbove ? request.above : request.below;
      const level = readNumber(text);
      if (level === undefined || level <= 0) throw new WatchInputError({ key: 'watch.input.levelNumber', values: { value: text } });
      return { kind, symbol: subject.toUpperCase(), type, direction: hasAbove ? 'above' : 'below', level };
    }
  }
}

function readSchedule(request: NewWatch, kind: WatchKind, defaultTimeZone: string): Schedule {
  const cadence = readWatchCadence(request.cadence);
  if (!cadence) throw new WatchInputError({ key: 'watch.input.cadence', values: { value: request.cadence } });
  // Taxpayer records and quarterly fund assets do not change by the hour: hourly would only spend.
  if (cadence.kind === 'hourly' && kind !== 'contract') throw new WatchInputError({ key: 'watch.input.hourlyFuturesOnly' });
  const typed = request.time?.trim() ? request.time : cadence.kind === 'hourly' ? '00:00' : undefined;
  if (typed === undefined) throw new WatchInputError({ key: 'watch.input.timeMissing' });
  // `hourly :15` or `hourly 15`: the minute past each hour.
  const minuteOnly = cadence.kind === 'hourly' ? /^[:：]?(\d{1,2})$/u.exec(typed.trim()) : null;
  const time = minuteOnly && Number(minuteOnly[1]) < 60 ? `00:${minuteOnly[1]!.padStart(2, '0')}` : parseTimeOfDay(typed);
  if (!time) throw new WatchInputError({ key: 'watch.input.time', values: { value: typed } });
  const timeZone = request.timeZone?.trim() || defaultTimeZone;
  if (!isValidTimeZone(timeZone)) throw new WatchInputError({ key: 'watch.input.timeZone', values: { value: timeZone } });
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
  ) {}

  /**
   * The watch this request describes and what it will cost, checked as a lookup would be (the
   * operation's own validation: nothing is saved that a check would be refused for), not saved.
   * Throws WatchInputError or the operation's ValidationError.
   */
  async prepare(request: NewWatch): Promise<{ watch: Watch; cost: WatchCost }> {
    const target = readTarget(request);
    const operation = watchOperation(target);
    const input = watchInput(target);
    const wire = validate(operation, input);
    askFirst(operation, wire, input);
    if (target.kind === 'company') target.keyword = (wire as { keyword: string }).keyword;
    const schedule = readSchedule(request, target.kind, this.defaultTimeZone);
    const lang = readLang(request.lang);
    const watch: Watch = {
      id: this.repository.newId(), teamId: request.teamId, channelId: request.channelId, createdBy: request.createdBy, createdAt: this.clock.now(), target, schedule,
      ...(lang ? { lang } : {}), ...(request.announceFirst ? { announceFirst: true } : {}),
    };
    return { watch, cost: this.cost(watch) };
  }

  /** Saves a prepared watch unless the channel already has the same one. */
  /** Refuses a watch the channel has already (same target, same schedule): it would post every change twice. */
  async refuseDuplicate(watch: Watch): Promise<void> {
    const same = (await this.list(watch.teamId, watch.channelId)).find((existing) => sameTarget(existing.target, watch.target) && JSON.stringify(existing.schedule) === JSON.stringify(watch.schedule));
    if (same) throw new WatchInputError({ key: 'watch.input.duplicate', values: { id: same.id } });
  }

  async save(watch: Watch): Promise<Watch> {
    await this.refuseDuplicate(watch);
    const saved: Watch = { ...watch, createdAt: this.clock.now() };
    await this.repository.save(saved);
    return saved;
  }

  cost(watch: Pick<Watch, 'target' | 'schedule'>): WatchCost {
    return watchCost(watch.target, watch.schedule, this.prices, this.clock.now());
  }

  async list(teamId: string, channelId?: string): Promise<Watch[]> {
    const watches = (await this.repository.ofTeam(teamId)).map((watch) => this.asNow(watch));
    return channelId ? watches.filter((watch) => watch.channelId === channelId) : watches;
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
    return this.repository.update(id, (watch) => (watch.paused = { reason: { key: 'watch.pause.byPerson', values: { userId: by } }, remedy: { key: 'watch.pause.resume', values: { id } }, at: this.clock.now() }));
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
