/**
 * Property tests draw new inputs on every run, which is how they keep finding cases; CI must not pass or fail by
 * the draw, so `.ci/run` sets FC_SEED and every property there runs on the same inputs, run after run. A failure
 * prints its seed either way: `FC_SEED=<seed> npx vitest run <file>` replays it.
 */
import fc from "fast-check";

const seed = process.env.FC_SEED;
if (seed !== undefined && seed !== "") {
  if (!/^-?\d{1,10}$/.test(seed)) throw new Error(`FC_SEED must be an integer: ${seed}`);
  fc.configureGlobal({ seed: Number(seed) });
}
