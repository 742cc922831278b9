// The page: two modes on one board area. Watch steps the crate's search (fast, on this
// thread); Solve sends counts, hints and puzzles to a Web Worker, so a long count never
// freezes the page.
import init, { Search, attacks, palette_css, square_name } from './queens_web.js';

await init();
document.documentElement.style.cssText += palette_css();

const $ = (id) => document.getElementById(id);
const plural = (k, word) => `${k.toLocaleString('en')} ${word}${k === 1 ? '' : 's'}`;
// The crate's rule and names, from the wasm module: the page holds none of its own.
const attack = ([r1, c1], [r2, c2]) => attacks(r1, c1, r2, c2);
const same = ([r1, c1], [r2, c2]) => r1 === r2 && c1 === c2;

const asked = Number(new URLSearchParams(location.search).get('n'));
let n = Number.isInteger(asked) && asked >= 4 && asked <= 16 ? asked : 8;
let mode = 'watch';
let search;
// Solve mode: the clues of a puzzle and the queens placed by the user, in order.
let solve;
let cells = [];
const name = ([row, col]) => square_name(n, row, col);

// ---- The worker: counts, hints and puzzles, the latest request winning. ----
let worker = null;
let pending = null;
function ask(message) {
  if (pending) {
    // A newer question makes the running one moot: stop it rather than queue behind it.
    worker.terminate();
    worker = null;
    pending.reject(new Error('superseded'));
  }
  worker ??= new Worker('worker.js', { type: 'module' });
  $('work').hidden = false;
  $('status').setAttribute('aria-busy', 'true');
  return new Promise((resolve, reject) => {
    pending = { resolve, reject };
    const done = () => {
      pending = null;
      $('work').hidden = true;
      $('status').removeAttribute('aria-busy');
    };
    worker.onmessage = (e) => { done(); if ('error' in e.data) { reject(new Error(e.data.error)); } else { resolve(e.data.result); } };
    worker.onerror = (e) => { done(); reject(new Error(e.message)); };
    worker.postMessage(message);
  });
}

// ---- Captions: shown at once, announced politely, at most every 2 s while playing. ----
let lastAnnounced = 0;
let announceTimer = null;
function caption(text, { urgent = false } = {}) {
  $('caption').textContent = text;
  clearTimeout(announceTimer);
  const wait = urgent || !playing() ? 0 : Math.max(0, 2000 - (Date.now() - lastAnnounced));
  announceTimer = setTimeout(() => { $('announce').textContent = text; lastAnnounced = Date.now(); }, wait);
}

// ---- The board ----
function build() {
  const board = $('board');
  board.replaceChildren();
  document.documentElement.style.setProperty('--n', n);
  board.setAttribute('aria-label', `Board, ${n} by ${n}`);
  cells = [];
  for (let row = 0; row < n; row++) {
    const line = document.createElement('div');
    line.setAttribute('role', 'row');
    for (let col = 0; col < n; col++) {
      const cell = document.createElement('div');
      cell.setAttribute('role', 'gridcell');
      cell.tabIndex = row === 0 && col === 0 ? 0 : -1;
      cell.addEventListener('click', () => clicked(row, col));
      cell.addEventListener('keydown', (e) => moveFocus(e, row, col));
      if (col === 0) { cell.dataset.rank = n - row; }
      if (row === n - 1) { cell.dataset.file = square_name(n, row, col).replace(/[0-9]+$/, ''); }
      line.append(cell);
      cells.push(cell);
    }
    board.append(line);
  }
  fit();
}

// Squares sized from the window: the whole board, and its caption, in view.
function fit() {
  const board = $('board');
  const wide = window.innerWidth >= 760;
  const width = window.innerWidth - 32 - 6 - (wide ? 340 : 0);
  const top = board.getBoundingClientRect().top + window.scrollY;
  const height = window.innerHeight - top - 6 - 64;
  const cell = Math.floor(Math.min(width, height, 56 * n) / n);
  document.documentElement.style.setProperty('--cell', `${Math.max(cell, 16)}px`);
}
window.addEventListener('resize', fit);

// One square drawn: its colour, its piece and its name for screen readers.
function paint(i, { queen = null, attacked = false, marks = [], about = '' }) {
  const row = Math.floor(i / n); const col = i % n;
  const cell = cells[i];
  cell.className = (row + col) % 2 === 0 ? 'light' : 'dark';
  if (attacked && !queen) { cell.classList.add('attacked'); }
  for (const mark of marks) { cell.classList.add(mark); }
  if (queen) { cell.classList.add(queen); }
  // A solver's queen is the outlined chess queen, every other the solid one.
  const glyph = queen === 'mine' ? '♕' : '♛';
  const piece = queen ? `<span class="piece" aria-hidden="true">${glyph}</span>` : '';
  if (cell.innerHTML !== piece) { cell.innerHTML = piece; }
  const label = [name([row, col])];
  if (queen && queen !== 'ghost') { label.push('queen'); }
  if (about) { label.push(about); }
  cell.setAttribute('aria-label', label.join(', '));
}

// ---- Watch ----
let timer = null;
let rate = 8;
const playing = () => timer !== null;

function drawWatch() {
  const columns = Array.from(search.columns());
  const event = search.event();
  const [er, ec] = search.event_square();
  // The row the search works on: the next one after a placement, the same one after a queen
  // is taken back (its next square), the dead one; its attacked squares are darkened.
  const tried = { start: 0, place: er + 1, remove: er, 'dead-end': er }[event] ?? -1;
  const triedRow = search.finished() || tried >= n ? -1 : tried;
  const queens = columns.flatMap((c, r) => (c >= 0 && r !== triedRow ? [[r, c]] : []));
  const deadRow = event === 'dead-end' ? er : -1;
  cells.forEach((_, i) => {
    const row = Math.floor(i / n); const col = i % n;
    const marks = [];
    if (row === deadRow || row === triedRow) {
      marks.push(row === deadRow ? 'dead-end' : 'tried');
      if (col === 0) { marks.push('edge-left'); }
      if (col === n - 1) { marks.push('edge-right'); }
    }
    let queen = columns[row] === col ? 'queen' : null;
    let about = '';
    if (!queen && event === 'remove' && row === er && col === ec) { queen = 'ghost'; about = 'queen just taken back'; }
    const attacked = row === triedRow && !queen && queens.some((q) => attack(q, [row, col]));
    if (attacked) { about = 'attacked'; }
    paint(i, { queen, attacked, marks, about });
  });
  $('board').classList.toggle('solved', event === 'solution');
  const depth = search.depth();
  $('status').textContent = `${plural(depth, 'queen')} on the board · ${plural(search.placements(), 'placement')} tried · ${plural(search.solutions(), 'solution')} found`;
  const finished = search.finished();
  $('step').disabled = finished;
  $('play').disabled = finished;
  $('next').disabled = finished;
  $('back').disabled = search.at_start();
  caption(watchCaption(event, er, ec, columns, finished), { urgent: event === 'solution' || finished });
}

function watchCaption(event, row, col, columns, finished) {
  if (finished) {
    return `The search is finished: ${plural(search.solutions(), 'solution')} in ${plural(search.placements(), 'placement')}. Restart to watch again.`;
  }
  switch (event) {
    case 'start':
      return `Press Step: the search puts a queen on the first safe square of rank ${n}, then of rank ${n - 1}, and so on.`;
    case 'place':
      return row + 1 < n
        ? `Queen placed on ${name([row, col])}. Now rank ${n - row - 1} is tried: its shaded squares are attacked.`
        : `Queen placed on ${name([row, col])}, the last rank: every rank has its queen.`;
    case 'remove':
      return `The queen on ${name([row, col])} is taken back: nothing after it works. Rank ${n - row} tries its next safe square.`;
    case 'dead-end':
      return `Rank ${n - row} has no safe square: every square is attacked, so the last queen must go back.`;
    case 'solution': {
      const queens = columns.map((c, r) => name([r, c])).join(' ');
      return `Solution ${search.solutions()} found: ${queens}. Step or Next solution goes on.`;
    }
    default:
      return '';
  }
}

function step() {
  const moved = search.step();
  if (!moved || search.event() === 'solution') { pause(); }
  drawWatch();
  return moved;
}

function pause() {
  if (timer !== null) { cancelAnimationFrame(timer); timer = null; }
  $('play').textContent = 'Play';
}

// Plays at `rate` steps a second: several steps a frame at high speed, one draw a frame;
// a solution or the end stops it (the solution is held on the board).
function play() {
  if (playing()) { pause(); drawWatch(); return; }
  $('play').textContent = 'Pause';
  let last = performance.now();
  let owed = 1;
  const frame = (now) => {
    owed += ((now - last) / 1000) * rate;
    last = now;
    let held = false;
    for (; owed >= 1 && !held; owed--) {
      held = !search.step() || search.event() === 'solution';
    }
    if (held) { pause(); }
    drawWatch();
    if (!held) { timer = requestAnimationFrame(frame); }
  };
  timer = requestAnimationFrame(frame);
  caption('Playing…');
}

// Runs to the next solution in slices, a frame each, so the page stays responsive.
function nextSolution() {
  pause();
  const started = search.solutions();
  $('play').textContent = 'Pause';
  caption('Searching for the next solution…');
  const slice = () => {
    search.run_to_solution(3000);
    if (search.solutions() > started || search.finished()) {
      pause();
      drawWatch();
    } else {
      timer = requestAnimationFrame(slice);
    }
  };
  timer = requestAnimationFrame(slice);
}

function showRate() {
  // The slider is logarithmic: 1 to 1000 steps a second.
  rate = Math.round(10 ** (Number($('speed').value) / 100 * 3));
  $('rate').textContent = `${plural(rate, 'step')} a second`;
}

// ---- Solve ----
function allQueens() { return [...solve.clues, ...solve.queens]; }

async function drawSolve(message = '') {
  const queens = allQueens();
  cells.forEach((_, i) => {
    const square = [Math.floor(i / n), i % n];
    const clue = solve.clues.some((q) => same(q, square));
    const mine = solve.queens.some((q) => same(q, square));
    const attackers = queens.filter((q) => !same(q, square) && attack(q, square));
    const marks = [];
    let about = '';
    if ((clue || mine) && attackers.length > 0) {
      marks.push('conflict');
      about = `attacked by ${attackers.map(name).join(' and ')}`;
    } else if (clue) {
      about = 'clue';
    } else if (!mine && attackers.length > 0) {
      about = 'attacked';
    }
    // Rows that hold a queen are done: only the open rows show their attacked squares.
    const openRow = !queens.some(([r]) => r === square[0]);
    paint(i, { queen: clue ? 'clue' : mine ? 'mine' : null, attacked: openRow && attackers.length > 0, marks, about });
  });
  $('board').classList.remove('solved');
  $('undo').disabled = solve.queens.length === 0;
  $('hint').disabled = queens.length === n;
  const conflict = queens.some((a, i) => queens.slice(i + 1).some((b) => attack(a, b)));
  const placed = `${plural(queens.length, 'queen')} of ${n} placed`;
  if (queens.length === n && !conflict) {
    $('board').classList.add('solved');
    $('status').textContent = placed;
    caption(solve.clues.length > 0 ? 'Solved! That is the puzzle\'s one solution.' : 'Solved: no two queens attack each other.', { urgent: true });
    return;
  }
  if (message) { caption(message, { urgent: true }); }
  $('status').textContent = `${placed} · counting completions…`;
  try {
    const { count, why } = await ask({ kind: 'count', n, queens: queens.flat() });
    $('status').textContent = `${placed} · ${count === 0 ? 'no completion' : plural(count, 'completion')}`;
    if (count === 0) { caption(why, { urgent: true }); } else if (!message) { caption(`${plural(count, 'way')} to complete the board. Click a square to place or remove a queen.`); }
  } catch (err) {
    if (err.message !== 'superseded') { caption(`The count failed: ${err.message}`); }
  }
}

function clickedSolve(row, col) {
  if (solve.clues.some((q) => same(q, [row, col]))) {
    caption(`${name([row, col])} is a clue: it stays.`, { urgent: true });
    return;
  }
  const at = solve.queens.findIndex((q) => same(q, [row, col]));
  if (at >= 0) { solve.queens.splice(at, 1); } else { solve.queens.push([row, col]); }
  drawSolve();
}

async function hint() {
  const queens = allQueens();
  try {
    const { square, why } = await ask({ kind: 'hint', n, queens: queens.flat() });
    if (square.length === 2) {
      solve.queens.push(square);
      drawSolve(`Hint: a queen on ${name(square)} keeps the board completable.`);
    } else {
      caption(why || 'The board is full.', { urgent: true });
    }
  } catch (err) {
    if (err.message !== 'superseded') { caption(`The hint failed: ${err.message}`); }
  }
}

async function newPuzzle() {
  const level = $('level').value;
  const seed = Math.floor(Math.random() * 2 ** 31);
  caption(`Making ${level === 'easy' ? 'an' : 'a'} ${level} puzzle…`);
  try {
    const clues = await ask({ kind: 'puzzle', n, level, seed });
    solve = { clues, queens: [], level };
    const article = level === 'easy' ? 'An' : 'A';
    drawSolve(`${article} ${level} puzzle with exactly one solution: ${plural(clues.length, 'clue')}. Place the other ${n - clues.length} queens.`);
  } catch (err) {
    if (err.message !== 'superseded') { caption(err.message, { urgent: true }); }
  }
}

// ---- Modes, size and keys ----
function clicked(row, col) {
  if (mode === 'watch') { setMode('solve'); }
  clickedSolve(row, col);
}

function setMode(next) {
  mode = next;
  pause();
  for (const [tab, panel] of [['tab-watch', 'watch'], ['tab-solve', 'solve']]) {
    const on = panel === mode;
    $(tab).setAttribute('aria-selected', String(on));
    $(panel).hidden = !on;
  }
  if (mode === 'watch') { drawWatch(); } else { drawSolve(); }
}

function setSize(size) {
  n = size;
  pause();
  search = new Search(n);
  solve = { clues: [], queens: [] };
  history.replaceState(null, '', `?n=${n}`);
  build();
  if (mode === 'watch') { drawWatch(); } else { drawSolve(); }
}

function moveFocus(e, row, col) {
  const moves = { ArrowUp: [-1, 0], ArrowDown: [1, 0], ArrowLeft: [0, -1], ArrowRight: [0, 1] };
  if (e.key === 'Enter' || e.key === ' ') { e.preventDefault(); clicked(row, col); return; }
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

const size = $('size');
for (let k = 4; k <= 16; k++) { size.add(new Option(`${k} x ${k}`, String(k), k === n, k === n)); }
size.addEventListener('change', () => setSize(Number(size.value)));

$('tab-watch').addEventListener('click', () => setMode('watch'));
$('tab-solve').addEventListener('click', () => setMode('solve'));
$('step').addEventListener('click', () => { pause(); step(); });
$('back').addEventListener('click', () => { pause(); search.back(); drawWatch(); });
$('play').addEventListener('click', play);
$('next').addEventListener('click', nextSolution);
$('restart').addEventListener('click', () => { pause(); search = new Search(n); drawWatch(); });
$('speed').addEventListener('input', showRate);
$('undo').addEventListener('click', () => { solve.queens.pop(); drawSolve(); });
$('hint').addEventListener('click', hint);
$('clear').addEventListener('click', () => { solve = { clues: [], queens: [] }; drawSolve(); });
$('new-puzzle').addEventListener('click', newPuzzle);

document.addEventListener('keydown', (e) => {
  if (e.ctrlKey || e.metaKey || e.altKey || e.target.closest('select, input')) { return; }
  const watchKeys = { s: () => $('step').click(), b: () => $('back').click(), p: () => $('play').click(), n: () => $('next').click() };
  const solveKeys = { b: () => $('undo').click(), h: () => $('hint').click() };
  const action = (mode === 'watch' ? watchKeys : solveKeys)[e.key.toLowerCase()];
  if (action) { e.preventDefault(); action(); }
});

showRate();
setSize(n);
document.body.dataset.ready = 'true';
