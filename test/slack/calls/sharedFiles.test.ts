import { LogLevel, WebClient } from '@slack/web-api';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { readSharedFile } from '../../../src/slack/calls/sharedFiles.js';
import { type FakeSlack, FILE_DOWNLOAD_CALL, startFakeSlack } from '../../support/slack/index.js';

const TOKEN = 'xoxb-files-test';

/**
 * A shared file read as Slack serves it: files.info for its address, the download with the bot
 * token. Without the token Slack answers its sign-in page (200, HTML), which must not be read as the list.
 */
describe('reading a file shared with the app', () => {
  let fake: FakeSlack;
  let client: WebClient;

  beforeAll(async () => {
    fake = await startFakeSlack({ validTokens: [TOKEN] });
    client = new WebClient(TOKEN, { slackApiUrl: fake.apiUrl, logLevel: LogLevel.ERROR, retryConfig: { retries: 0 } });
  });
  afterAll(async () => {
    await fake.close();
  });

  const read = (fileId: string, token = TOKEN, maxBytes = 1000) =>
    readSharedFile(client, fileId, { token, apiUrl: fake.apiUrl, maxBytes });

  it('downloads the bytes with the bot token', async () => {
    const file = fake.shareFile({ name: '名单.csv', bytes: Buffer.from('企业名称\n测试有限公司\n') });
    const read1 = await read(file.id as string);
    expect(read1).toEqual({
      kind: 'file',
      name: '名单.csv',
      bytes: new Uint8Array(Buffer.from('企业名称\n测试有限公司\n')),
    });
    const download = fake
      .calls()
      .filter((call) => call.method === FILE_DOWNLOAD_CALL)
      .at(-1);
    expect(download?.token).toBe(TOKEN);
  });

  it('does not take Slack’s sign-in page for the file, refuses a file too large before downloading it, and says when it is gone', async () => {
    const file = fake.shareFile({ name: 'list.csv', bytes: Buffer.from('Company\nAcme Ltd\n') });
    expect(await read(file.id as string, 'xoxb-not-this-one')).toEqual({ kind: 'failed', code: 'sign_in_page' });
    const downloadsBefore = fake.calls().filter((call) => call.method === FILE_DOWNLOAD_CALL).length;
    expect(await read(file.id as string, TOKEN, 5)).toEqual({ kind: 'tooLarge', name: 'list.csv', bytes: 17 });
    expect(fake.calls().filter((call) => call.method === FILE_DOWNLOAD_CALL)).toHaveLength(downloadsBefore);
    expect(await read('F_NO_SUCH_FILE')).toEqual({ kind: 'failed', code: 'file_not_found' });
  });

  it('never sends the token to a download address outside Slack', async () => {
    const file = fake.shareFile({ name: 'list.csv', bytes: Buffer.from('Company\nAcme Ltd\n') });
    // Another origin than the Web API's: the address a file object names is not trusted with the token.
    const elsewhere = await readSharedFile(client, file.id as string, {
      token: TOKEN,
      apiUrl: 'https://slack.example.invalid/api/',
      maxBytes: 1000,
    });
    expect(elsewhere).toEqual({ kind: 'failed', code: 'foreign_download_url' });
  });
});
