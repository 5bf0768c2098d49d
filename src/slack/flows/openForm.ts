import type { View } from '@slack/types';
import type { WebClient } from '@slack/web-api';
import type { SlackDeps } from '../deps.js';
import { renderNotice } from '../render/notice.js';
import { replyRoute } from '../reply/responders.js';
import type { Requester } from '../requester/requester.js';

/** Where a click came from, so a form that could not open is said there. */
export interface FormOrigin {
  triggerId: string;
  responseUrl?: string | undefined;
  channelId?: string | undefined;
}

/**
 * Opens a form on a click's trigger (valid 3 s; the Slack call policy waits only within that). When
 * Slack does not open it (rate-limited, slow, the trigger spent), the person is told where they
 * clicked, instead of the click doing nothing. Resolves with the opened view, or undefined.
 */
export async function openForm(
  deps: SlackDeps,
  client: WebClient,
  requester: Requester,
  origin: FormOrigin,
  view: View,
): Promise<{ id?: string; hash?: string } | undefined> {
  try {
    const response = await client.views.open({ trigger_id: origin.triggerId, view });
    return response.view ?? {};
  } catch (error) {
    deps.logger.warn(
      { err: error, callbackId: (view as { callback_id?: string }).callback_id },
      'a form could not open',
    );
    try {
      const { lang } = await requester.profile();
      await replyRoute(
        origin.responseUrl,
        client,
        requester.userId,
        origin.channelId ?? requester.channelId,
        deps,
      ).reply(renderNotice(lang.t('answer.formNotOpened'), lang));
    } catch (tellError) {
      deps.logger.warn({ err: tellError }, 'could not say that a form did not open');
    }
    return undefined;
  }
}
