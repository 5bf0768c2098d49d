import type { App } from '@slack/bolt';
import type { SlackDeps } from '../../deps.js';
import { SLASH_COMMANDS } from '../../flows/routeCommand.js';
import { slashCommand } from './slashCommand.js';

export function registerCommands(app: App, deps: SlackDeps): void {
  const handler = slashCommand(deps);
  for (const { command } of SLASH_COMMANDS) app.command(command, handler);
}
