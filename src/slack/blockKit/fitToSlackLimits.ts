import type { ActionsBlock, Button, ContextBlock, KnownBlock, SectionBlock, TextObject } from '@slack/types';
import type { Lang } from '../../i18n/lang.js';
import type { MessageBody, SlackMessage } from '../reply/slackMessage.js';
import { ELLIPSIS, mrkdwn, truncateMrkdwn, truncatePlain } from './mrkdwn.js';

/** Slack's documented limits, plus our own ceiling on the total text of one message. */
export const SLACK_LIMITS = {
  messageBlocks: 50,
  sectionText: 3000,
  sectionFields: 10,
  fieldText: 2000,
  headerText: 150,
  contextElements: 10,
  actionsElements: 25,
  buttonText: 75,
  buttonValue: 2000,
  url: 3000,
  altText: 2000,
  imageTitle: 2000,
  blockId: 255,
  /** Not a hard Slack limit: beyond it messages turn sluggish and Slack starts refusing markdown. */
  messageText: 12_000,
  /** The notification text; Slack's own ceiling is far higher, but nobody reads more. */
  fallbackText: 3000,
} as const;

/**
 * What the guard may drop or shorten is told by block_id: blocks marked "keep" (header, chart, paging,
 * buttons, footer) survive everything; blocks of one record share a "rec" id and go together.
 */
const KEEP_PREFIX = 'dq-keep-';
const RECORD_ID = /^dq-rec-(\d+)-(\d+)-/;
const MORE_NOTE_ID = 'dq-more';

/** Text shorter than this is left whole; past it, whole records are dropped instead of shaving every line. */
const READABLE_PART = 100;

export function keepBlock<B extends KnownBlock>(name: string, block: B): B {
  return { ...block, block_id: `${KEEP_PREFIX}${name}` };
}

/** Marks the blocks that show records `first`..`last` (0-based, inclusive) as one unit. */
export function recordBlocks(first: number, last: number, blocks: KnownBlock[]): KnownBlock[] {
  return blocks.map((block, index) => ({ ...block, block_id: `dq-rec-${first}-${last}-${index}` }));
}

function isKept(block: KnownBlock): boolean {
  return block.block_id?.startsWith(KEEP_PREFIX) ?? false;
}

type Node = { [key: string]: unknown };

function isNode(value: unknown): value is Node {
  return typeof value === 'object' && value !== null;
}

function isTextObject(value: unknown): value is TextObject {
  return isNode(value) && (value.type === 'mrkdwn' || value.type === 'plain_text') && typeof value.text === 'string';
}

/**
 * A deep copy of plain JSON data (what a message is), dropping `undefined` as JSON would: faster
 * than a JSON round trip, which formats and parses every string, or structuredClone.
 */
function copyJson<T>(value: T): T {
  if (Array.isArray(value)) return value.map((item: unknown) => (item === undefined ? null : copyJson(item))) as T;
  if (typeof value !== 'object' || value === null) return value;
  const copy: Record<string, unknown> = {};
  for (const key in value) {
    const item = (value as Record<string, unknown>)[key];
    if (item !== undefined) copy[key] = copyJson(item);
  }
  return copy as T;
}

/**
 * Calls `visit` on every text object under a node, in order (section text and fields, context,
 * buttons, titles). A walk without arrays or entries: every reply passes here several times.
 */
function forEachTextObject(node: unknown, visit: (object: TextObject) => void): void {
  if (Array.isArray(node)) {
    for (const item of node) forEachTextObject(item, visit);
  } else if (isTextObject(node)) {
    visit(node);
  } else if (isNode(node)) {
    for (const key in node) forEachTextObject(node[key], visit);
  }
}

function textObjects(node: unknown): TextObject[] {
  const found: TextObject[] = [];
  forEachTextObject(node, (object) => found.push(object));
  return found;
}

function altTextLength(node: unknown): number {
  if (Array.isArray(node)) {
    let sum = 0;
    for (const item of node) sum += altTextLength(item);
    return sum;
  }
  if (!isNode(node)) return 0;
  let sum = typeof node.alt_text === 'string' ? node.alt_text.length : 0;
  for (const key in node) if (key !== 'alt_text') sum += altTextLength(node[key]);
  return sum;
}

/** Visible text of blocks as the total-text limit counts it: every text object and image alt text. */
export function blocksTextLength(blocks: readonly KnownBlock[]): number {
  let sum = altTextLength(blocks);
  forEachTextObject(blocks, (object) => (sum += object.text.length));
  return sum;
}

function shorten(object: TextObject, max: number): void {
  if (object.text.length <= max) return;
  object.text = object.type === 'mrkdwn' ? truncateMrkdwn(object.text, max) : truncatePlain(object.text, max);
  if (object.text === '') object.text = ELLIPSIS;
}

function fillEmptyTexts(block: KnownBlock): void {
  // Slack refuses empty text objects outright.
  forEachTextObject(block, (object) => {
    if (object.text.trim() === '') object.text = '—';
  });
}

function fitButton(button: Button): Button | undefined {
  if ((button.value?.length ?? 0) > SLACK_LIMITS.buttonValue || (button.url?.length ?? 0) > SLACK_LIMITS.url)
    return undefined;
  shorten(button.text, SLACK_LIMITS.buttonText);
  return button;
}

function fitSection(block: SectionBlock): KnownBlock[] {
  if (block.text) shorten(block.text, SLACK_LIMITS.sectionText);
  if (block.accessory?.type === 'button' && !fitButton(block.accessory)) delete block.accessory;
  const fields = block.fields ?? [];
  for (const field of fields) shorten(field, SLACK_LIMITS.fieldText);
  if (fields.length <= SLACK_LIMITS.sectionFields) return [block];
  // Too many fields for one section: carry on in further sections of the same record.
  const sections: KnownBlock[] = [];
  for (let start = 0; start < fields.length; start += SLACK_LIMITS.sectionFields) {
    const chunk = fields.slice(start, start + SLACK_LIMITS.sectionFields);
    const part: SectionBlock = start === 0 ? { ...block, fields: chunk } : { type: 'section', fields: chunk };
    if (start > 0 && block.block_id) part.block_id = `${block.block_id}-${start / SLACK_LIMITS.sectionFields}`;
    sections.push(part);
  }
  return sections;
}

function fitContext(block: ContextBlock): KnownBlock[] {
  if (block.elements.length > SLACK_LIMITS.contextElements) {
    const kept = block.elements.slice(0, SLACK_LIMITS.contextElements - 1);
    const rest = block.elements.slice(SLACK_LIMITS.contextElements - 1).filter(isTextObject);
    block.elements = rest.length ? [...kept, mrkdwn(rest.map((element) => element.text).join(' · '))] : kept;
  }
  for (const element of block.elements) if (isTextObject(element)) shorten(element, SLACK_LIMITS.sectionText);
  return [block];
}

function fitActions(block: ActionsBlock): KnownBlock[] {
  const elements = block.elements
    .map((element) => (element.type === 'button' ? fitButton(element) : element))
    .filter((element) => element !== undefined)
    .slice(0, SLACK_LIMITS.actionsElements);
  return elements.length ? [{ ...block, elements }] : [];
}

function fitBlock(block: KnownBlock, lang: Lang): KnownBlock[] {
  if (block.block_id !== undefined && block.block_id.length > SLACK_LIMITS.blockId) delete block.block_id;
  fillEmptyTexts(block);
  switch (block.type) {
    case 'header':
      block.text.text = truncatePlain(block.text.text, SLACK_LIMITS.headerText);
      return [block];
    case 'section':
      return fitSection(block);
    case 'context':
      return fitContext(block);
    case 'actions':
      return fitActions(block);
    case 'image': {
      if ('image_url' in block && block.image_url.length > SLACK_LIMITS.url) {
        const note: ContextBlock = { type: 'context', elements: [mrkdwn(lang.t('results.fit.imageTooLong'))] };
        if (block.block_id) note.block_id = block.block_id;
        return [note];
      }
      block.alt_text = truncatePlain(block.alt_text, SLACK_LIMITS.altText);
      if (block.title) shorten(block.title, SLACK_LIMITS.imageTitle);
      return [block];
    }
    default:
      return [block];
  }
}

interface Unit {
  /** Index of the unit's first block. */
  start: number;
  size: number;
  records: number;
  isRecord: boolean;
}

/** Consecutive blocks that may be dropped together: one record's blocks, or a single other block. */
function droppableUnits(blocks: readonly KnownBlock[]): Unit[] {
  const units: Unit[] = [];
  let previousKey: string | undefined;
  blocks.forEach((block, index) => {
    if (isKept(block)) {
      previousKey = undefined;
      return;
    }
    const match = RECORD_ID.exec(block.block_id ?? '');
    const key = match ? `${match[1]}-${match[2]}` : undefined;
    const last = units.at(-1);
    if (key !== undefined && key === previousKey && last) {
      last.size += 1;
    } else {
      const records = match ? Number(match[2]) - Number(match[1]) + 1 : 0;
      units.push({ start: index, size: 1, records, isRecord: match !== null });
    }
    previousKey = key;
  });
  return units;
}

interface Dropped {
  records: number;
  partial: boolean;
}

/**
 * Drops the last droppable unit. The first record (or, without records, the first unit) is never
 * dropped whole: a reply that showed nothing would be worse than a cut one.
 */
function dropLast(blocks: KnownBlock[], dropped: Dropped): boolean {
  const units = droppableUnits(blocks);
  const protectedUnit = units.find((unit) => unit.isRecord) ?? units[0];
  const last = units.at(-1);
  if (!last || !protectedUnit) return false;
  if (last !== protectedUnit) {
    blocks.splice(last.start, last.size);
    dropped.records += last.records;
    return true;
  }
  if (last.size > 1) {
    blocks.splice(last.start + last.size - 1, 1);
    dropped.partial = true;
    return true;
  }
  return false;
}

/** The length every part may keep so the parts together fit in `budget` (the longest are cut first). */
function waterLevel(lengths: number[], budget: number): number {
  const sorted = [...lengths].sort((a, b) => a - b);
  let used = 0;
  for (let index = 0; index < sorted.length; index++) {
    const remaining = sorted.length - index;
    if (used + sorted[index]! * remaining > budget) return Math.max(1, Math.floor((budget - used) / remaining));
    used += sorted[index]!;
  }
  return Infinity;
}

function capTexts(parts: TextObject[], budget: number): void {
  const level = waterLevel(
    parts.map((part) => part.text.length),
    budget,
  );
  for (const part of parts) shorten(part, level);
}

function noteText(dropped: Dropped, lang: Lang): string {
  return `_${dropped.records > 0 ? lang.t('results.fit.moreNotShown', { records: dropped.records }) : lang.t('results.fit.partNotShown')}_`;
}

const NOTE_ROOM = 80;

function insertNote(blocks: KnownBlock[], dropped: Dropped, lang: Lang): void {
  const note: ContextBlock = { type: 'context', block_id: MORE_NOTE_ID, elements: [mrkdwn(noteText(dropped, lang))] };
  const lastOther = blocks.findLastIndex((block) => !isKept(block));
  if (lastOther >= 0) {
    blocks.splice(lastOther + 1, 0, note);
    return;
  }
  // Nothing but kept blocks left: the note goes before the trailing paging, buttons and footer.
  let at = blocks.length;
  while (at > 1 && isKept(blocks[at - 1]!)) at--;
  blocks.splice(at, 0, note);
}

/**
 * Makes any message safe to send: every per-element limit, at most 50 blocks and about 12,000
 * characters of text. What does not fit goes from the end of the results, with a note saying so;
 * the header, chart, paging, buttons and footer always stay. `lang` is the language the message is
 * written in: the note is said in it, and the message carries it (a surface's own words follow it).
 */
export function fitToSlackLimits(message: MessageBody, lang: Lang): SlackMessage {
  const copy = copyJson(message);
  const blocks = copy.blocks.flatMap((block) => fitBlock(block, lang));
  const text = truncateMrkdwn(copy.text, SLACK_LIMITS.fallbackText);
  const dropped: Dropped = { records: 0, partial: false };
  const anyDropped = () => dropped.records > 0 || dropped.partial;

  while (blocks.length + (anyDropped() ? 1 : 0) > SLACK_LIMITS.messageBlocks) {
    if (!dropLast(blocks, dropped)) break;
  }

  const total = () => text.length + blocksTextLength(blocks) + (anyDropped() ? NOTE_ROOM : 0);
  const budget = SLACK_LIMITS.messageText;
  const fixedLength = () =>
    text.length +
    blocksTextLength(blocks.filter(isKept)) +
    altTextLength(blocks.filter((block) => !isKept(block))) +
    NOTE_ROOM;
  const droppableTexts = () => textObjects(blocks.filter((block) => !isKept(block)));
  if (total() > budget) {
    // Fewer records, each readable, beat all of them cut to stubs: drop from the end until the
    // longest texts need not be cut below a readable length, then cut them to what fits.
    const level = () =>
      waterLevel(
        droppableTexts().map((part) => part.text.length),
        budget - fixedLength(),
      );
    while (level() < READABLE_PART && dropLast(blocks, dropped)) {
      // Each pass drops one more record from the end.
    }
    capTexts(droppableTexts(), budget - fixedLength());
    if (total() > budget) capTexts(textObjects(blocks), budget - text.length - altTextLength(blocks) - NOTE_ROOM);
  }

  if (anyDropped()) insertNote(blocks, dropped, lang);
  // Only a message of nothing but kept blocks gets here still too long; Slack would refuse it whole.
  if (blocks.length > SLACK_LIMITS.messageBlocks) blocks.splice(SLACK_LIMITS.messageBlocks);
  return { text, blocks, lang: lang.locale };
}
