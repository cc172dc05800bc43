// The 3D view's objects (three.js geometry, no WebGL): modules must sit where the layout put them
// with their true size and tilt, and roofs must cover the footprint.
import * as THREE from 'three';
import { describe, expect, it } from 'vitest';
import { createReferenceEngine } from '../../../../../src/engine/api.ts';
import type { WinterShadow } from '../../../../../src/design-rules/winter-shadows.ts';
import { DEFAULT_LAYOUT_SETTINGS, type LayoutDocument } from '../../../../../src/model/design.ts';
import { MODULE_LIFT, MODULE_THICKNESS, faceGeometry, moduleMatrix, modulesObject, shadowsObject, SHADOW_LIFT } from '../../../../../src/web/editor/render/view-3d-objects.ts';

describe('3D view objects', () => {
  it('places a south-facing module at 30° with its corners 1.134 m apart along the row and rising 1.139 m up the slope', () => {
    // up·sin(30°) = 2.278 × 0.5 = 1.139 m rise; plan depth 2.278 × cos 30° = 1.9728 m.
    const m = moduleMatrix([10, 20, 5], 30, 180, 1.134, 2.278);
    const corner = (u: number, v: number) => new THREE.Vector3(u, v, -0.5).applyMatrix4(m);
    const a = corner(-0.5, -0.5);
    const b = corner(0.5, -0.5);
    const d = corner(-0.5, 0.5);
    expect(a.distanceTo(b)).toBeCloseTo(1.134, 9);
    expect(b.z - a.z).toBeCloseTo(0, 9);
    expect(d.z - a.z).toBeCloseTo(1.139, 9);
    expect(d.y - a.y).toBeCloseTo(1.9728, 4);
    // The centre is lifted off the roof along the normal (south and up).
    const c = new THREE.Vector3(0, 0, 0).applyMatrix4(m);
    const lift = MODULE_LIFT + MODULE_THICKNESS / 2;
    expect(c.x).toBeCloseTo(10, 9);
    expect(c.y).toBeCloseTo(20 - lift * Math.sin(Math.PI / 6), 9);
    expect(c.z).toBeCloseTo(5 + lift * Math.cos(Math.PI / 6), 9);
  });

  it('makes one InstancedMesh holding every module of every array', () => {
    const layout: LayoutDocument = {
      kind: 'layout',
      version: 1,
      module: null,
      settings: DEFAULT_LAYOUT_SETTINGS,
      arrays: [
        { id: 'a', buildingId: 'b', faceId: 'f', settings: DEFAULT_LAYOUT_SETTINGS, tilt: 20, azimuth: 180, along: 1, up: 2, centers: [0, 0, 3, 2, 0, 3], rowPitch: 0 },
        { id: 'c', buildingId: 'b', faceId: 'g', settings: DEFAULT_LAYOUT_SETTINGS, tilt: 20, azimuth: 0, along: 1, up: 2, centers: [0, 9, 3], rowPitch: 0 },
      ],
    };
    const mesh = modulesObject(layout, new Map([['a', [0, 0.2]]]), null)!;
    expect(mesh.count).toBe(3);
    expect(mesh.instanceColor).not.toBeNull();
  });

  it('lifts the hip roof faces to the engine heights: eave 6 m, ridge 6 + 5·tan 30° = 8.887 m', () => {
    const roof = createReferenceEngine().roof({
      building: { id: 'b', eaveHeight: 6, outerPoints: [{ id: 'o1', x: 0, y: 0 }, { id: 'o2', x: 10, y: 0 }, { id: 'o3', x: 10, y: 20 }, { id: 'o4', x: 0, y: 20 }] },
      auto: { type: 'hip', pitch: 30 },
    });
    let zMax = -Infinity;
    let zMin = Infinity;
    for (const f of roof.faces) {
      const g = faceGeometry(f)!;
      g.computeBoundingBox();
      zMax = Math.max(zMax, g.boundingBox!.max.z);
      zMin = Math.min(zMin, g.boundingBox!.min.z);
    }
    expect(zMin).toBeCloseTo(6, 5);
    expect(zMax).toBeCloseTo(6 + 5 * Math.tan(Math.PI / 6), 5);
  });

  it('drapes a shadow over a flat roof at the roof height and on the ground outside it', () => {
    const roofs = new Map([
      [
        'b',
        {
          success: true,
          errors: [],
          points: [],
          lines: [],
          faces: [{ id: 'f', pointIds: [], vertices: [[0, 0, 10], [10, 0, 10], [10, 10, 10], [0, 10, 10]] as [number, number, number][], tilt: 0, azimuth: 180, area: 100, planArea: 100, normal: [0, 0, 1] as [number, number, number] }],
        },
      ],
    ]);
    // A 4 × 4 m shadow straddling the roof edge x = 10: half on the roof, half on the ground.
    const s: WinterShadow = { label: '12:00', hourAngle: 0, elevation: 30, azimuth: 180, sunUp: true, shadows: [[[8, 2], [12, 2], [12, 6], [8, 6]]] };
    const mesh = shadowsObject([s], roofs)!;
    const p = mesh.geometry.getAttribute('position');
    let onRoof = 0;
    let onGround = 0;
    for (let i = 0; i < p.count; i += 3) {
      const ax = p.getX(i), ay = p.getY(i), bx = p.getX(i + 1), by = p.getY(i + 1), cx = p.getX(i + 2), cy = p.getY(i + 2);
      const a = Math.abs((bx - ax) * (cy - ay) - (cx - ax) * (by - ay)) / 2;
      if (Math.abs(p.getZ(i) - (10 + SHADOW_LIFT)) < 1e-6) onRoof += a;
      else if (Math.abs(p.getZ(i) - SHADOW_LIFT) < 1e-6) onGround += a;
    }
    expect(onRoof).toBeCloseTo(8, 4);
    expect(onGround).toBeCloseTo(8, 4);
  });
});
