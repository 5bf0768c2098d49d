import type { View } from '@slack/types';
import type { WebClient } from '@slack/web-api';
import type { CatalogueKey } from '../../i18n/catalogueKeys.js';
import { AnswerDeadline } from '../calls/answerDeadline.js';
import type { SlackDeps } from '../deps.js';
import { noticeModal } from '../modals/noticeModal.js';
import { VIEW } from '../payloads/ids.js';
import { renderNotice } from '../render/notice.js';
import { replyRoute } from '../reply/responders.js';
import { workspaceLang } from '../requester/language.js';
import type { Requester } from '../requester/requester.js';

/**
 * How long a form may take to be ready (who asks and from where checked, their language and
 * permissions read, its content worked out) before a small "opening…" view goes up in its place:
 * the trigger_id lives 3 s, and what is slow (users.info, conversations.info) must not spend it.
 */
const READY_AT_ONCE_MS = 800;

/** Where a click came from, so a form that could not open is said there. */
export interface FormOrigin {
  triggerId: string;
  responseUrl?: string | undefined;
  channelId?: string | undefined;
  /** What is said when Slack does not open the form; `answer.formNotOpened` unless given. */
  notOpened?: CatalogueKey;
}

export interface FormOptions {
  /** Opened at once, whatever the form takes, and replaced by it: an opener's own "working it out" view. */
  waiting?: View;
}

/**
 * Opens a form on a click's trigger (valid 3 s; the Slack call policy waits only within that) before
 * anything slow: `form` is made ready — after the checks whoIsAsking left running for a request that
 * only opens a form, whose refusal it shows instead — and, when that is not at once, a small view
 * opens first and is replaced by the form (views.update). Nothing is spent by opening: a form's
 * submission is checked again. When Slack does not open it (rate-limited, slow, the trigger spent),
 * the person is told where they clicked. Resolves with the view the form is in, or undefined.
 */
export async function openForm(
  deps: SlackDeps,
  client: WebClient,
  requester: Requester,
  origin: FormOrigin,
  form: () => View | Promise<View>,
  options: FormOptions = {},
): Promise<{ id?: string; hash?: string } | undefined> {
  const ready = readyForm(deps, requester, form);
  const atOnce = options.waiting
    ? ({ known: false } as const)
    : await new AnswerDeadline(READY_AT_ONCE_MS).within(ready);
  let opened: { id?: string; hash?: string };
  const lang = workspaceLang(requester.rules);
  const first = atOnce.known
    ? atOnce.value
    : (options.waiting ?? noticeModal(lang, lang.t('modals.notice.opening'), VIEW.formOpening));
  try {
    const response = await client.views.open({ trigger_id: origin.triggerId, view: first });
    opened = response.view ?? {};
  } catch (error) {
    deps.logger.warn(
      { err: error, callbackId: (first as { callback_id?: string }).callback_id },
      'a form could not open',
    );
    await tellNotOpened(deps, client, requester, origin);
    return undefined;
  }
  if (atOnce.known || !opened.id) return opened;
  try {
    const response = await client.views.update({
      view_id: opened.id,
      ...(opened.hash ? { hash: opened.hash } : {}),
      view: await ready,
    });
    return response.view ?? opened;
  } catch (error) {
    // Closed meanwhile, most likely: there is nobody to show it to.
    deps.logger.info({ err: error }, 'could not put the form in the view opened for it');
    return opened;
  }
}

/** The form, or what stands in its way (a refusal of the checks still running), in the requester's language. */
async function readyForm(deps: SlackDeps, requester: Requester, form: () => View | Promise<View>): Promise<View> {
  try {
    const refused = await requester.originChecks;
    if (refused) {
      const { lang } = await requester.profile();
      return noticeModal(lang, lang.t(refused));
    }
    return await form();
  } catch (error) {
    deps.logger.warn({ err: error }, 'could not make a form ready');
    const lang = workspaceLang(requester.rules);
    return noticeModal(lang, lang.t('answer.formNotOpened'));
  }
}

async function tellNotOpened(deps: SlackDeps, client: WebClient, requester: Requester, origin: FormOrigin) {
  try {
    const { lang } = await requester.profile();
    await replyRoute(origin.responseUrl, client, requester.userId, origin.channelId ?? requester.channelId, deps).reply(
      renderNotice(lang.t(origin.notOpened ?? 'answer.formNotOpened'), lang),
    );
  } catch (tellError) {
    deps.logger.warn({ err: tellError }, 'could not say that a form did not open');
  }
}
