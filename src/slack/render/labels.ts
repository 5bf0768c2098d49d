import { NO_VALUE } from './format.js';

/** Labels for field names the service sends but the spec does not name; the rest are derived from the key. */
const KNOWN_LABELS: Record<string, string> = {
  enterpriseName: 'Company',
  creditNo: 'Credit code',
  taxpayerType: 'Taxpayer type',
  legalPerson: 'Legal representative',
  operatingStatus: 'Operating status',
  registeredCapital: 'Registered capital',
  establishDate: 'Established',
  businessScope: 'Business scope',
  taxCreditRating: 'Tax credit rating',
  taxRegistrationStatus: 'Tax registration',
  registrationAuthority: 'Registration authority',
  address: 'Address',
  noticeType: 'Notice type',
  purchaser: 'Purchaser',
  supplier: 'Supplier',
  provinceName: 'Region',
  province: 'Region code',
  publishDate: 'Published',
  publishTime: 'Published',
  budget: 'Budget',
  amount: 'Amount',
};

/**
 * `registeredCapital` → "Registered capital", `tax_no` → "Tax no", `URL` stays "URL". Keys that are
 * not ASCII words (a Chinese key, say) are shown as they are.
 */
export function fieldLabel(key: string): string {
  // Keys come from the service: "constructor" must not find Object.prototype's.
  if (Object.hasOwn(KNOWN_LABELS, key)) return KNOWN_LABELS[key]!;
  const words = key
    .replace(/[_\-.]+/g, ' ')
    .replace(/([a-z0-9])([A-Z])/g, '$1 $2')
    .replace(/([A-Z]+)([A-Z][a-z])/g, '$1 $2')
    .trim()
    .split(/\s+/)
    .filter(Boolean);
  if (!words.length) return '(unnamed)';
  const text = words.map((word) => (/^[A-Z0-9]{2,}$/.test(word) ? word : word.toLowerCase())).join(' ');
  return text.charAt(0).toUpperCase() + text.slice(1);
}

/** Any returned value as one line of text (before escaping); nested data is shown compactly as JSON. */
export function valueText(value: unknown): string {
  if (value === null || value === undefined) return NO_VALUE;
  if (typeof value === 'string') return value.trim() === '' ? NO_VALUE : value.trim();
  // Unknown numbers may be years or codes, so they are not grouped like amounts.
  if (typeof value === 'number') return Number.isFinite(value) ? String(value) : NO_VALUE;
  if (typeof value === 'boolean') return value ? 'Yes' : 'No';
  try {
    return JSON.stringify(value) ?? NO_VALUE;
  } catch {
    return NO_VALUE;
  }
}
