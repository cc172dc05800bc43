// The product's public configuration values (spec 000 §7 config/value): one list over the constants
// where they are defined — src/model (spec 000 §9 / 001 §9 limits), the account policy and this
// server's configuration — so that nothing is written twice. GET config/value?key=… answers one.
import { BOX_INFO_DEFAULT, CANVAS, HISTORY } from '../../model/constants.ts';
import { DRONE_LIMITS } from '../../model/api/drone.ts';
import { gridTypes, PROJECT_LIMITS, SHARE_DAYS } from '../../model/api/projects.ts';
import { NUMERIC_RANGE } from '../../model/equipment.ts';
import { POLICY } from '../accounts/policy.ts';
import { MINUTE, SECOND } from '../clock.ts';

/** A JSON value. */
export type JsonValue = string | number | boolean | null | JsonValue[] | { [k: string]: JsonValue };

export interface ConfigValue {
  key: string;
  value: JsonValue;
  description: string;
  source: string;
}

const SPEC0 = 'spec 000 §9';
const SPEC1 = 'spec 001 §9';

/** Every public value; `maxProjectsPerUser` is this server's setting. */
export function configValues(server: { maxProjectsPerUser: number }): ConfigValue[] {
  return [
    { key: 'gridTypes', value: [...gridTypes], description: 'grid connection voltages', source: `${SPEC0}, ${SPEC1}` },
    { key: 'shareValidityDays', value: [...SHARE_DAYS], description: 'share link validity options [days]', source: `${SPEC1} Share` },
    { key: 'copyLinkHours', value: PROJECT_LIMITS.copyLinkHours, description: 'a copyable share link is valid this long [h]', source: SPEC0 },
    { key: 'reportLinkHours', value: PROJECT_LIMITS.reportLinkHours, description: 'a report share link is valid this long by default [h]', source: 'our default' },
    { key: 'screenshotMax', value: PROJECT_LIMITS.maxScreenshots, description: 'screenshots per project', source: SPEC0 },
    { key: 'screenshotMaxBytes', value: PROJECT_LIMITS.screenshotMaxBytes, description: 'largest screenshot [bytes]', source: 'our limit' },
    { key: 'compareMin', value: PROJECT_LIMITS.compareMin, description: 'fewest projects in a comparison', source: SPEC0 },
    { key: 'compareMax', value: PROJECT_LIMITS.compareMax, description: 'most projects in a comparison', source: SPEC0 },
    { key: 'projectNamePopoverLength', value: PROJECT_LIMITS.namePopoverLength, description: 'longer project names show in a popover [characters]', source: SPEC1 },
    { key: 'droneMinPhotos', value: DRONE_LIMITS.minApproved, description: 'approved drone photos needed for modelling', source: SPEC1 },
    { key: 'droneModellingMinutes', value: [...DRONE_LIMITS.modellingMinutes], description: 'typical drone modelling time [min]', source: SPEC1 },
    { key: 'codeCountdownSeconds', value: POLICY.codeResendInterval / SECOND, description: 'a new verification code may be requested after this long [s]', source: 'account policy (src/server/accounts/policy.ts)' },
    { key: 'codeValidityMinutes', value: POLICY.codeTtl / MINUTE, description: 'a verification code is valid this long [min]', source: 'account policy' },
    { key: 'trialDays', value: POLICY.trialDays, description: 'trial of a new account [days]', source: 'docs/PRODUCT.md' },
    { key: 'completeInfoDays', value: POLICY.completeInfoDays, description: 'extra trial for completing the account information [days]', source: 'docs/PRODUCT.md' },
    { key: 'numericRange', value: { ...NUMERIC_RANGE }, description: 'range of numeric inputs', source: SPEC1 },
    { key: 'history', value: { ...HISTORY }, description: 'scene snapshots: prune above, keep last, undo/redo options', source: SPEC0 },
    { key: 'canvas', value: { ...CANVAS }, description: 'canvas output size [px] and image compression quality', source: SPEC0 },
    { key: 'boxInfoDefault', value: { ...BOX_INFO_DEFAULT }, description: 'default box info of a face', source: SPEC0 },
    { key: 'maxProjectsPerUser', value: server.maxProjectsPerUser, description: 'most projects one account may hold (this server)', source: 'server configuration MAX_PROJECTS_PER_USER' },
  ];
}
