import type { App } from '@slack/bolt';
import type { SlackDeps } from '../deps.js';
import { appHomeOpened } from './appHomeOpened.js';

export function register(app: App, deps: SlackDeps): void {
  app.event('app_home_opened', appHomeOpened(deps));
}
