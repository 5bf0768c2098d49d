import { describe, expect, it } from 'vitest';
import { DataClient } from '../../../src/core/client/dataClient.js';
import type { Transport } from '../../../src/core/client/http.js';
import { PageOutOfRangeError } from '../../../src/core/errors.js';
import { MemoryStore } from '../../../src/core/store/memoryStore.js';
import { ManualClock, PINNED_AT } from '../../support/clocks.js';

const TEAM = { teamId: 'T1', userId: 'U1' };

/** A fund-asset service whose number of records is set by the test between calls; it counts what it was sent. */
function scriptedService() {
  const sent: string[] = [];
  const state = { total: 0 };
  const transport: Transport = {
    post: async (_path, _operation, body) => {
      const { pageNo, pageSize } = body as { pageNo: string; pageSize: string };
      sent.push(pageNo);
      const data = { list: [], total: state.total, pageNo: Number(pageNo), pageSize: Number(pageSize) };
      return {
        status: 200,
        headers: {},
        text: JSON.stringify({ code: 200, msg: 'success', taskNo: `t${sent.length}`, data }),
      };
    },
    close: async () => undefined,
  };
  const clock = new ManualClock(PINNED_AT);
  const client = new DataClient({
    baseUrl: 'http://service.test',
    apiKey: 'k',
    store: new MemoryStore({ clock }),
    clock,
    transport,
  });
  return { client, clock, sent, state };
}

describe('the number of pages known for a query', () => {
  it('is the latest any page of it said: a first page, then a later page that knows better, then the first page again', async () => {
    const { client, clock, sent, state } = scriptedService();
    const page = (pageNo: string, notBefore?: number) =>
      client.call(
        'fund-asset',
        { fundCode: '000001', pageNo, pageSize: '10' },
        TEAM,
        notBefore === undefined ? {} : { notBefore },
      );

    state.total = 20;
    expect((await page('1')).paging?.pageCount).toBe(2);
    // The first page's answer is what says there are 2 pages: page 3 is refused without a call.
    await expect(page('3')).rejects.toBeInstanceOf(PageOutOfRangeError);
    expect(sent).toEqual(['1']);

    // The list grew; page 2, asked later, says so, and its count is newer than the first page's.
    await clock.advance(1000);
    state.total = 30;
    expect((await page('2')).paging?.pageCount).toBe(3);
    expect((await page('3')).source).toBe('upstream');
    expect(sent).toEqual(['1', '2', '3']);

    // The list shrank; the first page fetched again is now the latest word: 4 is refused, nothing sent.
    await clock.advance(1000);
    state.total = 10;
    expect((await page('1', clock.now())).paging?.pageCount).toBe(1);
    await expect(page('2')).resolves.toMatchObject({ source: 'cache' });
    const refused = await page('4').catch((error: unknown) => error);
    expect(refused).toBeInstanceOf(PageOutOfRangeError);
    expect(refused).toMatchObject({ page: 4, lastPage: 1 });
    expect(sent).toEqual(['1', '2', '3', '1']);
    await client.close();
  });
});
