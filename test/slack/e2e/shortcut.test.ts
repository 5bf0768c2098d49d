import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { OPERATION_IDS, typedNameOf } from '../../../src/core/operations/index.js';
import { dmChannelFor } from '../../support/slack/index.js';
import {
  allText,
  buttonsOf,
  footerText,
  type PublishedView,
  startTestApp,
  type TestApp,
} from '../../support/slackApp.js';
import { assertWithinSlackLimits } from '../../support/slackLimits.js';
import { untranslatedWords } from '../modals/untranslated.js';
import { fillForm, OPS, simulatorCost } from './forms.js';

/** The global shortcut "Search financial data": a chooser, then each operation's form in place. */

const TYPED_NAMES = OPERATION_IDS.map((id) => typedNameOf(id));

describe('the global search shortcut', () => {
  let app: TestApp;

  beforeAll(async () => {
    app = await startTestApp();
  });
  afterAll(async () => {
    await app?.close();
  });

  async function openChooser(userId?: string) {
    const sent = await app.shortcut('dq_search_financial_data', userId ? { userId } : {});
    expect(sent.status).toBe(200);
    expect(sent.elapsedMs).toBeLessThan(3000);
    const opened = await app.openedView(sent.triggerId);
    expect(opened.response.ok).toBe(true);
    return {
      view: opened.view,
      id: (opened.response.view as { id: string }).id,
      hash: (opened.response.view as { hash: string }).hash,
    };
  }

  it('opens the chooser: one button per operation, each with its cost', async () => {
    const { view } = await openChooser();
    expect(view.type).toBe('modal');
    expect(view.callback_id).toBe('dq_chooser');
    assertWithinSlackLimits(view, 'modal');
    const buttons = buttonsOf(view);
    expect(buttons.map((button) => button.action_id)).toEqual(TYPED_NAMES.map(() => 'dq_open_modal'));
    expect(buttons.map((button) => button.value)).toEqual(TYPED_NAMES);
    for (const id of OPERATION_IDS) {
      const row = view.blocks.find(
        (block) => (block.accessory as { value?: string } | undefined)?.value === typedNameOf(id),
      );
      expect(allText({ blocks: [row] })).toContain(`${simulatorCost(id)} coins per lookup`);
    }
    expect(app.upstreamCalls()).toEqual([]);
  });

  it.each(TYPED_NAMES)('clicking %s in the chooser updates the view to that form', async (typedName) => {
    const chooser = await openChooser();
    const clicked = await app.clickInView('dq_open_modal', typedName, {
      view: {
        id: chooser.id,
        hash: chooser.hash,
        callbackId: 'dq_chooser',
        privateMetadata: chooser.view.private_metadata ?? '',
      },
    });
    expect(clicked.status).toBe(200);
    const update = await app.nextCall('views.update', (call) => call.args.view_id === chooser.id);
    expect(update.response.ok).toBe(true);
    expect(update.args.hash).toBe(chooser.hash);
    const form = update.args.view as PublishedView;
    expect(form.callback_id).toBe(`dq_search:${typedName}`);
    assertWithinSlackLimits(form, 'modal');
    expect(form.private_metadata).toBe(chooser.view.private_metadata);
    expect(form.blocks.filter((block) => block.type === 'input').length).toBeGreaterThan(0);
    // It replaced the chooser rather than stacking another modal on top.
    expect(app.fake.calls('views.push')).toEqual([]);
  });

  it('a form reached from the shortcut sends its result as a direct message', async () => {
    const user = 'U0SHORTCUT';
    const chooser = await openChooser(user);
    await app.clickInView('dq_open_modal', 'futures', {
      userId: user,
      view: {
        id: chooser.id,
        hash: chooser.hash,
        callbackId: 'dq_chooser',
        privateMetadata: chooser.view.private_metadata ?? '',
      },
    });
    const form = (await app.nextCall('views.update', (call) => call.args.view_id === chooser.id)).args
      .view as PublishedView;
    const submitted = await app.submitView(
      form.callback_id!,
      fillForm(form, { 'dq:futures:symbol': 'HG', 'dq:futures:type': '0' }),
      form.private_metadata,
      { userId: user, blocks: form.blocks },
    );
    expect(submitted.response.body).toBe('');
    const post = await app.nextCall('chat.postMessage', (call) => call.args.channel === user);
    expect(post.response.channel).toBe(dmChannelFor(user));
    const message = { text: post.args.text as string, blocks: post.args.blocks as Array<Record<string, unknown>> };
    assertWithinSlackLimits(message, 'message');
    expect(footerText(message)).toContain(`${simulatorCost(OPS.futures)} coins per lookup`);
    expect(app.upstreamCalls(OPS.futures).at(-1)?.request).toEqual({ symbol: 'HG', type: '0', limit: '30' });
  });
});

describe('the search shortcut for a Chinese-speaking user', () => {
  const ZH_USER = 'U0ZHSHORT1';
  let app: TestApp;

  beforeAll(async () => {
    app = await startTestApp();
    app.fake.setUser(ZH_USER, { locale: 'zh-CN' });
  });
  afterAll(async () => {
    await app?.close();
  });

  it('opens the chooser in Chinese, and the form it leads to has a Chinese frame', async () => {
    const sent = await app.shortcut('dq_search_financial_data', { userId: ZH_USER });
    expect(sent.elapsedMs).toBeLessThan(3000);
    const opened = await app.openedView(sent.triggerId);
    const chooser = opened.view;
    assertWithinSlackLimits(chooser, 'modal');
    expect(chooser.title?.text).toBe('查询数据');
    const text = allText({ blocks: chooser.blocks });
    for (const id of OPERATION_IDS) expect(text).toContain(`每次查询 ${simulatorCost(id)} 币`);
    expect(untranslatedWords(text)).toEqual([]);

    const { id, hash } = opened.response.view as { id: string; hash: string };
    await app.clickInView('dq_open_modal', 'new-funds', {
      userId: ZH_USER,
      view: { id, hash, callbackId: 'dq_chooser', privateMetadata: chooser.private_metadata ?? '' },
    });
    const form = (await app.nextCall('views.update', (call) => call.args.view_id === id)).args.view as PublishedView & {
      submit?: { text: string };
    };
    assertWithinSlackLimits(form, 'modal');
    expect(form.title?.text).toBe('新发基金');
    expect(form.submit?.text).toBe('查询');
    expect(allText({ blocks: form.blocks.slice(0, 1) })).toContain(
      `每次查询 ${simulatorCost(OPS.newFunds)} 币；重复最近的查询免费。`,
    );
  });
});
