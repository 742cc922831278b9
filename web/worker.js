// The page's worker: counts, hints and puzzles off the main thread, so the page never
// freezes while the crate works. Answers {kind, ...} with {result} or {error}.
import init, { completions, hint, new_puzzle, why_stuck } from './queens_web.js';

const ready = init();
const pairs = (flat) => Array.from({ length: flat.length / 2 }, (_, i) => [flat[2 * i], flat[2 * i + 1]]);

self.onmessage = async ({ data }) => {
  await ready;
  try {
    const queens = Uint32Array.from(data.queens ?? []);
    let result;
    if (data.kind === 'count') {
      const count = completions(data.n, queens);
      result = { count, why: count === 0 ? why_stuck(data.n, queens) : '' };
    } else if (data.kind === 'hint') {
      const square = Array.from(hint(data.n, queens));
      result = { square, why: square.length === 0 ? why_stuck(data.n, queens) : '' };
    } else if (data.kind === 'puzzle') {
      result = pairs(Array.from(new_puzzle(data.n, data.level, data.seed)));
    } else {
      throw new Error(`unknown request ${data.kind}`);
    }
    self.postMessage({ result });
  } catch (err) {
    self.postMessage({ error: String(err.message ?? err) });
  }
};
