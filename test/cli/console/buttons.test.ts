import { afterEach, describe, expect, it } from 'vitest';
import { type DemoConsole, startDemoConsole } from '../consoleDriver.js';

/** The footer of a lookup reply in English and in Chinese: once it is printed, the whole reply is. */
const FOOTER = /(coins? per lookup|每次查询).*\n/;

describe('the buttons of a watch preview, a watch post and a list at the console (as the Slack app handles them)', () => {
  let session: DemoConsole | undefined;
  afterEach(async () => {
    await session?.end();
    session = undefined;
  });

  it('Cancel on a watch preview replaces it with "nothing was saved", and nothing is saved', async () => {
    session = await startDemoConsole();
    await session.ask('/dq watch add bids 储能电站 region:ZJ type:tender weekdays 09:00', /\[2\] Cancel\n/);
    const cancelled = await session.ask('2', /saved.*\n/);
    expect(cancelled).toContain('pressed [2] Cancel');
    expect(cancelled).toContain('(replaces the previous reply)');
    expect(cancelled).toContain('Nothing was saved.');
    expect(cancelled).not.toContain('only in Slack');
    expect(await session.ask('/dq watch list', /adds one/)).toContain('This channel has no watches.');
  });

  it('Cancel on a Chinese preview says so in Chinese', async () => {
    session = await startDemoConsole();
    await session.ask('/dq 关注 添加 招标 储能电站 工作日 09:00', /\[2\] 取消\n/);
    const cancelled = await session.ask('2', /未保存任何内容。\n/);
    expect(cancelled).toContain('已按下 [2] 取消');
    expect(cancelled).toContain('（替换上一条回复）');
    expect(cancelled).not.toMatch(/Slack|saved/);
  });

  it('"Save with the proposed schedule" saves the watch on that schedule', async () => {
    session = await startDemoConsole();
    const preview = await session.ask('/dq watch add fund 000001 change:5% daily 18:00', /\[3\] Cancel\n/);
    expect(preview).toContain('[2] Save with the proposed schedule');
    const saved = await session.ask('2', /Next check.*\n/);
    expect(saved).toContain('Watch saved.');
    expect(saved).toMatch(/every Monday at 18:00/);
  });

  it('"Stop watching" under a watch’s post stops the watch', async () => {
    // A budget the lookup below uses up, so the watch's check pauses and posts why, with its Stop button.
    session = await startDemoConsole({ env: { COIN_BUDGET_TEAM_DAILY: '5' } });
    await session.ask('/dq watch add futures CL daily above:75 weekdays 16:00', /\[2\] Cancel\n/);
    const saved = await session.ask('1', /Next check.*\n/);
    const id = /^([0-9a-f]{8}) CL/m.exec(saved)?.[1];
    expect(id, saved).toBeDefined();
    await session.ask('/futures CL 5m 5', FOOTER);
    const posted = await session.ask(`/dq watch run ${id}`, /a notice was posted.*\n/);
    expect(posted).toContain(`— watch ${id} posted in #console —`);
    expect(posted).toMatch(/^\[1\] Stop watching$/m);
    const stopped = await session.ask('1', /or spent for it\.\n/);
    expect(stopped).toContain('pressed [1] Stop watching');
    expect(stopped).toContain(`Stopped watching CL (daily candles) closing above 75 (watch ${id})`);
    expect(await session.ask('/dq watch list', /adds one/)).toContain('This channel has no watches.');
  });

  it('Next and Previous under a long list show its other page, in the list’s language', async () => {
    session = await startDemoConsole({ env: { DIGEST_MAX_PER_CHANNEL: '30', DIGEST_MAX_PER_PERSON: '30' } });
    for (let minute = 0; minute < 21; minute++)
      await session.ask(`/dq digest add daily 08:${String(minute).padStart(2, '0')}`, /Next run.*\n/);
    const first = await session.ask('/dq 摘要 列表', /\[1\].*\n/);
    expect(first).not.toContain('08:20');
    const second = await session.ask('1', /\[1\].*\n/);
    expect(second).toMatch(/^已按下 \[1\] /m);
    expect(second).toContain('（替换上一条回复）');
    expect(second).toContain('08:20');
    expect(second).not.toMatch(/only in Slack|只能在 Slack/);
    const back = await session.ask('1', /\[1\].*\n/);
    expect(back).toMatch(/^已按下 \[1\] /m);
    expect(back).not.toContain('08:20');
  });

  it('"Watch this" opens a form in Slack: the console says how to type the watch instead, in the reply’s language', async () => {
    session = await startDemoConsole();
    const reply = await session.ask('/futures CL 日K 5', FOOTER);
    expect(reply).toMatch(/\[3\] 关注/);
    const refused = await session.ask('3', /\/dq 关注 添加.*\n/);
    expect(refused).toContain('在 Slack 中，这个按钮会打开关注表单');
    expect(refused).not.toMatch(/only in Slack|forms need Slack/);
  });
});
