import type { Lang } from '../../i18n/lang.js';
import { link, serviceText } from '../blockKit/mrkdwn.js';
import type { WorkspacePause } from '../calls/workspaceInstalls.js';
import { dateTimeText } from './dateText.js';

/**
 * The direct message that tells a workspace's admin its digests and watches are paused: what
 * happened, that nothing is posted or charged meanwhile, and what to do (install the app again,
 * at its install page when the app knows its address).
 */
export function workspacePauseText(
  pause: WorkspacePause,
  options: { lang: Lang; timeZone: string; installUrl?: string | undefined },
): string {
  const { lang } = options;
  const remedy = options.installUrl
    ? lang.t('digests.workspacePause.remedyAt', {
        installPage: link(options.installUrl, lang.t('digests.workspacePause.installPage')),
      })
    : lang.t('digests.workspacePause.remedyNoLink');
  const workspace = serviceText(pause.workspaceName ?? '—', { max: 80, oneLine: true });
  if (pause.cause === 'refresh_refused')
    return lang.t('digests.workspacePause.refused', { workspace, code: serviceText(pause.code, { max: 60 }), remedy });
  return lang.t('digests.workspacePause.failing', {
    workspace,
    when: dateTimeText(pause.expiresAt ?? 0, options.timeZone, lang),
    remedy,
  });
}
