// The project's 3D scene as a binary glTF (.glb, issue 17 §2), written with @gltf-transform/core:
// roof faces (earcut triangles, one mesh each), building walls, obstacles as prisms on the roof, and
// the modules as thin boxes with one material per string colour or shading heat bin (modules.ts), and
// the inverters, combiners, grid point and cable routes (equipment.ts).
// Metres, glTF's Y-up axes (axes.ts: X = x east, Y = z up, Z = −y); the project's name names the
// scene and its root node and is in the asset's extras.
import { Document, NodeIO, type Material } from '@gltf-transform/core';
import type { ReportInput } from '../report-input.ts';
import { linearRgba, SCENE_COLOURS } from './colours.ts';
import { GRID_POST, COMBINER_BOX, INVERTER_BOX, type DeviceBox } from '../device-boxes.ts';
import { cableLines, deviceMesh } from './equipment.ts';
import { defaultColouring, moduleGroups, type ModuleColouring } from './modules.ts';
import { obstacleMesh } from './obstacles.ts';
import { faceMesh, wallsMesh } from './roof.ts';

export interface GltfOptions {
  /** How modules are coloured; default: by string when strung, else by shading, else plain. */
  colouring?: ModuleColouring;
}

/** Builds the scene as a glTF document. */
export function gltfDocument(input: ReportInput, options: GltfOptions = {}): Document {
  const { model } = input;
  const g = model.geometry;
  const doc = new Document();
  const asset = doc.getRoot().getAsset();
  asset.generator = 'PV Studio';
  asset.extras = { project: model.project.name, generatedAt: model.generatedAt, capacityKwp: model.system.capacityKwp, modules: g.modules.length };
  const buffer = doc.createBuffer();
  const material = (name: string, hex: string, doubleSided: boolean): Material =>
    doc.createMaterial(name).setBaseColorFactor(linearRgba(hex)).setMetallicFactor(0).setRoughnessFactor(0.8).setDoubleSided(doubleSided);

  const root = doc.createNode(model.project.name);
  doc.createScene(model.project.name).setExtras({ project: model.project.name }).addChild(root);

  const walls = wallsMesh(g);
  if (walls.indices.length) root.addChild(doc.createNode('buildings').setMesh(doc.createMesh('buildings').addPrimitive(walls.toPrimitive(doc, buffer, material('wall', SCENE_COLOURS.wall, true)))));

  const roof = material('roof', SCENE_COLOURS.roof, true);
  for (const f of g.faces) {
    const mesh = faceMesh(f);
    if (mesh.indices.length) root.addChild(doc.createNode(`face ${f.id}`).setMesh(doc.createMesh(`face ${f.id}`).addPrimitive(mesh.toPrimitive(doc, buffer, roof))));
  }

  const obstacle = material('obstacle', SCENE_COLOURS.obstacle, false);
  for (const o of g.obstacles) {
    const mesh = obstacleMesh(g, o);
    if (mesh.indices.length) root.addChild(doc.createNode(`obstacle ${o.id}`).setMesh(doc.createMesh(`obstacle ${o.id}`).addPrimitive(mesh.toPrimitive(doc, buffer, obstacle))));
  }

  const groups = moduleGroups(g, options.colouring ?? defaultColouring(g));
  if (groups.length) {
    const mesh = doc.createMesh('modules');
    for (const group of groups) mesh.addPrimitive(group.mesh.toPrimitive(doc, buffer, material(group.name, group.colour, false)));
    root.addChild(doc.createNode('modules').setMesh(mesh));
  }

  const device = (name: string, at: readonly [number, number], box: DeviceBox, m: Material) =>
    root.addChild(doc.createNode(name).setMesh(doc.createMesh(name).addPrimitive(deviceMesh(g, at, box).toPrimitive(doc, buffer, m))));
  const inverter = material('inverter', SCENE_COLOURS.inverter, false);
  for (const v of g.inverters) if (v.position) device(`inverter ${v.name}`, v.position, INVERTER_BOX, inverter);
  const combiner = material('combiner', SCENE_COLOURS.combiner, false);
  for (const c of g.combiners) if (c.position) device(`combiner ${c.name}`, c.position, COMBINER_BOX, combiner);
  if (g.gridPoint) device('grid point', g.gridPoint, GRID_POST, material('grid point', SCENE_COLOURS.grid, false));

  const cables = (['dc', 'ac'] as const).flatMap((side) => {
    const lines = cableLines(g, side);
    return lines.indices.length ? [lines.toPrimitive(doc, buffer, material(`${side} cable`, SCENE_COLOURS[side === 'dc' ? 'cableDc' : 'cableAc'], false), true)] : [];
  });
  if (cables.length) {
    const mesh = doc.createMesh('cables');
    for (const p of cables) mesh.addPrimitive(p);
    root.addChild(doc.createNode('cables').setMesh(mesh));
  }
  return doc;
}

/** Writes the scene as .glb bytes. */
export async function writeGltf(input: ReportInput, options: GltfOptions = {}): Promise<Uint8Array> {
  return new NodeIO().writeBinary(gltfDocument(input, options));
}
