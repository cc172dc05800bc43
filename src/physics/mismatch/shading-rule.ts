// From a module's shaded fraction to its substrings' light: the rule that turns the shade analysis's
// per-module beam shading f (the shaded share of the module's sample points, docs/ENGINE-API.md "shade")
// into the beam each bypass substring's current can use.
//
// A substring's cells are in series, so it carries the current of its most shaded cell (Bishop 1988;
// Martínez-Moreno et al. 2010: "a block is shaded when at least one of its cells is partially shaded").
// The rule gives, per substring, the blocked-beam fraction c of that cell: its effective irradiance is
// the diffuse (sky and ground) plus (1 − c) × the beam. The shadow is assumed to come in from the
// module's lower edge — the row in front, the commonest near shading on a roof or a field — and to lie
// straight across it:
//   portrait  — the substrings run up the module side by side: a shadow of depth f crosses all of
//               them equally, each substring's shaded fraction is f;
//   landscape — the substrings lie one above the other: the shadow fills them from the bottom one,
//               substring k (0 = lowest of B) is shaded over s_k = clamp(B·f − k, 0, 1) of its height.
// The shaded cell's blocked fraction c:
//   without `cellRows` — c = 1 as soon as the substring has any shade (beam blocked: diffuse only). This
//               is Deline et al. 2013's simplified model and Martínez-Moreno's "shaded block"; it is
//               pessimistic for a shadow thinner than one cell.
//   with `cellRows` (cell rows from the module's lower edge to its upper edge as installed, e.g. 10 for
//               a 60-cell module in portrait, 6 in landscape) — the lowest shaded cell row is shaded to
//               the shadow's depth measured in cells: c = min(1, f·cellRows) in portrait,
//               c_k = min(1, s_k·cellRows/B) in landscape.
// A shadow from the side or from above (a chimney, a pole) is treated the same way; where the caller
// knows better it passes the substrings' c directly (simulate's `moduleShading.*.substrings`).
//
// Sources: C. Deline et al., Solar Energy 96, 274–282, 2013 (uniform row shading: the shaded substrings
// either limit the string to the diffuse current or are bypassed); F. Martínez-Moreno, J. Muñoz,
// E. Lorenzo, "Experimental model to estimate shading losses on PV arrays", Solar Energy Materials &
// Solar Cells 94, 2298–2303, 2010; PVsyst 7 Help, "Partial shadings: electrical effect" and "Module
// layout" (portrait / landscape substrings); S. MacAlpine, C. Deline, "Simplified method for modeling
// the impact of arbitrary partial shading conditions on PV array performance", NREL/CP-5J00-64570, 2015.

/** How the module is laid: 'portrait' (long side up the slope) or 'landscape'. */
export type ModuleOrientation = 'portrait' | 'landscape';

/** Names accepted for {@link ModuleOrientation}. */
export const MODULE_ORIENTATIONS = ['portrait', 'landscape'] as const;

/**
 * The blocked-beam fraction of each substring's most shaded cell.
 * @param shaded the module's shaded beam fraction f [—], 0..1
 * @param bypassDiodes substrings per module B [—], integer ≥ 1
 * @param orientation 'portrait' or 'landscape'
 * @param cellRows cell rows from the module's lower to its upper edge [—]; undefined: any shade blocks
 * @param out receives c per substring, lowest first (length ≥ bypassDiodes) [—]
 * @param at index of the first substring in out, default 0
 */
export function substringShading(shaded: number, bypassDiodes: number, orientation: ModuleOrientation, cellRows: number | undefined, out: Float64Array, at = 0): void {
  const f = shaded > 1 ? 1 : shaded > 0 ? shaded : 0;
  if (orientation === 'portrait') {
    const c = f === 0 ? 0 : cellRows === undefined ? 1 : Math.min(1, f * cellRows);
    for (let k = 0; k < bypassDiodes; k++) out[at + k] = c;
    return;
  }
  if (orientation !== 'landscape') throw new RangeError(`unknown module orientation ${JSON.stringify(orientation)}; expected portrait or landscape`);
  for (let k = 0; k < bypassDiodes; k++) {
    const s = Math.min(1, Math.max(0, bypassDiodes * f - k));
    out[at + k] = s === 0 ? 0 : cellRows === undefined ? 1 : Math.min(1, (s * cellRows) / bypassDiodes);
  }
}

/**
 * Number of substrings with any shade (Martínez-Moreno's shaded blocks) for a module's shaded fraction.
 * @param shaded the module's shaded beam fraction [—], 0..1
 * @param bypassDiodes substrings per module [—]
 * @param orientation 'portrait' or 'landscape'
 * @returns shaded substrings [—]
 */
export function shadedSubstrings(shaded: number, bypassDiodes: number, orientation: ModuleOrientation): number {
  if (!(shaded > 0)) return 0;
  if (orientation === 'portrait') return bypassDiodes;
  const depth = bypassDiodes * Math.min(1, shaded);
  let n = 0;
  while (n < bypassDiodes && depth - n > 0) n++;
  return n;
}
