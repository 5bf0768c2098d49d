import type { AllMiddlewareArgs, BlockButtonAction, SlackActionMiddlewareArgs } from '@slack/bolt';
import { readWatchKind } from '../../../core/watch/watchService.js';
import type { SlackDeps } from '../../deps.js';
import { openForm } from '../../flows/openForm.js';
import { mayAdd } from '../../flows/permissions.js';
import { describeWatchable } from '../../flows/watchCommand.js';
import { noticeModal } from '../../modals/noticeModal.js';
import { type WatchFormPrefill, watchFormModal } from '../../modals/watchForm.js';
import { ACTION } from '../../payloads/ids.js';
import { readSearchOptions } from '../../payloads/watchRequestValue.js';
import { requesterOf } from '../../requester/requester.js';

type Args = SlackActionMiddlewareArgs<BlockButtonAction> & AllMiddlewareArgs;

/** A "Watch this" value back into what to watch; undefined for a value this app did not make. */
function readPrefill(value: string | undefined): WatchFormPrefill | undefined {
  try {
    const parsed = JSON.parse(value ?? '') as { kind?: unknown; subject?: unknown; period?: unknown; search?: unknown };
    const kind = typeof parsed.kind === 'string' ? readWatchKind(parsed.kind) : undefined;
    if (!kind || typeof parsed.subject !== 'string' || parsed.subject.length > 120) return undefined;
    const search = kind === 'tenders' ? readSearchOptions(parsed.search) : undefined;
    return {
      kind,
      subject: parsed.subject,
      ...(typeof parsed.period === 'string' && parsed.period.length < 10 ? { period: parsed.period } : {}),
      ...(search ? { search } : {}),
    };
  } catch {
    return undefined;
  }
}

/** "Watch this" under a result, and "Add a watch" on the App Home: open the watch form (the trigger lives 3 s), or say who may add one. */
export function watchFormButton(deps: SlackDeps) {
  return async ({ ack, body, action, client, context }: Args): Promise<void> => {
    await ack();
    const requester = requesterOf(context);
    const fromHome = action.action_id === ACTION.watchAdd;
    const prefill = fromHome ? undefined : readPrefill(action.value);
    if (!fromHome && !prefill) return;
    const channelId = body.channel?.id;
    await openForm(
      deps,
      client,
      requester,
      { triggerId: body.trigger_id, responseUrl: body.response_url, channelId },
      async () => {
        const { lang } = await requester.profile();
        if (!(await mayAdd(requester))) return noticeModal(lang, lang.t('watch.command.adminsOnly'));
        return watchFormModal({
          lang,
          prices: deps.prices,
          now: deps.now(),
          timeZone: deps.watches.defaultTimeZone,
          ...(channelId ? { channelId } : {}),
          ...(prefill ? { prefill, watching: describeWatchable(prefill, lang) } : {}),
          fromHome,
          allowSharedChannels: requester.rules.allowSharedChannels,
        });
      },
    );
  };
}
