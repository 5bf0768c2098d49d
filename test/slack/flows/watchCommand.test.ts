import { describe, expect, it } from 'vitest';
import { readWatchRequestValue, readWatchWords, watchRequestValue } from '../../../src/slack/flows/watchCommand.js';

describe('the words of /dq watch add', () => {
  it('reads the three kinds, options anywhere, the last schedule word as the schedule', () => {
    expect(readWatchWords(['taxpayer', '91330106774738789M', 'daily', '09:00'])).toEqual({ kind: 'taxpayer', subject: '91330106774738789M', cadence: 'daily', time: '09:00' });
    expect(readWatchWords(['fund', '000001', 'change:5%', 'weekdays', '18:00'])).toEqual({ kind: 'fund', subject: '000001', changePercent: '5%', cadence: 'weekdays', time: '18:00' });
    expect(readWatchWords(['futures', 'CL', 'daily', 'above:75', 'weekdays', '16:00'])).toEqual({ kind: 'futures', subject: 'CL', period: 'daily', above: '75', cadence: 'weekdays', time: '16:00' });
    expect(readWatchWords(['futures', 'CL', 'above:75', 'daily', '16:00'])).toEqual({ kind: 'futures', subject: 'CL', above: '75', cadence: 'daily', time: '16:00' });
    expect(readWatchWords(['futures', 'CL', '5m', 'below:60', 'hourly', ':15', 'tz:Europe/London'])).toEqual({ kind: 'futures', subject: 'CL', period: '5m', below: '60', cadence: 'hourly', time: ':15', timeZone: 'Europe/London' });
    expect(readWatchWords(['taxpayer', 'ACME', 'Trading', 'weekly:mon', '08:30', 'lang:zh', 'announce'])).toEqual({ kind: 'taxpayer', subject: 'ACME Trading', cadence: 'weekly:mon', time: '08:30', lang: 'zh', announceFirst: true });
  });

  it('reads the Chinese words beside the English ones', () => {
    expect(readWatchWords(['期货', 'CL', '日线', '高于：75', '工作日', '16：00'])).toEqual({ kind: '期货', subject: 'CL', period: '日线', above: '75', cadence: '工作日', time: '16：00' });
    expect(readWatchWords(['基金', '000001', '变动:5%', '每天', '18:00', '时区:Asia/Shanghai', '首次推送'])).toEqual({ kind: '基金', subject: '000001', changePercent: '5%', cadence: '每天', time: '18:00', timeZone: 'Asia/Shanghai', announceFirst: true });
  });

  it('has no request without a kind or a schedule', () => {
    expect(readWatchWords([])).toBeUndefined();
    expect(readWatchWords(['fund', '000001', '18:00'])).toBeUndefined();
  });

  it('takes back only button values it made', () => {
    const request = { kind: 'fund', subject: '000001', cadence: 'daily', time: '09:00' };
    expect(readWatchRequestValue(watchRequestValue(request))).toEqual(request);
    expect(readWatchRequestValue('{"kind":"fund","subject":"000001","cadence":"daily","teamId":"T0OTHER"}')).toBeUndefined();
    expect(readWatchRequestValue('not json')).toBeUndefined();
    expect(readWatchRequestValue(JSON.stringify({ ...request, subject: 'x'.repeat(500) }))).toBeUndefined();
  });
});
