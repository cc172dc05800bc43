// /api/web/aiom/statistics: a plant's actual energy against its design's expected energy by day,
// month or year, and the same as an xlsx file. Schemas from src/model/api/aiom-statistics.ts.
import { statisticsSchema, type StatisticsQuery } from '../../model/api/aiom-statistics.ts';
import { request, requestBlob } from './http.ts';

const BASE = '/api/web/aiom/statistics';

export function getStatistics(query: StatisticsQuery) {
  return request(BASE, statisticsSchema, { query: { ...query } });
}

export function exportStatistics(query: StatisticsQuery): Promise<Blob> {
  return requestBlob(`${BASE}/export`, { query: { ...query } });
}
