import type { AnyMiddlewareArgs, Middleware } from '@slack/bolt';
import type { Metrics } from '../../ops/metrics.js';

/** Counts every listener run (its whole flow, not just the ack), for the metrics and a graceful shutdown. */
export class ListenerCount {
  running = 0;

  constructor(private readonly metrics?: Metrics) {}

  readonly middleware: Middleware<AnyMiddlewareArgs> = async ({ body, next }) => {
    this.running++;
    const kind = requestKind(body as { type?: string; command?: string });
    try {
      await next();
      this.metrics?.slackRequest(kind, 'ok');
    } catch (error) {
      this.metrics?.slackRequest(kind, 'error');
      throw error;
    } finally {
      this.running--;
    }
  };
}

function requestKind(body: { type?: string; command?: string }): string {
  if (body.command) return 'command';
  switch (body.type) {
    case 'block_actions':
      return 'action';
    case 'view_submission':
    case 'view_closed':
      return 'view';
    case 'shortcut':
    case 'message_action':
      return 'shortcut';
    case 'event_callback':
      return 'event';
    default:
      return body.type ?? 'other';
  }
}
