import type { AnyMiddlewareArgs, Middleware } from '@slack/bolt';
import { LRUCache } from 'lru-cache';
import type { Logger } from 'pino';
import type { Store } from '../../core/store/types.js';

/** Long enough for Slack's redeliveries (it retries an event three times within minutes). */
const REMEMBER_MS = 10 * 60_000;
/** Deliveries this process remembers itself: ten minutes of a busy workspace's commands and events. */
const REMEMBERED_HERE = 20_000;

/**
 * The text as a string of its own. An id parsed out of a request body is a slice of the whole body,
 * and V8 keeps the body alive behind a slice: remembered 20,000 times, that is 9 MB of bodies.
 */
function detached(text: string): string {
  return Buffer.from(text, 'utf8').toString('utf8');
}

/**
 * What identifies one delivery Slack may send again: a slash command by its trigger_id, an Events API
 * event by its event_id. Other payloads are not redelivered.
 */
function deliveryKey(body: unknown): string | undefined {
  if (typeof body !== 'object' || body === null) return undefined;
  const fields = body as Record<string, unknown>;
  if (typeof fields.command === 'string' && typeof fields.trigger_id === 'string' && fields.trigger_id)
    return detached(`command:${fields.trigger_id}`);
  if (fields.type === 'event_callback' && typeof fields.event_id === 'string' && fields.event_id)
    return detached(`event:${fields.event_id}`);
  return undefined;
}

/**
 * Global middleware: a slash command or event delivered a second time (a retry after a slow ack, a
 * replayed request) is acknowledged and dropped, so `/dq digest add` cannot add the same digest twice
 * and a lookup is not paid twice. The marks live in the store, so every replica sees them, and in
 * this process too (a bounded LRU), so a redelivery to the same process is dropped while the store
 * cannot be reached (Slack retries a slow event three times: three identical answers in a thread).
 * A first delivery the store cannot check goes ahead: a rare duplicate on another replica beats
 * refusing everyone.
 */
export function onlyOnce(store: Store, logger: Logger): Middleware<AnyMiddlewareArgs> {
  const seenHere = new LRUCache<string, true>({ max: REMEMBERED_HERE, ttl: REMEMBER_MS });
  return async (args) => {
    const key = deliveryKey(args.body);
    if (key) {
      // Marked before anything is awaited: two deliveries arriving together are one here.
      let first = !seenHere.has(key);
      if (first) {
        seenHere.set(key, true);
        try {
          first = await store.claim(`delivered:${key}`, 'handled', REMEMBER_MS);
        } catch (error) {
          logger.warn({ err: error }, 'could not check for a repeated delivery in the store; handling it');
        }
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
