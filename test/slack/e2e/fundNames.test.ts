import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { TAXPAYER_CATALOGUE } from '../../../src/simulator/data/taxpayerCatalogue.js';
import { DEFAULT_WORKSPACE } from '../../support/slack/workspace.js';
import {
  allText,
  buttonsOf,
  postedMessage,
  type SentRequest,
  startTestApp,
  type TestApp,
} from '../../support/slackApp.js';
import { OPS, simulatorCost } from './forms.js';

/**
 * Funds by name and "did you mean" through the real app (issue 44): names are learnt from what the
 * simulator answered (a new-fund list, a taxpayer record), kept for the workspace, and read back in
 * messages; nothing is charged for a name the app does not know or for a misspelt one until a
 * button is pressed, and the button runs exactly what it said.
 */

const CHINESE_USER = 'U0ZHNAMES1';
const TEAM = DEFAULT_WORKSPACE.teamId;

interface NewFund {
  fundCode: string;
  fundName: string;
}

describe('funds by name and did-you-mean (issue 44)', () => {
  let app: TestApp;

  beforeAll(async () => {
    app = await startTestApp();
    app.fake.setUser(CHINESE_USER, { locale: 'zh-CN' });
  });
  afterAll(async () => {
    await app?.close();
  });

  const answerTo = async (sent: SentRequest & { ts: string }) =>
    app.nextCall('chat.postMessage', (call) => call.args.thread_ts === sent.ts);
  const coinsToday = async () => (await app.client.ledger.usage(TEAM, app.clock.now())).today.coins;
  const chooseButtons = (message: ReturnType<typeof postedMessage>) =>
    buttonsOf(message).filter((button) => button.action_id.startsWith('dq_choose'));

  it('a fund named as a new-fund list named it is looked up by its code, and the answer shows its name', async () => {
    const listed = await app.command('all', { command: '/new-funds' });
    expect(allText(await app.nextResponse(listed.responseId))).toMatch(/\d{6}/);
    const body = app.upstreamCalls(OPS.newFunds).at(-1)!.body as { data: { data: NewFund[] } };
    // A name no other listed fund's name starts with: it names one fund.
    const funds = body.data.data;
    const fund = funds.find((one) =>
      funds.every((other) => other === one || !other.fundName.startsWith(one.fundName)),
    )!;
    const before = app.upstreamCalls(OPS.fundAsset).length;
    const sent = await app.directMessage(`${fund.fundName}的规模`, { userId: CHINESE_USER });
    const answer = postedMessage(await answerTo(sent));
    expect(
      app
        .upstreamCalls(OPS.fundAsset)
        .slice(before)
        .map((call) => call.request),
    ).toEqual([expect.objectContaining({ fundCode: fund.fundCode })]);
    expect(allText(answer)).toContain(fund.fundName);
    expect(allText(answer)).toContain(fund.fundCode);
    // The Home tab's recent lookups say the fund's name too.
    const home = await app.openHome(CHINESE_USER);
    expect(allText({ blocks: home.view.blocks as unknown[] })).toContain(
      `基金规模历史 · ${fund.fundCode} ${fund.fundName} · `,
    );
  });

  it('a name the start of two funds’ (A and C classes) asks which, a button for each stating the fund and its cost', async () => {
    await app.client.names.learn(TEAM, [
      { subject: 'fund:161725', name: '招商中证白酒指数(LOF)A' },
      { subject: 'fund:012414', name: '招商中证白酒指数(LOF)C' },
    ]);
    const calls = app.upstreamCalls().length;
    const sent = await app.directMessage('招商中证白酒的规模', { userId: CHINESE_USER });
    const question = postedMessage(await answerTo(sent));
    expect(allText(question)).toContain('“招商中证白酒”可能对应不止一只基金');
    const cost = simulatorCost(OPS.fundAsset);
    expect(chooseButtons(question).map((button) => button.text.text)).toEqual([
      `基金规模历史：招商中证白酒指数(LOF)A（基金 161725）· ${cost} 币`,
      `基金规模历史：招商中证白酒指数(LOF)C（基金 012414）· ${cost} 币`,
    ]);
    await app.settle();
    expect(app.upstreamCalls().length).toBe(calls);
  });

  it('a fund name the app has not seen asks for the code, and nothing is called or charged', async () => {
    const calls = app.upstreamCalls().length;
    const coins = await coinsToday();
    const sent = await app.directMessage('富国天惠成长混合的规模', { userId: CHINESE_USER });
    const question = postedMessage(await answerTo(sent));
    expect(allText(question)).toContain('还无法识别基金名称“富国天惠成长混合”，未发起查询，未扣费');
    expect(allText(question)).toContain('000001 的规模');
    expect(chooseButtons(question)).toEqual([]);
    await app.settle();
    expect(app.upstreamCalls().length).toBe(calls);
    expect(await coinsToday()).toBe(coins);
  });

  it('杭洲华信, after 杭州华信 was seen, offers 杭州华信 first: nothing is charged until it is pressed, which runs exactly it', async () => {
    // Seen in the answer to its credit code, so that the search offered is not in the cache.
    const company = TAXPAYER_CATALOGUE.find((record) => record.enterpriseName.startsWith('杭州华信'))!;
    const seen = await app.directMessage(company.creditNo, { userId: CHINESE_USER });
    expect(allText(postedMessage(await answerTo(seen)))).toContain(company.enterpriseName);
    const calls = app.upstreamCalls().length;
    const coins = await coinsToday();
    const sent = await app.directMessage('杭洲华信', { userId: CHINESE_USER });
    const question = await answerTo(sent);
    const buttons = chooseButtons(postedMessage(question));
    const cost = simulatorCost(OPS.taxpayer);
    expect(buttons[0]!.text.text).toBe(`是不是想查“杭州华信”？· 纳税人信息 · ${cost} 币`);
    expect(buttons.map((button) => button.text.text)).toContain(`纳税人信息：“杭洲华信” · ${cost} 币`);
    await app.settle();
    expect(app.upstreamCalls().length).toBe(calls);
    expect(await coinsToday()).toBe(coins);

    const clicked = await app.click(buttons[0]!.action_id, buttons[0]!.value!, {
      ephemeral: false,
      messageTs: question.response.ts as string,
      threadTs: sent.ts,
      channelId: sent.channel,
      userId: CHINESE_USER,
    });
    expect(clicked.status).toBe(200);
    const answer = postedMessage(await answerTo(sent));
    expect(allText(answer)).toContain('杭州华信');
    const made = app.upstreamCalls().slice(calls);
    expect(made.map((call) => [call.operation, (call.request as { keyword: string }).keyword])).toEqual([
      [OPS.taxpayer, '杭州华信'],
    ]);
    expect(await coinsToday()).toBe(coins + cost);
  });
});
