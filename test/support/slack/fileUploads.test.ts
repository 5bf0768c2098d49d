import { LogLevel, type WebAPIPlatformError, WebClient } from '@slack/web-api';
import { request } from 'undici';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { type FakeSlack, startFakeSlack, UPLOAD_URL_CALL } from './index.js';

// Slack's upload flow on the fake, driven by the WebClient the app uses: files.getUploadURLExternal,
// the bytes POSTed to the URL it gives, then files.completeUploadExternal (once per file).

const TOKEN = 'xoxb-fake-token';

async function upload(url: string, body: Buffer | string, headers: Record<string, string> = {}) {
  const answer = await request(url, { method: 'POST', body, headers });
  return { status: answer.statusCode, text: await answer.body.text() };
}

describe('fake Slack file uploads', () => {
  let fake: FakeSlack;
  let client: WebClient;

  beforeAll(async () => {
    fake = await startFakeSlack({ validTokens: [TOKEN] });
    client = new WebClient(TOKEN, { slackApiUrl: fake.apiUrl, logLevel: LogLevel.ERROR, retryConfig: { retries: 0 } });
  });
  afterAll(() => fake.close());
  beforeEach(() => fake.reset());

  const platformError = async (promise: Promise<unknown>) =>
    (
      (await promise.then(
        () => undefined,
        (error: unknown) => error,
      )) as WebAPIPlatformError | undefined
    )?.data?.error;

  it('takes a file in three steps and records its bytes, title, channel and comment', async () => {
    const bytes = Buffer.from('\uFEFFa,b\r\n1,2\r\n', 'utf8');
    const ticket = await client.files.getUploadURLExternal({ filename: 'x.csv', length: bytes.length });
    expect(ticket).toMatchObject({ ok: true, file_id: expect.stringMatching(/^F[A-Z0-9]+$/) });
    expect(ticket.upload_url).toBe(`${fake.url}/upload/${ticket.file_id}`);
    expect(await upload(ticket.upload_url!, bytes)).toEqual({ status: 200, text: `OK - ${bytes.length}` });
    const done = await client.files.completeUploadExternal({
      files: [{ id: ticket.file_id!, title: 'Export' }],
      channel_id: 'C0GENERAL1',
      initial_comment: 'here',
    });
    expect(done).toMatchObject({ ok: true, files: [{ id: ticket.file_id, title: 'Export' }] });
    expect(fake.uploads()).toEqual([
      {
        id: ticket.file_id,
        filename: 'x.csv',
        length: bytes.length,
        bytes,
        completed: { title: 'Export', channelId: 'C0GENERAL1', initialComment: 'here' },
      },
    ]);
    expect(fake.calls().map((call) => call.method)).toEqual([
      'files.getUploadURLExternal',
      UPLOAD_URL_CALL,
      'files.completeUploadExternal',
    ]);
  });

  it('reads the file out of a multipart form too', async () => {
    const ticket = await client.files.getUploadURLExternal({ filename: 'x.csv', length: 3 });
    const boundary = 'XyZ';
    const body = `--${boundary}\r\nContent-Disposition: form-data; name="file"; filename="x.csv"\r\nContent-Type: text/csv\r\n\r\nabc\r\n--${boundary}--\r\n`;
    expect(
      (await upload(ticket.upload_url!, body, { 'content-type': `multipart/form-data; boundary=${boundary}` })).status,
    ).toBe(200);
    expect(fake.uploads()[0]?.bytes?.toString()).toBe('abc');
  });

  it('refuses what Slack refuses: a missing name or length, bytes of another length, an unknown or finished file', async () => {
    expect(await platformError(client.files.getUploadURLExternal({ filename: '', length: 3 }))).toBe(
      'invalid_arguments',
    );
    expect(await platformError(client.files.getUploadURLExternal({ filename: 'x.csv', length: 0 }))).toBe(
      'missing_argument',
    );
    const ticket = await client.files.getUploadURLExternal({ filename: 'x.csv', length: 10 });
    expect((await upload(ticket.upload_url!, 'too short')).status).toBe(400);
    // Bytes that did not arrive whole leave nothing to complete.
    expect(await platformError(client.files.completeUploadExternal({ files: [{ id: ticket.file_id! }] }))).toBe(
      'file_not_found',
    );
    expect(await platformError(client.files.completeUploadExternal({ files: [{ id: 'F0NOSUCHFILE' }] }))).toBe(
      'file_not_found',
    );
    expect((await upload(`${fake.url}/upload/F0NOSUCHFILE`, 'x')).status).toBe(404);
    expect((await upload(ticket.upload_url!, '0123456789')).status).toBe(200);
    await client.files.completeUploadExternal({ files: [{ id: ticket.file_id! }] });
    // Completing is allowed once; the file stays private without a channel, titled by its name.
    expect(fake.uploads()[0]?.completed).toEqual({ title: 'x.csv' });
    expect(
      await platformError(
        client.files.completeUploadExternal({ files: [{ id: ticket.file_id! }], channel_id: 'C0GENERAL1' }),
      ),
    ).toBe('file_not_found');
    expect((await upload(ticket.upload_url!, '0123456789')).status).toBe(404);
  });

  it("answers a channel it cannot post in with the channel's error, leaving the file unshared", async () => {
    fake.setChannelError('C0PRIVATE1', 'not_in_channel');
    const ticket = await client.files.getUploadURLExternal({ filename: 'x.csv', length: 1 });
    await upload(ticket.upload_url!, 'x');
    expect(
      await platformError(
        client.files.completeUploadExternal({ files: [{ id: ticket.file_id! }], channel_id: 'C0PRIVATE1' }),
      ),
    ).toBe('not_in_channel');
    expect(fake.uploads()[0]?.completed).toBeUndefined();
  });
});
