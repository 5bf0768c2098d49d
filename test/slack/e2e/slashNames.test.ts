import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { TAXPAYER_CATALOGUE } from '../../../src/simulator/data/taxpayerCatalogue.js';
import { decodeQueryValue } from '../../../src/slack/payloads/queryValue.js';
import { DEFAULT_WORKSPACE } from '../../support/slack/workspace.js';
import { allText, buttonsOf, type SlackResponseBody, startTestApp, type TestApp } from '../../support/slackApp.js';
import { OPS, simulatorCost } from './forms.js';

/**
 * Slash commands read with the workspace's names as messages are (issue 44): a fund's name for its
 * code, "did you mean" a company seen. A question is ephemeral, as every slash reply is; nothing is
 * called or charged until a button is pressed, and the button runs exactly what it says.
 */

const CHINESE_USER = 'U0ZHSLASH1';
const TEAM = DEFAULT_WORKSPACE.teamId;

describe('slash commands read with the names seen (issue 44)', () => {
  let app: TestApp;
  const company = TAXPAYER_CATALOGUE.find((record) => record.enterpriseName.startsWith('杭州华信'))!;

  beforeAll(async () => {
    app = await startTestApp();
    app.fake.setUser(CHINESE_USER, { locale: 'zh-CN' });
    await app.client.names.learn(TEAM, [
      { subject: 'company', name: company.enterpriseName },
      { subject: 'fund:005827', name: '易方达蓝筹精选混合' },
      { subject: 'fund:161725', name: '招商中证白酒指数(LOF)A' },
      { subject: 'fund:012414', name: '招商中证白酒指数(LOF)C' },
      { subject: 'fund:110022', name: 'E Fund Consumer Industry Stock' },
    ]);
  });
  afterAll(async () => {
    await app?.close();
  });

  const coinsToday = async () => (await app.client.ledger.usage(TEAM, app.clock.now())).today.coins;
  const chooseButtons = (body: SlackResponseBody) =>
    buttonsOf(body).filter((button) => button.action_id.startsWith('dq_choose'));
  const asked = (value: string | undefined) => {
    const query = decodeQueryValue(value ?? '')!;
    return [query.operation, query.request];
  };
  /** A slash command's reply, with what it called and charged. */
  const slash = async (command: string, text: string, userId = CHINESE_USER) => {
    const calls = app.upstreamCalls().length;
    const coins = await coinsToday();
    const sent = await app.command(text, { command, userId });
    const reply = await app.nextResponse(sent.responseId);
    await app.settle();
    return { reply, calls: app.upstreamCalls().slice(calls), coins: (await coinsToday()) - coins };
  };
  /** A button of a slash reply pressed: the reply to it, with what it called and charged. */
  const press = async (button: { action_id: string; value?: string }, userId = CHINESE_USER) => {
    const calls = app.upstreamCalls().length;
    const coins = await coinsToday();
    const clicked = await app.click(button.action_id, button.value!, { ephemeral: true, userId });
    expect(clicked.status).toBe(200);
    const reply = await app.nextResponse(clicked.responseId);
    await app.settle();
    return { reply, calls: app.upstreamCalls().slice(calls), coins: (await coinsToday()) - coins };
  };
  const keywords = (calls: ReturnType<TestApp['upstreamCalls']>) =>
    calls.map((call) => [call.operation, (call.request as { keyword?: string }).keyword]);

  it('/taxpayer 杭洲华信 asks "did you mean 杭州华信" first, free; the button runs exactly that, once', async () => {
    const cost = simulatorCost(OPS.taxpayer);
    const { reply, calls, coins } = await slash('/taxpayer', '杭洲华信');
    expect(reply.response_type).toBe('ephemeral');
    expect(allText(reply)).toContain('你想查哪一个？点按钮后才会查询并扣币。');
    const buttons = chooseButtons(reply);
    expect(buttons.map((button) => button.text.text)).toEqual([
      `是不是想查“杭州华信”？· 纳税人信息 · ${cost} 币`,
      `纳税人信息：“杭洲华信” · ${cost} 币`,
    ]);
    expect(buttons.map((button) => asked(button.value))).toEqual([
      [OPS.taxpayer, expect.objectContaining({ keyword: '杭州华信' })],
      [OPS.taxpayer, expect.objectContaining({ keyword: '杭洲华信' })],
    ]);
    expect(calls).toEqual([]);
    expect(coins).toBe(0);

    const pressed = await press(buttons[0]!);
    expect(keywords(pressed.calls)).toEqual([[OPS.taxpayer, '杭州华信']]);
    expect(pressed.coins).toBe(cost);
    expect(allText(pressed.reply)).toContain(company.enterpriseName);
  });

  it('/dq tax 杭洲华信 asks the same; the name as typed runs as typed', async () => {
    const { reply, calls, coins } = await slash('/dq', 'tax 杭洲华信');
    const buttons = chooseButtons(reply);
    expect(buttons).toHaveLength(2);
    expect(calls).toEqual([]);
    expect(coins).toBe(0);
    const pressed = await press(buttons[1]!);
    expect(keywords(pressed.calls)).toEqual([[OPS.taxpayer, '杭洲华信']]);
    expect(pressed.coins).toBe(simulatorCost(OPS.taxpayer));
  });

  it('a keyword that starts a seen name, is close to none or is a credit code runs at once as before', async () => {
    const prefix = await slash('/taxpayer', '杭州华信科技');
    expect(chooseButtons(prefix.reply)).toEqual([]);
    expect(keywords(prefix.calls)).toEqual([[OPS.taxpayer, '杭州华信科技']]);
    expect(prefix.coins).toBe(simulatorCost(OPS.taxpayer));
    const unrelated = await slash('/taxpayer', '深圳市腾讯计算机');
    expect(chooseButtons(unrelated.reply)).toEqual([]);
    expect(keywords(unrelated.calls)).toEqual([[OPS.taxpayer, '深圳市腾讯计算机']]);
    const code = await slash('/taxpayer', company.creditNo);
    expect(chooseButtons(code.reply)).toEqual([]);
    expect(keywords(code.calls)).toEqual([[OPS.taxpayer, company.creditNo]]);
  });

  it('/fund-asset 易方达蓝筹精选, one fund seen by that name, runs with its code and the reply names both', async () => {
    const { reply, calls, coins } = await slash('/fund-asset', '易方达蓝筹精选');
    expect(calls.map((call) => [call.operation, call.request])).toEqual([
      [OPS.fundAsset, expect.objectContaining({ fundCode: '005827' })],
    ]);
    expect(coins).toBe(simulatorCost(OPS.fundAsset));
    expect(allText(reply)).toContain('005827');
    expect(allText(reply)).toContain('易方达蓝筹精选混合');
  });

  it('a fund named in several English words runs with its code too', async () => {
    const { calls, coins } = await slash('/fund-asset', 'E Fund Consumer Industry Stock', 'U0ENSLASH1');
    expect(calls.map((call) => [call.operation, call.request])).toEqual([
      [OPS.fundAsset, expect.objectContaining({ fundCode: '110022' })],
    ]);
    expect(coins).toBe(simulatorCost(OPS.fundAsset));
  });

  it('/fund-asset 招商中证白酒, the start of two funds, asks which, free; the button runs that fund once', async () => {
    const cost = simulatorCost(OPS.fundAsset);
    const { reply, calls, coins } = await slash('/fund-asset', '招商中证白酒');
    expect(reply.response_type).toBe('ephemeral');
    expect(allText(reply)).toContain('“招商中证白酒”可能对应不止一只基金');
    const buttons = chooseButtons(reply);
    expect(buttons.map((button) => button.text.text)).toEqual([
      `基金规模历史：招商中证白酒指数(LOF)A（基金 161725）· ${cost} 币`,
      `基金规模历史：招商中证白酒指数(LOF)C（基金 012414）· ${cost} 币`,
    ]);
    expect(calls).toEqual([]);
    expect(coins).toBe(0);
    const pressed = await press(buttons[1]!);
    expect(pressed.calls.map((call) => [call.operation, call.request])).toEqual([
      [OPS.fundAsset, expect.objectContaining({ fundCode: '012414' })],
    ]);
    expect(pressed.coins).toBe(cost);
  });

  it('/fund-asset with a fund name not seen is refused as before, free, and says where names come from', async () => {
    const { reply, calls, coins } = await slash('/fund-asset', '富国天惠成长混合');
    expect(allText(reply).split('\n')).toEqual(
      expect.arrayContaining([
        '• 基金代码须为 6 位数字，如 000001，不能是“富国天惠成长混合”',
        '• 只有在新发基金列表中出现过的基金，才能直接用名称查询。',
      ]),
    );
    expect(allText(reply)).toContain('未扣费');
    expect(chooseButtons(reply)).toEqual([]);
    expect(calls).toEqual([]);
    expect(coins).toBe(0);
    const english = await slash('/fund-asset', 'Fullgoal', 'U0ENSLASH1');
    expect(allText(english.reply)).toContain('• A fund’s name works once a new-fund list has shown it.');
    expect(english.calls).toEqual([]);
    // A wrong code is not a name: the refusal says nothing of names.
    const wrongCode = await slash('/fund-asset', '12345', 'U0ENSLASH1');
    expect(allText(wrongCode.reply)).not.toContain('new-fund list');
  });
});
