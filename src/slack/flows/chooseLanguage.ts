import { chooseLocale, type Locale, langFor } from '../../i18n/lang.js';
import type { SlackDeps } from '../deps.js';
import { renderNotice } from '../render/notice.js';
import type { Responder } from '../reply/responder.js';
import type { Requester } from '../requester/requester.js';

/**
 * `/dq lang zh|en|auto`: stores the person's own choice (auto forgets it) and confirms in the
 * language now in force; with no word, says which language is in force and why, in the language
 * the question was asked in (`said`) when that is clear.
 */
export async function chooseLanguage(
  deps: SlackDeps,
  requester: Requester,
  choice: Locale | 'auto' | undefined,
  responder: Responder,
  said?: Locale,
): Promise<void> {
  const { teamId, userId } = requester;
  const { lang: langInForce } = await requester.profile();
  if (choice === undefined) {
    const own = await deps.settings.locale(teamId, userId).catch(() => undefined);
    const lang = said ? langFor(said) : langInForce;
    const why = own
      ? lang.t('lang.why.own')
      : requester.rules.locale
        ? lang.t('lang.why.workspace')
        : lang.t('lang.why.slack');
    await responder.reply(
      renderNotice(lang.t('lang.current', { language: lang.t(`lang.names.${langInForce.locale}`), why }), lang),
    );
    return;
  }
  try {
    await deps.settings.setLocale(teamId, userId, choice === 'auto' ? undefined : choice);
  } catch (error) {
    deps.logger.warn({ err: error }, 'could not store the language setting');
    await responder.reply(renderNotice(langInForce.t('lang.notStored'), langInForce));
    return;
  }
  if (choice !== 'auto') {
    const lang = langFor(choice);
    await responder.reply(renderNotice(lang.t('lang.chosen', { language: lang.t(`lang.names.${choice}`) }), lang));
    return;
  }
  // Automatic again: the workspace's language, else the Slack locale the requester was resolved with
  // (their own choice, now forgotten, may have been what decided it: ask the profile again).
  const profile = deps.profiles.cached(userId);
  const lang = langFor(chooseLocale({ workspace: requester.rules.locale, slack: profile?.locale }));
  await responder.reply(
    renderNotice(lang.t('lang.automatic', { language: lang.t(`lang.names.${lang.locale}`) }), lang),
  );
}
