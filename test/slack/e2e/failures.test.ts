import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import type { OperationId } from '../../../src/core/operations/index.js';
import type { FaultOptions } from '../../../src/simulator/index.js';
import { DEFAULT_WORKSPACE, SLACK_ACK_DEADLINE_MS } from '../../support/slack/index.js';
import {
  allText,
  buttonNamed,
  footerText,
  type SlackResponseBody,
  STACK_TRACE,
  startTestApp,
  type TestApp,
} from '../../support/slackApp.js';
import { assertWithinSlackLimits } from '../../support/slackLimits.js';
import { OPS, simulatorCost } from './forms.js';

/**
 * When the data service is slow or fails: Slack still gets its ack at once, and the person always
 * gets exactly one short message on the response_url — never silence, never a stack trace.
 */

const TEAM = DEFAULT_WORKSPACE.teamId;

function expectShortFailure(reply: SlackResponseBody): string {
  expect(reply.response_type).toBe('ephemeral');
  assertWithinSlackLimits(reply, 'message');
  const text = allText(reply);
  expect(text).toMatch(/^:warning: /m);
  expect(text).not.toMatch(STACK_TRACE);
  expect(text).not.toMatch(/undefined|\[object Object\]/);
  expect(text.length).toBeLessThan(800);
  return text;
}

const CALL_TIMEOUT_MS = 2000;

describe('upstream failures', () => {
  let app: TestApp;

  beforeAll(async () => {
    // Real time: a deadline short enough to keep the timeout cases quick, long enough that an answer
    // on a machine whose cores are all busy (load 11 on 2 cores took over 300 ms) still beats it.
    app = await startTestApp({ client: { timeoutMs: CALL_TIMEOUT_MS } });
  });
  afterAll(async () => {
    await app?.close();
  });
  afterEach(() => {
    app.simulator.setFaults({});
    app.simulator.reset();
  });

  interface FailureCase {
    name: string;
    faults: FaultOptions;
    command: string;
    text: string;
    operation: OperationId;
    says: RegExp;
    /** How many attempts the client makes (retries of what can be retried). */
    attempts: number;
    /** Whether the service charged (a success envelope with a changed payload is still a success). */
    charged: boolean;
  }

  const CASES: FailureCase[] = [
    {
      name: 'a server error (errorRate 1)',
      faults: { errorRate: 1 },
      command: '/fund-asset',
      text: '000001',
      operation: OPS.fundAsset,
      says: /internal error, also on retry/,
      attempts: 3,
      charged: false,
    },
    {
      name: 'a server error sent with HTTP 200',
      faults: { errorRate: 1, businessErrorWithHttp200: true },
      command: '/new-funds',
      text: 'onsale',
      operation: OPS.newFunds,
      says: /internal error, also on retry/,
      attempts: 3,
      charged: false,
    },
    {
      name: 'a changed response (changedFieldRate 1)',
      faults: { changedFieldRate: 1 },
      command: '/futures',
      text: 'CL 5m',
      operation: OPS.futures,
      says: /format this app does not know yet/,
      attempts: 1,
      charged: true,
    },
    {
      name: 'a body that is not JSON',
      faults: { malformedRate: 1 },
      command: '/bids',
      text: '光伏组件',
      operation: OPS.bids,
      says: /could not be read\. It may still have charged 10 coins/,
      attempts: 1,
      charged: true,
    },
    {
      name: 'no answer at all (timeouts)',
      faults: { timeoutRate: 1 },
      command: '/fund-asset',
      text: '110022',
      operation: OPS.fundAsset,
      says: /did not answer in time\. It may still have charged 10 coins, so it was not retried automatically/,
      attempts: 1,
      charged: true,
    },
  ];

  it.each(CASES)(
    '$name: one short message with the taskNo, no stack trace',
    async ({ faults, command, text, operation, says, attempts, charged }) => {
      app.simulator.setFaults(faults);
      const coinsBefore = (await app.client.ledger.usage(TEAM, app.clock.now())).today.coins;
      const sent = await app.command(text, { command });
      expect(sent.status).toBe(200);
      expect(sent.elapsedMs).toBeLessThan(SLACK_ACK_DEADLINE_MS);
      const reply = await app.nextResponse(sent.responseId, undefined, 10_000);
      const shown = expectShortFailure(reply);
      expect(reply.text).toMatch(says);

      const calls = app.upstreamCalls(operation);
      expect(calls).toHaveLength(attempts);
      const taskNo = (calls.at(-1)!.body as { taskNo?: string } | undefined)?.taskNo;
      if (taskNo) expect(shown).toContain(`taskNo \`${taskNo}\``);
      else expect(shown).not.toContain('taskNo');
      if (faults.errorRate || faults.changedFieldRate)
        expect(taskNo, 'an envelope B failure carries a taskNo').toMatch(/^[0-9a-f]{20}$/);
      expect((await app.client.ledger.usage(TEAM, app.clock.now())).today.coins - coinsBefore).toBe(
        charged ? simulatorCost(operation) : 0,
      );

      await app.settle(200);
      expect(app.responses(sent.responseId)).toHaveLength(1);
      expect(app.errorLogs().filter((line) => line.msg === 'unhandled error in a Slack listener')).toEqual([]);
    },
  );

  it('a lookup that timed out offers "Retry (N coins)"; the retry replaces the message, and usage says what may have been charged', async () => {
    app.simulator.setFaults({ latencyMs: 2 * CALL_TIMEOUT_MS });
    const sent = await app.command('519674', { command: '/fund-asset' });
    const failed = await app.nextResponse(sent.responseId, undefined, 10_000);
    expectShortFailure(failed);
    const retry = buttonNamed(failed, 'dq_retry');
    expect(retry?.text.text).toBe('Retry (10 coins)');
    expect(app.upstreamCalls(OPS.fundAsset)).toHaveLength(1);

    app.simulator.setFaults({});
    const clicked = await app.click('dq_retry', retry!.value!);
    const result = await app.nextResponse(clicked.responseId);
    expect(result.replace_original).toBe(true);
    expect(footerText(result)).toContain('upstream taskNo');
    expect(app.upstreamCalls(OPS.fundAsset)).toHaveLength(2);

    const usage = await app.command('usage');
    const text = allText(await app.nextResponse(usage.responseId));
    expect(text).toMatch(
      /Of these, \d+ coins today and \d+ coins this month were in lookups that timed out \(may have been charged/,
    );
  });

  it('Retry under a timed-out lookup asked in Chinese by a reader whose Slack is in English answers in Chinese', async () => {
    app.simulator.setFaults({ latencyMs: 2 * CALL_TIMEOUT_MS });
    const sent = await app.command('基金 000001');
    const failed = await app.nextResponse(sent.responseId, undefined, 10_000);
    const retry = buttonNamed(failed, 'dq_retry');
    expect(retry?.text.text).toMatch(/币/);
    app.simulator.setFaults({});
    const clicked = await app.click('dq_retry', retry!.value!);
    const result = await app.nextResponse(clicked.responseId);
    expect(footerText(result)).toMatch(/每次查询 10 币/);
  });

  it('a taxpayer server error (envelope A, no taskNo) still gets its one message', async () => {
    app.simulator.setFaults({ errorRate: 1 });
    const sent = await app.command('杭州华信', { command: '/taxpayer' });
    const reply = await app.nextResponse(sent.responseId);
    expectShortFailure(reply);
    expect(reply.text).toMatch(/internal error/);
    // The status is for the log; the reader is told what happened and what to do.
    expect(allText(reply)).not.toContain('HTTP 500');
    await app.settle(200);
    expect(app.responses(sent.responseId)).toHaveLength(1);
  });

  it('the service refusing the request itself: explained in our words, with what to check and an example', async () => {
    // A symbol the simulator does not know passes our own checks and is refused upstream.
    const sent = await app.command('ZZZ9 5m', { command: '/futures' });
    const reply = await app.nextResponse(sent.responseId);
    const text = expectShortFailure(reply);
    expect(reply.text).toMatch(/^The data service refused this request as invalid/);
    expect(text).toContain('may not know the contract ZZZ9');
    expect(text).not.toMatch(/HTTP|code 4|unknown symbol/);
    expect(text).toContain('Try: `/futures CL 5m 30`');
    expect(app.upstreamCalls(OPS.futures)).toHaveLength(1);
  });

  it('when the service is back, the same lookup works (a failure is not cached)', async () => {
    app.simulator.setFaults({ errorRate: 1 });
    const failed = await app.command('163406', { command: '/fund-asset' });
    expectShortFailure(await app.nextResponse(failed.responseId));
    app.simulator.setFaults({});
    const again = await app.command('163406', { command: '/fund-asset' });
    expect(footerText(await app.nextResponse(again.responseId))).toContain('upstream taskNo');
  });
});

describe('the data service answering 429 through every retry', () => {
  let app: TestApp;

  beforeAll(async () => {
    app = await startTestApp({ simulator: { faults: { rateLimitRate: 1 } } });
  });
  afterAll(async () => {
    await app?.close();
  });

  it('ends in one message saying the service is busy', async () => {
    const sent = await app.command('杭州华信', { command: '/taxpayer' });
    const reply = await app.nextResponse(sent.responseId, undefined, 15_000);
    expectShortFailure(reply);
    expect(reply.text).toMatch(/rate limit and stayed busy/);
    expect(app.upstreamCalls(OPS.taxpayer)).toHaveLength(3);
    await app.settle(200);
    expect(app.responses(sent.responseId)).toHaveLength(1);
  }, 30_000);
});
