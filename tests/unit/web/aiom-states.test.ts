// Device states on the O&M pages: the colour of each state, a plant's state in the list, which designed
// inverter and modules take which device's state in the 3D view, and the add-device body.
import { describe, expect, it } from 'vitest';
import { DEVICE_STATE_COLOURS, deviceState, hexNumber } from '../../../src/web/components/aiom/device-colours.ts';
import { registerBody } from '../../../src/web/components/aiom/device-form.ts';
import { inverterStates, moduleStates } from '../../../src/web/components/aiom/plant-states.ts';
import { plantState } from '../../../src/web/hooks/useAiomList.ts';

describe('state colours', () => {
  it('gives each state its own traffic-light colour', () => {
    expect(new Set(Object.values(DEVICE_STATE_COLOURS)).size).toBe(4);
    expect(hexNumber(DEVICE_STATE_COLOURS.fault)).toBe(0xf5222d);
    expect(hexNumber(DEVICE_STATE_COLOURS.online)).toBe(0x52c41a);
  });

  it('marks an online device with a fault code or SunSpec state 7 (FAULT) as at fault', () => {
    expect(deviceState('online', { status: 4, faultCode: 0 })).toBe('online');
    expect(deviceState('online', { status: 7, faultCode: 0 })).toBe('fault');
    expect(deviceState('online', { status: 4, faultCode: 0x0001 })).toBe('fault');
    expect(deviceState('offline', { status: 7, faultCode: 1 })).toBe('offline');
    expect(deviceState('neverReported', null)).toBe('neverReported');
  });
});

describe("a plant's state in the list", () => {
  const h = (devices: number, online: number, fault: number) => ({ devices, online, offline: devices - online - fault, fault, neverReported: 0, activeFaults: [] });
  it('is fault before partial before normal', () => {
    expect(plantState(null)).toBe('noDevices');
    expect(plantState(h(0, 0, 0))).toBe('noDevices');
    expect(plantState(h(3, 0, 0))).toBe('offline');
    expect(plantState(h(3, 2, 1))).toBe('fault');
    expect(plantState(h(3, 2, 0))).toBe('partial');
    expect(plantState(h(3, 3, 0))).toBe('normal');
  });
});

describe('states in the 3D view', () => {
  const config = {
    strings: [
      { id: 's1', number: 1, moduleRefs: ['A#0', 'A#1'], inverterId: 'inv1', mppt: 0, combinerId: null },
      { id: 's2', number: 2, moduleRefs: ['B#0'], inverterId: 'inv2', mppt: 0, combinerId: null },
      { id: 's3', number: 3, moduleRefs: ['B#1'], inverterId: null, mppt: null, combinerId: null },
    ],
  };

  it("colours each module with its string's inverter's device state", () => {
    const byInverter = inverterStates([
      { designInverterId: 'inv1', state: 'online' },
      { designInverterId: 'inv2', state: 'offline' },
    ]);
    const m = moduleStates(config, byInverter);
    expect(m.get('A#0')).toBe('online');
    expect(m.get('A#1')).toBe('online');
    expect(m.get('B#0')).toBe('offline');
    expect(m.has('B#1')).toBe(false); // on no inverter: drawn plain
  });

  it('lets a fault outrank the other devices bound to the same designed inverter', () => {
    const byInverter = inverterStates([
      { designInverterId: 'inv1', state: 'online' },
      { designInverterId: 'inv1', state: 'fault' },
      { designInverterId: 'inv1', state: 'offline' },
    ]);
    expect(byInverter.get('inv1')).toBe('fault');
    expect(moduleStates(null, byInverter).size).toBe(0);
  });
});

describe('the add-device body', () => {
  const strings = [
    { id: 'b', number: 2, inverterId: 'inv1' },
    { id: 'a', number: 1, inverterId: 'inv1' },
    { id: 'c', number: 3, inverterId: 'inv2' },
  ];

  it("sends an inverter's Modbus connection, designed inverter, its strings in design order and rating in W", () => {
    const b = registerBody(5, { kind: 'inverter', serial: ' INV-001 ', name: '', protocol: 'sunspec-modbus-tcp', host: ' 127.0.0.1 ', port: 1502, unitId: 3, designInverterId: 'inv1', ratedPowerKw: 5.5 }, strings);
    expect(b).toEqual({ projectId: 5, kind: 'inverter', serial: 'INV-001', name: undefined, protocol: 'sunspec-modbus-tcp', modbus: { host: '127.0.0.1', port: 1502, unitId: 3 }, designInverterId: 'inv1', stringIds: ['a', 'b'], ratedPowerW: 5500 });
  });

  it('leaves the design and the connection out where they do not apply', () => {
    const b = registerBody(5, { kind: 'sensor', serial: 'SEN-1', protocol: 'gateway', designInverterId: 'inv1', ratedPowerKw: 3 }, strings);
    expect(b.modbus).toBeUndefined();
    expect(b.designInverterId).toBeUndefined();
    expect(b.stringIds).toBeUndefined();
    expect(b.ratedPowerW).toBeUndefined();
  });
});
