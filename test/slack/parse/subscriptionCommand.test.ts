import { describe, expect, it } from 'vitest';
import { WATCH_SUBJECTS } from '../../../src/slack/flows/watchCommand.js';
import { readWatchWords as readWords } from '../../../src/slack/parse/subscriptionCommand.js';
import { readWatchRequestValue, watchRequestValue } from '../../../src/slack/payloads/watchRequestValue.js';

/** The grammar with what the flow hands in from the operation registry. */
const readWatchWords = (words: string[]) => readWords(words, WATCH_SUBJECTS);

describe('the words of /dq watch add', () => {
  it('reads the three kinds, options anywhere, the last schedule word as the schedule', () => {
    expect(readWatchWords(['taxpayer', '91330106774738789M', 'daily', '09:00'])).toEqual({
      kind: 'taxpayer',
      subject: '91330106774738789M',
      cadence: 'daily',
      time: '09:00',
    });
    expect(readWatchWords(['fund', '000001', 'change:5%', 'weekdays', '18:00'])).toEqual({
      kind: 'fund',
      subject: '000001',
      changePercent: '5%',
      cadence: 'weekdays',
      time: '18:00',
    });
    expect(readWatchWords(['futures', 'CL', 'daily', 'above:75', 'weekdays', '16:00'])).toEqual({
      kind: 'futures',
      subject: 'CL',
      period: 'daily',
      above: '75',
      cadence: 'weekdays',
      time: '16:00',
    });
    expect(readWatchWords(['futures', 'CL', 'above:75', 'daily', '16:00'])).toEqual({
      kind: 'futures',
      subject: 'CL',
      above: '75',
      cadence: 'daily',
      time: '16:00',
    });
    expect(readWatchWords(['futures', 'CL', '5m', 'below:60', 'hourly', ':15', 'tz:Europe/London'])).toEqual({
      kind: 'futures',
      subject: 'CL',
      period: '5m',
      below: '60',
      cadence: 'hourly',
      time: ':15',
      timeZone: 'Europe/London',
    });
    expect(readWatchWords(['taxpayer', 'ACME', 'Trading', 'weekly:mon', '08:30', 'lang:zh', 'announce'])).toEqual({
      kind: 'taxpayer',
      subject: 'ACME Trading',
      cadence: 'weekly:mon',
      time: '08:30',
      lang: 'zh',
      announceFirst: true,
    });
  });

  it('reads the Chinese words beside the English ones', () => {
    expect(readWatchWords(['期货', 'CL', '日线', '高于：75', '工作日', '16：00'])).toEqual({
      kind: '期货',
      subject: 'CL',
      period: '日线',
      above: '75',
      cadence: '工作日',
      time: '16：00',
    });
    expect(readWatchWords(['基金', '000001', '变动:5%', '每天', '18:00', '时区:Asia/Shanghai', '首次推送'])).toEqual({
      kind: '基金',
      subject: '000001',
      changePercent: '5%',
      cadence: '每天',
      time: '18:00',
      timeZone: 'Asia/Shanghai',
      announceFirst: true,
    });
  });

  it('says what is missing rather than only how it is written', () => {
    expect(readWatchWords([])).toEqual({ problem: { key: 'watch.input.kindMissing' } });
    expect(readWatchWords(['fund'])).toEqual({ problem: { key: 'watch.input.subjectMissing' } });
    expect(readWatchWords(['fund', '000001', '18:00'])).toEqual({ problem: { key: 'watch.input.scheduleMissing' } });
    // The example: `above 80` is read as above:80, and what is left missing is when to check.
    expect(readWatchWords(['futures', 'CL', 'above', '80'])).toEqual({
      problem: { key: 'watch.input.scheduleMissing' },
    });
    expect(readWatchWords(['futures', 'CL', 'above', '80', 'weekdays', '16:00'])).toEqual({
      kind: 'futures',
      subject: 'CL',
      above: '80',
      cadence: 'weekdays',
      time: '16:00',
    });
  });

  it('names a contract by its English or Chinese name, as a lookup does', () => {
    expect(readWatchWords(['futures', 'gold', 'daily', 'above:2500', 'weekdays', '16:00'])).toMatchObject({
      subject: 'GC',
      period: 'daily',
      above: '2500',
    });
    expect(readWatchWords(['futures', 'crude', 'oil', 'below', '60', 'daily', '09:00'])).toMatchObject({
      subject: 'CL',
      below: '60',
      cadence: 'daily',
    });
    expect(readWatchWords(['期货', '黄金', '高于:2500', '工作日', '16:00'])).toMatchObject({ subject: 'GC' });
  });

  it('takes back only button values it made', () => {
    const request = { kind: 'fund', subject: '000001', cadence: 'daily', time: '09:00' };
    expect(readWatchRequestValue(watchRequestValue(request))).toEqual({ request });
    // The preview's language rides along, apart from the watch's own.
    expect(readWatchRequestValue(watchRequestValue(request, 'zh-CN'))).toEqual({ request, locale: 'zh-CN' });
    expect(readWatchRequestValue(JSON.stringify({ ...request, l: 'fr' }))).toBeUndefined();
    expect(
      readWatchRequestValue('{"kind":"fund","subject":"000001","cadence":"daily","teamId":"T0OTHER"}'),
    ).toBeUndefined();
    expect(readWatchRequestValue('not json')).toBeUndefined();
    expect(readWatchRequestValue(JSON.stringify({ ...request, subject: 'x'.repeat(500) }))).toBeUndefined();
  });
});
