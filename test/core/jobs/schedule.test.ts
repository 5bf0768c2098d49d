import { Cron } from 'croner';
import { describe, expect, it, vi } from 'vitest';
import type { Clock } from '../../../src/core/clock.js';
import {
  cronPattern,
  describeSchedule,
  latestRunBetween,
  nextRunAfter,
  parseCadence,
  parseTimeOfDay,
  type Schedule,
} from '../../../src/core/jobs/schedule.js';
import type { Store } from '../../../src/core/store/types.js';
import { english, langFor } from '../../../src/i18n/lang.js';
import { localParts } from '../../../src/time/calendar.js';

const at = (iso: string) => Date.parse(iso);

describe('digest schedules', () => {
  it('parses cadences and times', () => {
    expect(parseCadence('daily')).toEqual({ kind: 'daily' });
    expect(parseCadence('Weekdays')).toEqual({ kind: 'weekdays' });
    expect(parseCadence('weekly:mon')).toEqual({ kind: 'weekly', weekday: 'mon' });
    expect(parseCadence('weekly:friday')).toEqual({ kind: 'weekly', weekday: 'fri' });
    expect(parseCadence('monthly')).toBeUndefined();
    expect(parseTimeOfDay('8:30')).toBe('08:30');
    expect(parseTimeOfDay('24:00')).toBeUndefined();
    expect(cronPattern({ cadence: { kind: 'weekly', weekday: 'sun' }, time: '07:05', timeZone: 'UTC' })).toBe(
      '5 7 * * 0',
    );
  });

  it('parses cadences and times as a Chinese keyboard types them', () => {
    expect(parseCadence('每天')).toEqual({ kind: 'daily' });
    expect(parseCadence('工作日')).toEqual({ kind: 'weekdays' });
    expect(parseCadence('周一至周五')).toEqual({ kind: 'weekdays' });
    expect(parseCadence('每周一')).toEqual({ kind: 'weekly', weekday: 'mon' });
    expect(parseCadence('星期日')).toEqual({ kind: 'weekly', weekday: 'sun' });
    expect(parseCadence('weekly:周五')).toEqual({ kind: 'weekly', weekday: 'fri' });
    expect(parseCadence('weekly：wed')).toEqual({ kind: 'weekly', weekday: 'wed' });
    expect(parseCadence('每周八')).toBeUndefined();
    expect(parseCadence('mon')).toBeUndefined();
    expect(parseTimeOfDay('8：30')).toBe('08:30');
  });

  it('describes a schedule in each language', () => {
    const zh = langFor('zh-CN');
    const at = (cadence: Schedule['cadence']): Schedule => ({ cadence, time: '08:30', timeZone: 'Asia/Shanghai' });
    expect(english.t(describeSchedule(at({ kind: 'weekdays' })))).toBe('Monday to Friday at 08:30 (Asia/Shanghai)');
    expect(zh.t(describeSchedule(at({ kind: 'weekdays' })))).toBe('周一至周五 08:30（北京时间）');
    expect(zh.t(describeSchedule(at({ kind: 'daily' })))).toBe('每天 08:30（北京时间）');
    expect(zh.t(describeSchedule(at({ kind: 'weekly', weekday: 'wed' })))).toBe('每周三 08:30（北京时间）');
  });

  it('weekdays skip the weekend; weekly keeps its day', () => {
    const weekdays: Schedule = { cadence: { kind: 'weekdays' }, time: '09:00', timeZone: 'Asia/Shanghai' };
    // Friday 2026-11-20 09:00 Shanghai → next is Monday 2026-11-23.
    expect(new Date(nextRunAfter(weekdays, at('2026-11-20T01:00:00Z'))!).toISOString()).toBe(
      '2026-11-23T01:00:00.000Z',
    );
    const weekly: Schedule = { cadence: { kind: 'weekly', weekday: 'wed' }, time: '18:00', timeZone: 'Europe/London' };
    expect(new Date(nextRunAfter(weekly, at('2026-11-19T00:00:00Z'))!).toISOString()).toBe('2026-11-25T18:00:00.000Z');
    expect(english.t(describeSchedule(weekly))).toBe('every Wednesday at 18:00 (Europe/London)');
  });

  it('keeps local time across daylight-saving changes (America/New_York)', () => {
    const daily: Schedule = { cadence: { kind: 'daily' }, time: '08:30', timeZone: 'America/New_York' };
    let cursor = at('2026-03-06T00:00:00Z');
    const spring: string[] = [];
    for (let i = 0; i < 4; i++) {
      cursor = nextRunAfter(daily, cursor)!;
      spring.push(new Date(cursor).toISOString());
      const local = localParts(cursor, 'America/New_York');
      expect([local.hour, local.minute]).toEqual([8, 30]);
    }
    // 13:30Z in EST, then 12:30Z once EDT starts on 2026-03-08.
    expect(spring).toEqual([
      '2026-03-06T13:30:00.000Z',
      '2026-03-07T13:30:00.000Z',
      '2026-03-08T12:30:00.000Z',
      '2026-03-09T12:30:00.000Z',
    ]);
    cursor = at('2026-10-31T00:00:00Z');
    const autumn = [0, 1, 2].map(() => (cursor = nextRunAfter(daily, cursor)!)).map((ms) => new Date(ms).toISOString());
    expect(autumn).toEqual(['2026-10-31T12:30:00.000Z', '2026-11-01T13:30:00.000Z', '2026-11-02T13:30:00.000Z']);
  });

  it('a time that does not exist on the spring-forward day still runs once that day', () => {
    const daily: Schedule = { cadence: { kind: 'daily' }, time: '02:30', timeZone: 'America/New_York' };
    const runs = [];
    let cursor = at('2026-03-07T00:00:00Z');
    for (let i = 0; i < 3; i++) {
      cursor = nextRunAfter(daily, cursor)!;
      runs.push(cursor);
    }
    expect(runs.map((ms) => localParts(ms, 'America/New_York').day)).toEqual([7, 8, 9]);
  });

  it('finds the latest run in a window', () => {
    const daily: Schedule = { cadence: { kind: 'daily' }, time: '08:30', timeZone: 'Asia/Shanghai' };
    expect(
      new Date(latestRunBetween(daily, at('2026-11-18T00:00:00Z'), at('2026-11-21T03:00:00Z'))!).toISOString(),
    ).toBe('2026-11-21T00:30:00.000Z');
    expect(latestRunBetween(daily, at('2026-11-21T00:30:00Z'), at('2026-11-21T03:00:00Z'))).toBeUndefined();
  });

  it('asks croner once per schedule and moment: ticks with nothing new due read no pattern and work out no run again', () => {
    const hourly: Schedule = { cadence: { kind: 'hourly' }, time: ':17', timeZone: 'Europe/Lisbon' };
    const nextRun = vi.spyOn(Cron.prototype, 'nextRun');
    try {
      const since = at('2026-11-21T05:17:00Z');
      expect(latestRunBetween(hourly, since, at('2026-11-21T05:40:00Z'))).toBeUndefined();
      const asked = nextRun.mock.calls.length;
      expect(asked).toBe(1);
      // Every later tick before 06:17 asks the same of the same schedule, as a scheduler does of every job.
      for (let minute = 41; minute < 60; minute++)
        expect(latestRunBetween({ ...hourly }, since, at(`2026-11-21T05:${minute}:00Z`))).toBeUndefined();
      expect(nextRun.mock.calls.length).toBe(asked);
      // Once the run is due it is found, and the next one after it worked out once.
      expect(latestRunBetween(hourly, since, at('2026-11-21T06:20:00Z'))).toBe(at('2026-11-21T06:17:00Z'));
      expect(nextRun.mock.calls.length).toBe(asked + 1);
    } finally {
      nextRun.mockRestore();
    }
  });
});

describe('digest filters', () => {
  it('take the sale-status words of the new-funds command, and refuse others', async () => {
    const { MemoryStore } = await import('../../../src/core/store/memoryStore.js');
    const { systemClock } = await import('../../../src/core/clock.js');
    const service = await digestService(new MemoryStore(), systemClock);
    // One channel per word: the same digest twice in one channel is refused (next test).
    const add = (filter: string) =>
      service.add({ teamId: 'T', channelId: `C-${filter}`, createdBy: 'U', cadence: 'daily', time: '08:30', filter });
    for (const [word, filter] of [
      ['onsale', 'onsale'],
      ['在售', 'onsale'],
      ['true', 'onsale'],
      ['停售', 'offsale'],
      ['off', 'offsale'],
      ['全部', 'all'],
      ['ALL', 'all'],
    ]) {
      expect((await add(word!)).filter, word).toBe(filter);
    }
    for (const word of ['constructor', '__proto__', 'maybe'])
      await expect(add(word)).rejects.toThrow(/is not a filter/);
  });

  it('refuse a second identical digest in the same channel, naming the one that exists', async () => {
    const { MemoryStore } = await import('../../../src/core/store/memoryStore.js');
    const { systemClock } = await import('../../../src/core/clock.js');
    const service = await digestService(new MemoryStore(), systemClock);
    const add = (channelId: string, time: string, filter: string) =>
      service.add({ teamId: 'T', channelId, createdBy: 'U', cadence: 'weekdays', time, filter });
    const first = await add('C1', '08:30', 'onsale');
    // 在售 is onsale, and 8:30 is 08:30: the same digest.
    await expect(add('C1', '8:30', '在售')).rejects.toThrow(new RegExp(`already has that digest \\(${first.id}\\)`));
    // Another time, another filter or another channel is another digest.
    await expect(add('C1', '09:00', 'onsale')).resolves.toBeDefined();
    await expect(add('C1', '08:30', 'all')).resolves.toBeDefined();
    await expect(add('C2', '08:30', 'onsale')).resolves.toBeDefined();
    expect(await service.list('T', 'C1')).toHaveLength(3);
  });
});

describe("a digest's own language", () => {
  async function service() {
    const { MemoryStore } = await import('../../../src/core/store/memoryStore.js');
    const { systemClock } = await import('../../../src/core/clock.js');
    return digestService(new MemoryStore(), systemClock);
  }

  it("is stored when chosen (lang:zh, 中文, en), and left out for the workspace's", async () => {
    const digests = await service();
    const add = (channelId: string, lang?: string) =>
      digests.add({
        teamId: 'T',
        channelId,
        createdBy: 'U',
        cadence: 'daily',
        time: '08:30',
        ...(lang !== undefined ? { lang } : {}),
      });
    expect((await add('C1', 'zh')).lang).toBe('zh-CN');
    expect((await add('C2', '中文')).lang).toBe('zh-CN');
    expect((await add('C3', 'en')).lang).toBe('en');
    expect(await add('C4')).not.toHaveProperty('lang');
    expect(await add('C5', 'default')).not.toHaveProperty('lang');
  });

  it("refuses a language the app does not speak, in the requester's words, naming the field", async () => {
    const { DigestInputError } = await import('../../../src/core/digest/digestService.js');
    const digests = await service();
    const refused = await digests
      .add({ teamId: 'T', channelId: 'C1', createdBy: 'U', cadence: 'daily', time: '08:30', lang: 'klingon' })
      .catch((error: unknown) => error);
    expect(refused).toBeInstanceOf(DigestInputError);
    const error = refused as InstanceType<typeof DigestInputError>;
    expect(error.field).toBe('lang');
    expect(error.message).toBe('"klingon" is not a language this app speaks; use lang:en or lang:zh');
    expect(langFor('zh-CN').t(error.phrase)).toBe('本应用不支持“klingon”这种语言；请写 `语言:中文` 或 `语言:英文`');
  });

  it('every refusal has its field and a Chinese wording', async () => {
    const { DigestInputError } = await import('../../../src/core/digest/digestService.js');
    const digests = await service();
    const cases = [
      [{ cadence: 'fortnightly' }, 'cadence', '“fortnightly”不是有效的推送周期'],
      [{ time: '25:00' }, 'time', '“25:00”不是有效的时间'],
      [{ filter: 'cheap' }, 'filter', '“cheap”不是有效的筛选条件'],
      [{ timeZone: 'Mars/Base' }, 'timeZone', '“Mars/Base”不是有效的时区'],
    ] as const;
    for (const [change, field, chinese] of cases) {
      const error = (await digests
        .add({ teamId: 'T', channelId: 'C9', createdBy: 'U', cadence: 'daily', time: '08:30', ...change })
        .catch((caught: unknown) => caught)) as InstanceType<typeof DigestInputError>;
      expect(error.field, field).toBe(field);
      expect(langFor('zh-CN').t(error.phrase)).toContain(chinese);
    }
  });
});

/** A digest service over `store` with the default caps; no runner (these tests add and list only). */
async function digestService(store: Store, clock: Clock) {
  const { DigestService } = await import('../../../src/core/digest/digestService.js');
  const { DigestRepository } = await import('../../../src/core/digest/digestRepository.js');
  const { DEFAULT_DIGEST_CAPS, EntryCaps } = await import('../../../src/core/jobs/caps.js');
  return new DigestService(
    new DigestRepository(store),
    undefined as never,
    clock,
    'Asia/Shanghai',
    new EntryCaps('digest', DEFAULT_DIGEST_CAPS, store, clock),
  );
}
