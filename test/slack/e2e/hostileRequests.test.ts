import fc from 'fast-check';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  appHomeOpenedEvent,
  eventCallbackBody,
  globalShortcutPayload,
  messageBlockActionsPayload,
  newTriggerId,
  SLACK_ACK_DEADLINE_MS,
  sendEvent,
  sendInteraction,
  sendSigned,
  sendSlashCommand,
  slashCommandFields,
  viewBlockActionsPayload,
  viewSubmissionPayload,
} from '../../support/slack/index.js';
import { allText, STACK_TRACE, startTestApp, TEST_SIGNING_SECRET, type TestApp } from '../../support/slackApp.js';

/**
 * Signed requests of every kind Slack sends, then broken in every way fast-check can think of
 * (fields removed, nulled, retyped, lengthened; markup in every text), sent over real HTTP.
 * Whatever comes: a 200 or a 400, the process keeps going (vitest fails the run on any unhandled
 * rejection or exception), at most one reply per request, nothing spent without a reply that was
 * delivered, and nothing anyone typed comes back as a live mention, channel link or link.
 */

/** What a reply must never contain: each is in the fuzzed input, so a reply with one echoed it live. */
const LIVE_MARKUP = [
  '<!everyone>',
  '<!channel>',
  '<!here>',
  '<@U0MARKUP1>',
  '<#C0MARKUP1|',
  '<https://evil.example',
  '<mailto:x@evil.example',
  '<!subteam^S0MARKUP1',
];
const MARKUP_WORDS = [
  '<!everyone>',
  '<!channel> hi',
  '<!here>',
  '<@U0MARKUP1>',
  '<#C0MARKUP1|general>',
  '<https://evil.example|click>',
  '<mailto:x@evil.example|mail>',
  '<!subteam^S0MARKUP1|@team>',
  '&lt;',
  '*bold*',
  '`x`',
];

const markupText = fc.oneof(
  fc.constantFrom(...MARKUP_WORDS),
  fc
    .tuple(
      fc.constantFrom(
        'fund',
        'futures',
        'bids',
        'tax',
        'digest',
        'digest remove',
        'digest run',
        'help',
        'usage',
        'newfunds',
        '',
      ),
      fc.constantFrom(...MARKUP_WORDS),
    )
    .map(([a, b]) => `${a} ${b}`.trim()),
  fc
    .array(fc.oneof(fc.constantFrom(...MARKUP_WORDS), fc.string({ maxLength: 8 })), { maxLength: 4 })
    .map((words) => words.join(' ')),
);

const hostileValue = fc.oneof(
  fc.constant(null),
  fc.constant(undefined),
  fc.integer(),
  fc.boolean(),
  fc.constant([]),
  fc.constant({}),
  fc.string({ maxLength: 20 }),
  markupText,
  fc.constant('x'.repeat(5000)),
  fc.constant({ toString: [] }),
);

/** `HOSTILE_RUNS_SCALE=30 npx vitest run test/slack/e2e/hostileRequests.test.ts` for a long soak. */
const SCALE = Number(process.env.HOSTILE_RUNS_SCALE ?? 1);

type Json = Record<string, unknown>;

/** A slash command is a form: every value arrives as text. */
function asFormText(value: unknown): string {
  if (typeof value === 'string') return value;
  try {
    return JSON.stringify(value) ?? '';
  } catch {
    return '';
  }
}

/**
 * The text Slack parses for mentions and links: a message's top-level `text` and every mrkdwn text
 * object. plain_text (headers, button labels) and button values are shown as typed, never parsed.
 */
function parsedTexts(value: unknown, into: string[] = []): string[] {
  if (Array.isArray(value)) {
    for (const item of value) parsedTexts(item, into);
  } else if (value && typeof value === 'object') {
    const node = value as Json;
    if (node.type === 'mrkdwn' && typeof node.text === 'string') into.push(node.text);
    for (const [key, child] of Object.entries(node)) {
      if (key === 'value' || (node.type === 'plain_text' && key === 'text')) continue;
      if (key === 'text' && typeof child === 'string' && node.type === undefined) into.push(child);
      else parsedTexts(child, into);
    }
  }
  return into;
}

/** Up to three changes anywhere in the first two levels: a key removed, or its value replaced. */
const mutations = fc.array(fc.tuple(fc.nat(), fc.nat(), fc.boolean(), hostileValue), { maxLength: 3 });

function copyOf(value: unknown): unknown {
  try {
    return structuredClone(value);
  } catch {
    return String(value);
  }
}

function mutate(payload: Json, changes: Array<[number, number, boolean, unknown]>): Json {
  const copy = structuredClone(payload);
  for (const [first, second, remove, value] of changes) {
    const keys = Object.keys(copy);
    if (keys.length === 0) break;
    const key = keys[first % keys.length]!;
    const child = copy[key];
    const target: Json =
      child && typeof child === 'object' && !Array.isArray(child) && second % 2 === 0 ? (child as Json) : copy;
    const targetKeys = Object.keys(target);
    if (targetKeys.length === 0) continue;
    const name = target === copy ? key : targetKeys[second % targetKeys.length]!;
    if (remove) delete target[name];
    // A copy each time: the same generated value set twice, once inside itself, would make a cycle JSON cannot write.
    else target[name] = copyOf(value);
  }
  return copy;
}

const COMMANDS = ['/dq', '/taxpayer', '/bids', '/fund-asset', '/futures', '/new-funds', '/nope'];
const ACTIONS = [
  'dq_page_next',
  'dq_page_previous',
  'dq_share',
  'dq_retry',
  'dq_open_modal',
  'dq_digest_add',
  'dq_digest_run',
  'dq_digest_remove',
  'no_such_action',
];
const QUERY_VALUES = [
  '{"o":"fund-asset","r":{"fundCode":"000001","pageNo":"2","pageSize":"10"}}',
  '{"o":"futures","r":{"symbol":"CL","type":"5","limit":"30"}}',
  '{"o":"bids","r":{"keyword":"<!everyone>"}}',
  'taxpayer',
  'deadbeef',
  '',
  '{}',
];
const CALLBACKS = [
  'dq_search:fund-asset',
  'dq_search:bids',
  'dq_search:futures',
  'dq_search:taxpayer',
  'dq_search:new-funds',
  'dq_search:nope',
  'dq_digest_add_form',
  'dq_chooser',
  'unknown',
];

interface Sent {
  kind: string;
  status: number;
  responseId?: string;
  triggerId: string;
}

describe('hostile signed requests', () => {
  let app: TestApp;
  let counter = 0;

  beforeAll(async () => {
    app = await startTestApp();
  });
  afterAll(async () => {
    await app?.close();
  });

  /** Sends one request; waits until everything it set off has finished. */
  async function send(
    kind: string,
    make: (responseUrl: string, triggerId: string) => Promise<{ status: number }>,
    withResponseUrl = true,
  ): Promise<Sent> {
    const responseId = `hostile-${++counter}`;
    const triggerId = newTriggerId();
    const { status } = await make(app.fake.responseUrl(responseId), triggerId);
    // Listeners are counted from before their ack, so once the ack is back this waits for all of them.
    expect(await app.slack.settle(10_000)).toBe(true);
    return { kind, status, triggerId, ...(withResponseUrl ? { responseId } : {}) };
  }

  /** Everything the app sent anywhere since `mark`: response_url posts and Web API calls. */
  function outputsSince(mark: number) {
    return app.fake
      .calls()
      .slice(mark)
      .filter((call) => call.method !== 'auth.test' && call.method !== 'users.info');
  }

  function check(sent: Sent, webMark: number, paidBefore: number): void {
    expect([200, 400], `${sent.kind} answered ${sent.status}`).toContain(sent.status);
    const replies = sent.responseId ? app.responses(sent.responseId) : [];
    const webCalls = outputsSince(webMark);
    expect(replies.length, `${sent.kind}: at most one reply on the response_url`).toBeLessThanOrEqual(1);
    // Paging, retry and share replace one message: at most one thing reaches the person.
    expect(replies.length + webCalls.filter((call) => call.method.startsWith('chat.')).length).toBeLessThanOrEqual(2);
    const paid = app.upstreamCalls().filter((call) => call.outcome === 'success').length - paidBefore;
    if (paid > 0)
      expect(
        replies.length + webCalls.length,
        `${sent.kind}: charged ${paid} call(s) and answered no one`,
      ).toBeGreaterThan(0);
    const parsed = [
      ...replies.flatMap((reply) => parsedTexts(reply)),
      ...webCalls.flatMap((call) => parsedTexts(call.args)),
    ].join('\n');
    for (const live of LIVE_MARKUP) expect(parsed, `${sent.kind} echoed ${live} live`).not.toContain(live);
    expect(replies.map((reply) => allText(reply)).join('\n')).not.toMatch(STACK_TRACE);
  }

  async function property(
    kind: string,
    arbitrary: fc.Arbitrary<(responseUrl: string, triggerId: string) => Promise<{ status: number }>>,
    runs: number,
    withResponseUrl = true,
  ) {
    await fc.assert(
      fc.asyncProperty(arbitrary, async (make) => {
        const webMark = app.fake.calls().length;
        const paidBefore = app.upstreamCalls().filter((call) => call.outcome === 'success').length;
        check(await send(kind, make, withResponseUrl), webMark, paidBefore);
      }),
      { numRuns: Math.round(runs * SCALE) },
    );
  }

  it('slash commands: any text, any fields missing or mistyped', async () => {
    await property(
      'slash command',
      fc
        .tuple(fc.constantFrom(...COMMANDS), markupText, mutations)
        .map(([command, text, changes]) => (responseUrl: string, triggerId: string) => {
          const fields = mutate(
            slashCommandFields({ command, text, responseUrl, triggerId }) as Json,
            changes.map(([a, b, remove, value]) => [a, b, remove, asFormText(value)]),
          );
          const body = new URLSearchParams(
            Object.entries(fields).map(([key, value]): [string, string] => [key, asFormText(value)]),
          ).toString();
          return sendSigned(app.url, TEST_SIGNING_SECRET, body, 'application/x-www-form-urlencoded');
        }),
      150,
    );
  }, 180_000);

  it('button clicks: any action, any value, with or without a response_url or a channel', async () => {
    await property(
      'block action',
      fc
        .tuple(
          fc.constantFrom(...ACTIONS),
          fc.oneof(fc.constantFrom(...QUERY_VALUES), markupText),
          fc.boolean(),
          fc.boolean(),
          mutations,
        )
        .map(([actionId, value, inView, withUrl, changes]) => (responseUrl: string, triggerId: string) => {
          const base = inView
            ? viewBlockActionsPayload({ actionId, value, triggerId, view: { type: 'home' } })
            : messageBlockActionsPayload({ actionId, value, triggerId, responseUrl, ephemeral: true });
          if (!withUrl) delete (base as Json).response_url;
          return sendInteraction(app.url, TEST_SIGNING_SECRET, mutate(base as Json, changes));
        }),
      150,
    );
  }, 180_000);

  it('view submissions: any form, any state (missing, mistyped, hostile)', async () => {
    const state = fc.oneof(
      fc.constant(undefined),
      fc.constant({}),
      fc.dictionary(
        fc.constantFrom('dq:fund-asset:fundCode', 'dq:bids:keyword', 'dq:futures:symbol', 'x'),
        fc.dictionary(
          fc.constantFrom('value', 'x'),
          fc.oneof(
            hostileValue,
            fc.record({ type: fc.constant('plain_text_input'), value: fc.oneof(markupText, hostileValue) }),
          ),
        ),
      ),
    );
    await property(
      'view submission',
      fc
        .tuple(
          fc.constantFrom(...CALLBACKS),
          state,
          fc.oneof(fc.constant(''), fc.constant('{"c":"C0HOSTILE1"}'), markupText),
          mutations,
        )
        .map(([callbackId, values, metadata, changes]) => () => {
          const payload = viewSubmissionPayload({
            callbackId,
            values: (values ?? {}) as never,
            privateMetadata: metadata,
          }) as Json;
          if (values === undefined) delete (payload.view as Json).state;
          return sendInteraction(app.url, TEST_SIGNING_SECRET, mutate(payload, changes));
        }),
      100,
      false,
    );
  }, 180_000);

  it('shortcuts and events: any callback, any event', async () => {
    await property(
      'shortcut',
      fc.tuple(fc.constantFrom('dq_search_financial_data', 'nope'), mutations).map(
        ([callbackId, changes]) =>
          (_url: string, triggerId: string) =>
            sendInteraction(
              app.url,
              TEST_SIGNING_SECRET,
              mutate(globalShortcutPayload({ callbackId, triggerId }) as Json, changes),
            ),
      ),
      30,
      false,
    );
    await property(
      'event',
      fc
        .tuple(
          fc.constantFrom('home', 'messages'),
          fc.constantFrom('app_home_opened', 'message', 'app_mention', 'nope'),
          mutations,
        )
        .map(([tab, type, changes]) => () => {
          const event = { ...appHomeOpenedEvent({ userId: 'U0HOSTILE1', tab: tab as 'home' }), type };
          return sendEvent(app.url, TEST_SIGNING_SECRET, mutate(eventCallbackBody(event) as Json, changes));
        }),
      80,
      false,
    );
  }, 180_000);

  it('a form whose state is missing or mistyped is answered on the form at once, and nothing is spent', async () => {
    const callsBefore = app.upstreamCalls().length;
    for (const state of [
      undefined,
      null,
      'text',
      { 'dq:fund-asset:fundCode': { value: 42 } },
      { 'dq:fund-asset:fundCode': { value: { type: 'plain_text_input', value: ['000001'] } } },
    ]) {
      const payload = viewSubmissionPayload({
        callbackId: 'dq_search:fund-asset',
        values: {},
        privateMetadata: '{}',
      }) as Json;
      (payload.view as Json).state = state === undefined ? undefined : { values: state };
      const answer = await sendInteraction(app.url, TEST_SIGNING_SECRET, payload);
      expect(answer.status).toBe(200);
      expect(answer.json).toMatchObject({ response_action: 'errors' });
      expect(JSON.stringify(answer.json)).toMatch(/required/i);
    }
    expect(app.upstreamCalls()).toHaveLength(callsBefore);
  });

  it('bodies that are not payloads at all: null, arrays, numbers, strings, empty', async () => {
    for (const [contentType, body] of [
      ['application/x-www-form-urlencoded', 'payload=null'],
      ['application/json', 'null'],
      ['application/json', '[]'],
      ['application/json', '42'],
      ['application/json', '"text"'],
      ['application/json', '{'],
      ['application/x-www-form-urlencoded', ''],
      ['application/x-www-form-urlencoded', 'payload=%7B%7D'],
      ['application/x-www-form-urlencoded', 'payload=%5B%5D'],
      ['application/json', '{"type":"event_callback","event":null}'],
      ['application/x-www-form-urlencoded', 'payload=%7B%22type%22%3A%22block_actions%22%7D'],
      ['application/x-www-form-urlencoded', 'payload=%7B%22type%22%3A%22view_submission%22%7D'],
    ] as const) {
      const answer = await sendSigned(app.url, TEST_SIGNING_SECRET, body, contentType);
      expect([200, 400], `${contentType} ${body}`).toContain(answer.status);
    }
    // Still serving.
    const sent = await sendSlashCommand(app.url, TEST_SIGNING_SECRET, {
      command: '/dq',
      text: 'help',
      responseUrl: app.fake.responseUrl('after-garbage'),
    });
    expect(sent.status).toBe(200);
    await app.nextResponse('after-garbage');
  });

  it('a payload of a kind Slack does not send is refused at once (400), not left to Bolt’s unhandled-request timeout', async () => {
    const mark = app.fake.calls().length;
    for (const payload of [
      { type: 'xxxx', user: { id: 'U0TESTUSER' }, view: { callback_id: 'dq_search:bids' } },
      { type: 'fI-i', user: { id: 'U0TESTUSER' }, callback_id: 'dq_search_financial_data' },
    ]) {
      const answer = await sendSigned(
        app.url,
        TEST_SIGNING_SECRET,
        new URLSearchParams({ payload: JSON.stringify(payload) }).toString(),
        'application/x-www-form-urlencoded',
      );
      expect(answer.status, JSON.stringify(payload)).toBe(400);
    }
    expect(app.fake.calls().slice(mark)).toEqual([]);
  });

  it("the guard is the one signature check: a wrong signature is refused on every kind of request, Slack's SSL check included", async () => {
    const wrong = `${TEST_SIGNING_SECRET}-not`;
    const command = await sendSlashCommand(app.url, wrong, {
      command: '/dq',
      text: 'help',
      responseUrl: app.fake.responseUrl('wrongly-signed'),
    });
    expect(command.status).toBe(401);
    expect((await sendSigned(app.url, wrong, 'ssl_check=1&token=x', 'application/x-www-form-urlencoded')).status).toBe(
      401,
    );
    expect(
      (await sendSigned(app.url, wrong, '{"type":"url_verification","challenge":"c"}', 'application/json')).status,
    ).toBe(401);
    expect(
      (await sendSigned(app.url, TEST_SIGNING_SECRET, 'ssl_check=1&token=x', 'application/x-www-form-urlencoded'))
        .status,
    ).toBe(200);
    await app.settle();
    expect(app.responses('wrongly-signed')).toEqual([]);
  });
});

describe('huge signed requests (issue 21.9)', () => {
  let app: TestApp;

  beforeAll(async () => {
    app = await startTestApp();
  });
  afterAll(async () => {
    await app?.close();
  });

  it("a command word of 300,000 characters gets its answer and does not hold up a command sent with it past Slack's 3 s", async () => {
    const huge = app.command('x'.repeat(300_000), { command: '/dq' });
    // Sent while the huge one is being read and answered.
    const small = app.command('help', { command: '/dq' });
    const [hugeSent, smallSent] = await Promise.all([huge, small]);
    expect(hugeSent.status).toBe(200);
    expect(smallSent.status).toBe(200);
    expect(smallSent.elapsedMs).toBeLessThan(SLACK_ACK_DEADLINE_MS);
    expect(hugeSent.elapsedMs).toBeLessThan(SLACK_ACK_DEADLINE_MS);
    const reply = allText(await app.nextResponse(hugeSent.responseId));
    expect(reply).toMatch(/^Unknown command "x+…"/);
    expect(reply.length).toBeLessThan(1000);
  });

  it("a body larger than any Slack sends (a command past Slack's 40,000-character message limit) is refused with 413 before it is parsed", async () => {
    const text = '光'.repeat(200_000);
    const sent = await sendSlashCommand(app.url, TEST_SIGNING_SECRET, {
      command: '/dq',
      text,
      responseUrl: app.fake.responseUrl('too-big'),
    });
    expect(sent.status).toBe(413);
    await app.settle();
    expect(app.responses('too-big')).toEqual([]);
  });
});
