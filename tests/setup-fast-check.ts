// Property tests run with a fixed seed so that a run is reproducible and CI judges the code, not the
// dice. Explore new inputs with FC_SEED=<n> (or FC_SEED=random); fast-check prints the seed and the
// counterexample of any failure.
import fc from 'fast-check';

const env = process.env.FC_SEED;
const seed = env === 'random' ? Date.now() ^ (Math.random() * 2 ** 31) : env ? Number(env) : 20261121;
fc.configureGlobal({ seed });
