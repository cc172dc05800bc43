// A growing triangle or line-segment list (glTF positions and indices) and its conversion to a glTF
// primitive with @gltf-transform/core: 16-bit indices while they fit, else 32-bit.
import { Primitive, type Buffer, type Document, type Material } from '@gltf-transform/core';
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

  /** A line segment (a mesh holds triangles or segments, never both). */
  segment(a: number, b: number): void {
    this.indices.push(a, b);
  }

  /** The primitive of these triangles (or, `lines`, segments) with a material. */
  toPrimitive(doc: Document, buffer: Buffer, material: Material, lines = false): Primitive {
    const position = doc.createAccessor().setType('VEC3').setArray(new Float32Array(this.positions)).setBuffer(buffer);
    const index = doc
      .createAccessor()
      .setType('SCALAR')
      .setArray(this.vertexCount <= 65_535 ? new Uint16Array(this.indices) : new Uint32Array(this.indices))
      .setBuffer(buffer);
    return doc
      .createPrimitive()
      .setMode(lines ? Primitive.Mode.LINES : Primitive.Mode.TRIANGLES)
      .setAttribute('POSITION', position)
      .setIndices(index)
      .setMaterial(material);
  }
}
