// The xlsx export's own column headers (zh / en) that the shared report labels (../labels) do not
// hold: the hourly sheet's series and the sheet-independent words. Sheet names stay English
// ("Summary", "8760", "Monthly") in both languages so formulas and scripts can find them.
import type { ReportLanguage } from '../../model/report.ts';

export interface XlsxLabels {
  localTime: string;
  poa: string;
  dc: string;
  ac: string;
  load: string;
  self: string;
  soc: string;
  item: string;
  value: string;
  unit: string;
  total: string;
}

const zh: XlsxLabels = {
  localTime: '当地时间',
  poa: '斜面辐照度',
  dc: '直流电量',
  ac: '交流电量',
  load: '用电量',
  self: '自用电量',
  soc: '储能 SOC',
  item: '项目',
  value: '数值',
  unit: '单位',
  total: '合计',
};

const en: XlsxLabels = {
  localTime: 'Local time',
  poa: 'POA irradiance',
  dc: 'DC energy',
  ac: 'AC energy',
  load: 'Load',
  self: 'Self-consumption',
  soc: 'Battery SOC',
  item: 'Item',
  value: 'Value',
  unit: 'Unit',
  total: 'Total',
};

export function xlsxLabels(language: ReportLanguage): XlsxLabels {
  return language === 'zh' ? zh : en;
}
