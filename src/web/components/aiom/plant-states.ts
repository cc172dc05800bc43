// Which device state colours which part of the design in the O&M 3D view: each designed inverter takes
// the state of the device bound to it (aiom/overview inverterStates), each module the state of the
// inverter its string is wired to (the design's 'inverter-config': strings[].moduleRefs
// 'arrayId#index', strings[].inverterId); a module on no string, or on an inverter without a device,
// has no state (drawn plain). Pure.
import type { AiomDeviceState } from '../../../model/api/aiom-devices.ts';
import type { InverterConfigDocument } from '../../../model/electrical-design.ts';

export interface InverterStateOf {
  designInverterId: string;
  state: AiomDeviceState;
}

/** Designed inverter id → its bound device's state (a fault outranks the others when several bind). */
export function inverterStates(states: readonly InverterStateOf[]): Map<string, AiomDeviceState> {
  const rank: Record<AiomDeviceState, number> = { fault: 3, offline: 2, online: 1, neverReported: 0 };
  const out = new Map<string, AiomDeviceState>();
  for (const s of states) {
    const had = out.get(s.designInverterId);
    if (had === undefined || rank[s.state] > rank[had]) out.set(s.designInverterId, s.state);
  }
  return out;
}

/** 'arrayId#index' → the state of the inverter the module's string goes to. */
export function moduleStates(config: Pick<InverterConfigDocument, 'strings'> | null, byInverter: ReadonlyMap<string, AiomDeviceState>): Map<string, AiomDeviceState> {
  const out = new Map<string, AiomDeviceState>();
  for (const s of config?.strings ?? []) {
    const state = s.inverterId ? byInverter.get(s.inverterId) : undefined;
    if (state === undefined) continue;
    for (const ref of s.moduleRefs) out.set(ref, state);
  }
  return out;
}
