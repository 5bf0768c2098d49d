import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { englishWords } from '../../support/englishWords.js';
import { buttonNamed, footerText, type SlackResponseBody, startTestApp, type TestApp } from '../../support/slackApp.js';
import { assertWithinSlackLimits } from '../../support/slackLimits.js';
import { fillForm } from './forms.js';

/**
 * A reader whose Slack locale is zh-CN sees the app in Chinese: replies, errors, forms and the Home.
 * Data from the service stays as it comes; what the app writes must hold no English words.
 */

const ZH_USER = 'U0ZHREADER';
const EN_USER = 'U0ENREADER';

/** Every text a reader can see or hear (screen readers read alt_text), however deep in the blocks. */
function readable(value: unknown, into: string[] = []): string[] {
  if (Array.isArray(value)) for (const item of value) readable(item, into);
  else if (value && typeof value === 'object') {
    for (const [key, child] of Object.entries(value as Record<string, unknown>)) {
      if ((key === 'text' || key === 'alt_text') && typeof child === 'string') into.push(child);
      else readable(child, into);
    }
  }
  return into;
}

function textOf(message: { text?: string; blocks?: unknown[] } | SlackResponseBody): string {
  return [
    (message as { text?: string }).text ?? '',
    ...readable((message as { blocks?: unknown[] }).blocks ?? []),
  ].join('\n');
}

describe('a zh-CN reader', () => {
  let app: TestApp;

  beforeAll(async () => {
    app = await startTestApp({ budgets: { teamDaily: 500, userDaily: 100 } });
    app.fake.setUser(ZH_USER, { locale: 'zh-CN' });
    app.fake.setUser(EN_USER, { locale: 'en-GB' });
  });
  afterAll(async () => {
    await app?.close();
  });

  it('gets a lookup answered in Chinese, chart included, within Slack limits', async () => {
    const sent = await app.command('000001', { command: '/fund-asset', userId: ZH_USER });
    const reply = await app.nextResponse(sent.responseId);
    assertWithinSlackLimits(reply, 'message');
    const text = textOf(reply);
    expect(text).toContain('000001');
    expect(footerText(reply)).toContain('每次查询 10 币');
    expect(englishWords(text)).toEqual([]);
  });

  it('gets `/new-funds all` and `/dq help` in Chinese: the commands’ English words are no English prose (issue 44)', async () => {
    const list = await app.command('all', { command: '/new-funds', userId: ZH_USER });
    const listReply = await app.nextResponse(list.responseId);
    expect(footerText(listReply)).toContain('每次查询');
    expect(englishWords(textOf(listReply))).toEqual([]);
    const help = await app.command('help', { command: '/dq', userId: ZH_USER });
    const helpText = textOf(await app.nextResponse(help.responseId));
    expect(helpText).toContain('用量');
    // An English reader's `/dq help` is still English.
    const english = await app.command('help', { command: '/dq', userId: EN_USER });
    expect(textOf(await app.nextResponse(english.responseId))).toContain('usage');
  });

  it('types the command in Chinese words and gets the same answer as in English', async () => {
    const chinese = await app.command('期货 CL 5分钟 30', { userId: ZH_USER });
    const zhReply = await app.nextResponse(chinese.responseId);
    const english = await app.command('futures CL 5m 30', { userId: EN_USER });
    const enReply = await app.nextResponse(english.responseId);
    expect(app.upstreamCalls().filter((call) => call.operation === 'finance-external-futures-kline')).toHaveLength(1);
    expect(englishWords(textOf(zhReply))).toEqual([]);
    expect(textOf(enReply)).toContain('coins per lookup');
    expect(footerText(enReply)).toContain('from cache');
    expect(footerText(zhReply)).toContain('任务号');
  });

  it('gets an error in Chinese that says nothing was spent, with a Chinese example', async () => {
    const before = app.upstreamCalls().length;
    const sent = await app.command('12345', { command: '/fund-asset', userId: ZH_USER });
    const reply = await app.nextResponse(sent.responseId);
    const text = textOf(reply);
    expect(text).toContain('输入有误，未发起查询，未扣费。');
    expect(englishWords(text)).toEqual([]);
    expect(app.upstreamCalls()).toHaveLength(before);
  });

  it('gets the search form in Chinese, and its field errors too', async () => {
    const sent = await app.command('', { command: '/fund-asset', userId: ZH_USER });
    const opened = await app.openedView(sent.triggerId);
    const view = opened.view;
    assertWithinSlackLimits(view, 'modal');
    const frame = [view.title, (view as { submit?: unknown }).submit, (view as { close?: unknown }).close];
    expect(englishWords([...readable(frame), ...readable(view.blocks)].join('\n'))).toEqual([]);
    const values = fillForm(view, { 'dq:fund-asset:fundCode': '12345' });
    const submitted = await app.submitView(view.callback_id!, values, view.private_metadata, {
      blocks: view.blocks,
      userId: ZH_USER,
    });
    const errors = (submitted.response.json as { errors?: Record<string, string> }).errors ?? {};
    expect(Object.keys(errors)).toEqual(['dq:fund-asset:fundCode']);
    expect(englishWords(Object.values(errors).join('\n'))).toEqual([]);
  });

  it('sees the App Home in Chinese', async () => {
    const home = await app.openHome(ZH_USER);
    const text = readable(home.view.blocks).join('\n');
    expect(englishWords(text)).toEqual([]);
    expect(text).toContain('币');
  });

  it('can choose English with /dq lang en, and go back to the Slack locale with /dq lang auto', async () => {
    const chosen = await app.command('lang en', { userId: ZH_USER });
    expect(textOf(await app.nextResponse(chosen.responseId))).toContain('replies to you are now in English');
    const inEnglish = await app.command('000001', { command: '/fund-asset', userId: ZH_USER });
    expect(footerText(await app.nextResponse(inEnglish.responseId))).toContain('10 coins per lookup');
    const automatic = await app.command('语言 自动', { userId: ZH_USER });
    expect(textOf(await app.nextResponse(automatic.responseId))).toContain('简体中文');
    const inChinese = await app.command('000001', { command: '/fund-asset', userId: ZH_USER });
    expect(footerText(await app.nextResponse(inChinese.responseId))).toContain('每次查询 10 币');
  });
});

describe('the workspace language (DEFAULT_LOCALE)', () => {
  let app: TestApp;

  beforeAll(async () => {
    app = await startTestApp({ env: { DEFAULT_LOCALE: 'zh-CN' } });
    app.fake.setUser(EN_USER, { locale: 'en-US' });
  });
  afterAll(async () => {
    await app?.close();
  });

  it('speaks to everyone who has not chosen, and to the channel a result is shared in', async () => {
    const sent = await app.command('000001', { command: '/fund-asset', userId: EN_USER });
    const reply = await app.nextResponse(sent.responseId);
    expect(footerText(reply)).toContain('每次查询 10 币');
    const chosen = await app.command('lang en', { userId: EN_USER });
    await app.nextResponse(chosen.responseId);
    const again = await app.command('000001', { command: '/fund-asset', userId: EN_USER });
    const english = await app.nextResponse(again.responseId);
    expect(footerText(english)).toContain('10 coins per lookup');
    const share = buttonNamed(english, 'dq_share');
    expect(share?.text.text).toBe('Share in channel');
    await app.click('dq_share', share!.value!, { userId: EN_USER, responseUrlId: again.responseId });
    const shared = await app.nextResponse(again.responseId);
    expect(shared.response_type).toBe('in_channel');
    expect(footerText(shared)).toContain('每次查询 10 币');
    expect(englishWords(textOf(shared))).toEqual([]);
  });
});
