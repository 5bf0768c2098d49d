// Funds known to the asset-size operation. Codes and names look like real Chinese funds so a demo reads
// naturally, but every figure the simulator reports for them is synthetic.

export interface CatalogueFund {
  fundCode: string;
  fundName: string;
  inceptionDate: string;
  /** Typical net asset size in CNY; the history drifts around it. */
  typicalAsset: number;
}

const YI = 1e8; // 亿

export const FUND_CATALOGUE: readonly CatalogueFund[] = [
  { fundCode: '000001', fundName: '华夏成长混合', inceptionDate: '2001-12-18', typicalAsset: 35 * YI },
  { fundCode: '110022', fundName: '易方达消费行业股票', inceptionDate: '2010-08-20', typicalAsset: 180 * YI },
  { fundCode: '161725', fundName: '招商中证白酒指数(LOF)A', inceptionDate: '2015-05-27', typicalAsset: 550 * YI },
  { fundCode: '519674', fundName: '银河创新成长混合A', inceptionDate: '2010-12-29', typicalAsset: 90 * YI },
  { fundCode: '005827', fundName: '易方达蓝筹精选混合', inceptionDate: '2018-09-05', typicalAsset: 500 * YI },
  { fundCode: '003095', fundName: '中欧医疗健康混合A', inceptionDate: '2016-09-29', typicalAsset: 280 * YI },
  { fundCode: '260108', fundName: '景顺长城新兴成长混合', inceptionDate: '2006-06-28', typicalAsset: 300 * YI },
  { fundCode: '163406', fundName: '兴全合润混合(LOF)', inceptionDate: '2010-04-22', typicalAsset: 250 * YI },
  { fundCode: '000083', fundName: '汇添富消费行业混合', inceptionDate: '2013-05-03', typicalAsset: 100 * YI },
  { fundCode: '001938', fundName: '中欧时代先锋股票A', inceptionDate: '2015-11-03', typicalAsset: 120 * YI },
  { fundCode: '320007', fundName: '诺安成长混合', inceptionDate: '2009-03-10', typicalAsset: 260 * YI },
  { fundCode: '166002', fundName: '中欧新蓝筹混合A', inceptionDate: '2008-07-25', typicalAsset: 60 * YI },
  { fundCode: '002190', fundName: '农银新能源主题A', inceptionDate: '2016-03-29', typicalAsset: 70 * YI },
  { fundCode: '000961', fundName: '天弘沪深300ETF联接A', inceptionDate: '2015-01-20', typicalAsset: 80 * YI },
  { fundCode: '001632', fundName: '天弘中证食品饮料ETF联接A', inceptionDate: '2015-07-07', typicalAsset: 40 * YI },
  { fundCode: '510300', fundName: '华泰柏瑞沪深300ETF', inceptionDate: '2012-05-04', typicalAsset: 1500 * YI },
  { fundCode: '510050', fundName: '华夏上证50ETF', inceptionDate: '2004-12-30', typicalAsset: 600 * YI },
  { fundCode: '159915', fundName: '易方达创业板ETF', inceptionDate: '2011-09-20', typicalAsset: 450 * YI },
  { fundCode: '000198', fundName: '天弘余额宝货币', inceptionDate: '2013-05-29', typicalAsset: 7000 * YI },
  { fundCode: '003003', fundName: '华夏现金增利货币A', inceptionDate: '2016-08-16', typicalAsset: 900 * YI },
  { fundCode: '110011', fundName: '易方达优质精选混合(QDII)', inceptionDate: '2008-06-19', typicalAsset: 150 * YI },
  { fundCode: '040046', fundName: '华安纳斯达克100ETF联接(QDII)A', inceptionDate: '2013-08-02', typicalAsset: 50 * YI },
  {
    fundCode: '270042',
    fundName: '广发纳斯达克100ETF联接人民币(QDII)A',
    inceptionDate: '2012-08-15',
    typicalAsset: 60 * YI,
  },
  { fundCode: '050025', fundName: '博时标普500ETF联接A', inceptionDate: '2012-06-14', typicalAsset: 45 * YI },
  { fundCode: '217022', fundName: '招商产业债券A', inceptionDate: '2012-03-21', typicalAsset: 160 * YI },
  { fundCode: '000171', fundName: '易方达裕丰回报债券', inceptionDate: '2013-08-23', typicalAsset: 110 * YI },
  { fundCode: '110017', fundName: '易方达增强回报债券A', inceptionDate: '2008-03-19', typicalAsset: 140 * YI },
  { fundCode: '485111', fundName: '工银瑞信双利债券A', inceptionDate: '2010-08-16', typicalAsset: 130 * YI },
  { fundCode: '519732', fundName: '交银定期支付双息平衡混合', inceptionDate: '2013-07-10', typicalAsset: 35 * YI },
  { fundCode: '162605', fundName: '景顺长城鼎益混合(LOF)', inceptionDate: '2005-03-16', typicalAsset: 140 * YI },
  { fundCode: '001102', fundName: '前海开源国家比较优势混合A', inceptionDate: '2015-04-01', typicalAsset: 30 * YI },
  { fundCode: '000251', fundName: '工银瑞信金融地产行业混合A', inceptionDate: '2013-08-26', typicalAsset: 25 * YI },
  { fundCode: '001714', fundName: '工银瑞信文体产业股票A', inceptionDate: '2015-12-30', typicalAsset: 55 * YI },
  { fundCode: '007119', fundName: '睿远成长价值混合A', inceptionDate: '2019-03-26', typicalAsset: 120 * YI },
  {
    fundCode: '008282',
    fundName: '国泰中证半导体材料设备ETF联接A',
    inceptionDate: '2019-12-25',
    typicalAsset: 20 * YI,
  },
  { fundCode: '012414', fundName: '招商中证白酒指数(LOF)C', inceptionDate: '2021-06-01', typicalAsset: 90 * YI },
  { fundCode: '161005', fundName: '富国天惠成长混合(LOF)A', inceptionDate: '2005-11-16', typicalAsset: 300 * YI },
  { fundCode: '202015', fundName: '南方沪深300ETF联接A', inceptionDate: '2009-03-25', typicalAsset: 45 * YI },
  { fundCode: '070032', fundName: '嘉实优化红利混合A', inceptionDate: '2009-12-30', typicalAsset: 28 * YI },
  { fundCode: '100032', fundName: '富国中证红利指数增强A', inceptionDate: '2008-11-20', typicalAsset: 75 * YI },
];

export function catalogueFund(fundCode: string): CatalogueFund | undefined {
  return FUND_CATALOGUE.find((fund) => fund.fundCode === fundCode);
}
