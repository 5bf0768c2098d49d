import type { PauseNotice } from '../calls/workspaceInstalls.js';
import type { SlackDeps } from '../deps.js';
import { workspacePauseText } from '../render/workspacePause.js';
import { profileOf } from '../requester/language.js';
import type { OAuthConfig } from '../slackConfig.js';

/** The install page, on the app's own address: known from SLACK_REDIRECT_URI, which is on it. */
export function installPageUrl(oauth: OAuthConfig): string | undefined {
  if (!oauth.redirectUri) return undefined;
  try {
    return new URL('/slack/install', oauth.redirectUri).href;
  } catch {
    return undefined;
  }
}

/**
 * Who is told that a workspace's jobs are paused and in what words: besides the installer, the
 * people who added the workspace's digests and watches (only its admins may add them), each in
 * their own language and time zone. `deps` is read when a pause is told, once the app is built.
 */
export function workspacePauseNotice(deps: () => SlackDeps | undefined, installUrl: string | undefined): PauseNotice {
  return {
    async admins(teamId) {
      const built = deps();
      if (!built) return [];
      const [digests, watches] = await Promise.all([built.digests.list(teamId), built.watches.list(teamId)]);
      return [...new Set([...digests, ...watches].map((job) => job.createdBy))];
    },
    async message(client, teamId, userId, pause) {
      const built = deps();
      if (!built) throw new Error('the app is not built yet');
      const { locale } = await built.rulesFor(teamId);
      const { lang, timeZone } = await profileOf(built, client, teamId, userId, locale);
      return { text: workspacePauseText(pause, { lang, timeZone, installUrl }) };
    },
  };
}
