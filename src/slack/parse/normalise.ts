import { withoutInvisibles } from '../../core/validation/withoutInvisibles.js';

/**
 * Turns what people actually type into Slack (IME full-width forms, smart quotes from macOS
 * autocorrect, Slack's HTML escaping) into plain words the command syntax can read.
 */

/** One word of a command; `quoteStart` is where quoting began in `text` (-1: never quoted). */
export interface Token {
  text: string;
  quoteStart: number;
}

// Slack escapes these three in slash-command text; `&amp;` goes last so `&amp;lt;` stays `&lt;`.
const SLACK_ESCAPES: ReadonlyArray<[RegExp, string]> = [
  [/&lt;/g, '<'],
  [/&gt;/g, '>'],
  [/&amp;/g, '&'],
];

export function normaliseText(text: string): string {
  // Invisible characters go first, as the core's validation removes them: one list of them, in core.
  let result = withoutInvisibles(text).normalize('NFKC');
  for (const [pattern, replacement] of SLACK_ESCAPES) result = result.replace(pattern, replacement);
  return result
    .replace(/[\u201C\u201D\u201E\u201F\u2033]/g, '"')
    .replace(/[\u2018\u2019\u201A\u201B\u2032]/g, "'")
    .replace(/\s+/g, ' ')
    .trim();
}

// After normaliseText the curly double quotes are plain `"`; CJK corner brackets pair differently.
export const CLOSING_QUOTE: Readonly<Record<string, string>> = { '"': '"', '「': '」', '『': '』' };

/** Splits on spaces, except inside quotes, so `"solar panel" region:"浙江"` is two words. */
export function tokenise(text: string): Token[] {
  const tokens: Token[] = [];
  let current: Token | undefined;
  let closing: string | undefined;
  for (const char of normaliseText(text)) {
    if (closing !== undefined) {
      if (char === closing) closing = undefined;
      else current!.text += char;
      continue;
    }
    if (char === ' ') {
      if (current) tokens.push(current);
      current = undefined;
      continue;
    }
    current ??= { text: '', quoteStart: -1 };
    const closer = CLOSING_QUOTE[char];
    if (closer === undefined) {
      current.text += char;
    } else {
      closing = closer;
      if (current.quoteStart < 0) current.quoteStart = current.text.length;
    }
  }
  // An unclosed quote runs to the end of the text rather than failing the whole command.
  if (current) tokens.push(current);
  return tokens.filter((token) => token.text !== '');
}
