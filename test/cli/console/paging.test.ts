import { afterEach, describe, expect, it } from 'vitest';
import { type DemoConsole, startDemoConsole } from '../consoleDriver.js';

const FOOTER = /coins? per lookup.*\n/;
const CHINESE_FOOTER = /每次查询.*\n/;

describe('next, 下一页 and page 2 move the latest reply with pages (docs/command-line.md)', () => {
  let session: DemoConsole | undefined;
  afterEach(async () => {
    await session?.end();
    session = undefined;
  });

  it('still move it after replies without pages: usage, a futures chart', async () => {
    session = await startDemoConsole();
    expect(await session.ask('/fund-asset 000001', FOOTER)).toMatch(/Page 1 of 2/);
    await session.ask('/dq usage', /Budgets reset.*\n/);
    const second = await session.ask('next', FOOTER);
    expect(second).toContain('(replaces the previous reply)');
    expect(second).toMatch(/Fund asset size history: fund 000001[\s\S]*Page 2 of 2/);
    await session.ask('/futures CL 5m 5', FOOTER);
    expect(await session.ask('下一页', /。\n/)).toContain('已经是最后一页，没有下一页。');
    expect(await session.ask('page 1', FOOTER)).toMatch(/Fund asset size history: fund 000001[\s\S]*Page 1 of 2/);
  });

  it('a result that fits one page is the latest paged reply: there is no next page', async () => {
    session = await startDemoConsole();
    await session.ask('/fund-asset 000001', FOOTER);
    expect(await session.ask('/taxpayer 91330106774738789M', FOOTER)).toMatch(/Page 1 of 1/);
    expect(await session.ask('next', /\.\n/)).toContain('There is no next page');
  });

  it('moves the latest paged reply, not an earlier one, whichever language either is in', async () => {
    session = await startDemoConsole();
    await session.ask('/fund-asset 000001 size:10', FOOTER);
    expect(await session.ask('000001 的规模', CHINESE_FOOTER)).toMatch(/第 1 页，共 2 页/);
    await session.ask('/dq usage', /Budgets reset.*\n/);
    expect(await session.ask('下一页', CHINESE_FOOTER)).toMatch(/第 2 页，共 2 页/);
  });

  it('says accurately, in the words’ language, that no reply so far has pages', async () => {
    session = await startDemoConsole();
    expect(await session.ask('next', /\.\n/)).toContain('Nothing to page through yet: look something up first');
    await session.ask('/futures CL 5m 5', FOOTER);
    await session.ask('/dq usage', /Budgets reset.*\n/);
    const english = await session.ask('next', /\.\n/);
    expect(english).toContain('None of the replies so far has pages to move through');
    expect(english).not.toContain('look something up first');
    expect(await session.ask('下一页', /。\n/)).toContain('目前还没有可以翻页的回复');
  });
});
