import process from 'node:process';
import { readEnvelope } from '../core/client/envelope.js';
import { createTransport } from '../core/client/http.js';
import { UpstreamError } from '../core/errors.js';
import { operations } from '../core/operations/index.js';
import type { CoreRuntime } from '../runtime.js';

/**
 * Proves the service is reachable and accepts the key without paying for a lookup: it sends a
 * fund-asset request with no fund code, which the service must refuse as invalid input (refused
 * calls are not charged) after it has checked the key.
 */
export async function ping(runtime: CoreRuntime): Promise<number> {
  const { service } = runtime;
  const say = (line: string) => process.stdout.write(`${line}\n`);
  say(`data service: ${service.baseUrl}${runtime.simulator ? ' (built-in SIMULATOR)' : ''}`);
  say(`api key:      set (${service.apiKey.length} characters)`);
  say(`store:        ${runtime.store.description}`);
  try {
    await runtime.store.ping();
    say('store:        reachable');
  } catch (error) {
    say(`store:        NOT reachable (${error instanceof Error ? error.message : String(error)})`);
    return 1;
  }
  const probe = operations['fund-asset'];
  const transport = createTransport({ baseUrl: service.baseUrl, apiKey: service.apiKey, timeoutMs: service.timeoutMs });
  const started = Date.now();
  try {
    const response = await transport.post(probe.path, probe.id, {});
    const took = Date.now() - started;
    try {
      readEnvelope(probe.envelope, probe.id, response, Date.now());
      say(
        `service:      reachable in ${took} ms, key accepted (the probe was answered as a lookup and may have cost ${probe.cost} coins)`,
      );
      return 0;
    } catch (error) {
      if (!(error instanceof UpstreamError)) throw error;
      if (error.kind === 'rejected') {
        say(`service:      reachable in ${took} ms, key accepted, 0 coins spent`);
        return 0;
      }
      say(
        `service:      reachable in ${took} ms, but: ${error.kind}${error.upstreamMessage ? ` (${error.upstreamMessage})` : ''}, HTTP ${response.status}`,
      );
      return 1;
    }
  } catch (error) {
    say(`service:      NOT reachable (${error instanceof Error ? error.message : String(error)})`);
    return 1;
  } finally {
    await transport.close();
  }
}
