// The daily clearness indices of one month from its mean, by the Markov-chain procedure of
//   Aguiar, R. J., Collares-Pereira, M. & Conde, J. P. (1988) Simple procedure for generating
//   sequences of daily radiation values using a library of Markov transition matrices.
//   Solar Energy 40(3), 269–279.
// The month's Kt picks a matrix of the library (markov-library.ts). Yesterday's kt gives the row;
// a uniform deviate picks today's state from the row's cumulative probabilities, and a second one
// places kt uniformly inside the state's interval (as solaR's markovG0 does). The first day of a
// month continues from the last day of the previous month.
//
// A chain's long-run mean is near the middle of its Kt bin, not the month's exact Kt, and a month is
// a short sample. So (our step; public implementations do one or the other: solaR's markovG0 scales,
// a MATLAB and a Java one redraw until the mean is within 1 % or 5 %) the month is drawn again until
// its mean is within TOLERANCE of Kt (at most MAX_ATTEMPTS times, keeping the nearest), then scaled
// to the exact mean: Σ kt_d·H0_d / Σ H0_d = Kt, each day weighted by its extraterrestrial irradiation
// H0_d so that the month's irradiation comes out right. Fixing every month's mean removes the
// month-to-month part of the chain's persistence: the lag-1 autocorrelation of a generated year is
// 0.04–0.07 below that of the free chain (measured in tests/unit/weather/generator-daily.test.ts).
import { type AguiarMatrix, AGUIAR_STATES, aguiarMatrix, aguiarState } from './markov-library.ts';
import type { Uniform } from './random.ts';

/** [−] relative distance of a draw's mean from Kt that ends the redrawing. */
export const TOLERANCE = 0.03;
/** Draws of a month at most; the one whose mean is nearest Kt is kept. */
export const MAX_ATTEMPTS = 20;

/**
 * One Markov chain of daily clearness indices.
 * @param matrix the month's matrix of the library
 * @param previousKt clearness index of the day before the first [−]
 * @param uniform source of uniform deviates
 * @param out one value per day [−]; filled and returned
 */
export function aguiarChain(matrix: AguiarMatrix, previousKt: number, uniform: Uniform, out: Float64Array): Float64Array {
  let state = aguiarState(matrix, previousKt);
  for (let d = 0; d < out.length; d++) {
    const u = uniform();
    const row = state * AGUIAR_STATES;
    let next = 0;
    while (next < AGUIAR_STATES - 1 && matrix.cumulative[row + next] <= u) next++;
    state = next;
    out[d] = matrix.ktMin + matrix.step * (state + uniform());
  }
  return out;
}

/**
 * The daily clearness indices of a month whose H0-weighted mean is exactly the month's Kt.
 * @param monthlyKt monthly mean clearness index Kt [−], ≥ 0
 * @param dayH0 extraterrestrial horizontal irradiation of each day [Wh m⁻²] (the weights; one per day)
 * @param previousKt clearness index of the day before the month [−]
 * @param uniform source of uniform deviates
 * @returns one daily clearness index per day [−]
 */
export function aguiarDailyClearness(monthlyKt: number, dayH0: Float64Array, previousKt: number, uniform: Uniform): Float64Array {
  const days = dayH0.length;
  const best = new Float64Array(days);
  if (!(monthlyKt > 0)) return best;
  let h0 = 0;
  for (let d = 0; d < days; d++) h0 += dayH0[d];
  const matrix = aguiarMatrix(monthlyKt);
  const trial = new Float64Array(days);
  let bestMean = Number.NaN;
  for (let attempt = 0; attempt < MAX_ATTEMPTS; attempt++) {
    aguiarChain(matrix, previousKt, uniform, trial);
    let mean = 0;
    if (h0 > 0) {
      for (let d = 0; d < days; d++) mean += trial[d] * dayH0[d];
      mean /= h0;
    } else {
      for (let d = 0; d < days; d++) mean += trial[d];
      mean /= days;
    }
    if (!(Math.abs(mean - monthlyKt) >= Math.abs(bestMean - monthlyKt))) {
      best.set(trial);
      bestMean = mean;
    }
    if (Math.abs(bestMean - monthlyKt) <= TOLERANCE * monthlyKt) break;
  }
  const scale = monthlyKt / bestMean;
  for (let d = 0; d < days; d++) best[d] *= scale;
  return best;
}
