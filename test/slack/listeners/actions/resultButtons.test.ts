import { describe, expect, it } from 'vitest';
import { validate } from '../../../../src/core/operations/validate.js';
import { exportCsvButton } from '../../../../src/slack/listeners/actions/exportCsvButton.js';
import { openModalButton } from '../../../../src/slack/listeners/actions/openModalButton.js';
import { resultButton } from '../../../../src/slack/listeners/actions/resultButton.js';
import { ACTION, VIEW } from '../../../../src/slack/payloads/ids.js';
import { encodeQueryValue } from '../../../../src/slack/payloads/queryValue.js';
import {
  fakeAck,
  fakeClient,
  type ListenerDeps,
  type Recorder,
  recorder,
  requesterContext,
  useListenerRigs,
} from '../../listenerArgs.js';

const FUND_QUERY = encodeQueryValue({
  operation: 'fund-asset',
  request: validate('fund-asset', { fundCode: '000001' }),
})!;
const order = (record: Recorder) => record.events.map((event) => (event.kind === 'ack' ? 'ack' : event.method));

/** The buttons under a result and in the chooser (resultButton.ts, exportCsv.ts, openModal.ts), each run alone. */
describe('result and form buttons', () => {
  const rigs = useListenerRigs();
  let rig: ListenerDeps;

  function click(
    actionId: string,
    value: string,
    body: Record<string, unknown> = {},
    answers: Parameters<typeof fakeClient>[1] = {},
  ) {
    const record = recorder();
    const args = {
      ack: fakeAck(record),
      body: { user: { id: 'U1' }, trigger_id: 'trigger-1', channel: { id: 'C1' }, ...body },
      action: { action_id: actionId, value },
      client: fakeClient(record, answers),
      context: requesterContext(),
    } as never;
    return { record, args };
  }

  it('Next page: acks, runs the query once and replaces the message through the response_url', async () => {
    rig = rigs.deps();
    const { record, args } = click(ACTION.pageNext, FUND_QUERY, { response_url: rigs.slack.responseUrl('next-page') });
    await resultButton(rig.deps)(args);
    expect(record.acks()).toEqual([null]);
    const reply = (await rigs.slack.waitForResponse('next-page')).body as { replace_original?: boolean; text?: string };
    expect(reply.replace_original).toBe(true);
    expect(JSON.stringify(reply)).toContain('000001');
    expect(rig.upstreamCalls()).toBe(1);
  });

  it('a button whose value the app did not write: acks, says the button is stale, spends nothing', async () => {
    rig = rigs.deps();
    const { record, args } = click(ACTION.pageNext, '{"o":"fund-asset","r":{"fundCode":"<!channel>"}}', {
      response_url: rigs.slack.responseUrl('stale'),
    });
    await resultButton(rig.deps)(args);
    expect(record.acks()).toEqual([null]);
    expect(JSON.stringify((await rigs.slack.waitForResponse('stale')).body)).toContain('no longer');
    expect(rig.upstreamCalls()).toBe(0);
  });

  it('Export CSV: acks, opens a modal at once, then fills in what the export costs; nothing is spent yet', async () => {
    rig = rigs.deps();
    const { record, args } = click(
      ACTION.exportCsv,
      FUND_QUERY,
      {},
      { 'views.open': { ok: true, view: { id: 'V1', hash: 'h1' } } },
    );
    await exportCsvButton(rig.deps)(args);
    expect(order(record)).toEqual(['ack', 'views.open', 'views.update']);
    expect(record.calls('views.open')[0]).toMatchObject({ trigger_id: 'trigger-1' });
    const update = record.calls('views.update')[0]!;
    expect(update).toMatchObject({ view_id: 'V1', hash: 'h1', view: { callback_id: VIEW.exportCsv } });
    expect(JSON.stringify(update.view)).toMatch(/coins/);
    expect(rig.upstreamCalls()).toBe(0);
  });

  it('Export CSV under a reply in Chinese to a reader whose Slack is in English: the form is in Chinese and keeps it for Export', async () => {
    rig = rigs.deps();
    const chineseQuery = encodeQueryValue({
      operation: 'fund-asset',
      request: validate('fund-asset', { fundCode: '000001' }),
      locale: 'zh-CN',
    })!;
    const { record, args } = click(
      ACTION.exportCsv,
      chineseQuery,
      {},
      { 'views.open': { ok: true, view: { id: 'V1', hash: 'h1' } } },
    );
    await exportCsvButton(rig.deps)(args);
    const opened = JSON.stringify(record.calls('views.open')[0]!.view);
    const update = record.calls('views.update')[0]!.view as { private_metadata: string };
    expect(opened).toMatch(/[\u4e00-\u9fff]/);
    expect(JSON.stringify(update)).toMatch(/币/);
    expect(JSON.stringify(update)).not.toMatch(/coins/);
    expect(update.private_metadata).toContain('zh-CN');
  });

  it('Export CSV from a broken button: the modal says so and nothing else happens', async () => {
    rig = rigs.deps();
    const { record, args } = click(
      ACTION.exportCsv,
      'not a query',
      {},
      { 'views.open': { ok: true, view: { id: 'V1' } } },
    );
    await exportCsvButton(rig.deps)(args);
    expect(order(record)).toEqual(['ack', 'views.open']);
    expect(rig.upstreamCalls()).toBe(0);
  });

  it('Export CSV: a modal Slack would not open stops there (nothing to update, nothing spent), and the person is told', async () => {
    rig = rigs.deps();
    const { record, args } = click(ACTION.exportCsv, FUND_QUERY, {}, { 'views.open': new Error('expired_trigger_id') });
    await exportCsvButton(rig.deps)(args);
    expect(order(record)).toEqual(['ack', 'views.open', 'chat.postEphemeral']);
    expect(String(record.calls('chat.postEphemeral')[0]?.text)).toContain('The form could not open');
    expect(rig.upstreamCalls()).toBe(0);
  });

  it('an operation’s button opens its search form, or swaps the chooser for it inside a modal', async () => {
    rig = rigs.deps();
    const fromHome = click(ACTION.openModal, 'futures', { view: { type: 'home', id: 'VH' } });
    await openModalButton(rig.deps)(fromHome.args);
    expect(order(fromHome.record)).toEqual(['ack', 'views.open']);
    expect(fromHome.record.calls('views.open')[0]).toMatchObject({
      trigger_id: 'trigger-1',
      view: { callback_id: VIEW.search('futures') },
    });

    const inChooser = click(ACTION.openModal, 'bids', {
      view: { type: 'modal', id: 'VM', hash: 'hm', private_metadata: '{"c":"C1"}' },
    });
    await openModalButton(rig.deps)(inChooser.args);
    expect(order(inChooser.record)).toEqual(['ack', 'views.update']);
    expect(inChooser.record.calls('views.update')[0]).toMatchObject({
      view_id: 'VM',
      hash: 'hm',
      view: { callback_id: VIEW.search('bids'), private_metadata: '{"c":"C1"}' },
    });
  });

  it('a button naming no operation is acked and opens nothing', async () => {
    rig = rigs.deps();
    const { record, args } = click(ACTION.openModal, 'constructor');
    await openModalButton(rig.deps)(args);
    expect(order(record)).toEqual(['ack']);
  });
});
