// The report writers' own texts in Chinese and English (issue 17): document titles per kind, section
// titles, figure and table labels, the loss diagram's line names (model/simulate.ts lossNames), month
// names and units. The model's texts (names, addresses, check names) are data and are not translated.
// Shared read-only by every file writer (PDF, Word, PowerPoint, DXF, xlsx).
import type { LossName } from '../../model/simulate.ts';
import type { ReportKind, ReportLanguage } from '../../model/report.ts';

export interface ReportLabels {
  language: ReportLanguage;
  /** Document title of each kind. */
  kindTitle: Record<ReportKind, string>;
  section: {
    cover: string;
    overview: string;
    designBasis: string;
    site: string;
    weather: string;
    system: string;
    layout: string;
    shading: string;
    strings: string;
    singleLine: string;
    yield: string;
    losses: string;
    electrical: string;
    investment: string;
    economics: string;
    financial: string;
    cashFlow: string;
    loan: string;
    balance: string;
    storage: string;
    co2: string;
    risk: string;
    conclusion: string;
  };
  field: {
    projectName: string;
    address: string;
    date: string;
    location: string;
    latitude: string;
    longitude: string;
    elevation: string;
    capacity: string;
    acCapacity: string;
    dcAcRatio: string;
    annualEnergy: string;
    specificYield: string;
    performanceRatio: string;
    poa: string;
    ghi: string;
    meanTemp: string;
    weatherSource: string;
    citation: string;
    estimate: string;
    modules: string;
    module: string;
    moduleCount: string;
    power: string;
    efficiency: string;
    arrays: string;
    array: string;
    tilt: string;
    azimuth: string;
    inverters: string;
    inverter: string;
    combiners: string;
    combiner: string;
    count: string;
    strings: string;
    string: string;
    mppt: string;
    modulesPerString: string;
    manufacturer: string;
    model: string;
    shadingMethod: string;
    shadingLoss: string;
    meanShading: string;
    month: string;
    energy: string;
    share: string;
    nominal: string;
    check: string;
    value: string;
    limit: string;
    result: string;
    pass: string;
    fail: string;
    dcCableLength: string;
    acCableLength: string;
    dcCableLoss: string;
    acCableLoss: string;
    maxDrop: string;
    capex: string;
    npv: string;
    irr: string;
    equityIrr: string;
    payback: string;
    lcoe: string;
    year: string;
    sales: string;
    net: string;
    cumulative: string;
    load: string;
    selfConsumption: string;
    selfSufficiency: string;
    export: string;
    import: string;
    self: string;
    pv: string;
    storageCapacity: string;
    storagePower: string;
    co2FirstYear: string;
    co2Lifetime: string;
    co2Factor: string;
    grid: string;
    north: string;
    scale: string;
    page: string;
    of: string;
    notAvailable: string;
    unitYears: string;
    dcEnergy: string;
  };
  figure: {
    monthlyEnergy: string;
    lossDiagram: string;
    cashFlow: string;
    layout: string;
    shadingMap: string;
    singleLine: string;
    monthlyBalance: string;
  };
  shadingMethod: Record<'none' | 'annualUniform' | 'hourly', string>;
  loss: Record<LossName, string>;
  /** January … December. */
  months: readonly string[];
  /** Short month names for chart axes. */
  monthsShort: readonly string[];
  /** Paragraphs of the feasibility / evaluation prose around the model's figures. */
  text: {
    generatedBy: string;
    noEnergy: string;
    noEconomics: string;
    noElectrical: string;
    riskItems: readonly string[];
    conclusionPositive: string;
    conclusionNegative: string;
    designBasisItems: readonly string[];
    layoutNote: string;
    shadingNone: string;
  };
}

const zh: ReportLabels = {
  language: 'zh',
  kindTitle: { design: '光伏系统设计报告', evaluation: '光伏项目评估报告', feasibility: '光伏项目可行性研究报告', economic: '光伏项目经济性分析报告' },
  section: {
    cover: '封面',
    overview: '项目概况',
    designBasis: '设计依据',
    site: '项目地点',
    weather: '气象资源',
    system: '系统配置',
    layout: '组件布置图',
    shading: '阴影分析',
    strings: '组串设计',
    singleLine: '电气单线图',
    yield: '发电量',
    losses: '损失图',
    electrical: '电气校验',
    investment: '投资估算',
    economics: '经济效益',
    financial: '财务分析',
    cashFlow: '现金流量',
    loan: '贷款与资本金',
    balance: '用电平衡',
    storage: '储能',
    co2: '节能减排',
    risk: '风险分析',
    conclusion: '结论',
  },
  field: {
    projectName: '项目名称',
    address: '项目地址',
    date: '日期',
    location: '位置',
    latitude: '纬度',
    longitude: '经度',
    elevation: '海拔',
    capacity: '装机容量',
    acCapacity: '交流容量',
    dcAcRatio: '容配比',
    annualEnergy: '年发电量',
    specificYield: '单位发电量',
    performanceRatio: '系统效率 PR',
    poa: '斜面辐照量',
    ghi: '水平面总辐照量',
    meanTemp: '年平均气温',
    weatherSource: '气象数据来源',
    citation: '引用',
    estimate: '估算数据',
    modules: '组件',
    module: '组件型号',
    moduleCount: '组件数量',
    power: '功率',
    efficiency: '效率',
    arrays: '阵列',
    array: '阵列',
    tilt: '倾角',
    azimuth: '方位角',
    inverters: '逆变器',
    inverter: '逆变器',
    combiners: '汇流箱',
    combiner: '汇流箱',
    count: '数量',
    strings: '组串数',
    string: '组串',
    mppt: 'MPPT',
    modulesPerString: '每串组件数',
    manufacturer: '制造商',
    model: '型号',
    shadingMethod: '阴影计算方法',
    shadingLoss: '阴影损失',
    meanShading: '平均阴影损失',
    month: '月份',
    energy: '电量',
    share: '占比',
    nominal: '额定发电量',
    check: '校验项',
    value: '数值',
    limit: '限值',
    result: '结果',
    pass: '通过',
    fail: '不通过',
    dcCableLength: '直流电缆长度',
    acCableLength: '交流电缆长度',
    dcCableLoss: '直流线损',
    acCableLoss: '交流线损',
    maxDrop: '最大压降',
    capex: '总投资',
    npv: '净现值 NPV',
    irr: '内部收益率 IRR',
    equityIrr: '资本金内部收益率',
    payback: '投资回收期',
    lcoe: '平准化度电成本 LCOE',
    year: '年份',
    sales: '收入',
    net: '净现金流',
    cumulative: '累计现金流',
    load: '用电量',
    selfConsumption: '自发自用率',
    selfSufficiency: '自给率',
    export: '上网电量',
    import: '购电量',
    self: '自用电量',
    pv: '光伏发电',
    storageCapacity: '储能容量',
    storagePower: '储能功率',
    co2FirstYear: '首年减排 CO₂',
    co2Lifetime: '25 年减排 CO₂',
    co2Factor: '排放因子',
    grid: '并网点',
    north: '北',
    scale: '比例尺',
    page: '第',
    of: '页，共',
    notAvailable: '—',
    unitYears: '年',
    dcEnergy: '直流电量',
  },
  figure: {
    monthlyEnergy: '月发电量',
    lossDiagram: '系统损失图',
    cashFlow: '累计现金流',
    layout: '组件布置平面图',
    shadingMap: '组件阴影热力图',
    singleLine: '电气单线图',
    monthlyBalance: '月度用电平衡',
  },
  shadingMethod: { none: '未计算阴影', annualUniform: '年均阴影系数', hourly: '逐时阴影计算' },
  loss: {
    horizon: '远方遮挡',
    shading: '近处阴影',
    shadingIrradiance: '阴影（辐照）',
    iam: '入射角损失 IAM',
    soiling: '灰尘损失',
    irradianceAndTemperature: '辐照度与温度损失',
    shadingElectrical: '阴影（电气）',
    mismatch: '失配损失',
    lid: '光致衰减 LID',
    wiring: '线损',
    wiringDc: '直流线损',
    inverter: '逆变器损失',
    clipping: '逆变器限功率',
    wiringAc: '交流线损',
    availability: '系统可用率',
  },
  months: ['一月', '二月', '三月', '四月', '五月', '六月', '七月', '八月', '九月', '十月', '十一月', '十二月'],
  monthsShort: ['1月', '2月', '3月', '4月', '5月', '6月', '7月', '8月', '9月', '10月', '11月', '12月'],
  text: {
    generatedBy: '本报告由 PV Studio 生成',
    noEnergy: '尚未进行发电量模拟。',
    noEconomics: '尚未进行经济性计算。',
    noElectrical: '尚未完成电气设计。',
    riskItems: [
      '气象风险：实际辐照可能偏离典型气象年数据。',
      '政策与电价风险：电价与补贴政策可能调整。',
      '技术风险：组件衰减与设备故障影响发电量。',
      '屋面风险：屋面荷载与使用年限需经结构复核。',
    ],
    conclusionPositive: '项目在给定参数下经济可行。',
    conclusionNegative: '项目在给定参数下经济性不足，建议优化方案。',
    designBasisItems: ['GB 50797-2012 光伏发电站设计规范', 'GB/T 19964-2012 光伏发电站接入电力系统技术规定', 'NB/T 10128-2019 光伏发电工程电气设计规范', 'IEC 61724-1 光伏系统性能监测'],
    layoutNote: '平面尺寸单位：米；组件颜色表示所属组串。',
    shadingNone: '未进行阴影分析。',
  },
};

const en: ReportLabels = {
  language: 'en',
  kindTitle: { design: 'PV system design report', evaluation: 'PV project evaluation', feasibility: 'PV project feasibility study', economic: 'PV project economic report' },
  section: {
    cover: 'Cover',
    overview: 'Project overview',
    designBasis: 'Design basis',
    site: 'Site',
    weather: 'Weather',
    system: 'System',
    layout: 'Layout',
    shading: 'Shading',
    strings: 'Strings',
    singleLine: 'Single-line diagram',
    yield: 'Energy yield',
    losses: 'Loss diagram',
    electrical: 'Electrical checks',
    investment: 'Investment',
    economics: 'Economics',
    financial: 'Financial analysis',
    cashFlow: 'Cash flow',
    loan: 'Loan and equity',
    balance: 'Energy balance',
    storage: 'Storage',
    co2: 'CO₂ savings',
    risk: 'Risks',
    conclusion: 'Conclusion',
  },
  field: {
    projectName: 'Project',
    address: 'Address',
    date: 'Date',
    location: 'Location',
    latitude: 'Latitude',
    longitude: 'Longitude',
    elevation: 'Elevation',
    capacity: 'DC capacity',
    acCapacity: 'AC capacity',
    dcAcRatio: 'DC/AC ratio',
    annualEnergy: 'Annual energy',
    specificYield: 'Specific yield',
    performanceRatio: 'Performance ratio',
    poa: 'Plane-of-array irradiation',
    ghi: 'Global horizontal irradiation',
    meanTemp: 'Mean temperature',
    weatherSource: 'Weather source',
    citation: 'Citation',
    estimate: 'Estimate',
    modules: 'Modules',
    module: 'Module',
    moduleCount: 'Module count',
    power: 'Power',
    efficiency: 'Efficiency',
    arrays: 'Arrays',
    array: 'Array',
    tilt: 'Tilt',
    azimuth: 'Azimuth',
    inverters: 'Inverters',
    inverter: 'Inverter',
    combiners: 'Combiners',
    combiner: 'Combiner',
    count: 'Count',
    strings: 'Strings',
    string: 'String',
    mppt: 'MPPT',
    modulesPerString: 'Modules per string',
    manufacturer: 'Manufacturer',
    model: 'Model',
    shadingMethod: 'Shading method',
    shadingLoss: 'Shading loss',
    meanShading: 'Mean shading loss',
    month: 'Month',
    energy: 'Energy',
    share: 'Share',
    nominal: 'Nominal energy',
    check: 'Check',
    value: 'Value',
    limit: 'Limit',
    result: 'Result',
    pass: 'Pass',
    fail: 'Fail',
    dcCableLength: 'DC cable length',
    acCableLength: 'AC cable length',
    dcCableLoss: 'DC cable loss',
    acCableLoss: 'AC cable loss',
    maxDrop: 'Maximum voltage drop',
    capex: 'Investment',
    npv: 'NPV',
    irr: 'IRR',
    equityIrr: 'Equity IRR',
    payback: 'Payback',
    lcoe: 'LCOE',
    year: 'Year',
    sales: 'Revenue',
    net: 'Net cash flow',
    cumulative: 'Cumulative',
    load: 'Load',
    selfConsumption: 'Self-consumption',
    selfSufficiency: 'Self-sufficiency',
    export: 'Export',
    import: 'Import',
    self: 'Self-used',
    pv: 'PV',
    storageCapacity: 'Storage capacity',
    storagePower: 'Storage power',
    co2FirstYear: 'CO₂ avoided, first year',
    co2Lifetime: 'CO₂ avoided, 25 years',
    co2Factor: 'Emission factor',
    grid: 'Grid point',
    north: 'N',
    scale: 'Scale',
    page: 'Page',
    of: 'of',
    notAvailable: '—',
    unitYears: 'years',
    dcEnergy: 'DC energy',
  },
  figure: {
    monthlyEnergy: 'Monthly energy',
    lossDiagram: 'Loss diagram',
    cashFlow: 'Cumulative cash flow',
    layout: 'Layout plan',
    shadingMap: 'Module shading',
    singleLine: 'Single-line diagram',
    monthlyBalance: 'Monthly balance',
  },
  shadingMethod: { none: 'No shading', annualUniform: 'Annual uniform shading factor', hourly: 'Hourly shading' },
  loss: {
    horizon: 'Horizon',
    shading: 'Near shading',
    shadingIrradiance: 'Shading (irradiance)',
    iam: 'Incidence angle (IAM)',
    soiling: 'Soiling',
    irradianceAndTemperature: 'Irradiance and temperature',
    shadingElectrical: 'Shading (electrical)',
    mismatch: 'Mismatch',
    lid: 'Light-induced degradation',
    wiring: 'Wiring',
    wiringDc: 'DC wiring',
    inverter: 'Inverter',
    clipping: 'Inverter clipping',
    wiringAc: 'AC wiring',
    availability: 'Availability',
  },
  months: ['January', 'February', 'March', 'April', 'May', 'June', 'July', 'August', 'September', 'October', 'November', 'December'],
  monthsShort: ['Jan', 'Feb', 'Mar', 'Apr', 'May', 'Jun', 'Jul', 'Aug', 'Sep', 'Oct', 'Nov', 'Dec'],
  text: {
    generatedBy: 'Generated by PV Studio',
    noEnergy: 'The yield has not been simulated yet.',
    noEconomics: 'The economics have not been run yet.',
    noElectrical: 'The electrical design is not done yet.',
    riskItems: [
      'Weather: the actual irradiation may differ from the typical year.',
      'Policy and tariff: tariffs and subsidies may change.',
      'Technical: module degradation and equipment failures reduce the yield.',
      'Roof: the roof load and remaining life need a structural check.',
    ],
    conclusionPositive: 'With the given parameters the project is economically viable.',
    conclusionNegative: 'With the given parameters the project is not economically viable; the design should be improved.',
    designBasisItems: ['GB 50797-2012 Code for design of photovoltaic power station', 'GB/T 19964-2012 Technical requirements for connecting PV power stations to the power system', 'NB/T 10128-2019 Electrical design of PV projects', 'IEC 61724-1 PV system performance monitoring'],
    layoutNote: 'Plan dimensions in metres; module colours show their string.',
    shadingNone: 'No shading analysis was run.',
  },
};

/** The writers' labels in a language. */
export function reportLabels(language: ReportLanguage): ReportLabels {
  return language === 'zh' ? zh : en;
}
