// Weather answers the web tests share: Shanghai (Xujiahui) as the server lists it (datasets/climate row 58367).
import type { StationInfo } from '../../../src/model/api/weather.ts';

/** Shanghai (Xujiahui), as meteor/station lists it for a point in Shanghai. */
export const XUJIAHUI: StationInfo = {
  id: '58367',
  nameZh: '上海（徐家汇）',
  nameEn: 'Shanghai (Xujiahui)',
  provinceZh: '上海',
  provinceEn: 'Shanghai',
  lat: 31.2,
  lng: 121.4333,
  altitude: 8.6,
  level: 1,
  ghiAnnual: 1174.3,
  dhiAnnual: 691.2,
  tempAnnual: 16.78,
  distance: 4.83,
  altitudeDiff: null,
  withinRule: true,
  period: '1991–2017',
};
