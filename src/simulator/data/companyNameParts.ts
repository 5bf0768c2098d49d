// Building blocks of the taxpayer catalogue. Region codes are the real administrative division codes of
// the districts, so the credit codes built from them look right to anyone who knows the format.

export interface CompanyCity {
  name: string;
  district: string;
  regionCode: string;
}

export const COMPANY_CITIES: readonly CompanyCity[] = [
  { name: '杭州', district: '西湖区', regionCode: '330106' },
  { name: '上海', district: '浦东新区', regionCode: '310115' },
  { name: '北京', district: '海淀区', regionCode: '110108' },
  { name: '深圳', district: '南山区', regionCode: '440305' },
  { name: '广州', district: '天河区', regionCode: '440106' },
  { name: '南京', district: '鼓楼区', regionCode: '320106' },
  { name: '苏州', district: '虎丘区', regionCode: '320505' },
  { name: '成都', district: '武侯区', regionCode: '510107' },
  { name: '武汉', district: '武昌区', regionCode: '420106' },
  { name: '西安', district: '雁塔区', regionCode: '610113' },
  { name: '宁波', district: '鄞州区', regionCode: '330212' },
  { name: '厦门', district: '湖里区', regionCode: '350206' },
  { name: '青岛', district: '崂山区', regionCode: '370212' },
  { name: '天津', district: '滨海新区', regionCode: '120116' },
  { name: '重庆', district: '渝北区', regionCode: '500112' },
  { name: '合肥', district: '蜀山区', regionCode: '340104' },
  { name: '长沙', district: '岳麓区', regionCode: '430104' },
  { name: '郑州', district: '金水区', regionCode: '410105' },
];

export const COMPANY_BRANDS = [
  '华信',
  '恒远',
  '中联',
  '瑞丰',
  '鼎盛',
  '天成',
  '金诚',
  '宏达',
  '新创',
  '博远',
  '海润',
  '东方',
  '卓越',
  '永泰',
  '嘉禾',
  '锦程',
  '盛世',
  '远景',
  '启明',
  '同创',
  '汇通',
  '星辰',
  '华腾',
  '众诚',
  '安泰',
  '云帆',
  '明德',
  '聚源',
  '信达',
  '万象',
] as const;

export interface CompanyIndustry {
  name: string;
  scope: string;
}

export const COMPANY_INDUSTRIES: readonly CompanyIndustry[] = [
  {
    name: '光伏科技',
    scope: '太阳能光伏组件、逆变器及储能设备的研发、生产与销售；光伏电站的设计、安装与运维；合同能源管理',
  },
  {
    name: '软件科技',
    scope: '计算机软件的开发、销售及技术服务；信息系统集成服务；数据处理和存储支持服务；互联网信息服务',
  },
  { name: '信息技术', scope: '信息技术咨询服务；网络技术开发；计算机系统服务；云计算装备技术服务；电子产品销售' },
  {
    name: '新材料科技',
    scope: '新型高分子材料、复合材料的研发、生产与销售；化工产品（不含危险化学品）销售；技术进出口',
  },
  { name: '电子科技', scope: '电子元器件、集成电路及智能终端的设计、制造与销售；电子产品检测服务；货物进出口' },
  { name: '环保科技', scope: '水污染治理；大气污染治理；固体废物治理；环境保护监测；环保设备的研发、销售与安装' },
  { name: '生物科技', scope: '生物技术推广服务；医学研究和试验发展；第一类医疗器械销售；保健食品（预包装）销售' },
  {
    name: '农业科技',
    scope: '农业科学研究和试验发展；农作物种子经营；智能农业管理；农产品的生产、销售、加工、运输、贮藏',
  },
  { name: '智能装备', scope: '工业机器人、智能物料搬运装备的研发、制造与销售；工业自动控制系统装置制造；机械设备租赁' },
  { name: '建筑工程', scope: '房屋建筑和市政基础设施项目工程总承包；建筑装饰装修工程；园林绿化工程施工；建筑材料销售' },
  { name: '供应链管理', scope: '供应链管理服务；国内货物运输代理；普通货物仓储服务；国内贸易代理；进出口代理' },
  { name: '食品', scope: '食品生产；食品销售；农副产品销售；食用农产品批发；餐饮管理；包装服务' },
  {
    name: '医疗器械',
    scope: '第二类医疗器械生产与销售；医疗设备租赁；医学研究和试验发展；消毒剂销售（不含危险化学品）',
  },
  { name: '文化传媒', scope: '组织文化艺术交流活动；广告设计、代理、制作、发布；影视节目制作；会议及展览服务' },
  { name: '汽车零部件', scope: '汽车零部件及配件制造；汽车零配件批发与零售；模具制造；金属表面处理及热处理加工' },
  { name: '能源', scope: '热力生产和供应；新兴能源技术研发；充电桩销售；电动汽车充电基础设施运营；储能技术服务' },
  { name: '贸易', scope: '国内贸易代理；日用百货、五金产品、针纺织品的批发与零售；货物进出口；技术进出口' },
  { name: '物流', scope: '道路货物运输（不含危险货物）；国际货物运输代理；装卸搬运；普通货物仓储服务；物流信息咨询' },
];

export const STREETS = [
  '文一西路',
  '科技大道',
  '人民路',
  '解放路',
  '中山路',
  '建设路',
  '长江路',
  '创新路',
  '学院路',
  '滨江大道',
] as const;
