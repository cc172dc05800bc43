// Colours of a device's state on the O&M pages (tags, the 3D view): online green, offline dark grey,
// fault red, never reported light grey — the traffic-light convention of plant monitors (FusionSolar,
// iSolarCloud). Also the colour of an alarm level 1–4 (critical red … warning blue).

export type DeviceState = 'online' | 'offline' | 'fault' | 'neverReported';

export const DEVICE_STATE_COLOURS: Readonly<Record<DeviceState, string>> = {
  online: '#52c41a',
  offline: '#595959',
  fault: '#f5222d',
  neverReported: '#a6a6a6',
};

/** SunSpec operating state St (model 101–103): 7 FAULT. */
export const SUNSPEC_FAULT_STATE = 7;

/**
 * A device's state from its reachability and its last reading: a device that is not online is
 * offline (or never reported); an online one with a fault code or SunSpec state FAULT is at fault.
 */
export function deviceState(status: 'online' | 'offline' | 'neverReported', last: { status?: number | null; faultCode?: number | null } | null): DeviceState {
  if (status !== 'online') return status;
  if (last && ((last.faultCode ?? 0) !== 0 || last.status === SUNSPEC_FAULT_STATE)) return 'fault';
  return 'online';
}

/** A CSS colour as 0xRRGGBB (three.js colours). */
export function hexNumber(css: string): number {
  return Number.parseInt(css.slice(1), 16);
}

/** Alarm levels 1 critical, 2 major, 3 minor, 4 warning → antd tag colours. */
export const ALARM_LEVEL_COLOURS: Readonly<Record<number, string>> = { 1: 'red', 2: 'volcano', 3: 'orange', 4: 'blue' };

/** A plant's state in the list → antd tag colours. */
export const PLANT_STATE_COLOURS: Readonly<Record<'noDevices' | 'offline' | 'fault' | 'partial' | 'normal', string>> = {
  noDevices: 'default',
  offline: 'default',
  fault: 'red',
  partial: 'orange',
  normal: 'green',
};
