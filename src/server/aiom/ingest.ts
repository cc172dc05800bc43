// Gateway ingest (issue 21 "aiom" §2): a gateway posts batches of readings for its plant, authenticated
// by the plant's token (Bearer; only its SHA-256 hash is stored). The batch is checked by the zod
// schema (model/api/aiom-telemetry.ts: sizes, finite bounded numbers, no unknown fields), every serial
// must be a device of the token's plant (else 400 naming readings.<i>.serial), and it is stored
// idempotently on (serial, ts): a resent batch stores nothing new. Each reporting device's last
// report and state are updated from its newest reading.
import type { Reading } from '../../model/api/aiom-telemetry.ts';
import type { Clock } from '../clock.ts';
import { apiError } from '../errors.ts';
import { stateOf, type AiomDeviceService } from './devices.ts';
import type { TelemetryStore } from './telemetry-store.ts';

/** Readings further ahead of the server's clock are refused (a gateway with a wrong clock) [ms]. */
export const MAX_FUTURE_MS = 10 * 60_000;

/** The token of an `Authorization: Bearer …` header, or null. */
export function bearerToken(header: string | undefined): string | null {
  const m = header ? /^Bearer\s+(\S{8,256})\s*$/i.exec(header) : null;
  return m ? m[1] : null;
}

export class IngestService {
  constructor(
    private readonly devices: AiomDeviceService,
    private readonly store: TelemetryStore,
    private readonly clock: Clock,
  ) {}

  /** The plant of a token, or 401. */
  async plantOf(authorization: string | undefined): Promise<number> {
    const token = bearerToken(authorization);
    const plant = token ? await this.devices.plantOfToken(token) : null;
    if (plant === null) throw apiError('UNAUTHORIZED');
    return plant;
  }

  async ingest(projectId: number, readings: readonly Reading[]): Promise<{ projectId: number; received: number; stored: number }> {
    const known = new Set((await this.devices.rows(projectId)).map((d) => d.serial));
    const limit = this.clock.now().getTime() + MAX_FUTURE_MS;
    readings.forEach((r, i) => {
      if (!known.has(r.serial)) throw apiError('VALIDATION', { field: `readings.${i}.serial`, message: `${r.serial} is not a device of this plant` }, { field: `readings.${i}.serial` });
      if (Date.parse(r.ts) > limit) throw apiError('VALIDATION', { field: `readings.${i}.ts`, message: 'lies in the future' }, { field: `readings.${i}.ts` });
    });
    const stored = await this.store.insert(readings.map((r) => ({ ...r, projectId })));
    const newest = new Map<string, Reading>();
    for (const r of readings) {
      const n = newest.get(r.serial);
      if (!n || Date.parse(r.ts) > Date.parse(n.ts)) newest.set(r.serial, r);
    }
    const now = this.clock.now();
    for (const [serial, r] of newest) {
      const ts = new Date(r.ts);
      await this.devices.markSeen(projectId, serial, ts, stateOf(ts, { status: r.status ?? null, fault_code: r.faultCode ?? null }, now));
    }
    return { projectId, received: readings.length, stored };
  }
}
