import type { App } from '@slack/bolt';
import type { SlackDeps } from '../deps.js';
import { ACTION } from '../ids.js';
import { digestAddButton } from './digestAdd.js';
import { digestRemoveButton } from './digestRemove.js';
import { digestRunButton } from './digestRun.js';
import { openModalButton } from './openModal.js';
import { pageButton } from './page.js';
import { shareButton } from './share.js';

export function register(app: App, deps: SlackDeps): void {
  app.action(ACTION.pagePrevious, pageButton(deps));
  app.action(ACTION.pageNext, pageButton(deps));
  app.action(ACTION.share, shareButton(deps));
  app.action(ACTION.openModal, openModalButton(deps));
  app.action(ACTION.digestAdd, digestAddButton(deps));
  app.action(ACTION.digestRemove, digestRemoveButton(deps));
  app.action(ACTION.digestRun, digestRunButton(deps));
}
