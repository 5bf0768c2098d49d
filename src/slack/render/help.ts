import type { KnownBlock } from '@slack/types';
import { DIGEST_OPERATION } from '../../core/digest/collect.js';
import { operation, type AnyOperation, type OperationId } from '../../core/operations/index.js';
import type { Prices } from '../../core/operations/prices.js';
import type { SlackMessage } from '../message.js';
import { usageLine, type CommandSyntax } from '../parse/commandSyntax.js';
import type { HelpTopic } from '../parse/parseCommand.js';
import { costText } from '../parse/costText.js';
import { exampleFor } from '../parse/examples.js';
import { DQ_COMMAND } from '../parse/parseCommand.js';
import { SYNTAX_LIST, syntaxFor } from '../operations/index.js';

export const DIGEST_LINES = [
  [`${DQ_COMMAND} digest add <daily|weekdays|weekly:mon> <HH:MM> [onsale|offsale|all] [tz:Area/City]`, 'post new funds to this channel on a schedule'],
  [`${DQ_COMMAND} digest list`, 'the digests of this channel'],
  [`${DQ_COMMAND} digest remove <id>`, 'stop one'],
  [`${DQ_COMMAND} digest run <id>`, 'post one now'],
] as const;

const section = (text: string): KnownBlock => ({ type: 'section', text: { type: 'mrkdwn', text } });
const context = (text: string): KnownBlock => ({ type: 'context', elements: [{ type: 'mrkdwn', text }] });
const header = (text: string): KnownBlock => ({ type: 'header', text: { type: 'plain_text', text } });

function commandSummary(syntax: CommandSyntax, prices: Prices): string {
  const definition: AnyOperation = operation(syntax.operation);
  return [
    `*${definition.title}* · ${costText(definition, prices)}`,
    `\`${syntax.command} ${usageLine(syntax)}\``,
    `e.g. \`${exampleFor(syntax.operation)}\``,
  ].join('\n');
}

function overview(prices: Prices): SlackMessage {
  const subcommands = SYNTAX_LIST.map((syntax) => `\`${DQ_COMMAND} ${syntax.subcommands[0]}\``).join(', ');
  const blocks: KnownBlock[] = [
    header('Data query commands'),
    section('Company and market data from a pay-per-call service. Each new lookup costs coins; repeating a recent one is answered from cache for free.'),
    ...SYNTAX_LIST.map((syntax) => section(commandSummary(syntax, prices))),
    { type: 'divider' },
    section(
      [
        '*Spending and digests*',
        `\`${DQ_COMMAND} usage\` — coins spent today and this month, and the budgets left`,
        ...DIGEST_LINES.map(([line, what]) => `\`${line}\` — ${what}`),
      ].join('\n'),
    ),
    context(
      `A command without arguments (e.g. \`/bids\`) opens a form with every field. Each command also works as ${subcommands}. ` +
        `\`${DQ_COMMAND} help bids\` explains one command in detail (also \`help usage\`, \`help digest\`).`,
    ),
  ];
  const text = `Data query commands: ${SYNTAX_LIST.map((syntax) => syntax.command).join(', ')}, ${DQ_COMMAND} usage, ${DQ_COMMAND} digest. ${DQ_COMMAND} help <command> for details.`;
  return { text, blocks };
}

function operationHelp(id: OperationId, prices: Prices): SlackMessage {
  const syntax = syntaxFor(id);
  const definition: AnyOperation = operation(id);
  const options = syntax.options.map((option) => {
    const aliases = option.keys.slice(1).map((key) => `\`${key}:\``);
    return `\`${option.keys[0]}:${option.shape}\`${aliases.length ? ` (also ${aliases.join(', ')})` : ''}`;
  });
  const examples = [syntax.example, ...syntax.moreExamples].map((args) => `\`${syntax.command} ${args}\``);
  const blocks: KnownBlock[] = [
    header(definition.title),
    section(`${syntax.description}. ${costText(definition, prices)}.`),
    section(`*How to type it*\n\`${syntax.command} ${usageLine(syntax)}\`\nor the same after \`${DQ_COMMAND} ${syntax.subcommands[0]}\``),
    section(`*Options*\n${options.join('\n')}`),
    section(syntax.notes().join('\n')),
    section(`*Examples*\n${examples.join('\n')}`),
    context(`\`${syntax.command}\` alone opens a form with every field. \`${DQ_COMMAND} help\` lists all commands.`),
  ];
  return { text: `${definition.title}: ${syntax.command} ${usageLine(syntax)}`, blocks };
}

function usageHelp(prices: Prices): SlackMessage {
  const blocks: KnownBlock[] = [
    header('Coins and budgets'),
    section(`\`${DQ_COMMAND} usage\` shows the coins this workspace spent today and this month, by command and by person, and what is left of the daily budgets.`),
    section(
      [
        '*What costs coins*',
        ...SYNTAX_LIST.map((syntax) => `\`${syntax.command}\` — ${costText(operation(syntax.operation), prices)}`),
        'A lookup answered from cache (the same question asked recently), Share in channel and a refused request cost nothing. Every reply says what it cost.',
      ].join('\n'),
    ),
    section(
      [
        '*Budgets*',
        'An admin may set a daily budget for the workspace and for each person. A lookup that would pass one is not sent, and the reply says which budget and when it resets (midnight in the budget time zone, shown in yours).',
        'A lookup the service did not answer in time may still have been charged; it counts against the budgets and `usage` lists it as timed out.',
      ].join('\n'),
    ),
    context(`e.g. \`${DQ_COMMAND} usage\` · \`${DQ_COMMAND} help\` lists all commands.`),
  ];
  return { text: `${DQ_COMMAND} usage: coins spent today and this month, and the budgets left`, blocks };
}

function digestHelp(prices: Prices): SlackMessage {
  const blocks: KnownBlock[] = [
    header('Digests of new funds'),
    section('A digest posts the newly issued funds to a channel on a schedule, each fund once. The first run posts the current list; later runs only what is new.'),
    section(`*How to type it*\n${DIGEST_LINES.map(([line, what]) => `\`${line}\` — ${what}`).join('\n')}`),
    section(
      [
        '*Schedule*: `daily`, `weekdays` (Monday to Friday) or `weekly:mon` … `weekly:sun`, at `HH:MM` (24-hour) in `tz:` (an IANA zone such as Asia/Shanghai; the workspace default otherwise).',
        '*Which funds*: `onsale`, `offsale` or `all` (default).',
        `*Cost*: each run pays for the pages it fetches (${costText(operation(DIGEST_OPERATION), prices)}), from the workspace budget.`,
        'Invite the app to the channel first (`/invite @dq`). Adding a digest may be limited to admins; its creator and the admins can remove or run it.',
      ].join('\n'),
    ),
    section(`*Examples*\n\`${DQ_COMMAND} digest add weekdays 08:30 onsale tz:Asia/Shanghai\`\n\`${DQ_COMMAND} digest add weekly:mon 09:00 all\`\n\`${DQ_COMMAND} digest list\``),
  ];
  return { text: `${DQ_COMMAND} digest add|list|remove|run: new funds posted to a channel on a schedule`, blocks };
}

/** Help on every command, on one operation's command in detail, or on usage or digests. */
export function renderHelp(prices: Prices, topic?: OperationId | HelpTopic): SlackMessage {
  if (topic === 'usage') return usageHelp(prices);
  if (topic === 'digest') return digestHelp(prices);
  return topic ? operationHelp(topic, prices) : overview(prices);
}
