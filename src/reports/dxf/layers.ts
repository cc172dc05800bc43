// The named layers of the project's DXF drawing (issue 17 §2: the CAD export), with their AutoCAD
// Color Index (ACI) colours: 1 red, 2 yellow, 3 green, 4 cyan, 5 blue, 6 magenta, 7 white/black,
// 8 dark grey, 30 orange, 150 sky blue.
export const DXF_LAYERS = {
  building: { name: 'PV-BUILDING', colour: 8 },
  face: { name: 'PV-FACE', colour: 9 },
  obstacle: { name: 'PV-OBSTACLE', colour: 30 },
  module: { name: 'PV-MODULE', colour: 5 },
  string: { name: 'PV-STRING', colour: 3 },
  inverter: { name: 'PV-INVERTER', colour: 6 },
  combiner: { name: 'PV-COMBINER', colour: 4 },
  cableDc: { name: 'PV-CABLE-DC', colour: 1 },
  cableAc: { name: 'PV-CABLE-AC', colour: 2 },
  grid: { name: 'PV-GRID', colour: 1 },
  text: { name: 'PV-TEXT', colour: 7 },
} as const;

export type DxfLayerKey = keyof typeof DXF_LAYERS;

/** The cable kinds of model/electrical-design.ts: 'ac' runs inverter → grid; 'string' and 'combiner' are DC. */
export function cableLayer(kind: string): DxfLayerKey {
  return kind === 'ac' ? 'cableAc' : 'cableDc';
}
