// The add-device form's values → the aiom/devices/register body: the Modbus connection only for the
// SunSpec protocol, the designed inverter, its strings (in the design's numbering) and the AC rating
// only for inverters, a rating typed in kW sent in W, empty texts left out. Pure.
import type { AiomDeviceKind, AiomProtocol } from '../../../model/api/aiom-devices.ts';
import type { DeviceRegisterInput } from '../../api/aiom-devices.ts';

export interface DesignStringRef {
  id: string;
  number: number;
  inverterId: string | null;
}

export interface DeviceFormValues {
  kind: AiomDeviceKind;
  serial: string;
  name?: string;
  protocol: AiomProtocol;
  host?: string;
  port?: number;
  unitId?: number;
  designInverterId?: string;
  ratedPowerKw?: number;
}

/** The register body of the form's values: the Modbus connection only for SunSpec, the design only for inverters. */
export function registerBody(projectId: number, v: DeviceFormValues, strings: readonly DesignStringRef[]): DeviceRegisterInput {
  const inverter = v.kind === 'inverter';
  const stringIds = inverter && v.designInverterId ? [...strings].filter((s) => s.inverterId === v.designInverterId).sort((a, b) => a.number - b.number).map((s) => s.id) : undefined;
  return {
    projectId,
    kind: v.kind,
    serial: v.serial.trim(),
    name: v.name?.trim() || undefined,
    protocol: v.protocol,
    modbus: v.protocol === 'sunspec-modbus-tcp' ? { host: (v.host ?? '').trim(), port: v.port ?? 502, unitId: v.unitId ?? 1 } : undefined,
    designInverterId: inverter ? v.designInverterId || undefined : undefined,
    stringIds: stringIds && stringIds.length > 0 ? stringIds : undefined,
    ratedPowerW: inverter && v.ratedPowerKw ? v.ratedPowerKw * 1000 : undefined,
  };
}

