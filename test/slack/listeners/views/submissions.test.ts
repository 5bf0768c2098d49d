import { describe, expect, it } from 'vitest';
import { validate } from '../../../../src/core/operations/validate.js';
import { english, langFor } from '../../../../src/i18n/lang.js';
import { digestAddSubmission } from '../../../../src/slack/listeners/views/digestAddSubmission.js';
import { exportSubmission } from '../../../../src/slack/listeners/views/exportSubmission.js';
import { searchSubmission } from '../../../../src/slack/listeners/views/searchSubmission.js';
import { DIGEST_FIELDS, digestFormModal } from '../../../../src/slack/modals/digestForm.js';
import { encodeExportState } from '../../../../src/slack/modals/exportModal.js';
import { searchModal } from '../../../../src/slack/modals/searchModal.js';
import { VIEW } from '../../../../src/slack/payloads/ids.js';
import { encodeModalOrigin } from '../../../../src/slack/payloads/modalOrigin.js';
import { encodeQueryValue } from '../../../../src/slack/payloads/queryValue.js';
import { slackOperation } from '../../../../src/slack/slackOperations/index.js';
import {
  fakeAck,
  fakeClient,
  type ListenerDeps,
  type RequesterOptions,
  recorder,
  requesterContext,
  useListenerRigs,
} from '../../listenerArgs.js';
import { type Answer, fillIn } from '../../modals/fillIn.js';

/** The three modal submissions (searchSubmission.ts, digestAddSubmission.ts, exportSubmission.ts), each run alone. */
describe('view submissions', () => {
  const rigs = useListenerRigs();
  let rig: ListenerDeps;

  function submit(view: Record<string, unknown>, requester: RequesterOptions = {}) {
    const record = recorder();
    let upstreamAtAck: number | undefined;
    const ack = fakeAck(record);
    const args = {
      ack: async (response?: unknown) => {
        upstreamAtAck ??= rig.upstreamCalls();
        await ack(response);
      },
      body: { user: { id: requester.userId ?? 'U1' } },
      view,
      client: fakeClient(record),
      context: requesterContext({ ...requester, ...(rig ? { deps: rig.deps } : {}) }),
    } as never;
    return { record, args, upstreamAtAck: () => upstreamAtAck };
  }

  function searchForm(typedName: 'fund-asset', answers: Record<string, Answer>, origin: { responseUrl?: string }) {
    const modal = searchModal(
      slackOperation('fund-asset'),
      encodeModalOrigin({ channelId: 'C1', ...origin }),
      rig.deps.prices,
      english,
    );
    return {
      callback_id: VIEW.search(typedName),
      private_metadata: modal.private_metadata,
      state: { values: fillIn(modal, answers) },
    };
  }

  const fundCodeBlock = (view: ReturnType<typeof searchForm>) => Object.keys(view.state.values)[0]!;

  it('a search form with a wrong fund code goes back with the problem on the field, spending nothing', async () => {
    rig = rigs.deps();
    const empty = searchForm('fund-asset', {}, {});
    const view = searchForm('fund-asset', { [fundCodeBlock(empty)]: '12345' }, {});
    const { record, args } = submit(view);
    await searchSubmission(rig.deps)(args);
    const [response] = record.acks() as Array<{ response_action: string; errors: Record<string, string> }>;
    expect(response?.response_action).toBe('errors');
    expect(Object.values(response!.errors).join(' ')).toContain('6 digits');
    expect(record.acks()).toHaveLength(1);
    expect(rig.upstreamCalls()).toBe(0);
  });

  it('a good search form closes at once (ack before any call), and the result goes back to the command’s response_url', async () => {
    rig = rigs.deps();
    const empty = searchForm('fund-asset', {}, {});
    const view = searchForm(
      'fund-asset',
      { [fundCodeBlock(empty)]: '000001' },
      { responseUrl: rigs.slack.responseUrl('form-result') },
    );
    const { record, args, upstreamAtAck } = submit(view);
    await searchSubmission(rig.deps)(args);
    expect(record.acks()).toEqual([null]);
    expect(upstreamAtAck()).toBe(0);
    expect(JSON.stringify((await rigs.slack.waitForResponse('form-result')).body)).toContain('000001');
    expect(rig.upstreamCalls()).toBe(1);
  });

  it('a form of an operation the app does not know is closed and nothing runs', async () => {
    rig = rigs.deps();
    const { record, args } = submit({
      callback_id: `${VIEW.searchPrefix}constructor`,
      private_metadata: '{}',
      state: { values: {} },
    });
    await searchSubmission(rig.deps)(args);
    expect(record.events).toEqual([{ kind: 'ack', response: null }]);
  });

  function digestForm(answers: Record<string, Answer>, locale: 'en' | 'zh-CN' = 'en') {
    const modal = digestFormModal('Asia/Shanghai', langFor(locale), 'en');
    return {
      callback_id: VIEW.digestAdd,
      private_metadata: modal.private_metadata ?? '',
      state: { values: fillIn(modal, answers) },
    };
  }

  it('the digest form: each problem goes back onto its field in the requester’s language, and nothing is added', async () => {
    rig = rigs.deps();
    const cases: Array<[Record<string, Answer>, RequesterOptions, string, RegExp]> = [
      [{ [DIGEST_FIELDS.time]: '09:00' }, {}, DIGEST_FIELDS.channel, /Choose the channel/],
      [
        { [DIGEST_FIELDS.channel]: 'C2', [DIGEST_FIELDS.time]: '09:00' },
        { refusedChannels: ['C2'] },
        DIGEST_FIELDS.channel,
        /not enabled in this channel/,
      ],
      [
        { [DIGEST_FIELDS.channel]: 'C1', [DIGEST_FIELDS.time]: '09:00', [DIGEST_FIELDS.timeZone]: 'Mars/Olympus' },
        {},
        DIGEST_FIELDS.timeZone,
        /Mars\/Olympus/,
      ],
      [{ [DIGEST_FIELDS.time]: '09:00' }, { locale: 'zh-CN' }, DIGEST_FIELDS.channel, /\p{Script=Han}/u],
    ];
    for (const [answers, requester, block, message] of cases) {
      // An admin of the workspace in Slack, and so of the app.
      const { record, args } = submit(digestForm(answers), { slackAdmin: true, ...requester });
      await digestAddSubmission(rig.deps)(args);
      const [response] = record.acks() as Array<{ response_action: string; errors: Record<string, string> }>;
      expect(response, JSON.stringify(answers)).toMatchObject({ response_action: 'errors' });
      expect(Object.keys(response!.errors)).toEqual([block]);
      expect(response!.errors[block]).toMatch(message);
      expect(record.calls()).toEqual([]);
    }
    expect(await rig.deps.digests.list('T1')).toEqual([]);
  });

  it.each([
    ['a plain member, without ADMIN_USER_IDS (issue 42.11)', {}, {}],
    ['an admin in Slack whom ADMIN_USER_IDS does not name', { ADMIN_USER_IDS: 'U9' }, { slackAdmin: true }],
  ])('the digest form of someone who is not an admin is refused on the form: %s', async (_name, env, requester) => {
    rig = rigs.deps(env);
    const { record, args } = submit(
      digestForm({ [DIGEST_FIELDS.channel]: 'C1', [DIGEST_FIELDS.time]: '09:00' }),
      requester,
    );
    await digestAddSubmission(rig.deps)(args);
    expect(record.acks()).toEqual([
      { response_action: 'errors', errors: { [DIGEST_FIELDS.channel]: english.t('digests.command.adminsOnly') } },
    ]);
    expect(await rig.deps.digests.list('T1')).toEqual([]);
  });

  it('a good digest form closes, adds the digest in the language chosen, and refreshes the Home', async () => {
    rig = rigs.deps();
    const { record, args } = submit(
      digestForm({ [DIGEST_FIELDS.channel]: 'C1', [DIGEST_FIELDS.time]: '09:00', [DIGEST_FIELDS.lang]: 'zh-CN' }),
      { slackAdmin: true },
    );
    await digestAddSubmission(rig.deps)(args);
    // Whether the app can post there is asked first, as a watch's form does (issue 32.11); then the form closes.
    expect(record.events.slice(0, 2)).toEqual([
      { kind: 'call', method: 'conversations.info', args: { channel: 'C1' } },
      { kind: 'ack', response: null },
    ]);
    expect(await rig.deps.digests.list('T1')).toMatchObject([
      { channelId: 'C1', createdBy: 'U1', lang: 'zh-CN', schedule: { time: '09:00', timeZone: 'Asia/Shanghai' } },
    ]);
    expect(record.calls('views.publish')[0]).toMatchObject({ user_id: 'U1' });
  });

  it('an export confirmed with metadata the app did not write is closed and ignored', async () => {
    rig = rigs.deps();
    const { record, args } = submit({ callback_id: VIEW.exportCsv, private_metadata: '{"q":"forged"}' });
    await exportSubmission(rig.deps)(args);
    expect(record.events).toEqual([{ kind: 'ack', response: null }]);
    expect(rig.upstreamCalls()).toBe(0);
  });

  it('an export that now costs more than was confirmed asks again on the modal, spending nothing', async () => {
    rig = rigs.deps();
    const queryValue = encodeQueryValue({
      operation: 'fund-asset',
      request: validate('fund-asset', { fundCode: '000001' }),
    })!;
    const { record, args } = submit({
      callback_id: VIEW.exportCsv,
      private_metadata: encodeExportState({ channelId: 'C1', queryValue, confirmedCoins: 0 }),
    });
    await exportSubmission(rig.deps)(args);
    const [response] = record.acks() as Array<{ response_action: string; view: unknown }>;
    expect(response?.response_action).toBe('update');
    expect(JSON.stringify(response?.view)).toContain('The cost went up since you opened this');
    expect(record.calls()).toEqual([]);
    expect(rig.upstreamCalls()).toBe(0);
  });
});
