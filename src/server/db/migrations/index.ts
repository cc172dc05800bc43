// The ordered list of migrations. To add one: create `NNNN-<what>.ts` next to this file exporting
// `up(db)` (and `down(db)`), import it here and append it with the next number as its key. Kysely
// runs them in key order, each in a transaction, and records them in `kysely_migration`.
import type { Migration } from 'kysely';
import * as accounts from './0001-accounts.ts';
import * as projects from './0002-projects.ts';
import * as payments from './0003-payments.ts';
import * as drone from './0004-drone.ts';
import * as tariffs from './0005-tariffs.ts';
import * as messagesDevices from './0006-messages-devices.ts';
import * as projectListItems from './0007-project-list-items.ts';
import * as abuseLimits from './0008-abuse-limits.ts';
import * as jobs from './0009-jobs.ts';
import * as userSettings from './0010-user-settings.ts';
import * as projectYield from './0011-project-yield.ts';
import * as enterprise from './0012-enterprise.ts';
import * as assistant from './0015-assistant.ts';
import * as yieldRuns from './0016-yield-runs.ts';
import * as telemetry from './0013-telemetry.ts';
import * as aiomOperations from './0014-aiom-operations.ts';

export const migrations: Record<string, Migration> = {
  '0001-accounts': accounts,
  '0002-projects': projects,
  '0003-payments': payments,
  '0004-drone': drone,
  '0005-tariffs': tariffs,
  '0006-messages-devices': messagesDevices,
  '0007-project-list-items': projectListItems,
  '0008-abuse-limits': abuseLimits,
  '0009-jobs': jobs,
  '0010-user-settings': userSettings,
  '0011-project-yield': projectYield,
  '0012-enterprise': enterprise,
  '0013-telemetry': telemetry,
  '0014-aiom-operations': aiomOperations,
  '0015-assistant': assistant,
  '0016-yield-runs': yieldRuns,
};
