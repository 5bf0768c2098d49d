import type { App, MessageShortcut } from '@slack/bolt';
import type { SlackDeps } from '../../deps.js';
import { SHORTCUT } from '../../payloads/ids.js';
import { lookUpShortcut } from './lookUpShortcut.js';
import { searchShortcut } from './searchShortcut.js';

export function registerShortcuts(app: App, deps: SlackDeps): void {
  app.shortcut(SHORTCUT.search, searchShortcut(deps));
  app.shortcut<MessageShortcut>(SHORTCUT.lookUp, lookUpShortcut(deps));
}
