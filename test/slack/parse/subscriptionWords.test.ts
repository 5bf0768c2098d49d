import { describe, expect, it } from 'vitest';
import { subscriptionWords } from '../../../src/slack/parse/subscriptionWords.js';

/** The schedule and asking words of a subscription in words, and the lookup left (the corpus checks the offers). */
describe('subscriptionWords', () => {
  it('reads a schedule and a time in Chinese, with the part of the day moving the hour', () => {
    expect(subscriptionWords('每天早上9点把在售的债券基金发到这个频道')).toEqual({
      rest: '在售的债券基金',
      cadence: 'daily',
      time: '09:00',
      watch: false,
    });
    expect(subscriptionWords('每周五下午3点半推送新发基金')).toMatchObject({ cadence: 'weekly:周五', time: '15:30' });
    expect(subscriptionWords('每个工作日晚上八点推送新发基金')).toMatchObject({ cadence: 'weekdays', time: '20:00' });
  });

  it('reads them in English: `every morning at 9`, `at 6pm`, `every Monday at 10am`', () => {
    expect(subscriptionWords('push the bond funds on sale here every morning at 9')).toMatchObject({
      cadence: 'daily',
      time: '09:00',
      watch: false,
    });
    expect(subscriptionWords('post new funds here daily at 6pm')).toMatchObject({ cadence: 'daily', time: '18:00' });
    expect(subscriptionWords('send new funds to this channel every Monday at 10am')).toMatchObject({
      cadence: 'weekly:mon',
      time: '10:00',
    });
  });

  it('reads watching words without a schedule as a watch', () => {
    expect(subscriptionWords('盯着000001的规模，有变化告诉我')).toEqual({ rest: '000001的规模', watch: true });
    expect(subscriptionWords('let me know when there are new bond funds')).toMatchObject({ watch: true });
  });

  it('reads no subscription in a lookup, nor in a schedule word alone (CL daily, 每天 is no request)', () => {
    for (const text of ['CL daily', '光伏组件 今年 招标', '每天的新基金', 'here are the funds', '000001 规模变化'])
      expect(subscriptionWords(text), text).toBeUndefined();
  });
});
