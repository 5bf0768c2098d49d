import { findOperation, type OperationId, operations } from '../../core/operations/index.js';
import { chooseLocale, type Lang, type Locale, langFor } from '../../i18n/lang.js';
import { textLanguage } from '../../i18n/textLanguage.js';
import type { SlackDeps } from '../../slack/deps.js';
import { queryRunForButton } from '../../slack/flows/buttonQuery.js';
import { type Conversation, converse, runChoice } from '../../slack/flows/converse.js';
import { helpMessage, runCommand, slashCommandOf } from '../../slack/flows/routeCommand.js';
import { runQuery } from '../../slack/flows/runQuery.js';
import { saveWatch } from '../../slack/flows/watchCommand.js';
import { type PagingMove, readPagingWords } from '../../slack/parse/pagingWords.js';
import { ACTION, actionOf } from '../../slack/payloads/ids.js';
import { decodeQueryValue } from '../../slack/payloads/queryValue.js';
import { type ConsoleButton, messageText } from '../../slack/render/asText.js';
import { renderNotice } from '../../slack/render/notice.js';
import type { Responder } from '../../slack/reply/responder.js';
import type { SlackMessage } from '../../slack/reply/slackMessage.js';
import type { Requester, RequesterProfile } from '../../slack/requester/requester.js';
import { exportAtConsole } from './exportToFile.js';
import { rule } from './rule.js';
import { usageCsvAtConsole } from './usageCsvToFile.js';

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

  /** Does what the Slack action listeners do for the same button. */
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
    // A question's answer: the lookup it names, as its button runs it in Slack.
    if (actionOf(button.actionId) === ACTION.choose)
      return runChoice(this.deps, this.requester, button.value, this.conversation);
    if (button.actionId === ACTION.watchSave) return saveWatch(this.deps, this.requester, button.value, this.responder);
    if (button.actionId === ACTION.exportCsv)
      return exportAtConsole(this.deps, this.requester, button.value, this.responder, this.exportDirectory);
    if (button.actionId === ACTION.usageCsv)
      return usageCsvAtConsole(this.deps, this.requester, button.value, this.responder, this.exportDirectory);
    if (actionOf(button.actionId) === ACTION.openModal) {
      const definition = findOperation(button.value ?? '');
      return definition
        ? this.formNeedsSlack(definition.id as OperationId)
        : this.responder.reply(renderNotice(lang.t('console.formNeedsSlack'), lang));
    }
    return this.responder.reply(renderNotice(lang.t('console.onlyInSlack'), lang));
  }

  /**
   * `next`, `下一页`, `page 3`, `第三页`: the latest paged reply moved as its Previous/Next buttons
   * move it (replacing it), a page by number included; in the line's own language when clear.
   */
  private async page(move: PagingMove, said: Locale | undefined): Promise<void> {
    const lang = said ? langFor(said) : this.lang;
    const pageButton = this.buttons.find(
      (button) => button.actionId === ACTION.pageNext || button.actionId === ACTION.pagePrevious,
    );
    const query = decodeQueryValue(pageButton?.value ?? '');
    if (!query) return this.responder.reply(renderNotice(lang.t('console.paging.nothing'), lang));
    let request: Record<string, unknown> | undefined;
    if (move.kind === 'page') {
      request = operations[query.operation].withPage?.(query.request as never, move.page) as
        | Record<string, unknown>
        | undefined;
    } else {
      const wanted = this.buttons.find(
        (button) => button.actionId === (move.kind === 'next' ? ACTION.pageNext : ACTION.pagePrevious),
      );
      request = decodeQueryValue(wanted?.value ?? '')?.request;
      if (!request)
        return this.responder.reply(
          renderNotice(lang.t(move.kind === 'next' ? 'console.paging.noNext' : 'console.paging.noPrevious'), lang),
        );
    }
    if (!request) return this.responder.reply(renderNotice(lang.t('console.paging.nothing'), lang));
    const locale = said ?? query.locale;
    await runQuery(
      this.deps,
      this.requester,
      { operation: query.operation, input: request, confirmed: true, replace: true, ...(locale ? { locale } : {}) },
      this.responder,
    );
  }

  private get lang(): Lang {
    return this.profile.lang;
  }

  private async formNeedsSlack(operation: OperationId): Promise<void> {
    await this.responder.reply(
      renderNotice(this.lang.t('console.typeInstead', { command: slashCommandOf(operation) }), this.lang),
    );
    await this.responder.reply(helpMessage(this.deps, this.lang, operation));
  }

  private async show(message: SlackMessage, heading: string | undefined): Promise<void> {
    const { text, buttons } = messageText(message);
    // A reply without buttons (usage, help) leaves the earlier ones pressable, as in Slack.
    if (buttons.length > 0) {
      this.buttons = buttons;
      this.buttonsLang = langFor(message.lang);
    }
    // The blank line after each reply keeps one reply apart from the next prompt or post.
    this.print(`${heading ? `${heading}\n` : ''}${text}\n`);
  }
}

function splitCommand(text: string): [string, string] {
  const space = text.search(/\s/);
  return space < 0 ? [text, ''] : [text.slice(0, space), text.slice(space + 1)];
}
