/**
 * Every key of the English catalogue as a type, read by the compiler from `locales/en/*.json` and
 * `locales/en/operations/*.json` themselves,
 * so a mistyped key, or one missing from the catalogue fails `tsc`, and a key added to a
 * catalogue file is known at once (nothing to regenerate). Chinese has the same keys (the catalogue
 * test checks it). Plural forms (`_one`, `_other`, `_ordinal_two` …) are one key: i18next picks the form by `count`.
 */
import type access from '../../locales/en/access.json';
import type answer from '../../locales/en/answer.json';
import type batch from '../../locales/en/batch.json';
import type charts from '../../locales/en/charts.json';
import type commands from '../../locales/en/commands.json';
import type common from '../../locales/en/common.json';
import type consoleTexts from '../../locales/en/console.json';
import type conversation from '../../locales/en/conversation.json';
import type digests from '../../locales/en/digests.json';
import type errors from '../../locales/en/errors.json';
import type exportTexts from '../../locales/en/export.json';
import type fields from '../../locales/en/fields.json';
import type help from '../../locales/en/help.json';
import type home from '../../locales/en/home.json';
import type lang from '../../locales/en/lang.json';
import type modals from '../../locales/en/modals.json';
import type bids from '../../locales/en/operations/bids.json';
import type fundAsset from '../../locales/en/operations/fundAsset.json';
import type futures from '../../locales/en/operations/futures.json';
import type newFunds from '../../locales/en/operations/newFunds.json';
import type taxpayer from '../../locales/en/operations/taxpayer.json';
import type pages from '../../locales/en/pages.json';
import type results from '../../locales/en/results.json';
import type tables from '../../locales/en/tables.json';
import type usage from '../../locales/en/usage.json';
import type validation from '../../locales/en/validation.json';
import type watch from '../../locales/en/watch.json';
import type workflow from '../../locales/en/workflow.json';

/**
 * One entry per file of locales/en/operations/, under the file's name: each operation's own texts,
 * under the operation's name (the catalogue test checks none is missing).
 */
export interface OperationCatalogues {
  bids: typeof bids;
  fundAsset: typeof fundAsset;
  futures: typeof futures;
  newFunds: typeof newFunds;
  taxpayer: typeof taxpayer;
}

/** The app's names of the operations (taxpayer, newFunds …): one catalogue each, so a definition's name has its texts. */
export type OperationName = keyof OperationCatalogues;

/** One entry per file of locales/en/, under the file's name (the catalogue test checks none is missing). */
export interface EnglishCatalogue extends OperationCatalogues {
  access: typeof access;
  answer: typeof answer;
  batch: typeof batch;
  charts: typeof charts;
  commands: typeof commands;
  common: typeof common;
  console: typeof consoleTexts;
  conversation: typeof conversation;
  digests: typeof digests;
  errors: typeof errors;
  export: typeof exportTexts;
  fields: typeof fields;
  help: typeof help;
  home: typeof home;
  lang: typeof lang;
  modals: typeof modals;
  pages: typeof pages;
  results: typeof results;
  tables: typeof tables;
  usage: typeof usage;
  validation: typeof validation;
  watch: typeof watch;
  workflow: typeof workflow;
}

type PluralSuffix = 'zero' | 'one' | 'two' | 'few' | 'many' | 'other';
type WithoutPlural<Key extends string> = Key extends `${infer Base}_ordinal_${PluralSuffix}`
  ? Base
  : Key extends `${infer Base}_${PluralSuffix}`
    ? Base
    : Key;

/** `a.b.c` for every text of a nested catalogue object. */
type TextPaths<Node> = {
  [Name in keyof Node & string]: Node[Name] extends string ? WithoutPlural<Name> : `${Name}.${TextPaths<Node[Name]>}`;
}[keyof Node & string];

/** A key the English catalogue has: `namespace.path.to.text`. */
export type CatalogueKey = TextPaths<EnglishCatalogue>;

/**
 * The names of the texts under a group: `NamesUnder<'lang.names'>` is `'en' | 'zh-CN'`. A value of
 * this type makes `` `lang.names.${name}` `` a checked key, so a list of names kept in code and the
 * catalogue's group cannot drift apart.
 */
export type NamesUnder<Group extends string> = TextPaths<GroupAt<EnglishCatalogue, Group>>;

/** The catalogue object at a dotted path (`lang.names`), found by indexing rather than by searching every key. */
type GroupAt<Node, Path extends string> = Path extends `${infer Head}.${infer Rest}`
  ? Head extends keyof Node
    ? GroupAt<Node[Head], Rest>
    : never
  : Path extends keyof Node
    ? Node[Path]
    : never;

/** Whether `name` is one of the names in `map`; narrows it so a catalogue key built from it is checked. */
export function isKeyOf<Map extends object>(map: Map, name: string): name is keyof Map & string {
  // Names come from the service: "constructor" must not find Object.prototype's.
  return Object.hasOwn(map, name);
}

/** Whether `name` is in `names`; narrows it like isKeyOf. */
export function isOneOf<Name extends string>(names: ReadonlySet<Name>, name: string): name is Name {
  return (names as ReadonlySet<string>).has(name);
}
