import type { Lang } from '../../i18n/lang.js';
import { formatCny } from '../render/format.js';
import { valueText } from '../render/labels.js';

/**
 * The service's Chinese labels for a taxpayer's type and statuses (the simulator's, after the
 * service), each with a name in the catalogue (`taxpayer.values.<field>.<name>`). An English reader
 * gets English with the label as sent in brackets; a Chinese reader the label as sent. A label not
 * listed here is shown as it comes.
 */
const TAXPAYER_TYPES = {
  增值税一般纳税人: 'generalVat',
  一般纳税人: 'general',
  小规模纳税人: 'smallScale',
} as const;

const OPERATING_STATUSES = {
  存续: 'subsisting',
  在业: 'inBusiness',
  注销: 'deregistered',
  吊销: 'revoked',
  迁出: 'movedOut',
} as const;

const TAX_REGISTRATION_STATUSES = {
  正常: 'normal',
  非正常: 'abnormal',
  注销: 'deregistered',
} as const;

function known<Names extends Record<string, string>>(names: Names, value: string): Names[keyof Names] | undefined {
  // Values come from the service: "constructor" must not find Object.prototype's.
  return Object.hasOwn(names, value) ? (names[value as keyof Names] as Names[keyof Names]) : undefined;
}

/** A multiplier of 万 (10^4) or 亿 (10^8) before the currency. */
const SCALE: Readonly<Record<string, number>> = { '': 1, 万: 1e4, 亿: 1e8 };

/**
 * A registered capital in yuan as the service writes it: `200万人民币`, `200万元`, `1.5亿元`,
 * `500万元人民币`, `3000000元`, `人民币200万元`. Undefined for anything else, another currency
 * (`100万美元`) or a bare number (its currency unsaid) among them.
 */
export function registeredCapitalYuan(text: string): number | undefined {
  const match = /^(?:人民币)?(\d{1,3}(?:,\d{3})+|\d+)(\.\d+)?(万|亿)?(元人民币|人民币|元)$/.exec(
    text.replace(/\s+/g, ''),
  );
  if (!match) return undefined;
  const [, whole, fraction = '', scale = ''] = match;
  const amount = Number(`${whole!.replace(/,/g, '')}${fraction}`) * SCALE[scale]!;
  return Number.isFinite(amount) ? amount : undefined;
}

/**
 * A taxpayer record's value as the reader reads it: a known type or status in the reader's words
 * (`Small-scale taxpayer (小规模纳税人)`), the registered capital as the app writes amounts
 * (`CNY 2.00 million`, `200.00万元`); anything else, or a value these cannot read, as it came.
 */
export function taxpayerValueText(field: string, value: unknown, lang: Lang): string {
  const text = valueText(value, lang);
  if (typeof value !== 'string') return text;
  const original = text;
  switch (field) {
    case 'taxpayerType': {
      const name = known(TAXPAYER_TYPES, text);
      return name ? lang.t(`taxpayer.values.taxpayerType.${name}`, { original }) : text;
    }
    case 'operatingStatus': {
      const name = known(OPERATING_STATUSES, text);
      return name ? lang.t(`taxpayer.values.operatingStatus.${name}`, { original }) : text;
    }
    case 'taxRegistrationStatus': {
      const name = known(TAX_REGISTRATION_STATUSES, text);
      return name ? lang.t(`taxpayer.values.taxRegistrationStatus.${name}`, { original }) : text;
    }
    case 'registeredCapital': {
      const yuan = registeredCapitalYuan(text);
      return yuan === undefined ? text : formatCny(yuan, lang.locale);
    }
    default:
      return text;
  }
}
