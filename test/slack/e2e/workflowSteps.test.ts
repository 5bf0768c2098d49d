import { readFileSync } from 'node:fs';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { type CachedResult, cacheKey, ResultCache } from '../../../src/core/client/cache.js';
import { validate } from '../../../src/core/operations/validate.js';
import { CANDLE_PERIOD_SECONDS, candleAt } from '../../../src/simulator/data/candles.js';
import { futuresContract } from '../../../src/simulator/data/futuresContracts.js';
import { TAXPAYER_CATALOGUE } from '../../../src/simulator/data/taxpayerCatalogue.js';
import {
  DEFAULT_WORKSPACE,
  eventCallbackBody,
  functionExecutedEvent,
  SLACK_ACK_DEADLINE_MS,
  sendEvent,
  userContext,
} from '../../support/slack/index.js';
import type { FunctionExecution, FunctionParameter } from '../../support/slack/webApiAnswers.js';
import {
  STACK_TRACE,
  startTestApp,
  TEST_SIGNING_SECRET,
  type TestApp,
  UNHANDLED_LISTENER_ERROR,
} from '../../support/slackApp.js';
import { parseYaml } from '../../support/yamlSubset.js';
import { OPS, simulatorCost } from './forms.js';

/**
 * Workflow Builder steps end to end: Slack starts an execution and sends function_executed (signed);
 * the app looks the data up through its client and ends the execution with functions.completeSuccess
 * or functions.completeError, which the fake checks against the manifest's output parameters.
 */

type Json = Record<string, unknown>;
interface ManifestParameter {
  type: string;
  title: string;
  description: string;
  is_required: boolean;
}
interface ManifestFunction {
  input_parameters: Record<string, ManifestParameter>;
  output_parameters: Record<string, ManifestParameter>;
}

const manifest = parseYaml(readFileSync(new URL('../../../manifest.workflow-steps.yml', import.meta.url), 'utf8')) as {
  functions: Record<string, ManifestFunction>;
};

function parameters(definitions: Record<string, ManifestParameter>): FunctionParameter[] {
  return Object.entries(definitions).map(([name, definition]) => ({ name, ...definition }));
}

const TEAM = DEFAULT_WORKSPACE.teamId;
const RUNNER = 'U0WORKFLOW1';

interface StepEnd {
  execution: FunctionExecution;
  /** The functions.completeSuccess or functions.completeError call that ended it. */
  method: string;
  args: Json;
  token: string | undefined;
  /** Every event body sent, so a test can deliver one again. */
  body: Json;
}

/**
 * One workflow run reaching a step: the execution in the fake, the signed event, and how the app
 * ended it. Slack fills `run_by` with the user context of whoever started the run (RUNNER unless the
 * inputs say otherwise; `run_by: undefined` for a run that has none).
 */
async function runStep(app: TestApp, callbackId: string, given: Json, body?: Json): Promise<StepEnd> {
  const definition = manifest.functions[callbackId];
  if (!definition) throw new Error(`${callbackId} is not in manifest.workflow-steps.yml`);
  const inputs = 'run_by' in given ? given : { ...given, run_by: userContext(RUNNER) };
  const execution = app.fake.startFunctionExecution(callbackId, parameters(definition.output_parameters));
  const event = functionExecutedEvent({
    callbackId,
    functionExecutionId: execution.id,
    botAccessToken: execution.token,
    inputs,
    inputParameters: parameters(definition.input_parameters),
    outputParameters: parameters(definition.output_parameters),
  });
  const sent = body ?? eventCallbackBody(event);
  const response = await sendEvent(app.url, TEST_SIGNING_SECRET, sent);
  expect(response.status).toBe(200);
  const mine = (call: { args: Json }) => call.args.function_execution_id === execution.id;
  const ended = await Promise.any([
    app.nextCall('functions.completeSuccess', mine),
    app.nextCall('functions.completeError', mine),
  ]);
  return {
    execution: app.fake.functionExecution(execution.id)!,
    method: ended.method,
    args: ended.args,
    token: ended.token,
    body: sent,
  };
}

async function ledger(app: TestApp) {
  await app.client.ledger.flush();
  const now = app.clock.now();
  return app.client.ledger.entries(TEAM, now - 86_400_000, now + 60_000);
}

/** The envelope's payload the simulator answered the app's one call with. */
function upstreamData(app: TestApp, operation: Parameters<TestApp['upstreamCalls']>[0]): Json {
  const calls = app.upstreamCalls(operation);
  expect(calls).toHaveLength(1);
  return (calls[0]!.body as { data: Json }).data;
}

describe('Workflow Builder steps', () => {
  let app: TestApp;

  beforeAll(async () => {
    app = await startTestApp();
  });
  afterAll(async () => {
    await app?.close();
  });
  afterEach(() => {
    app.simulator.reset();
    // Every step ended itself: nothing reached Bolt's error handler.
    expect(app.logs.filter((line) => line.msg === UNHANDLED_LISTENER_ERROR)).toEqual([]);
  });

  it('run by a person of another organisation: the step fails saying so, nothing spent (issue 32.6: its outputs may be posted anywhere)', async () => {
    app.fake.setUser('U0GUEST002', { team_id: 'T0PARTNER2' });
    const ended = await runStep(app, 'dq_fund_asset_latest', {
      fund_code: '161725',
      run_by: userContext('U0GUEST002'),
    });
    expect(ended.method).toBe('functions.completeError');
    expect(String(ended.args.error)).toContain('for members of this organisation');
    expect(app.upstreamCalls()).toEqual([]);
  });

  it('look up a taxpayer: the first match as outputs, charged like a lookup; the same step again comes from cache', async () => {
    const company = TAXPAYER_CATALOGUE[0]!;
    const ended = await runStep(app, 'dq_taxpayer_lookup', { keyword: company.creditNo, run_by: userContext(RUNNER) });
    expect(ended.method).toBe('functions.completeSuccess');
    // Bolt completes with the workflow's own token, as Slack wants.
    expect(ended.token).toBe(ended.execution.token);
    const first = (upstreamData(app, OPS.taxpayer).list as Json[])[0]!;
    expect(ended.args.outputs).toEqual({
      company_name: first.enterpriseName,
      credit_code: first.creditNo,
      taxpayer_type: first.taxpayerType,
      operating_status: first.operatingStatus,
      tax_credit_rating: first.taxCreditRating,
    });
    expect(ended.args.outputs).toMatchObject({ company_name: company.enterpriseName, credit_code: company.creditNo });
    expect(ended.execution.state).toBe('completed');

    const charged = (await ledger(app)).filter((entry) => entry.source === 'workflow');
    expect(charged).toEqual([
      expect.objectContaining({
        operation: OPS.taxpayer,
        coins: simulatorCost(OPS.taxpayer),
        teamId: TEAM,
        userId: RUNNER,
        outcome: 'success',
      }),
    ]);
    const budget = await app.client.budgets.state({ teamId: TEAM, userId: RUNNER }, app.clock.now());
    expect(budget).toMatchObject({
      team: { spent: simulatorCost(OPS.taxpayer) },
      user: { spent: simulatorCost(OPS.taxpayer) },
    });

    const again = await runStep(app, 'dq_taxpayer_lookup', { keyword: company.creditNo, run_by: userContext(RUNNER) });
    expect(again.method).toBe('functions.completeSuccess');
    expect(again.args.outputs).toEqual(ended.args.outputs);
    expect(app.upstreamCalls(OPS.taxpayer)).toHaveLength(1);
    expect((await ledger(app)).filter((entry) => entry.source === 'workflow')).toHaveLength(1);
  });

  it('a keyword of invisible characters only (two right-to-left overrides) fails at once as too short; nothing is sent or spent', async () => {
    const ended = await runStep(app, 'dq_taxpayer_lookup', { keyword: '\u202E\u202E' });
    expect(ended.method).toBe('functions.completeError');
    expect(String(ended.args.error)).toMatch(/nothing was sent or spent/i);
    expect(app.upstreamCalls()).toEqual([]);
  });

  it('look up a taxpayer that does not exist: fails saying so', async () => {
    const ended = await runStep(app, 'dq_taxpayer_lookup', { keyword: '无此公司名称' });
    expect(ended.method).toBe('functions.completeError');
    expect(ended.args.error).toBe(
      'No company matches “无此公司名称”. Try part of the registered name, or the 18-character credit code. The lookup cost 20 coins.',
    );
    expect(ended.execution.state).toBe('failed');
  });

  it('list new funds: the count and one line per fund, as the simulator listed them', async () => {
    const ended = await runStep(app, 'dq_new_funds', { sale_status: 'onsale' });
    expect(ended.method).toBe('functions.completeSuccess');
    const data = upstreamData(app, OPS.newFunds);
    expect(app.upstreamCalls(OPS.newFunds)[0]!.request).toEqual({ saleStatus: 'true', pageNo: '1', pageSize: '50' });
    const funds = data.data as Json[];
    expect(funds.length).toBeGreaterThan(0);
    const outputs = ended.args.outputs as { count: number; funds: string };
    expect(outputs.count).toBe(data.count);
    const lines = funds.map(
      (fund) =>
        `${fund.fundCode} ${fund.fundName} — ${fund.fundType}, subscription ${fund.beginDate} to ${fund.endDate}`,
    );
    if ((data.count as number) > funds.length) lines.push(`…and ${(data.count as number) - funds.length} more`);
    expect(outputs.funds).toBe(lines.join('\n'));
  });

  it('latest fund asset: the newest date of the history, its asset and rate', async () => {
    const ended = await runStep(app, 'dq_fund_asset_latest', { fund_code: '000001' });
    expect(ended.method).toBe('functions.completeSuccess');
    const newest = [
      ...(upstreamData(app, OPS.fundAsset).list as Array<{ assetDate: string; asset: number; assetRate: number }>),
    ].sort((a, b) => b.assetDate.localeCompare(a.assetDate))[0]!;
    expect(ended.args.outputs).toEqual({ date: newest.assetDate, asset: newest.asset, rate: newest.assetRate });
    expect(app.upstreamCalls(OPS.fundAsset)[0]!.request).toEqual({ fundCode: '000001', pageNo: '1', pageSize: '50' });
  });

  it('latest futures candle: open, high, low, close, change and start time of the newest candle', async () => {
    const ended = await runStep(app, 'dq_futures_latest_candle', { symbol: 'cl', period: '5m' });
    expect(ended.method).toBe('functions.completeSuccess');
    const outputs = ended.args.outputs as Record<string, number>;
    const data = upstreamData(app, OPS.futures) as { lines: number[][] };
    expect(outputs.time).toBe(Math.max(...data.lines.map((line) => line.at(-1)!)));
    // The simulator's own candle at that time, in its field order: open, close, high, low, change, …
    const [open, close, high, low, change] = candleAt(
      futuresContract('CL')!,
      '5',
      outputs.time! / CANDLE_PERIOD_SECONDS['5']!,
    );
    expect(outputs).toEqual({ open, high, low, close, change, time: outputs.time });
  });

  it('a bad fund code fails at once with what a fund code looks like; nothing is sent or spent', async () => {
    const ended = await runStep(app, 'dq_fund_asset_latest', { fund_code: '12345' });
    expect(ended.method).toBe('functions.completeError');
    expect(ended.args.error).toBe(
      'The fund code must be 6 digits, like 000001, not “12345”. Nothing was sent or spent.',
    );
    expect(app.upstreamCalls()).toEqual([]);
    expect(
      app.fake
        .calls('functions.completeSuccess')
        .filter((call) => call.args.function_execution_id === ended.execution.id),
    ).toEqual([]);
  });

  it('a well-formed fund code the service does not know: fails saying the fund has no history (the lookup was paid)', async () => {
    const before = (await ledger(app)).length;
    const ended = await runStep(app, 'dq_fund_asset_latest', { fund_code: '999999' });
    expect(ended.args.error).toBe(
      'The data service has no asset history for fund 999999. Check the fund code. The lookup cost 10 coins.',
    );
    expect((await ledger(app)).slice(before)).toEqual([
      expect.objectContaining({ operation: OPS.fundAsset, coins: simulatorCost(OPS.fundAsset), source: 'workflow' }),
    ]);
  });

  it('an input the core refuses (a period that does not exist) names the input and spends nothing', async () => {
    const ended = await runStep(app, 'dq_futures_latest_candle', { symbol: 'CL', period: '7m' });
    expect(ended.method).toBe('functions.completeError');
    expect(ended.args.error).toMatch(
      /^That request is not valid, so nothing was sent or spent\. Period must be one of .*, not "7m"$/,
    );
    expect(app.upstreamCalls()).toEqual([]);
  });

  it('a symbol the service refuses fails in our words, not charged', async () => {
    const ended = await runStep(app, 'dq_futures_latest_candle', { symbol: 'ZZZ', period: 'daily' });
    expect(ended.args.error).toMatch(
      /^The data service refused this request as invalid\. Nothing was charged\.( \(taskNo .+\))?$/,
    );
    expect(String(ended.args.error)).not.toMatch(STACK_TRACE);
  });

  it('the same event delivered again (an Events API retry) runs the step once', async () => {
    const ended = await runStep(app, 'dq_fund_asset_latest', { fund_code: '110022' });
    const again = await sendEvent(app.url, TEST_SIGNING_SECRET, ended.body, {
      retry: { num: 1, reason: 'http_timeout' },
    });
    expect(again.status).toBe(200);
    await app.settle();
    const mine = (call: { args: Json }) => call.args.function_execution_id === ended.execution.id;
    expect(app.fake.calls('functions.completeSuccess').filter(mine)).toHaveLength(1);
    expect(app.fake.calls('functions.completeError').filter(mine)).toEqual([]);
    expect(app.upstreamCalls(OPS.fundAsset)).toHaveLength(1);
  });

  it('outputs Slack refuses still end the run: the step is failed instead of left hanging', async () => {
    app.fake.failNext('functions.completeSuccess', 'parameter_validation_failed');
    const execution = app.fake.startFunctionExecution('dq_fund_asset_latest');
    const event = functionExecutedEvent({
      callbackId: 'dq_fund_asset_latest',
      functionExecutionId: execution.id,
      botAccessToken: execution.token,
      inputs: { fund_code: '161725', run_by: userContext(RUNNER) },
    });
    await sendEvent(app.url, TEST_SIGNING_SECRET, event);
    const failed = await app.nextCall(
      'functions.completeError',
      (call) => call.args.function_execution_id === execution.id,
    );
    expect(failed.args.error).toBe('Something went wrong on our side; it has been logged.');
    expect(app.fake.functionExecution(execution.id)?.state).toBe('failed');
  });
});

describe('Workflow Builder step outputs (issue 21, step outputs)', () => {
  let app: TestApp | undefined;

  afterEach(async () => {
    await app?.close();
    app = undefined;
  });

  it('are plain text safe wherever a later step puts them: no live Slack markup, no spreadsheet formula', async () => {
    app = await startTestApp();
    const first = await runStep(app, 'dq_taxpayer_lookup', { keyword: '杭州华信' });
    expect(first.method).toBe('functions.completeSuccess');
    // The service's answer, as it could come back: markup and a formula in its fields (cached, so the step reads it).
    const cache = new ResultCache(app.store.keyv<CachedResult>('cache'), app.clock, 86_400_000);
    const key = cacheKey(
      'enterprise-general-taxpayer-query',
      validate('enterprise-general-taxpayer-query', { keyword: '杭州华信' }),
    );
    const cached = (await cache.get<{ records: Array<Record<string, unknown>> }>(key, 86_400_000))!;
    const record = cached.result.records[0]!;
    record.enterpriseName = '<!channel> Acme & Sons <https://evil.example|click>';
    record.taxpayerType = '=HYPERLINK("https://evil.example","Open")';
    await cache.set(key, { result: cached.result, storedAt: cached.storedAt }, 86_400_000);

    const ended = await runStep(app, 'dq_taxpayer_lookup', { keyword: '杭州华信' });
    expect(ended.method).toBe('functions.completeSuccess');
    const outputs = ended.args.outputs as Record<string, string>;
    expect(outputs.company_name).toBe('&lt;!channel&gt; Acme &amp; Sons &lt;https://evil.example|click&gt;');
    expect(outputs.taxpayer_type).toBe(`'=HYPERLINK("https://evil.example","Open")`);
    for (const value of Object.values(outputs)) {
      expect(String(value)).not.toMatch(/<[!@#h]/);
      expect(String(value)).not.toMatch(/^[=+@\t\r]/);
    }
  });
});

describe('Workflow Builder steps and the budgets and allowlists', () => {
  let app: TestApp | undefined;

  afterEach(async () => {
    await app?.close();
    app = undefined;
  });

  it('a step past the workspace budget fails with which budget, what was spent and when it resets; nothing is sent', async () => {
    app = await startTestApp({ budgets: { teamDaily: 25 } });
    expect((await runStep(app, 'dq_taxpayer_lookup', { keyword: '杭州华信' })).method).toBe(
      'functions.completeSuccess',
    );
    const ended = await runStep(app, 'dq_fund_asset_latest', { fund_code: '000001' });
    expect(ended.method).toBe('functions.completeError');
    expect(ended.args.error).toMatch(
      /^The workspace's daily budget of 25 coins would be exceeded \(20 spent today, this lookup costs 10\)\. Nothing was spent\. The budget resets at \d{4}-\d{2}-\d{2} 00:00 GMT\+8 \(Asia\/Shanghai\), in \d+ h\.$/,
    );
    expect(app.upstreamCalls(OPS.fundAsset)).toEqual([]);
    expect((await ledger(app)).map((entry) => entry.operation)).toEqual([OPS.taxpayer]);
  });

  it("a Run by the workflow's builder typed (a colleague's id as text) is not taken: the step fails saying who ran it is not known, nothing spent (issue 42.12)", async () => {
    app = await startTestApp({ budgets: { userDaily: 100 } });
    const typed = await runStep(app, 'dq_fund_asset_latest', { fund_code: '000001', run_by: 'U0COLLEAGU' });
    expect(typed.method).toBe('functions.completeError');
    expect(typed.args.error).toMatch(
      /^This step does not say who ran the workflow, so nothing was looked up or charged\./,
    );
    const forged = await runStep(app, 'dq_fund_asset_latest', { fund_code: '000001', run_by: { id: 'U0COLLEAGU' } });
    expect(forged.method).toBe('functions.completeError');
    expect(app.upstreamCalls()).toEqual([]);
    expect(await ledger(app)).toEqual([]);

    // The person Slack vouches for is the one whose budget and ledger line the lookup is.
    const vouched = await runStep(app, 'dq_fund_asset_latest', { fund_code: '000001', run_by: userContext(RUNNER) });
    expect(vouched.method).toBe('functions.completeSuccess');
    expect((await ledger(app)).map((entry) => entry.userId)).toEqual([RUNNER]);
  });

  it('the person running it has a budget too', async () => {
    app = await startTestApp({ budgets: { userDaily: 5 } });
    const ended = await runStep(app, 'dq_new_funds', { run_by: userContext(RUNNER) });
    expect(ended.args.error).toMatch(
      /^Your daily budget of 5 coins would be exceeded \(0 spent today, this lookup costs 10\)\./,
    );
    expect(app.upstreamCalls()).toEqual([]);
  });

  it('a workspace that is not allowed gets the refusal, and nothing reaches the service', async () => {
    app = await startTestApp({ env: { ALLOWED_TEAM_IDS: 'T0OTHERTEAM' } });
    const ended = await runStep(app, 'dq_futures_latest_candle', { symbol: 'CL', period: 'daily' });
    expect(ended.method).toBe('functions.completeError');
    expect(ended.args.error).toBe(
      'This workspace is not enabled for the data service. Ask your Slack admin to add it to ALLOWED_TEAM_IDS.',
    );
    expect(app.upstreamCalls()).toEqual([]);
  });

  it('with a list of people, a step must say who runs it; a listed runner is served', async () => {
    app = await startTestApp({ env: { ALLOWED_USER_IDS: RUNNER } });
    const anonymous = await runStep(app, 'dq_futures_latest_candle', {
      symbol: 'CL',
      period: 'daily',
      run_by: undefined,
    });
    expect(anonymous.args.error).toMatch(
      /^This step does not say who ran the workflow, so nothing was looked up or charged\./,
    );
    const stranger = await runStep(app, 'dq_futures_latest_candle', {
      symbol: 'CL',
      period: 'daily',
      run_by: userContext('U0STRANGER'),
    });
    expect(stranger.args.error).toMatch(/^You are not on the list of people who may use the data service here\./);
    expect(app.upstreamCalls()).toEqual([]);
    const listed = await runStep(app, 'dq_futures_latest_candle', {
      symbol: 'CL',
      period: 'daily',
      run_by: userContext(RUNNER),
    });
    expect(listed.method).toBe('functions.completeSuccess');
  });

  it("function_executed for a callback_id this app does not have, and one the allowlists refuse, are acked within Slack's 3 s (issue 21.8)", async () => {
    app = await startTestApp({ env: { ALLOWED_TEAM_IDS: 'T0OTHERTEAM' } });
    const unknown = functionExecutedEvent({
      callbackId: 'dq_not_a_step',
      functionExecutionId: 'Fx0UNKNOWN',
      botAccessToken: 'xwfp-unknown',
      inputs: {},
    });
    const sent = await sendEvent(app.url, TEST_SIGNING_SECRET, eventCallbackBody(unknown));
    expect(sent.status).toBe(200);
    expect(sent.elapsedMs).toBeLessThan(SLACK_ACK_DEADLINE_MS);
    const refused = functionExecutedEvent({
      callbackId: 'dq_futures_latest_candle',
      functionExecutionId: 'Fx0REFUSED',
      botAccessToken: 'xwfp-refused',
      inputs: { symbol: 'CL', period: 'daily' },
    });
    const refusedSent = await sendEvent(app.url, TEST_SIGNING_SECRET, eventCallbackBody(refused));
    expect(refusedSent.status).toBe(200);
    expect(refusedSent.elapsedMs).toBeLessThan(SLACK_ACK_DEADLINE_MS);
    await app.settle();
    expect(app.upstreamCalls()).toEqual([]);
  });

  it('with a list of channels, a step (which runs in no channel, and whose outputs later steps may post anywhere) is refused; nothing is spent (issue 21.6)', async () => {
    app = await startTestApp({ env: { ALLOWED_CHANNEL_IDS: 'C0DATAROOM' } });
    const ended = await runStep(app, 'dq_futures_latest_candle', {
      symbol: 'CL',
      period: 'daily',
      run_by: userContext(RUNNER),
    });
    expect(ended.method).toBe('functions.completeError');
    expect(ended.args.error).toMatch(/only in the channels where it is enabled/);
    expect(app.upstreamCalls()).toEqual([]);
  });

  it('in a Chinese workspace (DEFAULT_LOCALE=zh-CN) failures and the fund list are in Chinese', async () => {
    app = await startTestApp({ env: { DEFAULT_LOCALE: 'zh-CN' }, budgets: { teamDaily: 25 } });
    const listed = await runStep(app, 'dq_new_funds', { sale_status: '在售' });
    const { funds } = listed.args.outputs as { funds: string };
    const first = (upstreamData(app, OPS.newFunds).data as Json[])[0]!;
    expect(funds.split('\n')[0]).toBe(
      `${first.fundCode} ${first.fundName}（${first.fundType}，认购期 ${first.beginDate} 至 ${first.endDate}）`,
    );
    expect(funds).not.toMatch(/subscription|more/);

    const badPeriod = await runStep(app, 'dq_futures_latest_candle', { symbol: 'CL', period: '7m' });
    expect(badPeriod.args.error).toBe(
      '输入有误，未发起查询，未扣费。K线周期须为日线、1分钟、5分钟、15分钟、30分钟、1小时、2小时、4小时、周线、月线之一，不能是“7m”',
    );
    const badCode = await runStep(app, 'dq_fund_asset_latest', { fund_code: 'abc' });
    expect(badCode.args.error).toBe('基金代码应为 6 位数字（如 000001），不能是“abc”。未发起查询，未扣费。');
    const overBudget = await runStep(app, 'dq_taxpayer_lookup', { keyword: '杭州华信' });
    expect(overBudget.args.error).toMatch(
      /^超出工作区每日预算 25 币（今日已用 10 币，本次查询需 20 币），未发起查询，未扣费。预算将于 \d{4}年\d{1,2}月\d{1,2}日 00:00（北京时间）重置，还有 .+。$/,
    );
    const noMatch = await runStep(app, 'dq_fund_asset_latest', { fund_code: '999999' });
    expect(noMatch.args.error).toBe('数据服务中没有基金 999999 的基金规模记录，请检查基金代码。本次查询已花费 10 币。');
  });
});
