import type { WebClient } from '@slack/web-api';
import type { Logger } from 'pino';
import type { SlackMessage } from './slackMessage.js';

/**
 * One message in the user's direct messages with the app that is posted once and then edited in
 * place as work goes on ("page 3 of 8 …").
 *
 * Why a DM: an ephemeral message (chat.postEphemeral, or a response_url reply) cannot be edited
 * afterwards, and a response_url can only replace the message its button was in (the result
 * itself), at most five times. The bot's own message in its DM with the user can be edited with
 * chat.update as often as needed, and stays private.
 *
 * Updates never wait for each other: while one is on its way, later states replace the one waiting,
 * so a burst of cached pages makes a few edits, not one per page (chat.update allows about 50 a minute).
 * Failures are logged, never thrown: progress must not stop the work it reports on.
 */
export class ProgressMessage {
  private channel: string | undefined;
  private ts: string | undefined;
  private wanted: SlackMessage | undefined;
  private shown: SlackMessage | undefined;
  private sending: Promise<void> | undefined;

  constructor(
    private readonly client: WebClient,
    private readonly userId: string,
    private readonly logger?: Logger,
  ) {}

  /** The DM's id once the message is posted. */
  get channelId(): string | undefined {
    return this.channel;
  }

  /** Shows this state soon; does not wait. */
  show(message: SlackMessage): void {
    this.wanted = message;
    void this.send();
  }

  /** Shows this state and waits until it is shown (or failed). */
  async finish(message: SlackMessage): Promise<void> {
    this.wanted = message;
    while (this.wanted !== this.shown) await this.send();
  }

  private send(): Promise<void> {
    this.sending ??= this.pump().finally(() => {
      this.sending = undefined;
      // A state asked for while the last write was finishing.
      if (this.wanted !== this.shown) void this.send();
    });
    return this.sending;
  }

  private async pump(): Promise<void> {
    while (this.wanted !== this.shown) {
      const message = this.wanted!;
      await this.write(message);
      this.shown = message;
    }
  }

  private async write(message: SlackMessage): Promise<void> {
    try {
      if (this.channel && this.ts) {
        await this.client.chat.update({
          channel: this.channel,
          ts: this.ts,
          text: message.text,
          blocks: message.blocks,
        });
        return;
      }
      // Posting to a user id lands in the app's DM with them; the answer names that conversation.
      const posted = await this.client.chat.postMessage({
        channel: this.userId,
        text: message.text,
        blocks: message.blocks,
      });
      if (posted.channel && posted.ts) {
        this.channel = posted.channel;
        this.ts = posted.ts;
      }
    } catch (error) {
      this.logger?.warn({ err: error }, 'could not post or update a progress message');
    }
  }
}
