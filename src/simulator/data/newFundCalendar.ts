// Newly issued funds, a few per calendar day. Which funds begin on a day depends only on that day, so
// moving `now` forward adds the funds of the newly covered days and leaves every other fund as it was.
import { isoDateOfDay } from '../calendar.js';
import { hashInt, hashPick, hashUnit } from '../random.js';
import { personName } from './personNames.js';

export interface IssuedFund {
  beginDay: number;
  endDay: number;
  fundCode: string;
  fundName: string;
  fundType: string;
  fundManagerName: string;
  minPurchase: string;
  fundOriginalFee: string;
  fundDiscountFee: string;
}

const FUND_COMPANIES = [
  '华夏',
  '易方达',
  '南方',
  '嘉实',
  '广发',
  '富国',
  '汇添富',
  '博时',
  '招商',
  '工银瑞信',
  '鹏华',
  '中欧',
  '景顺长城',
  '兴证全球',
  '交银施罗德',
  '天弘',
] as const;
const THEMES = [
  '稳盈',
  '鑫享',
  '恒利',
  '优选成长',
  '价值回报',
  '智选',
  '先进制造',
  '医疗创新',
  '新能源',
  '消费升级',
  '均衡配置',
  '添利',
  '安享',
  '睿见',
] as const;
const INDEXES = ['中证A500', '沪深300', '中证1000', '科创50', '恒生科技', '中证红利'] as const;

interface FundKind {
  fundType: string;
  nameFor: (company: string, day: number, slot: number) => string;
  /** Subscription fee of the A share class; C classes and money funds charge none. */
  feePercent: number | undefined;
  /** Share classes, the fee-charging one first; most new funds issue it. */
  shareClasses: readonly [string, string];
}

const FUND_KINDS: readonly FundKind[] = [
  {
    fundType: '混合型',
    nameFor: (company, day, slot) => `${company}${hashPick(THEMES, 'theme', day, slot)}混合`,
    feePercent: 1.2,
    shareClasses: ['A', 'C'],
  },
  {
    fundType: '债券型',
    nameFor: (company, day, slot) => `${company}${hashPick(THEMES, 'theme', day, slot)}债券`,
    feePercent: 0.8,
    shareClasses: ['A', 'C'],
  },
  {
    fundType: '股票型',
    nameFor: (company, day, slot) => `${company}${hashPick(THEMES, 'theme', day, slot)}股票`,
    feePercent: 1.5,
    shareClasses: ['A', 'C'],
  },
  {
    fundType: '指数型',
    nameFor: (company, day, slot) => `${company}${hashPick(INDEXES, 'index', day, slot)}ETF联接`,
    feePercent: 1.0,
    shareClasses: ['A', 'C'],
  },
  {
    fundType: '货币型',
    nameFor: (company, day, slot) => `${company}${hashPick(THEMES, 'theme', day, slot)}货币`,
    feePercent: undefined,
    shareClasses: ['A', 'B'],
  },
  {
    fundType: 'FOF',
    nameFor: (company, day, slot) => `${company}${hashPick(THEMES, 'theme', day, slot)}一年持有期混合(FOF)`,
    feePercent: 0.8,
    shareClasses: ['A', 'C'],
  },
];

const MAX_FUNDS_PER_DAY = 4; // slots 0..3
const CODE_SPACE = 300_000; // codes 000000..299999, like most open-ended funds

/** Distinct (day, slot) pairs get distinct codes: x -> (7919 x + 12345) mod 300000 is a bijection. */
function fundCodeOf(day: number, slot: number): string {
  const serial = (day * MAX_FUNDS_PER_DAY + slot) % CODE_SPACE;
  return String((serial * 7919 + 12345) % CODE_SPACE).padStart(6, '0');
}

function percentText(percent: number): string {
  return `${percent.toFixed(2)}%`;
}

function issuedFund(day: number, slot: number): IssuedFund {
  const kind = hashPick(FUND_KINDS, 'kind', day, slot);
  const shareClass = kind.shareClasses[hashUnit('class', day, slot) < 0.7 ? 0 : 1];
  const chargesFee = kind.feePercent !== undefined && shareClass === 'A';
  return {
    beginDay: day,
    endDay: day + 5 + hashInt(26, 'subscription-days', day, slot),
    fundCode: fundCodeOf(day, slot),
    fundName: `${kind.nameFor(hashPick(FUND_COMPANIES, 'company', day, slot), day, slot)}${shareClass}`,
    fundType: kind.fundType,
    fundManagerName: personName('fund-manager', day, slot),
    minPurchase: hashPick(['10', '100', '100', '1000'], 'min-purchase', day, slot),
    fundOriginalFee: chargesFee ? percentText(kind.feePercent!) : '',
    // Distribution platforms typically sell at one tenth of the listed fee.
    fundDiscountFee: chargesFee ? percentText(kind.feePercent! / 10) : '0.00%',
  };
}

function fundCountOn(day: number): number {
  const u = hashUnit('funds-per-day', day);
  return u < 0.3 ? 0 : u < 0.65 ? 1 : u < 0.9 ? 2 : 3;
}

export function fundsBeginningOn(day: number): IssuedFund[] {
  return Array.from({ length: fundCountOn(day) }, (_, slot) => issuedFund(day, slot));
}

export function toWireRecord(fund: IssuedFund, todayDay: number): Record<string, unknown> {
  return {
    fundType: fund.fundType,
    beginDate: isoDateOfDay(fund.beginDay),
    endDate: isoDateOfDay(fund.endDay),
    fundCode: fund.fundCode,
    fundName: fund.fundName,
    fundManagerName: fund.fundManagerName,
    minPurchase: fund.minPurchase,
    fundOriginalFee: fund.fundOriginalFee,
    fundDiscountFee: fund.fundDiscountFee,
    saleStatus: fund.beginDay <= todayDay && todayDay <= fund.endDay,
  };
}
