/**
 * Slack mrkdwn as terminal text: what a reader sees in Slack, without the markup that only Slack
 * draws (bold, italics, strike, link and mention brackets, entities).
 */

const ENTITIES: Array<[RegExp, string]> = [
  [/&lt;/g, '<'],
  [/&gt;/g, '>'],
  // Last, so "&amp;lt;" (a literal "&lt;" in the source text) comes out as "&lt;", not "<".
  [/&amp;/g, '&'],
];

export function unescapeEntities(text: string): string {
  return ENTITIES.reduce((result, [pattern, replacement]) => result.replace(pattern, replacement), text);
}

/** `<…>` in mrkdwn: a link, a user, a channel or a special mention, each shown the way Slack labels it. */
function bracketText(inside: string): string {
  const bar = inside.indexOf('|');
  const target = bar < 0 ? inside : inside.slice(0, bar);
  const label = bar < 0 ? '' : inside.slice(bar + 1);
  if (target.startsWith('@')) return label ? `@${label.replace(/^@/, '')}` : target;
  if (target.startsWith('#')) return label ? `#${label.replace(/^#/, '')}` : target;
  // <!here>, <!channel>, <!date^…|fallback>, <!subteam^…|@team>
  if (target.startsWith('!')) return label || `@${target.slice(1).split('^')[0]}`;
  const url = unescapeEntities(target);
  const text = unescapeEntities(label);
  return text && text !== url ? `${text} (${url})` : url;
}

/**
 * Emphasis markers count only at word edges, as in Slack: `*bold*` loses its stars, but a star or
 * underscore inside a word (fund_code, 2*3) stays.
 */
const EMPHASIS: RegExp[] = [
  /(^|[^\p{L}\p{N}*])\*(?=\S)([^*\n]*?\S)\*(?![\p{L}\p{N}*])/gu,
  /(^|[^\p{L}\p{N}_])_(?=\S)([^_\n]*?\S)_(?![\p{L}\p{N}_])/gu,
];
const STRIKE = /(^|[^\p{L}\p{N}~])~(?=\S)([^~\n]*?\S)~(?![\p{L}\p{N}~])/gu;

/** A long stroke through each character: struck text must still read as struck (an old fee), not as current. */
function struck(text: string): string {
  return [...text].map((character) => `${character}\u0336`).join('');
}

function stripEmphasis(text: string): string {
  const plain = EMPHASIS.reduce((result, pattern) => result.replace(pattern, '$1$2'), text);
  return plain.replace(STRIKE, (_, before: string, inside: string) => `${before}${struck(inside)}`);
}

/** A code block without its fences (a terminal shows no box), indented so it stands apart. */
function codeBlock(block: string): string {
  const inside = block.slice(3, -3).replace(/^\n/, '').replace(/\n$/, '');
  return inside
    .split('\n')
    .map((line) => `  ${line}`)
    .join('\n');
}

/** The emoji the app's replies use; any other :name: stays as typed, which still reads. */
const EMOJI: Record<string, string> = {
  warning: '⚠',
  hourglass_flowing_sand: '⏳',
  double_vertical_bar: '⏸',
  white_check_mark: '✔',
  x: '✖',
};

function emoji(text: string): string {
  return text.replace(/:([a-z0-9_+-]+):/g, (shortcode, name: string) =>
    Object.hasOwn(EMOJI, name) ? EMOJI[name]! : shortcode,
  );
}

/** Private-use characters mark the pieces set aside, so no text from the service can collide with them. */
const HOLD_START = '\uE000';
const HOLD_END = '\uE001';

/**
 * Code is kept as written (a code block indented, so aligned tables stay aligned; inline code
 * without its backticks), and links and mentions become readable text; neither is touched by the
 * emphasis rules, so an underscore in a URL or a star in a command example survives.
 */
export function mrkdwnToText(mrkdwn: string): string {
  const held: string[] = [];
  const hold = (text: string) => `${HOLD_START}${held.push(text) - 1}${HOLD_END}`;
  let text = mrkdwn
    .replace(/```[\s\S]*?```/g, (block) => hold(unescapeEntities(codeBlock(block))))
    .replace(/`([^`\n]+)`/g, (_, code: string) => hold(unescapeEntities(code)))
    .replace(/<([^<>\n]+)>/g, (_, inside: string) => hold(bracketText(inside)));
  text = unescapeEntities(emoji(stripEmphasis(text)));
  const restore = new RegExp(`${HOLD_START}(\\d+)${HOLD_END}`, 'g');
  return text.replace(restore, (_, index: string) => held[Number(index)] ?? '');
}
