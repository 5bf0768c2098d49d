import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { allText, startTestApp, type TestApp } from '../../support/slackApp.js';

/**
 * Issue 25 through the real app: what a reader types by mistake or in their own words is read
 * through the real parser, and a typo costs nothing (no call reaches the simulator).
 */

const ZH_USER = 'U0ZHNATIVE';
const EN_USER = 'U0ENNATIVE';

describe('a typo is never paid for', () => {
  let app: TestApp;

  beforeAll(async () => {
    app = await startTestApp();
    app.fake.setUser(ZH_USER, { locale: 'zh-CN' });
    app.fake.setUser(EN_USER, { locale: 'en-US' });
  });
  afterAll(async () => {
    await app?.close();
  });

  async function reply(text: string, userId: string, command = '/dq'): Promise<string> {
    const sent = await app.command(text, { command, userId });
    return allText(await app.nextResponse(sent.responseId));
  }

  it.each([
    ['/bids', '光伏组件 地域：浙江', ZH_USER, '地区'],
    ['/bids', '光伏组件 日期：2026-01-01', ZH_USER, '从'],
    ['/bids', '光伏组件 地域:浙江', ZH_USER, '地区'],
    ['/bids', 'solar panels regoin:ZJ', EN_USER, 'region'],
    ['/bids', 'solar panels date:2026-01-01', EN_USER, 'from'],
    ['/futures', 'CL 5m 周其：日线', ZH_USER, '周期'],
    ['/taxpayer', '华为 页吗：2', ZH_USER, '页'],
  ])('%s %s is refused with the nearest option and nothing is sent', async (command, text, userId, guess) => {
    const before = app.upstreamCalls().length;
    const said = await reply(text, userId, command);
    expect(said).toContain(`${guess}:`);
    expect(said).toMatch(/Nothing was sent or charged|没有扣费/);
    await app.settle();
    expect(app.upstreamCalls()).toHaveLength(before);
  });
});
