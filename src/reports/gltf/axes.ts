// From the design's plan axes (metres, x east, y north, z up) to glTF's (metres, Y up, −Z forward):
// X = x, Y = z, Z = −y. The map is a proper rotation (determinant +1), so a ring counter-clockwise
// seen from above stays counter-clockwise seen from +Y and triangles keep facing up.
export type Vec3 = readonly [number, number, number];

/** Writes the glTF position of a plan point into `out` at `offset`. */
export function putGltf(out: number[], x: number, y: number, z: number): void {
  out.push(x, z, -y);
}
