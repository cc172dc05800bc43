// The typed API of the engine: the same operations in-process, in a Worker (comlink) and in the pool.
import type { MergeInput, MergeOutput, RoofInput, RoofOutput, SplitInput, SplitOutput } from '../model/index.ts';
import type { ShadeInput, ShadeOutput } from '../model/shade.ts';
import type { LayoutInput, LayoutOutput } from '../model/layout.ts';
import type { CableRouteInput, CableRouteOutput, StringingInput, StringingOutput } from '../model/stringing.ts';
import type { RoofPacked } from './roof-packed.ts';

/** A straight skeleton of a simple polygon (plan metres). */
export interface SkeletonOutput {
  /** Nodes [x, y, t]: the first n are the outline vertices (t = 0); t is the wavefront time [m]. */
  nodes: [number, number, number][];
  /** Skeleton arcs as node index pairs. */
  arcs: [number, number][];
  /** For outline edge i (vertex i → i+1), the ring of node indices bounding its face (CCW). */
  faces: number[][];
}

export interface EngineApi {
  /** Roof faces from a drawn building (or an automatic roof). Never throws for engine failures. */
  roof(input: RoofInput): RoofOutput;
  /** Cuts lines at points on their interior and at crossings. */
  split(input: SplitInput): SplitOutput;
  /** The inverse of split. */
  merge(input: MergeInput): MergeOutput;
  /** Straight skeleton of a simple polygon given as [x, y] vertices. */
  skeleton(outline: [number, number][]): SkeletonOutput;
  /** Per-module beam and diffuse shading over a year of sun steps (shadow ray casts). */
  shade(input: ShadeInput): ShadeOutput;
  /** Modules on one roof face: flush or tilted racks, setbacks, keep-outs, row spacing, a capacity cap. */
  layout(input: LayoutInput): LayoutOutput;
  /** `roof` with the answer in typed arrays (roof-packed.ts): faster for big plans, same content. */
  roofPacked(input: RoofInput): RoofPacked;
  /** Automatic strings over a layout: serpentine paths along each face's rows, lengths, shading groups, inverter inputs. */
  stringing(input: StringingInput): StringingOutput;
  /** Manhattan cable routes: strings to their combiner or inverter along their rows, single runs in the plan frame. */
  cableRoute(input: CableRouteInput): CableRouteOutput;
}

/** The same API across a worker boundary: every call is asynchronous. */
export type AsyncEngineApi = { [K in keyof EngineApi]: (...args: Parameters<EngineApi[K]>) => Promise<ReturnType<EngineApi[K]>> };
