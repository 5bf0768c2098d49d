import type { AnyMiddlewareArgs, Middleware } from '@slack/bolt';
import type { Logger } from 'pino';
import type { Store } from '../../core/store/types.js';

/** Long enough for Slack's redeliveries (it retries an event three times within minutes). */
const REMEMBER_MS = 10 * 60_000;

/**
 * What identifies one delivery Slack may send again: a slash command by its trigger_id, an Events API
 * event by its event_id. Other payloads are not redelivered.
 */
function deliveryKey(body: unknown): string | undefined {
  if (typeof body !== 'object' || body === null) return undefined;
  const fields = body as Record<string, unknown>;
  if (typeof fields.command === 'string' && typeof fields.trigger_id === 'string' && fields.trigger_id)
    return `command:${fields.trigger_id}`;
  if (fields.type === 'event_callback' && typeof fields.event_id === 'string' && fields.event_id)
    return `event:${fields.event_id}`;
  return undefined;
}

/**
 * Global middleware: a slash command or event delivered a second time (a retry after a slow ack, a
 * replayed request) is acknowledged and dropped, so `/dq digest add` cannot add the same digest twice
 * and a lookup is not paid twice. The marks live in the store, so every replica sees them. If the
 * store cannot be reached the request goes ahead: a rare duplicate beats refusing everyone.
 */
export function onlyOnce(store: Store, logger: Logger): Middleware<AnyMiddlewareArgs> {
  return async (args) => {
    const key = deliveryKey(args.body);
    if (key) {
      let first = true;
      try {
        first = await store.claim(`delivered:${key}`, 'handled', REMEMBER_MS);
      } catch (error) {
        logger.warn({ err: error }, 'could not check for a repeated delivery; handling it');
      }
      if (!first) {
        logger.info({ delivery: key }, 'dropped a repeated delivery from Slack');
        if ('ack' in args && typeof args.ack === 'function') await (args.ack as () => Promise<void>)();
        return;
      }
    }
    await args.next();
  };
}
