// The Information step's form (spec 000 §3 "Project (basic data)", §5): required project fields
// ('This field is required'), the location as 'lon,lat' ('The latitude and longitude format is
// incorrect') and grid type (220V / 380V). The weather is chosen in the step's weather card
// (components/weather), not in this form.
import { z } from 'zod';
import { MESSAGES } from '../../model/account.ts';
import { API_MESSAGES } from '../../model/api/common.ts';
import { gridTypes, parseLocation, powerStationTypes, surveyTypes } from '../../model/api/projects.ts';

export const LON_LAT_MESSAGE = API_MESSAGES.latLng;
export const RANGE_MESSAGE = 'needs to be between 0 and 999999';

export { gridTypes as GRID_TYPES, powerStationTypes as POWER_STATION_TYPES, surveyTypes as SURVEY_TYPES };
/** New-project dialog: connection to the high- or low-voltage grid (spec 001 §2). */
export const GRID_MODES = ['HIGH', 'LOW'] as const;
/** Operation modes (spec 001 §9): 1 surplus to grid, 2 full self-use, 3 full feed-in. */
export const OPERATION_MODES = [1, 2, 3] as const;

/** 'lon,lat' with 6 decimals (≈ 0.1 m). */
export function formatLonLat(lon: number, lat: number): string {
  return `${lon.toFixed(6)},${lat.toFixed(6)}`;
}

const required = z.string({ error: MESSAGES.required }).trim().min(1, MESSAGES.required);
const choice = <T extends readonly [string, ...string[]]>(values: T) => z.enum(values, { error: MESSAGES.required });

export const projectInfoForm = z.object({
  name: required.max(100),
  company: z.string().trim().max(100),
  description: z.string().trim().max(500),
  powerStationType: choice(powerStationTypes),
  surveyType: choice(surveyTypes),
  operationMode: z.union([z.literal(1), z.literal(2), z.literal(3)], { error: MESSAGES.required }),
  gridType: choice(gridTypes),
  /** Maximum installed capacity [kW]; empty = no cap. */
  maxCapacity: z.union([z.null(), z.number({ error: RANGE_MESSAGE }).min(0, RANGE_MESSAGE).max(999999, RANGE_MESSAGE)]),
  address: required.max(200),
  location: required.refine((v) => parseLocation(v) !== null, LON_LAT_MESSAGE),
});

export type ProjectInfoForm = z.input<typeof projectInfoForm>;
export type ProjectInfo = z.output<typeof projectInfoForm>;

export const EMPTY_PROJECT_INFO: ProjectInfoForm = {
  name: '',
  company: '',
  description: '',
  powerStationType: 'COMMERCIAL',
  surveyType: 'SATELLITE',
  operationMode: 3,
  gridType: '380V',
  maxCapacity: null,
  address: '',
  location: '',
};
