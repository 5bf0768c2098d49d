import type { FundName, NameDirectory } from '../../core/names/nameDirectory.js';
import { writtenInChineseOnly } from '../../i18n/textLanguage.js';
import type { CommandGrammar } from './commandGrammar.js';
import type { CommandSyntax } from './commandSyntax.js';
import { type Choice, type MessageReading, type ReadingContext, readMessage } from './messageReader.js';
import { messageText } from './messageText.js';
import { type MessageToken, messageTokens } from './messageTokens.js';

type Read = (text: string) => MessageReading;

/** The syntax whose subject a fund's name names (its `plain.fundNamed` field), if any. */
export function fundSyntax(grammar: CommandGrammar): { syntax: CommandSyntax; field: string } | undefined {
  for (const syntax of grammar.syntaxes) if (syntax.plain.fundNamed) return { syntax, field: syntax.plain.fundNamed };
  return undefined;
}

/** The syntaxes whose keyword may be a company's name, with the field it fills. */
function keywordFields(grammar: CommandGrammar): Map<string, string> {
  const fields = new Map<string, string>();
  for (const syntax of grammar.syntaxes)
    if (syntax.plain.keyword && syntax.positional.kind === 'joined')
      fields.set(syntax.operation, syntax.positional.word.field);
  return fields;
}

function fundChoices(choice: Choice, field: string, funds: readonly FundName[]): Choice[] {
  return funds.map((fund) => ({ ...choice, input: { ...choice.input, [field]: fund.code }, fundName: fund.name }));
}

/**
 * A fund named in the message, as the directory knows it: read as its code. One fund reads as the
 * code would; several (its A and C classes) make a question, a button for each. Undefined when the
 * name, read as a code, makes no lookup of the fund (it was part of something else).
 */
export function readFundNamed(
  grammar: CommandGrammar,
  text: string,
  names: NameDirectory,
  read: Read,
): MessageReading | undefined {
  const fund = fundSyntax(grammar);
  const mention = fund && names.fundsIn(text);
  if (!fund || !mention) return undefined;
  const [first] = mention.funds as [FundName];
  const reading = read(`${text.slice(0, mention.start)} ${first.code} ${text.slice(mention.end)}`);
  const about = (choice: { operation: string; input: Record<string, string> }) =>
    choice.operation === fund.syntax.operation && choice.input[fund.field] === first.code;
  const written = text.slice(mention.start, mention.end).trim();
  if (reading.kind === 'command' && reading.parsed.kind === 'query' && about(reading.parsed)) {
    if (mention.funds.length === 1) return reading;
    const { operation, input } = reading.parsed;
    return {
      kind: 'ask',
      choices: fundChoices({ operation, input, complete: true }, fund.field, mention.funds),
      fund: { name: written, known: true },
      ...(reading.said ? { said: reading.said } : {}),
    };
  }
  if (reading.kind === 'ask' && reading.choices.some((choice) => choice.complete && about(choice)))
    return {
      ...reading,
      choices: reading.choices.flatMap((choice) =>
        choice.complete && about(choice) ? fundChoices(choice, fund.field, mention.funds) : [choice],
      ),
      ...(mention.funds.length > 1 ? { fund: { name: written, known: true } } : {}),
    };
  return undefined;
}

/** A name the reader could not place; `wordy` when it ends in a word rather than filler (混合, not 的). */
interface UnplacedName {
  name: string;
  wordy: boolean;
}

/**
 * The words the reader could not place, from the first to the last, as written (华夏成长混合, `E
 * Fund Blue Chip`): a name, when they are all there is besides the fund's topic and filler. Then
 * the same with each word glued after it that is not the fund's topic (诺安成长混 + 和: a misspelt
 * 混合 the reader took for "and"), longest first, for a close name to be looked for in each.
 */
function unplacedNames(tokens: readonly MessageToken[], text: string, fund: CommandSyntax): UnplacedName[] {
  const unknown = tokens.filter((token) => token.kind === 'unknown');
  if (unknown.length === 0) return [];
  const from = unknown[0]!;
  let last: MessageToken = unknown.at(-1)!;
  const names: UnplacedName[] = [{ name: text.slice(from.start, last.end).trim(), wordy: true }];
  for (const token of tokens.slice(tokens.indexOf(last) + 1)) {
    if (token.start !== last.end || token.kind === 'option' || token.kind === 'number') break;
    if (token.kind === 'claims' && token.claims.some((claim) => claim.syntax === fund && claim.topic)) break;
    last = token;
    names.unshift({
      name: text.slice(from.start, last.end).trim(),
      wordy: token.kind !== 'filler' && token.kind !== 'chat',
    });
  }
  return names.filter((one) => one.name !== '');
}

/**
 * A fund's lookup asked for by a name the directory does not hold: it asks for the code (free,
 * never a guess), offering the funds whose names are close, if any.
 */
function unknownFund(grammar: CommandGrammar, raw: string, reading: MessageReading, names: NameDirectory, now: number) {
  const fund = fundSyntax(grammar);
  if (!fund || reading.kind !== 'ask') return undefined;
  if (!reading.choices.every((choice) => !choice.complete && choice.operation === fund.syntax.operation))
    return undefined;
  const cleaned = messageText(raw);
  if (cleaned.kind === 'unreadable') return undefined;
  const written = unplacedNames(messageTokens(grammar, cleaned.text, now), cleaned.text, fund.syntax);
  if (written.length === 0) return undefined;
  const closeTo = written.map(({ name }) => ({ name, close: names.closeFunds(name) }));
  const { name, close } = closeTo.find((one) => one.close.length > 0) ?? {
    name: written.find((one) => one.wordy)!.name,
    close: [],
  };
  const choices: Choice[] =
    close.length > 0
      ? close.map((one) => ({
          operation: fund.syntax.operation,
          input: { [fund.field]: one.code },
          complete: true,
          fundName: one.name,
          suggested: one.name,
        }))
      : reading.choices;
  return { ...reading, choices, fund: { name, known: false } } satisfies MessageReading;
}

/**
 * A company's name in a lookup, close to one seen in an answer but not the same (杭洲华信, seen
 * 杭州华信科技有限公司): the seen one is offered first, then the name as written; nothing is paid for
 * either until pressed. A name with nothing close, or seen as written, is read as before.
 */
export function didYouMean(grammar: CommandGrammar, reading: MessageReading, names: NameDirectory): MessageReading {
  const fields = keywordFields(grammar);
  const suggestion = (choice: Choice): Choice | undefined => {
    const field = fields.get(choice.operation);
    const keyword = field && choice.complete ? choice.input[field] : undefined;
    const seen = keyword === undefined ? undefined : names.closeCompany(keyword);
    return seen === undefined ? undefined : { ...choice, input: { ...choice.input, [field!]: seen }, suggested: seen };
  };
  if (reading.kind === 'command' && reading.parsed.kind === 'query') {
    const { operation, input } = reading.parsed;
    const asked: Choice = { operation, input, complete: true };
    const meant = suggestion(asked);
    return meant ? { kind: 'ask', choices: [meant, asked], ...(reading.said ? { said: reading.said } : {}) } : reading;
  }
  if (reading.kind !== 'ask') return reading;
  const suggested = reading.choices.flatMap((choice) => suggestion(choice) ?? []);
  return suggested.length > 0 ? { ...reading, choices: [...suggested, ...reading.choices] } : reading;
}

/**
 * A message read (messageReader.ts) with the workspace's names (NameDirectory): a fund named reads
 * as its code, a fund name not known asks for the code, and a company name close to one seen is
 * offered as meant before anything is paid.
 */
export function readNamedMessage(
  grammar: CommandGrammar,
  raw: string,
  context: ReadingContext & { names: NameDirectory },
): MessageReading {
  const { names, now } = context;
  const read: Read = (text) => readMessage(grammar, text, context);
  const named = readFundNamed(grammar, raw, names, read);
  if (named) return named.said || !writtenInChineseOnly(raw) ? named : { ...named, said: 'zh-CN' };
  const reading = read(raw);
  return unknownFund(grammar, raw, reading, names, now) ?? didYouMean(grammar, reading, names);
}
