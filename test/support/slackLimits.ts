/**
 * Slack's Block Kit limits as a test assertion, written independently of the app's own guard so that
 * the guard is checked rather than trusted. Slack refuses a whole message or view when one rule is
 * broken, usually with nothing more than "invalid_blocks"; this names the rule and the path.
 */

import { surfaceChartProblems } from './slackChartLimits.js';
import { isTableBlock, messageTableProblems, tableBlockProblems } from './slackTableLimits.js';

export type SlackSurface = 'message' | 'modal' | 'home';

const KNOWN_BLOCK_TYPES = new Set([
  'actions',
  'alert',
  'card',
  'carousel',
  'container',
  'context',
  'context_actions',
  'data_table',
  'data_visualization',
  'divider',
  'file',
  'header',
  'image',
  'input',
  'markdown',
  'rich_text',
  'section',
  'table',
  'task_card',
  'plan',
  'video',
]);

const LIMITS = {
  messageBlocks: 50,
  viewBlocks: 100,
  sectionText: 3000,
  sectionFields: 10,
  fieldText: 2000,
  headerText: 150,
  contextElements: 10,
  actionsElements: 25,
  buttonText: 75,
  buttonValue: 2000,
  url: 3000,
  imageUrl: 3000,
  altText: 2000,
  imageTitle: 2000,
  actionId: 255,
  blockId: 255,
  messageTotalText: 12_000,
  messageFallbackText: 40_000,
  optionText: 75,
  optionValue: 150,
  selectOptions: 100,
  checkboxOptions: 10,
  overflowOptions: 5,
  placeholder: 150,
  inputLabel: 2000,
  inputHint: 2000,
  viewTitle: 24,
  viewButton: 24,
  privateMetadata: 3000,
  callbackId: 255,
} as const;

type Node = { [key: string]: unknown };

function isNode(value: unknown): value is Node {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}

export class SlackLimitError extends Error {
  constructor(
    readonly rule: string,
    readonly path: string,
    detail: string,
  ) {
    super(`Slack limit broken: ${rule} at ${path} (${detail})`);
    this.name = 'SlackLimitError';
  }
}

function fail(rule: string, path: string, detail: string): never {
  throw new SlackLimitError(rule, path, detail);
}

function maxLength(value: unknown, max: number, rule: string, path: string): void {
  if (value === undefined) return;
  if (typeof value !== 'string') fail(rule, path, `expected a string, got ${typeof value}`);
  if (value.length > max) fail(rule, path, `${value.length} characters, at most ${max}`);
}

function maxItems(value: unknown, max: number, rule: string, path: string): void {
  if (value === undefined) return;
  if (!Array.isArray(value)) fail(rule, path, 'expected an array');
  if (value.length > max) fail(rule, path, `${value.length} items, at most ${max}`);
}

function isTextObject(value: unknown): value is { type: 'mrkdwn' | 'plain_text'; text: unknown } {
  return isNode(value) && (value.type === 'mrkdwn' || value.type === 'plain_text');
}

function textOf(value: unknown, path: string): string {
  if (!isTextObject(value)) fail('text object', path, 'expected a plain_text or mrkdwn text object');
  if (typeof value.text !== 'string') fail('text object', `${path}.text`, 'text must be a string');
  return value.text;
}

function plainTextOf(value: unknown, path: string, rule: string): string {
  if (!isNode(value) || value.type !== 'plain_text') fail(rule, path, 'must be a plain_text object');
  return textOf(value, path);
}

/** Rules that hold for an element wherever it appears (a section accessory, an actions block, an input). */
function checkElement(node: Node, path: string): void {
  maxLength(node.action_id, LIMITS.actionId, 'action_id ≤ 255', `${path}.action_id`);
  if (node.placeholder !== undefined)
    maxLength(
      textOf(node.placeholder, `${path}.placeholder`),
      LIMITS.placeholder,
      'placeholder ≤ 150',
      `${path}.placeholder.text`,
    );
  switch (node.type) {
    case 'button':
      maxLength(
        plainTextOf(node.text, `${path}.text`, 'button text is plain_text'),
        LIMITS.buttonText,
        'button text ≤ 75',
        `${path}.text.text`,
      );
      maxLength(node.value, LIMITS.buttonValue, 'button value ≤ 2000', `${path}.value`);
      maxLength(node.url, LIMITS.url, 'button url ≤ 3000', `${path}.url`);
      break;
    case 'image':
      maxLength(node.image_url, LIMITS.imageUrl, 'image_url ≤ 3000', `${path}.image_url`);
      if (typeof node.alt_text !== 'string' || node.alt_text === '')
        fail('image alt_text is required', `${path}.alt_text`, 'missing');
      maxLength(node.alt_text, LIMITS.altText, 'alt_text ≤ 2000', `${path}.alt_text`);
      break;
    case 'checkboxes':
    case 'radio_buttons':
      maxItems(node.options, LIMITS.checkboxOptions, `${node.type} options ≤ 10`, `${path}.options`);
      break;
    case 'overflow':
      maxItems(node.options, LIMITS.overflowOptions, 'overflow options ≤ 5', `${path}.options`);
      break;
    default:
      maxItems(node.options, LIMITS.selectOptions, 'select options ≤ 100', `${path}.options`);
      maxItems(node.option_groups, LIMITS.selectOptions, 'option groups ≤ 100', `${path}.option_groups`);
  }
}

function checkOption(node: Node, path: string): void {
  maxLength(textOf(node.text, `${path}.text`), LIMITS.optionText, 'option text ≤ 75', `${path}.text.text`);
  maxLength(node.value, LIMITS.optionValue, 'option value ≤ 150', `${path}.value`);
}

/** Walks everything under a block: text objects must not be empty; elements and options obey their limits. */
function walk(value: unknown, path: string, parentKey: string): void {
  if (Array.isArray(value)) {
    for (const [index, item] of value.entries()) walk(item, `${path}[${index}]`, parentKey);
    return;
  }
  if (!isNode(value)) return;
  if (isTextObject(value)) {
    const text = textOf(value, path);
    if (text.length === 0) fail('text objects are not empty', `${path}.text`, 'empty text');
    return;
  }
  if (parentKey === 'options' || parentKey === 'initial_options' || parentKey === 'initial_option')
    checkOption(value, path);
  if (typeof value.type === 'string' && parentKey !== '') checkElement(value, path);
  for (const [key, child] of Object.entries(value)) walk(child, `${path}.${key}`, key);
}

function checkBlock(block: unknown, path: string): void {
  if (!isNode(block)) fail('blocks are objects', path, `got ${typeof block}`);
  if (typeof block.type !== 'string' || !KNOWN_BLOCK_TYPES.has(block.type))
    fail('every block has a known type', `${path}.type`, `type ${JSON.stringify(block.type)}`);
  if (block.block_id !== undefined) maxLength(block.block_id, LIMITS.blockId, 'block_id ≤ 255', `${path}.block_id`);
  switch (block.type) {
    case 'section': {
      if (block.text === undefined && block.fields === undefined) fail('section has text or fields', path, 'neither');
      if (block.text !== undefined)
        maxLength(textOf(block.text, `${path}.text`), LIMITS.sectionText, 'section text ≤ 3000', `${path}.text.text`);
      maxItems(block.fields, LIMITS.sectionFields, 'section fields ≤ 10', `${path}.fields`);
      if (Array.isArray(block.fields)) {
        for (const [index, field] of block.fields.entries()) {
          maxLength(
            textOf(field, `${path}.fields[${index}]`),
            LIMITS.fieldText,
            'field text ≤ 2000',
            `${path}.fields[${index}].text`,
          );
        }
      }
      if (isNode(block.accessory)) checkElement(block.accessory, `${path}.accessory`);
      break;
    }
    case 'header':
      maxLength(
        plainTextOf(block.text, `${path}.text`, 'header text is plain_text'),
        LIMITS.headerText,
        'header text ≤ 150',
        `${path}.text.text`,
      );
      break;
    case 'context':
      if (!Array.isArray(block.elements) || block.elements.length === 0)
        fail('context has elements', `${path}.elements`, 'none');
      maxItems(block.elements, LIMITS.contextElements, 'context elements ≤ 10', `${path}.elements`);
      block.elements.forEach((element, index) => {
        if (isTextObject(element))
          maxLength(
            textOf(element, `${path}.elements[${index}]`),
            LIMITS.sectionText,
            'context text ≤ 3000',
            `${path}.elements[${index}].text`,
          );
      });
      break;
    case 'actions':
      if (!Array.isArray(block.elements) || block.elements.length === 0)
        fail('actions has elements', `${path}.elements`, 'none');
      maxItems(block.elements, LIMITS.actionsElements, 'actions elements ≤ 25', `${path}.elements`);
      break;
    case 'image':
      if (block.image_url === undefined && block.slack_file === undefined)
        fail('image has image_url or slack_file', path, 'neither');
      maxLength(block.image_url, LIMITS.imageUrl, 'image_url ≤ 3000', `${path}.image_url`);
      if (typeof block.alt_text !== 'string' || block.alt_text === '')
        fail('image alt_text is required', `${path}.alt_text`, 'missing');
      maxLength(block.alt_text, LIMITS.altText, 'alt_text ≤ 2000', `${path}.alt_text`);
      if (block.title !== undefined)
        maxLength(
          plainTextOf(block.title, `${path}.title`, 'image title is plain_text'),
          LIMITS.imageTitle,
          'image title ≤ 2000',
          `${path}.title.text`,
        );
      break;
    case 'table':
    case 'data_table': {
      // Written from Slack's reference pages in slackTableLimits.ts; cells are not text objects.
      const problems = tableBlockProblems(block);
      if (problems.length) fail(`${block.type} block as Slack's reference page allows`, path, problems.join('; '));
      return;
    }
    case 'data_visualization':
      // Written from Slack's reference page in slackChartLimits.ts, with the rules across a message.
      return;
    case 'input':
      maxLength(
        plainTextOf(block.label, `${path}.label`, 'input label is plain_text'),
        LIMITS.inputLabel,
        'input label ≤ 2000',
        `${path}.label.text`,
      );
      if (block.hint !== undefined)
        maxLength(
          plainTextOf(block.hint, `${path}.hint`, 'input hint is plain_text'),
          LIMITS.inputHint,
          'input hint ≤ 2000',
          `${path}.hint.text`,
        );
      if (!isNode(block.element)) fail('input has an element', `${path}.element`, 'missing');
      break;
  }
  // Block-level fields are checked above; everything nested (elements, options, text objects) here.
  for (const [key, child] of Object.entries(block)) walk(child, `${path}.${key}`, key);
}

/** Every text object under the blocks plus image alt texts: what the 12,000-character message rule counts. */
function textLength(value: unknown): number {
  if (Array.isArray(value)) return value.reduce((sum: number, item) => sum + textLength(item), 0);
  if (!isNode(value)) return 0;
  if (isTextObject(value)) return typeof value.text === 'string' ? value.text.length : 0;
  let sum = typeof value.alt_text === 'string' ? value.alt_text.length : 0;
  for (const [key, child] of Object.entries(value)) if (key !== 'alt_text') sum += textLength(child);
  return sum;
}

function checkView(view: Node, kind: 'modal' | 'home'): void {
  if (view.type !== undefined && view.type !== kind)
    fail('view type matches the surface', 'type', `type ${JSON.stringify(view.type)} on a ${kind}`);
  if (kind === 'modal') {
    maxLength(
      plainTextOf(view.title, 'title', 'modal title is plain_text'),
      LIMITS.viewTitle,
      'modal title ≤ 24',
      'title.text',
    );
    for (const key of ['submit', 'close'] as const) {
      if (view[key] !== undefined)
        maxLength(
          plainTextOf(view[key], key, `modal ${key} is plain_text`),
          LIMITS.viewButton,
          `modal ${key} ≤ 24`,
          `${key}.text`,
        );
    }
  }
  maxLength(view.private_metadata, LIMITS.privateMetadata, 'private_metadata ≤ 3000', 'private_metadata');
  maxLength(view.callback_id, LIMITS.callbackId, 'callback_id ≤ 255', 'callback_id');
  maxLength(view.external_id, LIMITS.callbackId, 'external_id ≤ 255', 'external_id');
}

/**
 * Throws a SlackLimitError naming the broken rule and the path to it when a message (`{ text, blocks }`)
 * or a view (modal or App Home) would be refused by Slack; returns quietly otherwise.
 */
export function assertWithinSlackLimits(subject: object, kind: SlackSurface): void {
  if (!isNode(subject)) fail('message or view is an object', '', typeof subject);
  const blocks = subject.blocks;
  if (!Array.isArray(blocks)) fail('blocks is an array', 'blocks', typeof blocks);
  const maxBlocks = kind === 'message' ? LIMITS.messageBlocks : LIMITS.viewBlocks;
  maxItems(blocks, maxBlocks, `at most ${maxBlocks} blocks per ${kind}`, 'blocks');
  const blockIds = new Set<string>();
  blocks.forEach((block: unknown, index) => {
    checkBlock(block, `blocks[${index}]`);
    const id = (block as Node).block_id;
    if (typeof id === 'string') {
      if (blockIds.has(id)) fail('block_id is unique', `blocks[${index}].block_id`, `"${id}" repeats`);
      blockIds.add(id);
    }
  });
  if (kind !== 'message' && blocks.some(isTableBlock))
    fail('tables only in messages', 'blocks', `a table block in a ${kind}`);
  const chartProblems = surfaceChartProblems(blocks, kind);
  if (chartProblems.length)
    fail("data_visualization as Slack's reference page allows", 'blocks', chartProblems.join('; '));
  if (kind === 'message') {
    const tableProblems = messageTableProblems(blocks);
    if (tableProblems.length) fail('tables per message', 'blocks', tableProblems.join('; '));
    const fallback = subject.text;
    if (fallback !== undefined) maxLength(fallback, LIMITS.messageFallbackText, 'message text ≤ 40,000', 'text');
    const total = (typeof fallback === 'string' ? fallback.length : 0) + textLength(blocks);
    if (total > LIMITS.messageTotalText) fail('total text in one message ≤ 12,000', 'blocks', `${total} characters`);
  } else {
    checkView(subject, kind);
  }
}
