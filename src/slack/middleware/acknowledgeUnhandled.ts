import type { AnyMiddlewareArgs, Middleware } from '@slack/bolt';
import { isHandledRequest } from '../payloads/ids.js';

/**
 * Global middleware: a request no listener takes gets its 200 now, not after Bolt's timeout. The
 * listeners say what they take: the slash commands by name, the workflow steps by callback id.
 */
export function acknowledgeUnhandled(
  slashCommands: readonly string[],
  workflowSteps: readonly string[],
): Middleware<AnyMiddlewareArgs> {
  return async (args) => {
    if (
      !isHandledRequest(args.body as unknown as Record<string, unknown>, slashCommands, workflowSteps) &&
      'ack' in args &&
      typeof args.ack === 'function'
    ) {
      await (args.ack as () => Promise<void>)();
      return;
    }
    await args.next();
  };
}
