import type { ImportArea } from '@dcap/core';

/**
 * The standard list an administrator loads with one button (docs/decisions.md "Areas"): China and its 34
 * provincial-level divisions, coded by GB/T 2260 (the country by ISO 3166), each drawn at its capital's
 * approximate point (longitude, latitude; two decimals, about a kilometre). The country has no point of its
 * own, so a unit placed only in China is not drawn at an arbitrary spot. docs/areas-cn-provinces.csv is the
 * same list as a sheet to import.
 */
const CN = 'CN';
const province = (code: string, name: string, nameEn: string, longitude: number, latitude: number, sort: number): ImportArea => ({ code, parentCode: CN, name, nameEn, longitude, latitude, sort });

export const STANDARD_AREAS: readonly ImportArea[] = [
  { code: CN, name: '中国', nameEn: 'China', sort: 1 },
  province('110000', '北京市', 'Beijing', 116.4, 39.9, 1),
  province('120000', '天津市', 'Tianjin', 117.2, 39.08, 2),
  province('130000', '河北省', 'Hebei', 114.51, 38.04, 3),
  province('140000', '山西省', 'Shanxi', 112.55, 37.87, 4),
  province('150000', '内蒙古自治区', 'Inner Mongolia', 111.75, 40.84, 5),
  province('210000', '辽宁省', 'Liaoning', 123.43, 41.8, 6),
  province('220000', '吉林省', 'Jilin', 125.32, 43.82, 7),
  province('230000', '黑龙江省', 'Heilongjiang', 126.53, 45.8, 8),
  province('310000', '上海市', 'Shanghai', 121.47, 31.23, 9),
  province('320000', '江苏省', 'Jiangsu', 118.8, 32.06, 10),
  province('330000', '浙江省', 'Zhejiang', 120.16, 30.27, 11),
  province('340000', '安徽省', 'Anhui', 117.23, 31.82, 12),
  province('350000', '福建省', 'Fujian', 119.3, 26.08, 13),
  province('360000', '江西省', 'Jiangxi', 115.86, 28.68, 14),
  province('370000', '山东省', 'Shandong', 117.12, 36.65, 15),
  province('410000', '河南省', 'Henan', 113.63, 34.75, 16),
  province('420000', '湖北省', 'Hubei', 114.31, 30.59, 17),
  province('430000', '湖南省', 'Hunan', 112.94, 28.23, 18),
  province('440000', '广东省', 'Guangdong', 113.26, 23.13, 19),
  province('450000', '广西壮族自治区', 'Guangxi', 108.37, 22.82, 20),
  province('460000', '海南省', 'Hainan', 110.35, 20.02, 21),
  province('500000', '重庆市', 'Chongqing', 106.55, 29.56, 22),
  province('510000', '四川省', 'Sichuan', 104.07, 30.57, 23),
  province('520000', '贵州省', 'Guizhou', 106.63, 26.65, 24),
  province('530000', '云南省', 'Yunnan', 102.83, 24.88, 25),
  province('540000', '西藏自治区', 'Xizang (Tibet)', 91.17, 29.65, 26),
  province('610000', '陕西省', 'Shaanxi', 108.94, 34.34, 27),
  province('620000', '甘肃省', 'Gansu', 103.83, 36.06, 28),
  province('630000', '青海省', 'Qinghai', 101.78, 36.62, 29),
  province('640000', '宁夏回族自治区', 'Ningxia', 106.23, 38.49, 30),
  province('650000', '新疆维吾尔自治区', 'Xinjiang', 87.62, 43.83, 31),
  province('710000', '台湾省', 'Taiwan', 121.56, 25.04, 32),
  province('810000', '香港特别行政区', 'Hong Kong', 114.17, 22.32, 33),
  province('820000', '澳门特别行政区', 'Macao', 113.54, 22.19, 34),
];
