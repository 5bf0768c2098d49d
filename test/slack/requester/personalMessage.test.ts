import { describe, expect, it } from 'vitest';
import { personalMessage } from '../../../src/slack/requester/personalMessage.js';
import { appMentionEvent, directMessageEvent } from '../../support/slack/index.js';

/** Which events are a person writing to the app: https://docs.slack.dev/reference/events/app_mention, …/message.im. */
describe('a person writing to the app', () => {
  it('a mention in a channel, at the top or in a thread', () => {
    const top = appMentionEvent({ text: '000001 的规模', ts: '1795700000.000200' });
    expect(personalMessage(top)).toEqual({
      user: 'U0TESTUSER',
      channel: 'C0GENERAL1',
      text: '<@U0FAKEBOT1> 000001 的规模',
      ts: '1795700000.000200',
      direct: false,
      authorTeams: ['T0FAKETEAM'],
    });
    expect(personalMessage(appMentionEvent({ text: '下一页', threadTs: '1795700000.000100' }))?.threadTs).toBe(
      '1795700000.000100',
    );
  });

  it("a Slack Connect guest's mention names their own team, not the workspace's", () => {
    const guest = appMentionEvent({ text: '000001', userId: 'U0GUEST001', userTeamId: 'T0PARTNER1' });
    expect(personalMessage(guest)?.authorTeams).toEqual(['T0PARTNER1']);
    // Fields that disagree are all kept, for whoIsAsking to judge the stranger a stranger.
    expect(personalMessage({ ...guest, team: 'T0FAKETEAM' })?.authorTeams).toEqual(['T0PARTNER1', 'T0FAKETEAM']);
  });

  it('a direct message', () => {
    expect(personalMessage(directMessageEvent({ text: 'CL 日K 30' }))).toMatchObject({
      channel: 'D0TESTUSER',
      direct: true,
    });
  });

  it.each([
    ['a bot’s mention', appMentionEvent({ text: 'x', botId: 'B1' })],
    ['an edited mention Slack sends again', appMentionEvent({ text: 'x', edited: true })],
    ['a bot’s direct message', directMessageEvent({ text: 'x', botId: 'B1' })],
    ['an edit', directMessageEvent({ text: 'x', subtype: 'message_changed' })],
    ['a deletion', directMessageEvent({ text: 'x', subtype: 'message_deleted' })],
    [
      'a channel message (message.channels is not subscribed, and would not count)',
      { type: 'message', channel: 'C1', channel_type: 'channel', user: 'U1', text: 'x', ts: '1.2' },
    ],
    ['a message without an author', { type: 'message', channel: 'D1', channel_type: 'im', text: 'x', ts: '1.2' }],
    ['another event', { type: 'app_home_opened', user: 'U1' }],
  ])('not %s', (_name, event) => {
    expect(personalMessage(event)).toBeUndefined();
  });
});
