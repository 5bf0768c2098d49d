import { english, type Locale, type Phrase, readLanguageChoice } from '../../i18n/lang.js';
import { isValidTimeZone } from '../../time/calendar.js';
import type { Clock } from '../clock.js';
import { capPhrase, type EntryCaps } from '../jobs/caps.js';
import { nextRunAfter, parseCadence, parseTimeOfDay, type Schedule } from '../jobs/schedule.js';
import { withoutInvisibles } from '../validation/withoutInvisibles.js';
import { SALE_STATUS_ANY, SALE_STATUS_SYNONYMS } from './collect.js';
import type { DigestRepository } from './digestRepository.js';
import type { DigestRunner, DigestRunOutcome } from './digestRunner.js';
import { FUND_KIND_WORDS, FUND_KINDS, type FundKind, fundKindOfWord } from './newFundFilter.js';
import type { Digest, FundFilter, SaleFilter } from './types.js';

/** Which part of a digest request was refused: a form shows the problem on that field. */
export type DigestInputField = 'cadence' | 'time' | 'filter' | 'kinds' | 'words' | 'timeZone' | 'lang' | 'channel';

/** A digest request that cannot be accepted: a phrase for the person who typed it (English in `message`, for logs). */
export class DigestInputError extends Error {
  constructor(
    readonly field: DigestInputField,
    readonly phrase: Phrase,
  ) {
    super(english.t(phrase));
    this.name = 'DigestInputError';
  }
}

export interface NewDigest {
  teamId: string;
  channelId: string;
  createdBy: string;
  cadence: string;
  time: string;
  filter?: string;
  timeZone?: string;
  /** `en`, `zh`, `中文` …; `auto`, `default` or absent: the workspace's language. */
  lang?: string;
  /** Kinds of fund, separated by commas (`bond,money`, `债券型`); absent: every kind. */
  kinds?: string;
  /** Words the fund's name or manager must hold, separated by commas (`易方达`); absent: any. */
  words?: string;
}

/** Words for a name or manager: enough to name a company and a product line; each a few characters. */
const FUND_WORDS_MOST = 5;
const FUND_WORD_LENGTH = 30;
const LIST_SEPARATORS = /[,，、;；]+/u;

/** `bond,money` or `债券型、货币型` as kinds; throws naming the word that is no kind. */
function parseKinds(text: string | undefined): FundKind[] | undefined {
  if (text === undefined || text.trim() === '') return undefined;
  const kinds = new Set<FundKind>();
  for (const word of text
    .split(LIST_SEPARATORS)
    .map((part) => part.trim())
    .filter(Boolean)) {
    const kind = fundKindOfWord(word);
    if (!kind)
      throw new DigestInputError('kinds', {
        key: 'digests.input.fundKind',
        values: { value: word, kinds: { words: FUND_KIND_WORDS, joinedBy: 'common.wordList.choices' } },
      });
    kinds.add(kind);
  }
  // In one order, so two digests asking for the same kinds are the same digest.
  return FUND_KINDS.filter((kind) => kinds.has(kind));
}

function parseWords(text: string | undefined): string[] | undefined {
  if (text === undefined || text.trim() === '') return undefined;
  const words = text
    .split(LIST_SEPARATORS)
    .map((word) => withoutInvisibles(word).trim())
    .filter(Boolean);
  if (words.length > FUND_WORDS_MOST || words.some((word) => [...word].length > FUND_WORD_LENGTH))
    throw new DigestInputError('words', {
      key: 'digests.input.fundWords',
      values: { most: FUND_WORDS_MOST, length: FUND_WORD_LENGTH },
    });
  return words.length > 0 ? words : undefined;
}

/** The kinds and words of a request, or undefined when it asks for neither. */
function parseFundFilter(request: NewDigest): FundFilter | undefined {
  const kinds = parseKinds(request.kinds);
  const words = parseWords(request.words);
  if (!kinds && !words) return undefined;
  return { ...(kinds ? { kinds } : {}), ...(words ? { words } : {}) };
}

/** The digest's own language, undefined for the workspace's, or 'unknown' for a word that is neither. */
function parseLang(word: string | undefined): Locale | undefined | 'unknown' {
  if (word === undefined) return undefined;
  const choice = readLanguageChoice(word);
  return choice === 'auto' ? undefined : (choice ?? 'unknown');
}

/** The sale-status words of the new-funds operation (onsale, on, 在售, true …), plus all/any/全部. */
function parseFilter(word: string): SaleFilter | undefined {
  const lower = word.trim().toLowerCase();
  if ((SALE_STATUS_ANY as readonly string[]).includes(lower)) return 'all';
  const status =
    lower === 'true' || lower === 'false'
      ? lower
      : Object.hasOwn(SALE_STATUS_SYNONYMS, lower)
        ? SALE_STATUS_SYNONYMS[lower]
        : undefined;
  return status === 'true' ? 'onsale' : status === 'false' ? 'offsale' : undefined;
}

/** Adding, listing, removing and running digests; who may do what is decided by the caller. */
export class DigestService {
  constructor(
    readonly repository: DigestRepository,
    private readonly runner: DigestRunner,
    private readonly clock: Clock,
    readonly defaultTimeZone: string,
    /** How many digests a person, a channel and a workspace may have. */
    readonly caps: EntryCaps,
  ) {}

  async add(request: NewDigest): Promise<Digest> {
    return this.save(await this.prepare(request));
  }

  /** The digest a request asks for, checked (schedule, filter, zone, language, not a duplicate) but not saved. */
  async prepare(request: NewDigest): Promise<Digest> {
    const cadence = parseCadence(request.cadence);
    if (!cadence)
      throw new DigestInputError('cadence', { key: 'digests.input.cadence', values: { value: request.cadence } });
    const time = parseTimeOfDay(request.time);
    if (!time) throw new DigestInputError('time', { key: 'digests.input.time', values: { value: request.time } });
    const filter = parseFilter(request.filter ?? 'all');
    if (!filter)
      throw new DigestInputError('filter', { key: 'digests.input.filter', values: { value: request.filter } });
    const timeZone = request.timeZone ?? this.defaultTimeZone;
    if (!isValidTimeZone(timeZone))
      throw new DigestInputError('timeZone', { key: 'digests.input.timeZone', values: { value: timeZone } });
    const lang = parseLang(request.lang);
    if (lang === 'unknown')
      throw new DigestInputError('lang', { key: 'digests.input.lang', values: { value: request.lang } });
    const fundFilter = parseFundFilter(request);
    const schedule: Schedule = { cadence, time, timeZone };
    const digest: Digest = {
      id: this.repository.newId(),
      teamId: request.teamId,
      channelId: request.channelId,
      createdBy: request.createdBy,
      createdAt: this.clock.now(),
      schedule,
      filter,
      ...(fundFilter ? { fundFilter } : {}),
      ...(lang ? { lang } : {}),
    };
    // Said before the form is answered; said again under the lock at save, where a cap is enforced.
    this.refuseUnsaveable(await this.repository.ofTeam(request.teamId), digest);
    return digest;
  }

  /** Saves a prepared digest unless the channel already has the same one or a cap is reached (counted and saved under the workspace's adding lock). */
  async save(digest: Digest): Promise<Digest> {
    return this.caps.adding(digest.teamId, async () => {
      this.refuseUnsaveable(await this.repository.ofTeam(digest.teamId), digest);
      await this.repository.save(digest);
      return digest;
    });
  }

  private refuseUnsaveable(existing: readonly Digest[], digest: Digest): void {
    // A second identical digest would post every fund twice to the same channel (in another language too).
    const same = existing.find(
      (other) =>
        other.id !== digest.id &&
        other.channelId === digest.channelId &&
        other.filter === digest.filter &&
        JSON.stringify(other.fundFilter ?? {}) === JSON.stringify(digest.fundFilter ?? {}) &&
        JSON.stringify(other.schedule) === JSON.stringify(digest.schedule),
    );
    if (same) throw new DigestInputError('channel', { key: 'digests.input.duplicate', values: { id: same.id } });
    const reached = this.caps.reached(existing, digest);
    if (reached) throw new DigestInputError('channel', capPhrase('digest', reached));
  }

  list(teamId: string, channelId?: string): Promise<Digest[]> {
    return this.repository
      .ofTeam(teamId)
      .then((digests) => (channelId ? digests.filter((d) => d.channelId === channelId) : digests));
  }

  /** The team's digest with this id (ids are unique, but a team never reaches another team's digest). */
  async find(teamId: string, id: string): Promise<Digest | undefined> {
    const digest = await this.repository.get(id.trim().toLowerCase());
    return digest?.teamId === teamId ? digest : undefined;
  }

  remove(id: string): Promise<boolean> {
    return this.repository.remove(id);
  }

  runNow(id: string): Promise<DigestRunOutcome> {
    return this.runner.run(id, this.clock.now(), 'manual');
  }

  nextRun(digest: Digest): number | undefined {
    return nextRunAfter(digest.schedule, this.clock.now());
  }
}
