import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { allText, buttonsOf, postedMessage, startTestApp, type TestApp } from '../../support/slackApp.js';
import { OPS } from './forms.js';

/**
 * Issue 44 through the real app (signed events, the fake Slack, the simulator on the pinned clock,
 * 2026-11-22 in Beijing): a message with every word placed runs once, with its period in Beijing
 * dates; the app's own matters are answered free; a word the reader cannot place asks.
 */

const CHINESE_USER = 'U0ZHMEANT1';

describe('messages read as meant (issue 44)', () => {
  let app: TestApp;

  beforeAll(async () => {
    app = await startTestApp();
    app.fake.setUser(CHINESE_USER, { locale: 'zh-CN' });
  });
  afterAll(async () => {
    await app?.close();
  });

  const answerTo = async (text: string, userId?: string) => {
    const sent = await app.directMessage(text, userId ? { userId } : {});
    return postedMessage(await app.nextCall('chat.postMessage', (call) => call.args.thread_ts === sent.ts));
  };

  it('帮我搜一下光伏组件今年的招标 runs one tender search for 光伏组件 this year, not for “搜 光伏组件 年”', async () => {
    const before = app.upstreamCalls().length;
    const answer = await answerTo('帮我搜一下光伏组件今年的招标', CHINESE_USER);
    await app.settle();
    const calls = app.upstreamCalls().slice(before);
    expect(calls).toHaveLength(1);
    expect(calls[0]!.operation).toBe(OPS.bids);
    expect(calls[0]!.request).toMatchObject({
      keyword: '光伏组件',
      type: '1',
      publishStartTime: '2026-01-01',
      publishEndTime: '2026-11-22',
    });
    expect(buttonsOf(answer).some((button) => button.action_id.startsWith('dq_choose'))).toBe(false);
  });

  it('000001 规模变化 and `how big is fund 110022` run at once: one reading, no one-button question', async () => {
    const before = app.upstreamCalls().length;
    await answerTo('000001 规模变化', CHINESE_USER);
    await answerTo('how big is fund 110022');
    await app.settle();
    expect(
      app
        .upstreamCalls()
        .slice(before)
        .map((call) => (call.request as Record<string, unknown>).fundCode),
    ).toEqual(['000001', '110022']);
  });

  it('the balance, this month’s spend, the prices and what the app can do are answered free, in both languages', async () => {
    const before = app.upstreamCalls().length;
    expect(allText(await answerTo('余额', CHINESE_USER))).toMatch(/币/);
    expect(allText(await answerTo('这个月花了多少', CHINESE_USER))).toMatch(/币/);
    expect(allText(await answerTo('价格', CHINESE_USER))).toContain('数据查询命令');
    expect(allText(await answerTo('what can you do'))).toContain('Data query commands');
    expect(allText(await answerTo('how much did we spend'))).toMatch(/coins?/);
    await app.settle();
    expect(app.upstreamCalls().length).toBe(before);
  });

  it('a second run of words the reader cannot place asks, each button the exact query and its cost; nothing is called', async () => {
    const before = app.upstreamCalls().length;
    const question = await answerTo('光伏组件 今年 储能电站 招标', CHINESE_USER);
    const labels = buttonsOf(question)
      .filter((button) => button.action_id.startsWith('dq_choose'))
      .map((button) => (button.text as { text: string }).text);
    expect(labels).toEqual([
      expect.stringMatching(/“光伏组件”.*2026-01-01.*2026-11-22.*10 币/),
      expect.stringMatching(/“储能电站”.*2026-01-01.*2026-11-22.*10 币/),
    ]);
    await app.settle();
    expect(app.upstreamCalls().length).toBe(before);
  });
});
