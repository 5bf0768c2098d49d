/**
 * Region codes of the bid search. The spec lists the first twelve (BJ … AH) and says "further
 * codes" without showing them; the rest follow the same pinyin-initials pattern and are our
 * assumption, marked `published: false` so help texts can say so.
 */
export interface BidRegion {
  code: string;
  name: string;
  fullName: string;
  published: boolean;
}

const PUBLISHED_CODES = new Set(['BJ', 'TJ', 'HB', 'SX', 'NMG', 'LN', 'JL', 'HLJ', 'SH', 'JS', 'ZJ', 'AH']);

const REGIONS: ReadonlyArray<[code: string, name: string, fullName: string]> = [
  ['BJ', '北京', '北京市'],
  ['TJ', '天津', '天津市'],
  ['HB', '河北', '河北省'],
  ['SX', '山西', '山西省'],
  ['NMG', '内蒙古', '内蒙古自治区'],
  ['LN', '辽宁', '辽宁省'],
  ['JL', '吉林', '吉林省'],
  ['HLJ', '黑龙江', '黑龙江省'],
  ['SH', '上海', '上海市'],
  ['JS', '江苏', '江苏省'],
  ['ZJ', '浙江', '浙江省'],
  ['AH', '安徽', '安徽省'],
  ['FJ', '福建', '福建省'],
  ['JX', '江西', '江西省'],
  ['SD', '山东', '山东省'],
  ['HEN', '河南', '河南省'],
  ['HUB', '湖北', '湖北省'],
  ['HUN', '湖南', '湖南省'],
  ['GD', '广东', '广东省'],
  ['GX', '广西', '广西壮族自治区'],
  ['HAN', '海南', '海南省'],
  ['CQ', '重庆', '重庆市'],
  ['SC', '四川', '四川省'],
  ['GZ', '贵州', '贵州省'],
  ['YN', '云南', '云南省'],
  ['XZ', '西藏', '西藏自治区'],
  ['SAX', '陕西', '陕西省'],
  ['GS', '甘肃', '甘肃省'],
  ['QH', '青海', '青海省'],
  ['NX', '宁夏', '宁夏回族自治区'],
  ['XJ', '新疆', '新疆维吾尔自治区'],
];

export const BID_REGIONS: readonly BidRegion[] = REGIONS.map(([code, name, fullName]) => ({
  code,
  name,
  fullName,
  published: PUBLISHED_CODES.has(code),
}));

/** Each region's name in pinyin, as English writes it (`Zhejiang`, `Inner Mongolia`), in lower case. */
const LATIN_NAMES: Readonly<Record<string, readonly string[]>> = {
  BJ: ['beijing'],
  TJ: ['tianjin'],
  HB: ['hebei'],
  SX: ['shanxi'],
  NMG: ['inner mongolia', 'neimenggu', 'nei mongol'],
  LN: ['liaoning'],
  JL: ['jilin'],
  HLJ: ['heilongjiang'],
  SH: ['shanghai'],
  JS: ['jiangsu'],
  ZJ: ['zhejiang'],
  AH: ['anhui'],
  FJ: ['fujian'],
  JX: ['jiangxi'],
  SD: ['shandong'],
  HEN: ['henan'],
  HUB: ['hubei'],
  HUN: ['hunan'],
  GD: ['guangdong'],
  GX: ['guangxi'],
  HAN: ['hainan'],
  CQ: ['chongqing'],
  SC: ['sichuan'],
  GZ: ['guizhou'],
  YN: ['yunnan'],
  XZ: ['tibet', 'xizang'],
  SAX: ['shaanxi'],
  GS: ['gansu'],
  QH: ['qinghai'],
  NX: ['ningxia'],
  XJ: ['xinjiang'],
};

/** Every region's Latin names (`zhejiang`, `zhejiang province`) with its code, for reading them in running text. */
export const BID_REGION_LATIN_NAMES: ReadonlyMap<string, string> = new Map(
  Object.entries(LATIN_NAMES).flatMap(([code, names]) =>
    names.flatMap((name) => [[name, code] as const, [`${name} province`, code] as const]),
  ),
);

const BY_CODE = new Map(BID_REGIONS.map((region) => [region.code, region]));
const BY_NAME = new Map(BID_REGIONS.map((region) => [region.name, region]));

export function bidRegionByCode(code: string): BidRegion | undefined {
  return BY_CODE.get(code);
}

/** Finds a region by code (any case), short name (浙江), full name (浙江省) or pinyin (`Zhejiang`, any case). */
export function findBidRegion(text: string): BidRegion | undefined {
  const trimmed = text.trim();
  const latin = BID_REGION_LATIN_NAMES.get(trimmed.toLowerCase().replace(/\s+/g, ' '));
  return (
    BY_CODE.get(trimmed.toUpperCase()) ??
    BY_NAME.get(trimmed) ??
    BID_REGIONS.find((region) => region.fullName === trimmed) ??
    (latin ? BY_CODE.get(latin) : undefined)
  );
}

// Longest first, so 内蒙古自治区 goes before 内蒙古 when stripping.
const GENERIC_WORDS = [
  ...BID_REGIONS.flatMap((region) => [region.fullName, region.name]),
  '科技',
  '技术',
  '省',
  '市',
].sort((a, b) => b.length - a.length);

/**
 * The service refuses "overly generic" keywords, e.g. a province name or 科技 (technology). We read
 * that as: nothing is left once region names and those words are taken out (浙江省科技 is refused,
 * 浙江大学 is not).
 */
export function isGenericBidKeyword(keyword: string): boolean {
  return GENERIC_WORDS.reduce((text, word) => text.replaceAll(word, ''), keyword).trim() === '';
}
