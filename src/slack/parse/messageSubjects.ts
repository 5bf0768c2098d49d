import { isChinese } from '../../i18n/lang.js';
import type { CommandGrammar } from './commandGrammar.js';
import type { Choice } from './messageReader.js';
import { withoutMarkup } from './messageText.js';
import { messageTokens } from './messageTokens.js';
import { CHINESE_COMPANY_ENDINGS } from './messageWords.js';
import { normaliseText } from './normalise.js';
import { offerable } from './offerable.js';

/** How much of a message "Look up in dq" reads: more is a document, and reading it would hold the app. */
const LONGEST_READ = 4000;
/** The longest Chinese company name taken before its ending (杭州华信光伏科技 before 有限公司). */
const LONGEST_NAME = 24;

/** Company names in words the reader does not know: up to a registered name's ending, or Latin words with a company suffix. */
function companyNames(text: string, latinName: boolean): string[] {
  if (!isChinese(text)) return latinName ? [text] : [];
  const names: string[] = [];
  let rest = text;
  for (;;) {
    const found = CHINESE_COMPANY_ENDINGS.map((ending) => ({ ending, at: rest.indexOf(ending) }))
      .filter((candidate) => candidate.at > 0)
      .sort((a, b) => a.at - b.at || b.ending.length - a.ending.length)[0];
    if (!found) return names;
    const end = found.at + found.ending.length;
    names.push(rest.slice(Math.max(0, found.at - LONGEST_NAME), end));
    rest = rest.slice(end);
  }
}

/**
 * What a message names that the app can look up, for the "Look up in dq" shortcut: credit codes, fund
 * codes, contracts (with the first period a question offers), company names (a taxpayer record and a
 * tender search each). Each as a lookup its command's validation accepts, once, in the order found;
 * nothing is called.
 */
export function subjectsIn(grammar: CommandGrammar, raw: string, now: number): Choice[] {
  const text = withoutMarkup(normaliseText(raw.slice(0, LONGEST_READ)));
  const choices: Choice[] = [];
  const seen = new Set<string>();
  const offer = (choice: Choice) => {
    const key = JSON.stringify([choice.operation, choice.input]);
    if (seen.has(key) || !offerable(choice.operation, choice.input, now)) return;
    seen.add(key);
    choices.push(choice);
  };
  for (const token of messageTokens(grammar, text, now)) {
    if (token.kind === 'claims') {
      for (const claim of token.claims) {
        if (!claim.subject || claim.guess) continue;
        const { offer: periods } = claim.syntax.plain;
        const input =
          periods && claim.input[periods.field] === undefined
            ? { ...claim.input, [periods.field]: periods.values[0]! }
            : claim.input;
        offer({ operation: claim.syntax.operation, input, complete: true });
      }
    } else if (token.kind === 'unknown' && !token.quoted) {
      for (const name of companyNames(token.text, token.name)) {
        for (const syntax of grammar.syntaxes) {
          if (!syntax.plain.keyword || syntax.positional.kind !== 'joined') continue;
          offer({ operation: syntax.operation, input: { [syntax.positional.word.field]: name }, complete: true });
        }
      }
    }
  }
  return choices;
}
