// The page: draws what the crate's search and counter say, and sends them the clicks.
import init, { Search, completions, hint } from './queens_web.js';

const FILES = 'abcdefghijklmnop';
const $ = (id) => document.getElementById(id);

await init();

const asked = Number(new URLSearchParams(location.search).get('n'));
const n = Number.isInteger(asked) && asked >= 4 && asked <= 16 ? asked : 8;
let search = new Search(n);
// Puzzle mode: the queens the user placed, as [row, col] pairs; null while watching.
let puzzle = null;
let timer = null;

const size = $('size');
for (let k = 4; k <= 16; k++) {
  size.add(new Option(`${k} x ${k}`, String(k), k === n, k === n));
}
size.addEventListener('change', () => { location.search = `?n=${size.value}`; });

const board = $('board');
board.style.gridTemplateColumns = `repeat(${n}, auto)`;
const cells = [];
for (let row = 0; row < n; row++) {
  const line = document.createElement('div');
  line.setAttribute('role', 'row');
  for (let col = 0; col < n; col++) {
    const cell = document.createElement('div');
    cell.setAttribute('role', 'gridcell');
    cell.className = (row + col) % 2 === 0 ? 'light' : 'dark';
    cell.tabIndex = row === 0 && col === 0 ? 0 : -1;
    cell.addEventListener('click', () => toggle(row, col));
    cell.addEventListener('keydown', (e) => key(e, row, col));
    line.append(cell);
    cells.push(cell);
  }
  board.append(line);
}

const name = (row, col) => `${FILES[col]}${n - row}`;
const plural = (k, word) => `${k} ${word}${k === 1 ? '' : 's'}`;

function attacks(queens, row, col) {
  return queens.some(([r, c]) => c === col || r === row || Math.abs(r - row) === Math.abs(c - col));
}

function draw() {
  let columns; let shaded = () => false; let deadEnd = -1;
  if (puzzle) {
    columns = new Array(n).fill(-1);
    const others = (row, col) => puzzle.filter(([r, c]) => r !== row || c !== col);
    shaded = (row, col) => attacks(others(row, col), row, col);
    const count = completions(n, Uint32Array.from(puzzle.flat()));
    $('completions').textContent = count === 0 ? 'no completion' : plural(count, 'completion');
  } else {
    columns = Array.from(search.columns());
    // Every square the placed queens attack; the row the search tries next as the crate says.
    const placed = columns.flatMap((c, r) => (c >= 0 ? [[r, c]] : []));
    const row = search.attacked_row();
    const mask = search.attacked();
    shaded = (r, c) => (r === row ? ((mask >> c) & 1) === 1 : attacks(placed, r, c));
    deadEnd = search.dead_end();
    $('completions').textContent = '';
  }
  const queenAt = (row, col) => (puzzle ? puzzle.some(([r, c]) => r === row && c === col) : columns[row] === col);
  cells.forEach((cell, i) => {
    const row = Math.floor(i / n); const col = i % n;
    const queen = queenAt(row, col);
    cell.textContent = queen ? '\u265B' : '';
    cell.setAttribute('aria-label', queen ? `${name(row, col)}, queen` : name(row, col));
    cell.classList.toggle('attacked', !queen && shaded(row, col));
    cell.classList.toggle('dead-end', row === deadEnd);
  });
  const depth = puzzle ? puzzle.length : search.depth();
  $('depth').textContent = `Depth ${depth}`;
  $('placements').textContent = `${plural(search.placements(), 'placement')} tried`;
  $('solutions').textContent = `${plural(search.solutions(), 'solution')} found`;
}

function watch() {
  if (puzzle) { puzzle = null; }
}

function step() {
  watch();
  const more = search.step();
  if (!more) { pause(); }
  draw();
  return more;
}

function pause() {
  if (timer !== null) { clearInterval(timer); timer = null; }
  $('play').textContent = 'Play';
}

function play() {
  if (timer !== null) { pause(); return; }
  $('play').textContent = 'Pause';
  const perSecond = Number($('speed').value);
  timer = setInterval(step, 1000 / perSecond);
}

function toggle(row, col) {
  pause();
  puzzle = puzzle ?? [];
  const at = puzzle.findIndex(([r, c]) => r === row && c === col);
  if (at >= 0) { puzzle.splice(at, 1); } else { puzzle.push([row, col]); }
  draw();
}

function key(e, row, col) {
  const moves = { ArrowUp: [-1, 0], ArrowDown: [1, 0], ArrowLeft: [0, -1], ArrowRight: [0, 1] };
  if (e.key === 'Enter' || e.key === ' ') { e.preventDefault(); toggle(row, col); return; }
  const move = moves[e.key];
  if (!move) { return; }
  e.preventDefault();
  const r = Math.min(n - 1, Math.max(0, row + move[0]));
  const c = Math.min(n - 1, Math.max(0, col + move[1]));
  cells[row * n + col].tabIndex = -1;
  const next = cells[r * n + c];
  next.tabIndex = 0;
  next.focus();
}

$('step').addEventListener('click', () => { pause(); step(); });
$('back').addEventListener('click', () => { pause(); watch(); search.back(); draw(); });
$('play').addEventListener('click', () => { watch(); play(); });
$('reset').addEventListener('click', () => { pause(); puzzle = null; search = new Search(n); draw(); });
$('hint').addEventListener('click', () => {
  pause();
  puzzle = puzzle ?? [];
  const square = hint(n, Uint32Array.from(puzzle.flat()));
  if (square.length === 2) { puzzle.push([square[0], square[1]]); }
  draw();
});
$('speed').addEventListener('change', () => { if (timer !== null) { pause(); play(); } });

draw();
document.body.dataset.ready = 'true';
