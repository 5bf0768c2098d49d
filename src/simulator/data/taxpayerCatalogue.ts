// A fixed catalogue of ~300 companies. Generated once from hashes of the entry number, so it is the same
// in every process; the first entries are pinned so tests and demos can name a company that surely exists.

import { isoDateOfDay } from '../calendar.js';
import { hashBetween, hashInt, hashPick, hashUnit } from '../random.js';
import { COMPANY_BRANDS, COMPANY_CITIES, COMPANY_INDUSTRIES, type CompanyCity, STREETS } from './companyNameParts.js';
import { personName } from './personNames.js';
import { syntheticCreditCode } from './syntheticCreditCode.js';

export interface TaxpayerRecord {
  enterpriseName: string;
  creditNo: string;
  taxpayerType: string;
  legalPerson: string;
  operatingStatus: string;
  registeredCapital: string;
  establishDate: string;
  registrationAuthority: string;
  businessScope: string;
  taxRegistrationStatus: string;
  taxCreditRating: string;
  address: string;
}

const CATALOGUE_SIZE = 300;

/** [city, brand, industry, joint-stock] of the entries every test may rely on. */
const PINNED_NAME_PARTS: ReadonlyArray<[string, string, string, boolean]> = [
  ['杭州', '华信', '光伏科技', false],
  ['上海', '恒远', '软件科技', true],
  ['深圳', '中联', '电子科技', false],
];

/** Picks from weighted choices with a unit number u in [0, 1). */
function weighted<T>(u: number, choices: ReadonlyArray<[T, number]>): T {
  let remaining = u;
  for (const [value, weight] of choices) {
    if (remaining < weight) return value;
    remaining -= weight;
  }
  return choices[choices.length - 1]![0];
}

function buildRecord(
  entry: number,
  city: CompanyCity,
  brand: string,
  industryName: string,
  jointStock: boolean,
): TaxpayerRecord {
  const industry = COMPANY_INDUSTRIES.find((candidate) => candidate.name === industryName)!;
  const operatingStatus = weighted(hashUnit('status', entry), [
    ['存续', 0.6],
    ['在业', 0.25],
    ['注销', 0.08],
    ['吊销', 0.04],
    ['迁出', 0.03],
  ]);
  const taxRegistrationStatus =
    operatingStatus === '注销'
      ? '注销'
      : operatingStatus === '吊销' || hashUnit('tax-status', entry) < 0.05
        ? '非正常'
        : '正常';
  const capitalInTenThousands = hashPick(
    [100, 200, 500, 1000, 2000, 3000, 5000, 8000, 10000, 20000, 50000],
    'capital',
    entry,
  );
  const establishDay = Math.floor(hashBetween(9131, 19500, 'established', entry)); // 1995-01-01 .. 2023-05-23
  return {
    enterpriseName: `${city.name}${brand}${industryName}${jointStock ? '股份有限公司' : '有限公司'}`,
    creditNo: syntheticCreditCode(city.regionCode, 'company', entry),
    taxpayerType: hashUnit('taxpayer-type', entry) < 0.82 ? '增值税一般纳税人' : '小规模纳税人',
    legalPerson: personName('legal-person', entry),
    operatingStatus,
    registeredCapital: `${capitalInTenThousands}万人民币`,
    establishDate: isoDateOfDay(establishDay),
    registrationAuthority: `${city.name}市${city.district}市场监督管理局`,
    businessScope: `${industry.scope}。（依法须经批准的项目，经相关部门批准后方可开展经营活动）`,
    taxRegistrationStatus,
    taxCreditRating: weighted(hashUnit('rating', entry), [
      ['A', 0.3],
      ['B', 0.4],
      ['M', 0.15],
      ['C', 0.1],
      ['D', 0.05],
    ]),
    address: `${city.name}市${city.district}${hashPick(STREETS, 'street', entry)}${1 + hashInt(999, 'number', entry)}号`,
  };
}

function buildCatalogue(): TaxpayerRecord[] {
  const records: TaxpayerRecord[] = [];
  const names = new Set<string>();
  const creditCodes = new Set<string>();
  const add = (record: TaxpayerRecord) => {
    if (names.has(record.enterpriseName) || creditCodes.has(record.creditNo)) return;
    names.add(record.enterpriseName);
    creditCodes.add(record.creditNo);
    records.push(record);
  };
  PINNED_NAME_PARTS.forEach(([cityName, brand, industry, jointStock], entry) => {
    add(buildRecord(entry, COMPANY_CITIES.find((city) => city.name === cityName)!, brand, industry, jointStock));
  });
  for (let entry = PINNED_NAME_PARTS.length; records.length < CATALOGUE_SIZE; entry++) {
    const city = hashPick(COMPANY_CITIES, 'city', entry);
    const brand = hashPick(COMPANY_BRANDS, 'brand', entry);
    const industry = hashPick(COMPANY_INDUSTRIES, 'industry', entry).name;
    add(buildRecord(entry, city, brand, industry, hashUnit('joint-stock', entry) < 0.2));
  }
  return records;
}

export const TAXPAYER_CATALOGUE: readonly TaxpayerRecord[] = buildCatalogue();
