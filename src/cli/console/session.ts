import { findOperation, type OperationId, operations } from '../../core/operations/index.js';
import { chooseLocale, type Lang, type Locale, langFor } from '../../i18n/lang.js';
import { textLanguage } from '../../i18n/textLanguage.js';
import type { SlackDeps } from '../../slack/deps.js';
import { queryRunForButton } from '../../slack/flows/buttonQuery.js';
import { converse, runChoice } from '../../slack/flows/converse.js';
import type { Conversation } from '../../slack/flows/lookUpInConversation.js';
import { helpMessage, runCommand, slashCommandOf } from '../../slack/flows/routeCommand.js';
import { runQuery } from '../../slack/flows/runQuery.js';
import { saveWatch } from '../../slack/flows/watchCommand.js';
import { type PagingMove, readPagingWords } from '../../slack/parse/pagingWords.js';
import { ACTION, actionOf } from '../../slack/payloads/ids.js';
import { type DecodedQuery, decodeQueryValue } from '../../slack/payloads/queryValue.js';
import { type ConsoleButton, printedMessage } from '../../slack/render/asText.js';
import { renderNotice } from '../../slack/render/notice.js';
import type { Responder } from '../../slack/reply/responder.js';
import type { SlackMessage } from '../../slack/reply/slackMessage.js';
import type { Requester, RequesterProfile } from '../../slack/requester/requester.js';
import { exportAtConsole } from './exportToFile.js';
import { rule } from './rule.js';
import { usageCsvAtConsole } from './usageCsvToFile.js';
import { cancelWatchAtConsole, listPageAtConsole, stopWatchAtConsole } from './watchButtons.js';

/** What a line asked the console loop to do next. */
export type LineOutcome = 'continue' | 'exit';

const EXIT_WORDS = new Set(['exit', 'quit', '/exit', '/quit']);

/**
 * One person at the console: each line goes through the app's own parser and flows, replies are
 * printed as text, and the buttons of the latest reply that had any can be pressed by number.
 */
export class ConsoleSession {
  private buttons: ConsoleButton[] = [];
  /** The language of the reply the buttons are under: what the console says about pressing them is in it. */
  private buttonsLang: Lang | undefined;
  /** The latest result with pages, which `next` and `page 2` move: not always the reply with the latest buttons. */
  private paged: { query: DecodedQuery; buttons: ConsoleButton[]; lang: Locale } | undefined;
  /** Whether anything was answered yet: "nothing to page through" is said differently before and after. */
  private replied = false;
  readonly responder: Responder;
  private readonly requester: Requester;

  constructor(
    private readonly deps: SlackDeps,
    requester: Requester,
    private profile: RequesterProfile,
    private readonly print: (text: string) => void,
    /** Where Export CSV writes its files (runConsole's folder). */
    private readonly exportDirectory: string = process.cwd(),
  ) {
    // `/dq lang` changes this.profile, and the replies that follow read it through the requester.
    this.requester = { ...requester, profile: async () => this.profile };
    // The console's own words about a reply are in the reply's language (message.lang), which a
    // command written in the other language makes different from the reader's.
    this.responder = {
      reply: async (message, options) =>
        this.show(message, options?.replace ? langFor(message.lang).t('console.replaces') : undefined),
      share: async (message) =>
        this.show(
          message,
          rule(langFor(message.lang).t('console.postedIn', { channel: this.requester.channelId ?? 'console' })),
        ),
    };
  }

  async handle(line: string): Promise<LineOutcome> {
    const text = line.trim();
    if (!text) return 'continue';
    if (EXIT_WORDS.has(text.toLowerCase())) return 'exit';
    if (/^\d+$/.test(text)) {
      await this.press(Number(text));
      return 'continue';
    }
    const move = readPagingWords(text);
    if (move) {
      await this.page(move, textLanguage(text));
      return 'continue';
    }
    // A slash command is read as Slack reads it; anything else as a message written to the app
    // (a mention, a direct message): plain words, or a command's words after /dq.
    if (/^[/／]/.test(text)) {
      const [command, rest] = splitCommand(text);
      await this.command(command, rest);
    } else await this.message(text);
    return 'continue';
  }

  /** The console as a conversation: replies printed, its latest result kept for follow-ups (画图, 换成5分钟). */
  private get conversation(): Conversation {
    return {
      responder: this.responder,
      memoryKeys: [`console:${this.requester.teamId}:${this.requester.userId}`],
    };
  }

  /** What a message to the app does in Slack, at the console: the same reader and flow. */
  private async message(text: string): Promise<void> {
    const reading = await converse(this.deps, this.requester, text, this.conversation);
    if (reading.kind === 'command') this.languageChosen(reading.parsed);
  }

  /** The slash-command routing of the app; only the form (a Slack modal) cannot open here. */
  private async command(command: string, text: string): Promise<void> {
    const parsed = await runCommand(command, text, {
      deps: this.deps,
      responder: this.responder,
      requester: this.requester,
      openForm: (operation) => this.formNeedsSlack(operation),
    });
    this.languageChosen(parsed);
  }

  /** `/dq lang` here changes the language of the replies that follow, as it does in Slack. */
  private languageChosen(parsed: Awaited<ReturnType<typeof runCommand>>): void {
    if (parsed.kind === 'lang' && parsed.choice) {
      const locale =
        parsed.choice === 'auto' ? chooseLocale({ workspace: this.deps.config.workspaceLocale }) : parsed.choice;
      this.profile = { ...this.profile, lang: langFor(locale) };
    }
  }

  /** Does what the Slack action listeners do for the same button; what cannot work at a terminal is said in the reply's language. */
  private async press(number: number): Promise<void> {
    const button = this.buttons[number - 1];
    const lang = this.buttonsLang ?? this.lang;
    if (!button) {
      const range =
        this.buttons.length === 0
          ? lang.t('console.noButtons')
          : lang.t('console.buttonRange', { last: this.buttons.length });
      return this.responder.reply(renderNotice(range, lang));
    }
    this.print(lang.t('console.pressed', { number, label: button.label }));
    if (button.url) return this.responder.reply(renderNotice(lang.t('console.opens', { url: button.url }), lang));
    const run = queryRunForButton(button.actionId, button.value);
    if (run) return runQuery(this.deps, this.requester, run, this.responder);
    switch (actionOf(button.actionId)) {
      // A question's answer: the lookup it names, as its button runs it in Slack.
      case ACTION.choose:
        return runChoice(this.deps, this.requester, button.value, this.conversation);
      // Save and "Save with the proposed schedule" on a watch's preview (their values differ).
      case ACTION.watchSave:
        return saveWatch(this.deps, this.requester, button.value, this.responder);
      case ACTION.watchCancel:
        return cancelWatchAtConsole(this.requester, button.value, lang, this.responder);
      case ACTION.watchStop:
        return stopWatchAtConsole(this.deps, this.requester, button.value, lang, this.responder);
      case ACTION.listPrevious:
      case ACTION.listNext:
        return listPageAtConsole(this.deps, this.requester, button.value, lang, this.responder);
      case ACTION.exportCsv:
        return exportAtConsole(this.deps, this.requester, button.value, this.responder, this.exportDirectory);
      case ACTION.usageCsv:
        return usageCsvAtConsole(this.deps, this.requester, button.value, this.responder, this.exportDirectory);
      case ACTION.openModal: {
        const definition = findOperation(button.value ?? '');
        return definition
          ? this.formNeedsSlack(definition.id as OperationId, lang)
          : this.responder.reply(renderNotice(lang.t('console.formNeedsSlack'), lang));
      }
      // "Watch this" opens the watch form, which needs Slack: the command types the same watch.
      case ACTION.watchThis:
        return this.responder.reply(
          renderNotice(`${lang.t('console.watchFormNeedsSlack')}\n${lang.t('watch.command.usage.add')}`, lang),
        );
      default:
        return this.responder.reply(renderNotice(lang.t('console.onlyInSlack'), lang));
    }
  }

  /**
   * `next`, `下一页`, `page 3`, `第三页`: the latest paged reply moved as its Previous/Next buttons
   * move it (replacing it), a page by number included; in the line's own language when clear. The
   * paged reply stays the one moved when replies without pages (usage, a futures chart) come after it.
   */
  private async page(move: PagingMove, said: Locale | undefined): Promise<void> {
    const lang = said ? langFor(said) : this.lang;
    const paged = this.paged;
    if (!paged)
      return this.responder.reply(
        renderNotice(lang.t(this.replied ? 'console.paging.nothingPaged' : 'console.paging.nothing'), lang),
      );
    const { query, buttons } = paged;
    let request: Record<string, unknown> | undefined;
    if (move.kind === 'page') {
      request = operations[query.operation].withPage?.(query.request as never, move.page) as
        | Record<string, unknown>
        | undefined;
    } else {
      const wanted = buttons.find(
        (button) => button.actionId === (move.kind === 'next' ? ACTION.pageNext : ACTION.pagePrevious),
      );
      request = decodeQueryValue(wanted?.value ?? '')?.request;
      if (!request)
        return this.responder.reply(
          renderNotice(lang.t(move.kind === 'next' ? 'console.paging.noNext' : 'console.paging.noPrevious'), lang),
        );
    }
    if (!request) return this.responder.reply(renderNotice(lang.t('console.paging.nothing'), lang));
    const locale = said ?? query.locale ?? paged.lang;
    await runQuery(
      this.deps,
      this.requester,
      { operation: query.operation, input: request, confirmed: true, replace: true, locale },
      this.responder,
    );
  }

  private get lang(): Lang {
    return this.profile.lang;
  }

  /** In Slack the command alone opens a form; here its help says how to type the search, in `lang`. */
  private async formNeedsSlack(operation: OperationId, lang: Lang = this.lang): Promise<void> {
    await this.responder.reply(
      renderNotice(lang.t('console.typeInstead', { command: slashCommandOf(operation) }), lang),
    );
    await this.responder.reply(helpMessage(this.deps, lang, operation));
  }

  /**
   * Buttons printed by the console (a reply, a watch's post): they become the ones a number presses,
   * and a result with pages the one `next` moves. Buttons in another reply (usage, help) or none leave
   * the earlier ones pressable, as in Slack.
   */
  offer(buttons: readonly ConsoleButton[], locale: Locale): void {
    if (buttons.length === 0) return;
    this.buttons = [...buttons];
    this.buttonsLang = langFor(locale);
    const paged = pagedResult(buttons);
    if (paged) this.paged = { ...paged, lang: locale };
  }

  private async show(message: SlackMessage, heading: string | undefined): Promise<void> {
    const { text, buttons } = printedMessage(message);
    this.replied = true;
    this.offer(buttons, message.lang);
    // The blank line after each reply keeps one reply apart from the next prompt or post.
    this.print(`${heading ? `${heading}\n` : ''}${text}\n`);
  }
}

/**
 * A result of a lookup that pages (its operation has pages), with the query it shows: its Previous/
 * Next carry the pages next to it, and Share (under every result) the page shown. A result that fits
 * one page is still the latest paged reply: `next` then says there is no next page.
 */
function pagedResult(buttons: readonly ConsoleButton[]): { query: DecodedQuery; buttons: ConsoleButton[] } | undefined {
  const carrier = buttons.find(
    (button) =>
      button.actionId === ACTION.pageNext ||
      button.actionId === ACTION.pagePrevious ||
      button.actionId === ACTION.share,
  );
  const query = decodeQueryValue(carrier?.value ?? '');
  if (!query || !operations[query.operation].withPage) return undefined;
  return { query, buttons: [...buttons] };
}

function splitCommand(text: string): [string, string] {
  const space = text.search(/\s/);
  return space < 0 ? [text, ''] : [text.slice(0, space), text.slice(space + 1)];
}
