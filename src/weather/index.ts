// The weather package: one hourly record type, the file readers (EPW, TMY3, PVGIS TMY JSON/CSV/EPW,
// PVGIS hourly series), format detection, the PVGIS TMY API client with its cache, and the synthetic
// (estimated) clear-sky year.
// Everything here is pure except readWeatherFile (Node, dynamic import of node:fs).
export * from './record.ts';
export * from './calendar.ts';
export * from './text.ts';
export * from './epw.ts';
export * from './tmy3.ts';
export * from './pvgis.ts';
export * from './pvgis-hourly.ts';
export * from './detect.ts';
export * from './pvgis-client.ts';
export * from './synthetic.ts';
export * from './generator/monthly-year.ts';
export * from './resolve.ts';
export * from './horizon-file.ts';
