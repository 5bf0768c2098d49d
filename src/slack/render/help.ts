import type { KnownBlock } from '@slack/types';
import { DIGEST_OPERATION, SALE_STATUS_WORDS } from '../../core/digest/collect.js';
import { type OperationId, operation, SUPPLIER_CHECK_OPERATION } from '../../core/operations/index.js';
import type { Prices } from '../../core/operations/prices.js';
import { english, type Lang, langFor } from '../../i18n/lang.js';
import {
  CHECK_WORDS,
  type CommandGrammar,
  DIGEST_WORDS,
  HELP_WORDS,
  LANG_WORDS,
  USAGE_WORDS,
  WATCH_WORDS,
} from '../parse/commandGrammar.js';
import {
  type CommandSyntax,
  examplesIn,
  operationSubcommand,
  optionKeyPhrase,
  optionKeys,
  type SubcommandEntry,
  subcommandPhrase,
  usageLine,
} from '../parse/commandSyntax.js';
import { exampleFor } from '../parse/examples.js';
import { DQ_COMMAND, type HelpTopic } from '../parse/parseCommand.js';
import { otherWords, type WordList } from '../parse/shownWords.js';
import type { MessageBody, SlackMessage } from '../reply/slackMessage.js';
import { DEFAULT_SUPPLIER_CHECK_MAX_ROWS } from '../slackConfig.js';
import { lookupCostText } from './costText.js';
import { operationTitle } from './operationTitle.js';

const FUTURES = 'finance-external-futures-kline';

const section = (text: string): KnownBlock => ({ type: 'section', text: { type: 'mrkdwn', text } });
const context = (text: string): KnownBlock => ({ type: 'context', elements: [{ type: 'mrkdwn', text }] });
const header = (text: string): KnownBlock => ({ type: 'header', text: { type: 'plain_text', text } });

/** `usage`, `用量`: a /dq subcommand in the reader's words. */
const subcommand = (lang: Lang, words: WordList<SubcommandEntry>) => lang.t(subcommandPhrase(words));

/** `/dq usage`, `/dq 用量`: a /dq subcommand in the reader's words. */
function dq(lang: Lang, words: WordList<SubcommandEntry>, ...rest: string[]): string {
  return [DQ_COMMAND, subcommand(lang, words), ...rest].join(' ');
}

const helpOn = (lang: Lang, topic: string) => dq(lang, HELP_WORDS, topic);

const code = (text: string) => `\`${text}\``;

const joined = (lang: Lang, items: readonly string[]) => items.join(lang.t('commands.list.separator'));

/** The digest commands and what each does; the digest words themselves are read where digests live. */
function digestLines(lang: Lang): string[] {
  return (['add', 'list', 'remove', 'run'] as const).map((verb) =>
    lang.t('help.digest.commandLine', {
      command: code(
        lang.t(`help.digest.commands.${verb}.line`, {
          statuses: { words: SALE_STATUS_WORDS, joinedBy: 'common.wordList.alternatives' },
        }),
      ),
      what: lang.t(`help.digest.commands.${verb}.what`),
    }),
  );
}

function commandSummary(syntax: CommandSyntax, prices: Prices, lang: Lang): string {
  return [
    `*${operationTitle(syntax.operation, lang)}* · ${lookupCostText(operation(syntax.operation), prices, lang)}`,
    code(`${syntax.command} ${usageLine(syntax, lang)}`),
    lang.t('help.overview.example', { example: exampleFor(syntax, lang) }),
  ].join('\n');
}

function overview(grammar: CommandGrammar, prices: Prices, lang: Lang): MessageBody {
  const subcommands = grammar.syntaxes.map((syntax) => code(dq(lang, operationSubcommand(syntax))));
  const bids = subcommand(
    lang,
    operationSubcommand(grammar.syntaxOf('thirdpartymarket-cmapi00069224-enterprise-search-bid-list')),
  );
  const helpWord = subcommand(lang, HELP_WORDS);
  const blocks: KnownBlock[] = [
    header(lang.t('help.overview.title')),
    section(lang.t('help.overview.intro')),
    ...grammar.syntaxes.map((syntax) => section(commandSummary(syntax, prices, lang))),
    section(lang.t('help.overview.talk', messageExamples(lang))),
    { type: 'divider' },
    section(
      [
        lang.t('help.overview.more'),
        lang.t('help.overview.usage', { command: dq(lang, USAGE_WORDS) }),
        ...digestLines(lang),
        lang.t('help.overview.watch', {
          example: dq(lang, WATCH_WORDS, lang.t('help.overview.watchExample')),
          help: helpOn(lang, subcommand(lang, WATCH_WORDS)),
        }),
        lang.t('help.overview.check', {
          command: dq(lang, CHECK_WORDS),
          help: helpOn(lang, subcommand(lang, CHECK_WORDS)),
        }),
        lang.t('help.overview.lang', { command: dq(lang, LANG_WORDS, lang.t('help.lang.choices')) }),
      ].join('\n'),
    ),
    context(
      lang.t('help.overview.footer', {
        subcommands: joined(lang, subcommands),
        helpBids: helpOn(lang, bids),
        helpUsage: `${helpWord} ${subcommand(lang, USAGE_WORDS)}`,
        helpDigest: `${helpWord} ${subcommand(lang, DIGEST_WORDS)}`,
        helpLang: `${helpWord} ${subcommand(lang, LANG_WORDS)}`,
      }),
    ),
  ];
  const commands = lang.t('help.overview.text', {
    commands: joined(
      lang,
      grammar.syntaxes.map((syntax) => syntax.command),
    ),
    usage: dq(lang, USAGE_WORDS),
    digest: dq(lang, DIGEST_WORDS),
    lang: dq(lang, LANG_WORDS),
    help: `${dq(lang, HELP_WORDS)} <${lang.t('help.overview.command')}>`,
  });
  const text = `${commands} ${lang.t('help.overview.watchText', { command: dq(lang, WATCH_WORDS) })}`;
  return { text, blocks };
}

function operationHelp(syntax: CommandSyntax, prices: Prices, lang: Lang, demo: boolean): MessageBody {
  const id = syntax.operation;
  const title = operationTitle(id, lang);
  const usage = `${syntax.command} ${usageLine(syntax, lang)}`;
  const options = syntax.options.map((option) => {
    const otherKeys = otherWords(optionKeys(option), lang).map((key) => code(`${key}:`));
    const shown = code(`${lang.t(optionKeyPhrase(option))}:${lang.t(option.shape)}`);
    return otherKeys.length ? `${shown}${lang.t('help.operation.aliases', { keys: joined(lang, otherKeys) })}` : shown;
  });
  const examples = examplesIn(syntax, lang.locale).map((args) => code(`${syntax.command} ${args}`));
  const blocks: KnownBlock[] = [
    header(title),
    section(
      lang.t('help.operation.summary', {
        description: lang.t(syntax.description),
        cost: lookupCostText(operation(id), prices, lang),
      }),
    ),
    section(lang.t('help.operation.howToType', { usage, dq: dq(lang, operationSubcommand(syntax)) })),
    section(`${lang.t('help.operation.options')}\n${options.join('\n')}`),
    section([...syntax.notes(lang), ...(demo && syntax.demoNote ? [lang.t(syntax.demoNote)] : [])].join('\n')),
    section(`${lang.t('help.operation.examples')}\n${examples.join('\n')}`),
    context(lang.t('help.operation.footer', { command: syntax.command, help: dq(lang, HELP_WORDS) })),
  ];
  return { text: lang.t('help.operation.text', { title, usage }), blocks };
}

function usageHelp(grammar: CommandGrammar, prices: Prices, lang: Lang): MessageBody {
  const usage = dq(lang, USAGE_WORDS);
  const blocks: KnownBlock[] = [
    header(lang.t('help.usage.title')),
    section(lang.t('help.usage.intro', { command: usage })),
    section(
      [
        lang.t('help.usage.costsTitle'),
        ...grammar.syntaxes.map(
          (syntax) => `${code(syntax.command)} — ${lookupCostText(operation(syntax.operation), prices, lang)}`,
        ),
        lang.t('help.usage.free'),
      ].join('\n'),
    ),
    section(
      [
        lang.t('help.usage.budgetsTitle'),
        lang.t('help.usage.budgets'),
        lang.t('help.usage.timedOut', { usage: subcommand(lang, USAGE_WORDS) }),
      ].join('\n'),
    ),
    context(lang.t('help.usage.footer', { command: usage, help: dq(lang, HELP_WORDS) })),
  ];
  return { text: lang.t('help.usage.text', { command: usage }), blocks };
}

function digestHelp(prices: Prices, lang: Lang): MessageBody {
  const blocks: KnownBlock[] = [
    header(lang.t('help.digest.title')),
    section(lang.t('help.digest.intro')),
    section(`${lang.t('help.digest.howToType')}\n${digestLines(lang).join('\n')}`),
    section(
      [
        lang.t('help.digest.schedule'),
        lang.t('help.digest.which'),
        lang.t('help.digest.cost', { cost: lookupCostText(operation(DIGEST_OPERATION), prices, lang) }),
        lang.t('help.digest.invite'),
      ].join('\n'),
    ),
    section(
      `${lang.t('help.digest.examplesTitle')}\n${(['weekdays', 'weekly', 'list'] as const).map((name) => code(lang.t(`help.digest.examples.${name}`))).join('\n')}`,
    ),
  ];
  return { text: lang.t('help.digest.text'), blocks };
}

/** `/dq help check`: the supplier list check, its ways in, its costs first and its results. */
function checkHelp(prices: Prices, lang: Lang, maxRows: number): MessageBody {
  const command = dq(lang, CHECK_WORDS);
  const blocks: KnownBlock[] = [
    header(lang.t('help.check.title')),
    section(lang.t('help.check.intro')),
    section(`${lang.t('help.check.waysTitle')}\n${lang.t('help.check.ways', { command })}`),
    section(
      `${lang.t('help.check.costTitle')}\n${lang.t('help.check.cost', {
        cost: lookupCostText(operation(SUPPLIER_CHECK_OPERATION), prices, lang),
        max: maxRows,
      })}`,
    ),
    section(`${lang.t('help.check.resultsTitle')}\n${lang.t('help.check.results')}`),
    context(lang.t('help.check.footer', { command, help: dq(lang, HELP_WORDS) })),
  ];
  return { text: lang.t('help.check.text', { command }), blocks };
}

function langHelp(grammar: CommandGrammar, lang: Lang): MessageBody {
  const zh = dq(lang, LANG_WORDS, lang.t('help.lang.zh'));
  const en = dq(lang, LANG_WORDS, lang.t('help.lang.en'));
  const auto = dq(lang, LANG_WORDS, lang.t('help.lang.auto'));
  const blocks: KnownBlock[] = [
    header(lang.t('help.lang.title')),
    section(
      [
        `${code(zh)} — ${lang.t('help.lang.zhWhat')}`,
        `${code(en)} — ${lang.t('help.lang.enWhat')}`,
        `${code(auto)} — ${lang.t('help.lang.autoWhat')}`,
        `${code(dq(lang, LANG_WORDS))} — ${lang.t('help.lang.showWhat')}`,
      ].join('\n'),
    ),
    section(
      lang.t('help.lang.words', {
        english: code(exampleFor(grammar.syntaxOf(FUTURES), english)),
        chinese: code(exampleFor(grammar.syntaxOf(FUTURES), langFor('zh-CN'))),
      }),
    ),
    context(lang.t('help.lang.footer', { help: dq(lang, HELP_WORDS) })),
  ];
  return {
    text: lang.t('help.lang.text', { command: dq(lang, LANG_WORDS, lang.t('help.lang.choices')) }),
    blocks,
  };
}

/** What to say to the app in a message, as its suggested prompts say it: the examples help and the one-line replies give. */
export function messageExamples(lang: Lang): { fund: string; futures: string; company: string } {
  return {
    fund: lang.t('conversation.prompts.fundSize.messageExample'),
    futures: lang.t('conversation.prompts.candles.messageExample'),
    company: lang.t('conversation.prompts.company.messageExample'),
  };
}

/** Help on every command, on one operation's command in detail, or on usage, digests or the language, in the reader's language. */
export function renderHelp(
  grammar: CommandGrammar,
  prices: Prices,
  lang: Lang,
  topic?: OperationId | HelpTopic,
  options: { demo?: boolean; supplierCheckMaxRows?: number } = {},
): SlackMessage {
  const maxRows = options.supplierCheckMaxRows ?? DEFAULT_SUPPLIER_CHECK_MAX_ROWS;
  return { ...helpBody(grammar, prices, lang, topic, options.demo ?? false, maxRows), lang: lang.locale };
}

function helpBody(
  grammar: CommandGrammar,
  prices: Prices,
  lang: Lang,
  topic: OperationId | HelpTopic | undefined,
  demo: boolean,
  maxRows: number,
): MessageBody {
  if (topic === 'usage') return usageHelp(grammar, prices, lang);
  if (topic === 'digest') return digestHelp(prices, lang);
  if (topic === 'lang') return langHelp(grammar, lang);
  if (topic === 'check') return checkHelp(prices, lang, maxRows);
  return topic ? operationHelp(grammar.syntaxOf(topic), prices, lang, demo) : overview(grammar, prices, lang);
}
