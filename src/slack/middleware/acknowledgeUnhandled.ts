import type { AnyMiddlewareArgs, Middleware } from '@slack/bolt';
import { isHandledRequest } from '../ids.js';
import { SLASH_COMMANDS } from '../parse/commands.js';

const COMMAND_NAMES = SLASH_COMMANDS.map(({ command }) => command);

/** Global middleware: a request no listener takes gets its 200 now, not after Bolt's timeout. */
export function acknowledgeUnhandled(workflowSteps: readonly string[]): Middleware<AnyMiddlewareArgs> {
  return async (args) => {
    if (!isHandledRequest(args.body as unknown as Record<string, unknown>, COMMAND_NAMES, workflowSteps) && 'ack' in args && typeof args.ack === 'function') {
      await (args.ack as () => Promise<void>)();
      return;
    }
    await args.next();
  };
}
