import type { WebClient } from '@slack/web-api';
import { DIGEST_MAX_PAGES, DIGEST_OPERATION } from '../../core/digest/collect.js';
import { DigestInputError } from '../../core/digest/digestService.js';
import { checksWithin } from '../../core/watch/cost.js';
import { escapeMrkdwn } from '../blockKit/mrkdwn.js';
import type { SlackDeps } from '../deps.js';
import { DQ_COMMAND } from '../parse/parseCommand.js';
import type { SubscriptionOffer } from '../parse/subscriptionWords.js';
import { digestOfferValue, readDigestOfferValue } from '../payloads/digestOfferValue.js';
import { watchCancelValue } from '../payloads/watchRequestValue.js';
import { renderDigestOffer } from '../render/digestOffer.js';
import { renderNotice } from '../render/notice.js';
import type { Responder } from '../reply/responder.js';
import { type Requester, speaking } from '../requester/requester.js';
import { digestCommand, readDigestAdd } from './digestCommand.js';
import { mayAdd } from './permissions.js';
import { offerWatch } from './watchCommand.js';

/** The digest verb as an English reader types it: the offer shows the command it is. */
const ADD = 'add';

/**
 * A digest or a watch asked for in words: the watch's preview (`/dq watch add`'s), or the digest
 * `/dq digest add` would save, with its cost and a Save that runs exactly that command. Nothing is
 * saved or charged before Save.
 */
export async function offerSubscription(
  deps: SlackDeps,
  requester: Requester,
  offer: SubscriptionOffer,
  responder: Responder,
): Promise<void> {
  if (offer.to === 'watch') return offerWatch(deps, requester, offer.request, responder);
  const { lang } = await requester.profile();
  const reply = (text: string) => responder.reply(renderNotice(text, lang));
  if (!(await mayAdd(requester))) return reply(lang.t('digests.command.adminsOnlyAsk'));
  let digest: Awaited<ReturnType<SlackDeps['digests']['prepare']>>;
  try {
    const read = await readDigestAdd(requester, offer.words, lang);
    if ('problem' in read) return reply(read.problem);
    digest = await deps.digests.prepare(read.request);
  } catch (error) {
    if (!(error instanceof DigestInputError)) throw error;
    return reply(lang.t('digests.command.inputProblem', { problem: escapeMrkdwn(lang.t(error.phrase)) }));
  }
  const cost = {
    price: deps.prices.priceOf(DIGEST_OPERATION).coins,
    runsPerMonth: checksWithin(digest.schedule, deps.now()),
    firstPages: DIGEST_MAX_PAGES,
  };
  await responder.reply(
    renderDigestOffer(
      digest,
      `${DQ_COMMAND} digest ${ADD} ${offer.words.join(' ')}`,
      cost,
      deps.digests.nextRun(digest),
      { save: digestOfferValue(offer.words, lang.locale), cancel: watchCancelValue(lang.locale) },
      offer.asked === 'watch',
      lang,
    ),
  );
}

/** Save under a digest offer: exactly `/dq digest add` with the offered words, answered in the offer's language in its place. */
export async function saveDigestOffer(
  deps: SlackDeps,
  asker: Requester,
  value: string | undefined,
  responder: Responder,
  client?: WebClient,
): Promise<void> {
  const saved = readDigestOfferValue(value);
  const requester = saved?.locale ? speaking(asker, saved.locale) : asker;
  const replacing: Responder = { ...responder, reply: (message) => responder.reply(message, { replace: true }) };
  if (!saved) {
    const { lang } = await requester.profile();
    return replacing.reply(renderNotice(lang.t('modals.staleButton'), lang));
  }
  await digestCommand(deps, requester, [ADD, ...saved.words], replacing, client);
}
