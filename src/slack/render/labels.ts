import { isOneOf } from '../../i18n/catalogueKeys.js';
import type { Lang, NamesUnder } from '../../i18n/lang.js';
import { NO_VALUE } from './format.js';

/**
 * Field names the service sends but the spec does not name, with a label in the catalogue
 * (`fields.label.<key>`); the rest are derived from the key.
 */
const KNOWN_LABELS: ReadonlySet<NamesUnder<'fields.label'>> = new Set<NamesUnder<'fields.label'>>([
  'enterpriseName',
  'creditNo',
  'taxpayerType',
  'legalPerson',
  'operatingStatus',
  'registeredCapital',
  'establishDate',
  'businessScope',
  'taxCreditRating',
  'taxRegistrationStatus',
  'registrationAuthority',
  'address',
  'noticeType',
  'purchaser',
  'supplier',
  'provinceName',
  'province',
  'publishDate',
  'publishTime',
  'budget',
  'amount',
  'bidAmount',
  'winningAmount',
  'budgetAmount',
  'money',
  'price',
]);

/**
 * `registeredCapital` → "Registered capital", `tax_no` → "Tax no", `URL` stays "URL". Keys that are
 * not ASCII words (a Chinese key, say) are shown as they are.
 */
function derivedLabel(key: string, lang: Lang): string {
  const words = key
    .replace(/[_\-.]+/g, ' ')
    .replace(/([a-z0-9])([A-Z])/g, '$1 $2')
    .replace(/([A-Z]+)([A-Z][a-z])/g, '$1 $2')
    .trim()
    .split(/\s+/)
    .filter(Boolean);
  if (!words.length) return lang.t('fields.unnamed');
  const text = words.map((word) => (/^[A-Z0-9]{2,}$/.test(word) ? word : word.toLowerCase())).join(' ');
  return text.charAt(0).toUpperCase() + text.slice(1);
}

/**
 * The label of a field the service sent. A field the app does not know keeps its own name for a
 * Chinese reader: an English phrase made up from the key would be no clearer than the key itself.
 */
export function fieldLabel(key: string, lang: Lang): string {
  // Keys come from the service: "constructor" must not find Object.prototype's.
  if (isOneOf(KNOWN_LABELS, key)) return lang.t(`fields.label.${key}`);
  if (lang.locale === 'zh-CN') return key.trim() || lang.t('fields.unnamed');
  return derivedLabel(key, lang);
}

/** Any returned value as one line of text (before escaping); nested data is shown compactly as JSON. */
export function valueText(value: unknown, lang: Lang): string {
  if (value === null || value === undefined) return NO_VALUE;
  if (typeof value === 'string') return value.trim() === '' ? NO_VALUE : value.trim();
  // Unknown numbers may be years or codes, so they are not grouped like amounts.
  if (typeof value === 'number') return Number.isFinite(value) ? String(value) : NO_VALUE;
  if (typeof value === 'boolean') return lang.t(value ? 'fields.yes' : 'fields.no');
  try {
    return JSON.stringify(value) ?? NO_VALUE;
  } catch {
    return NO_VALUE;
  }
}
