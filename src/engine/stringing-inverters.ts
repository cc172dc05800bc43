// Strings onto inverters' MPPT inputs (docs/ENGINE-API.md "stringing", `inverters`): the host's last
// step after the stringing kernel, integer arithmetic only. Strings come in order of position (face
// after face, along each face's path), so consecutive strings are neighbours and each inverter takes
// a consecutive run of them:
// - capacity Cᵢ = mpptCountᵢ × stringsPerMpptᵢ, total C; with S ≥ C strings inverter i takes the next
//   Cᵢ and the S − C strings left get no inverter;
// - with S < C the strings are shared in proportion to capacity (largest remainders: ⌊S·Cᵢ/C⌋ each,
//   then one more to the inverters with the largest remainder S·Cᵢ mod C, ties the earlier inverter);
// - within an inverter its nᵢ strings spread evenly over its MPPT inputs in order: input j takes
//   ⌊nᵢ/M⌋ + (j < nᵢ mod M ? 1 : 0) consecutive strings (M the input count).

export interface InverterSlots {
  mpptCount: number;
  stringsPerMppt: number;
}

/** Where a string goes: the inverter's index in the input and its 0-based MPPT input. */
export interface StringSlot {
  inverter: number;
  mppt: number;
}

/** How many of `strings` strings each inverter takes. */
export function stringsPerInverter(strings: number, inverters: readonly InverterSlots[]): number[] {
  const capacity = inverters.map((v) => v.mpptCount * v.stringsPerMppt);
  const total = capacity.reduce((s, c) => s + c, 0);
  if (strings >= total) return capacity;
  const share = capacity.map((c) => Math.floor((strings * c) / total));
  let left = strings - share.reduce((s, n) => s + n, 0);
  const byRemainder = capacity
    .map((c, i) => ({ i, rem: (strings * c) % total }))
    .sort((a, b) => b.rem - a.rem || a.i - b.i);
  for (const { i } of byRemainder) {
    if (left === 0) break;
    share[i]++;
    left--;
  }
  return share;
}

/** The slot of each of `strings` strings in order (null: beyond every inverter's capacity). */
export function assignInverters(strings: number, inverters: readonly InverterSlots[]): (StringSlot | null)[] {
  const out: (StringSlot | null)[] = new Array(strings).fill(null);
  const counts = stringsPerInverter(strings, inverters);
  let next = 0;
  inverters.forEach((inv, i) => {
    const n = counts[i];
    const M = inv.mpptCount;
    for (let j = 0; j < M; j++) {
      const take = Math.floor(n / M) + (j < n % M ? 1 : 0);
      for (let t = 0; t < take; t++) out[next++] = { inverter: i, mppt: j };
    }
  });
  return out;
}
