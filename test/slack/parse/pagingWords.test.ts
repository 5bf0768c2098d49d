import { describe, expect, it } from 'vitest';
import { readPagingWords } from '../../../src/slack/parse/pagingWords.js';

describe('paging words, read with the commands’ grammar (issue 37, item 4)', () => {
  it.each([
    ['next', { kind: 'next' }],
    ['Next page.', { kind: 'next' }],
    ['下一页', { kind: 'next' }],
    ['previous', { kind: 'previous' }],
    ['上一页', { kind: 'previous' }],
    ['page 2', { kind: 'page', page: 2 }],
    ['page:3', { kind: 'page', page: 3 }],
    ['Page ２', { kind: 'page', page: 2 }],
    ['p4', { kind: 'page', page: 4 }],
    ['第3页', { kind: 'page', page: 3 }],
    ['第二页', { kind: 'page', page: 2 }],
    ['第 十二 页', { kind: 'page', page: 12 }],
    ['页 5', { kind: 'page', page: 5 }],
    ['页码：6', { kind: 'page', page: 6 }],
    // Numbers in English words are read as the commands read them (issue 34).
    ['page two', { kind: 'page', page: 2 }],
  ])('%j', (text, move) => {
    expect(readPagingWords(text)).toEqual(move);
  });

  it.each([
    'page',
    'page 0',
    'pages 2',
    '/fund-asset 000001 page:2',
    'help',
    'bids 光伏组件',
    '第页',
    'p',
    'nextcloud',
  ])('%j is no paging move', (text) => {
    expect(readPagingWords(text)).toBeUndefined();
  });
});
