import { describe, expect, it } from 'vitest';
import { DIGEST_VERBS, WATCH_VERBS } from '../../../src/slack/parse/subscriptionCommand.js';

/** What each command accepted when each kept its own table: the shared list must not change it. */
const DIGEST_TABLE = {
  add: 'add',
  添加: 'add',
  新增: 'add',
  list: 'list',
  ls: 'list',
  列表: 'list',
  查看: 'list',
  remove: 'remove',
  rm: 'remove',
  delete: 'remove',
  删除: 'remove',
  移除: 'remove',
  run: 'run',
  运行: 'run',
  推送: 'run',
};
const WATCH_TABLE = {
  add: 'add',
  new: 'add',
  添加: 'add',
  新增: 'add',
  关注: 'add',
  list: 'list',
  ls: 'list',
  列表: 'list',
  查看: 'list',
  run: 'run',
  check: 'run',
  运行: 'run',
  检查: 'run',
  pause: 'pause',
  暂停: 'pause',
  resume: 'resume',
  恢复: 'resume',
  继续: 'resume',
  remove: 'remove',
  rm: 'remove',
  delete: 'remove',
  stop: 'remove',
  删除: 'remove',
  移除: 'remove',
  取消: 'remove',
};

describe('the verbs of /dq digest and /dq watch', () => {
  it('are read from one shared list plus each command’s own words, and each command takes exactly its words', () => {
    expect(Object.fromEntries(DIGEST_VERBS)).toEqual(DIGEST_TABLE);
    expect(Object.fromEntries(WATCH_VERBS)).toEqual(WATCH_TABLE);
  });

  it('do not read a word that only names an object property', () => {
    for (const verbs of [DIGEST_VERBS, WATCH_VERBS])
      for (const word of ['constructor', 'toString', '__proto__']) expect(verbs.get(word)).toBeUndefined();
  });
});
