import { afterEach, describe, expect, it } from 'vitest';
import { stepListener } from '../../../../src/slack/listeners/functions/stepListener.js';
import { allowlists } from '../../../../src/slack/middleware/allowlists.js';
import { whoIsAsking } from '../../../../src/slack/middleware/whoIsAsking.js';
import { fundAssetStep } from '../../../../src/slack/slackOperations/fundAssetSlack.js';
import { userContext } from '../../../support/slack/index.js';
import { listenerDeps } from '../../listenerArgs.js';

/** A custom step's listener with fake complete/fail: every run ends in exactly one of the two. */
describe('a workflow step’s listener', () => {
  let rig: ReturnType<typeof listenerDeps>;
  afterEach(() => rig.close());

  /** The step as Bolt runs it: the global whoIsAsking and allowlists middleware first, then the listener. */
  async function runStep(inputs: Record<string, unknown>, options: { complete?: () => Promise<void> } = {}) {
    const ended: Array<{ how: 'complete' | 'fail'; with: Record<string, unknown> }> = [];
    const args = {
      inputs,
      complete: async (answer: Record<string, unknown>) => {
        ended.push({ how: 'complete', with: answer });
        await options.complete?.();
      },
      fail: async (answer: Record<string, unknown>) => void ended.push({ how: 'fail', with: answer }),
      ack: async () => undefined,
      body: { type: 'event_callback', team_id: 'T1', event: { type: 'function_executed', inputs } },
      context: {},
      client: {},
    };
    const listener = () => stepListener(rig.deps, fundAssetStep)(args as never);
    await whoIsAsking(rig.deps)({
      ...args,
      next: () => allowlists(rig.deps)({ ...args, next: listener } as never),
    } as never);
    return ended;
  }

  it('completes with the outputs the manifest declares, after one lookup', async () => {
    rig = listenerDeps();
    const ended = await runStep({ fund_code: '000001', run_by: userContext('U0RUNNER01') });
    expect(ended).toHaveLength(1);
    expect(ended[0]!.how).toBe('complete');
    const outputs = (ended[0]!.with as { outputs: Record<string, unknown> }).outputs;
    expect(outputs.date).toMatch(/^\d{4}-\d{2}-\d{2}$/);
    expect(typeof outputs.asset).toBe('number');
    expect(rig.upstreamCalls()).toBe(1);
  });

  it('fails with a reason in the workspace’s language for a bad code, spending nothing', async () => {
    rig = listenerDeps({ DEFAULT_LOCALE: 'zh-CN' });
    const ended = await runStep({ fund_code: '12345', run_by: userContext('U0RUNNER01') });
    expect(ended).toEqual([{ how: 'fail', with: { error: expect.stringMatching(/12345/) } }]);
    expect(String(ended[0]!.with.error)).toMatch(/\p{Script=Han}/u);
    expect(rig.upstreamCalls()).toBe(0);
  });

  it('a workspace the allowlists refuse fails (in the middleware) without a lookup', async () => {
    rig = listenerDeps({ ALLOWED_TEAM_IDS: 'T9' });
    const ended = await runStep({ fund_code: '000001' });
    expect(ended.map((end) => end.how)).toEqual(['fail']);
    expect(rig.upstreamCalls()).toBe(0);
  });

  it('a run without a user context in run_by fails before anything is spent (issue 42.12)', async () => {
    rig = listenerDeps();
    for (const runBy of [undefined, 'U0RUNNER01', { id: 'U0RUNNER01' }, { id: 'not an id', secret: 'x' }]) {
      const ended = await runStep({ fund_code: '000001', ...(runBy === undefined ? {} : { run_by: runBy }) });
      expect(ended).toEqual([{ how: 'fail', with: { error: expect.stringContaining('who ran the workflow') } }]);
    }
    expect(rig.upstreamCalls()).toBe(0);
  });

  it('outputs Slack will not accept still end the run, as a failure', async () => {
    rig = listenerDeps();
    const ended = await runStep(
      { fund_code: '000001', run_by: userContext('U0RUNNER01') },
      { complete: () => Promise.reject(new Error('invalid_outputs')) },
    );
    expect(ended.map((end) => end.how)).toEqual(['complete', 'fail']);
  });
});
