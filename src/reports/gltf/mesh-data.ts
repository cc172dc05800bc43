// A growing triangle list (glTF positions and indices) and its conversion to a glTF primitive with
// @gltf-transform/core: 16-bit indices while they fit, else 32-bit.
import type { Buffer, Document, Material, Primitive } from '@gltf-transform/core';
import { putGltf } from './axes.ts';

export class MeshData {
  readonly positions: number[] = [];
  readonly indices: number[] = [];

  get vertexCount(): number {
    return this.positions.length / 3;
  }

  /** Adds a plan-space vertex (x east, y north, z up) and returns its index. */
  vertex(x: number, y: number, z: number): number {
    putGltf(this.positions, x, y, z);
    return this.vertexCount - 1;
  }

  triangle(a: number, b: number, c: number): void {
    this.indices.push(a, b, c);
  }

  /** The primitive of these triangles with a material. */
  toPrimitive(doc: Document, buffer: Buffer, material: Material): Primitive {
    const position = doc.createAccessor().setType('VEC3').setArray(new Float32Array(this.positions)).setBuffer(buffer);
    const index = doc
      .createAccessor()
      .setType('SCALAR')
      .setArray(this.vertexCount <= 65_535 ? new Uint16Array(this.indices) : new Uint32Array(this.indices))
      .setBuffer(buffer);
    return doc.createPrimitive().setAttribute('POSITION', position).setIndices(index).setMaterial(material);
  }
}
