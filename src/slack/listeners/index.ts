import type { App } from '@slack/bolt';
import type { SlackDeps } from '../deps.js';
import { registerActions } from './actions/index.js';
import { registerCommands } from './commands/index.js';
import { registerEvents } from './events/index.js';
import { registerFunctions } from './functions/index.js';
import { registerShortcuts } from './shortcuts/index.js';
import { registerViews } from './views/index.js';

/**
 * Every listener of the app: one folder per kind of request Slack sends, one handler per file, and
 * each folder's registerActions(app) says what it listens for. A listener parses, acks and replies; what
 * it does is a flow's.
 */
export function registerListeners(app: App, deps: SlackDeps): void {
  registerCommands(app, deps);
  registerActions(app, deps);
  registerViews(app, deps);
  registerShortcuts(app, deps);
  registerEvents(app, deps);
  registerFunctions(app, deps);
}
