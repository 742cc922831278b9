// The page in headless Chromium, used as a student and a teacher would: `npm test` in web/,
// after `bash web/build.sh`. Chromium is Debian's (/usr/bin/chromium, or $CHROMIUM).
// SCREENSHOTS=../docs npm test redraws the pictures in docs/ (desktop and phone).
import { test, before, after } from 'node:test';
import assert from 'node:assert/strict';
import { createServer } from 'node:http';
import { readFile, mkdtemp, rm } from 'node:fs/promises';
import { extname, join } from 'node:path';
import { tmpdir } from 'node:os';
import { fileURLToPath } from 'node:url';
import { chromium } from 'playwright-core';

const dist = fileURLToPath(new URL('../dist/', import.meta.url));
const types = { '.html': 'text/html', '.js': 'text/javascript', '.wasm': 'application/wasm' };
let server; let browser; let base; let profile;

before(async () => {
  server = createServer(async (request, response) => {
    const path = new URL(request.url, 'http://localhost').pathname;
    try {
      const body = await readFile(join(dist, path === '/' ? 'index.html' : path.slice(1)));
      response.writeHead(200, { 'content-type': types[extname(path)] ?? 'text/html' });
      response.end(body);
    } catch {
      response.writeHead(404).end();
    }
  });
  await new Promise((resolve) => server.listen(0, '127.0.0.1', resolve));
  base = `http://127.0.0.1:${server.address().port}/`;
  profile = await mkdtemp(join(tmpdir(), 'queens-chromium-'));
  // A fresh profile, and no calls home: this machine's network is closed.
  browser = await chromium.launchPersistentContext(profile, {
    executablePath: process.env.CHROMIUM ?? '/usr/bin/chromium',
    headless: true,
    args: ['--no-sandbox', '--disable-gpu', '--disable-background-networking',
      '--disable-component-update', '--disable-sync', '--no-first-run', '--disable-quic'],
  });
});

after(async () => {
  await browser?.close();
  server?.close();
  if (profile) { await rm(profile, { recursive: true, force: true }); }
});

// The page at size n in a window of `width` x `height`, with every long task (over 50 ms)
// after it became usable recorded in `window.longTasks`.
async function open(n, { width = 1280, height = 800 } = {}) {
  const page = await browser.newPage();
  await page.setViewportSize({ width, height });
  await page.addInitScript(() => {
    window.longTasks = [];
    new PerformanceObserver((list) => {
      if (document.body?.dataset.ready === 'true') {
        for (const entry of list.getEntries()) { window.longTasks.push(entry.duration); }
      }
    }).observe({ type: 'longtask', buffered: false });
  });
  const errors = [];
  page.on('pageerror', (err) => errors.push(err.message));
  page.errors = errors;
  await page.goto(`${base}index.html?n=${n}`);
  await page.waitForSelector('body[data-ready="true"]');
  return page;
}

const queensOn = (page) => page.getByRole('gridcell', { name: /, queen(,|$)/ }).evaluateAll(
  (cells) => cells.map((cell) => cell.getAttribute('aria-label').split(',')[0]).sort());
const caption = (page) => page.locator('#caption').textContent();
const button = (page, name) => page.getByRole('button', { name, exact: true });

// WCAG's relative luminance of an sRGB colour, and the contrast of two.
const channel = (c) => { const s = c / 255; return s <= 0.04045 ? s / 12.92 : ((s + 0.055) / 1.055) ** 2.4; };
const luminance = ([r, g, b]) => 0.2126 * channel(r) + 0.7152 * channel(g) + 0.0722 * channel(b);
const contrast = (a, b) => { const [lo, hi] = [luminance(a), luminance(b)].sort((x, y) => x - y); return (hi + 0.05) / (lo + 0.05); };
// The colour a viewer with deuteranopia sees (Machado, Oliveira and Fernandes 2009, severity 1).
function deuteranopia([r, g, b]) {
  const lin = [r, g, b].map(channel);
  const m = [[0.367322, 0.860646, -0.227968], [0.280085, 0.672501, 0.047413], [-0.01182, 0.04294, 0.968881]];
  const out = m.map((row) => Math.min(1, Math.max(0, row.reduce((s, k, i) => s + k * lin[i], 0))));
  const back = (v) => 255 * (v <= 0.0031308 ? 12.92 * v : 1.055 * v ** (1 / 2.4) - 0.055);
  return out.map(back);
}

// The colour of each named square's centre, read from a screenshot's pixels.
async function pixels(page, names) {
  const shot = (await page.screenshot()).toString('base64');
  const centres = await Promise.all(names.map(async (name) => {
    const box = await page.getByRole('gridcell', { name: new RegExp(`^${name}(,|$)`) }).boundingBox();
    return [Math.round(box.x + 4), Math.round(box.y + 4)];
  }));
  return page.evaluate(async ([data, points]) => {
    const image = new Image();
    image.src = `data:image/png;base64,${data}`;
    await image.decode();
    const canvas = new OffscreenCanvas(image.width, image.height);
    const context = canvas.getContext('2d');
    context.drawImage(image, 0, 0);
    return points.map(([x, y]) => Array.from(context.getImageData(x, y, 1, 1).data.slice(0, 3)));
  }, [shot, centres]);
}

// Every solution of an n x n board holding `clues` ([row, col] pairs), by plain backtracking.
function solutions(n, clues) {
  const found = []; const cols = [];
  const place = (row) => {
    if (row === n) { found.push([...cols]); return; }
    const fixed = clues.find(([r]) => r === row);
    for (let col = 0; col < n; col++) {
      if (fixed && fixed[1] !== col) { continue; }
      if (cols.every((c, r) => c !== col && Math.abs(c - col) !== row - r)) { cols.push(col); place(row + 1); cols.pop(); }
    }
  };
  place(0);
  return found;
}

test('every step is captioned: placed, taken back, a dead row, a solution held, the end', async () => {
  const page = await open(8);
  assert.match(await caption(page), /Press Step/);
  assert.ok(await button(page, 'Back').isDisabled(), 'Back does nothing at the start');
  await button(page, 'Step').click();
  assert.equal(await caption(page), 'Queen placed on a8. Now rank 7 is tried: its shaded squares are attacked.');
  // Rank 7 is the rank tried: framed, with a7 and b7 attacked.
  assert.equal(await page.locator('#board .tried').count(), 8);
  assert.deepEqual(await page.locator('#board .attacked').evaluateAll((cells) => cells.map((c) => c.getAttribute('aria-label'))),
    ['a7, attacked', 'b7, attacked']);
  let sawRemove = false; let sawDead = false;
  for (let i = 0; i < 200 && !(sawRemove && sawDead); i++) {
    await button(page, 'Step').click();
    const text = await caption(page);
    if (text.includes('has no safe square')) {
      sawDead = true;
      assert.equal(await page.locator('#board .dead-end').count(), 8);
    }
    if (text.includes('is taken back')) {
      sawRemove = true;
      assert.equal(await page.getByRole('gridcell', { name: /queen just taken back/ }).count(), 1);
    }
  }
  assert.ok(sawRemove && sawDead, 'a queen taken back and a dead row were captioned');
  // Play stops on the first solution and holds it, highlighted.
  await page.locator('#speed').fill('100');
  await button(page, 'Play').click();
  await page.locator('#caption', { hasText: 'Solution 1 found: a8 e7 h6 f5 c4 g3 b2 d1' }).waitFor({ timeout: 20000 });
  await button(page, 'Play').waitFor();
  assert.ok(await page.locator('#board.solved').isVisible());
  assert.deepEqual(await queensOn(page), ['a8', 'b2', 'c4', 'd1', 'e7', 'f5', 'g3', 'h6']);
  await page.waitForTimeout(300);
  assert.match(await caption(page), /Solution 1 found/, 'the solution is held');
  // The legend names what the colours mean.
  for (const meaning of ['attacked by a queen', 'the rank being tried', 'a rank with no safe square', 'a clue (puzzles)']) {
    assert.ok(await page.getByText(meaning).isVisible(), meaning);
  }
  // Ranks up the left edge and files along the bottom: the names the captions give squares.
  const edge = (attribute) => page.locator(`#board [data-${attribute}]`)
    .evaluateAll((cells, key) => cells.map((cell) => cell.dataset[key]), attribute);
  assert.deepEqual(await edge('rank'), ['8', '7', '6', '5', '4', '3', '2', '1']);
  assert.deepEqual(await edge('file'), ['a', 'b', 'c', 'd', 'e', 'f', 'g', 'h']);
  if (process.env.SCREENSHOTS) { await page.screenshot({ path: join(process.env.SCREENSHOTS, 'web-page.png') }); }
  await page.close();
});

test('the end of the search is announced and the controls that can do nothing are off', async () => {
  const page = await open(4);
  for (let k = 0; k < 3; k++) { await button(page, 'Next solution').click(); await page.waitForTimeout(100); }
  await page.locator('#caption', { hasText: 'The search is finished: 2 solutions' }).waitFor();
  for (const name of ['Step', 'Play', 'Next solution']) { assert.ok(await button(page, name).isDisabled(), name); }
  assert.ok(await button(page, 'Back').isEnabled());
  await page.locator('#announce', { hasText: 'The search is finished' }).waitFor();
  await button(page, 'Back').click();
  assert.ok(await button(page, 'Step').isEnabled(), 'Back reopens the search');
  await page.close();
});

test('attacked and safe squares differ by 3:1 or more, also under deuteranopia', async () => {
  const page = await open(8);
  await button(page, 'Step').click(); // a8: rank 7 tried, a7 (dark) and b7 (light) attacked
  const [attackedDark, attackedLight, safeDark, safeLight] = await pixels(page, ['a7', 'b7', 'c7', 'd7']);
  const measured = {
    light: contrast(attackedLight, safeLight),
    dark: contrast(attackedDark, safeDark),
    lightDeuteranopia: contrast(deuteranopia(attackedLight), deuteranopia(safeLight)),
    darkDeuteranopia: contrast(deuteranopia(attackedDark), deuteranopia(safeDark)),
  };
  console.log('contrast of attacked to safe squares:', JSON.stringify(measured, (k, v) => (typeof v === 'number' ? Number(v.toFixed(2)) : v)));
  for (const [which, ratio] of Object.entries(measured)) { assert.ok(ratio >= 3, `${which}: ${ratio}`); }
  await page.close();
});

test('the board fits: 16 x 16 on a phone and a projector, 8 x 8 above the fold on a phone', async () => {
  for (const [n, width, height] of [[16, 390, 844], [16, 1024, 768], [8, 390, 844]]) {
    const page = await open(n, { width, height });
    const box = await page.locator('#board').boundingBox();
    const scroll = await page.evaluate(() => document.documentElement.scrollWidth);
    console.log(`${n} x ${n} in ${width} x ${height}: board ${Math.round(box.width)} px at y ${Math.round(box.y)}`);
    assert.ok(scroll <= width, `no sideways scrolling at ${width} px (${scroll})`);
    assert.ok(box.x >= 0 && box.x + box.width <= width, 'whole board across');
    assert.ok(box.y >= 0 && box.y + box.height <= height, 'whole board down, without scrolling');
    if (n === 8 && width === 390 && process.env.SCREENSHOTS) {
      await button(page, 'Step').click();
      await page.screenshot({ path: join(process.env.SCREENSHOTS, 'web-page-phone.png') });
    }
    await page.close();
  }
});

test('Next solution reaches 16 x 16\'s first solution within seconds, without a long task', async () => {
  const page = await open(16);
  const started = Date.now();
  await button(page, 'Next solution').click();
  await page.locator('#caption', { hasText: 'Solution 1 found' }).waitFor({ timeout: 10000 });
  const took = Date.now() - started;
  const status = await page.locator('#status').textContent();
  console.log(`16 x 16: first solution in ${took} ms (${status})`);
  assert.ok(took < 5000);
  assert.equal((await queensOn(page)).length, 16);
  const longest = Math.max(0, ...(await page.evaluate(() => window.longTasks)));
  assert.ok(longest < 100, `longest task ${longest} ms`);
  await page.close();
});

test('Watch and Solve keep their own boards; Back undoes your queen; Hint says why when stuck', async () => {
  const page = await open(8);
  for (let i = 0; i < 5; i++) { await button(page, 'Step').click(); }
  const watched = await queensOn(page);
  await page.getByRole('tab', { name: 'Solve it yourself' }).click();
  assert.deepEqual(await queensOn(page), [], 'Solve starts on its own empty board');
  await page.getByRole('gridcell', { name: 'a8', exact: true }).click();
  await page.locator('#status', { hasText: '4 completions' }).waitFor();
  await page.getByRole('gridcell', { name: 'b7, attacked', exact: true }).click();
  // Queens attacking each other are marked, and named so.
  await page.getByRole('gridcell', { name: 'a8, queen, attacked by b7' }).waitFor();
  await page.locator('#caption', { hasText: 'a8 and b7 attack each other' }).waitFor();
  await button(page, 'Back').click();
  assert.deepEqual(await queensOn(page), ['a8']);
  await page.getByRole('gridcell', { name: 'c7', exact: false }).first().click();
  await page.getByRole('gridcell', { name: 'e6', exact: false }).first().click();
  await button(page, 'Hint').click();
  await page.locator('#caption', { hasText: /take a queen back/ }).waitFor();
  await page.getByRole('tab', { name: 'Watch the search' }).click();
  assert.deepEqual(await queensOn(page), watched, 'Watch kept its board');
  await page.getByRole('tab', { name: 'Solve it yourself' }).click();
  assert.deepEqual(await queensOn(page), ['a8', 'c7', 'e6'], 'Solve kept its board');
  await page.close();
});

test('New puzzle gives a board with exactly one solution, clues apart, and says when it is solved', async () => {
  const page = await open(8);
  await page.getByRole('tab', { name: 'Solve it yourself' }).click();
  await page.getByLabel('Difficulty').selectOption('hard');
  await button(page, 'New puzzle').click();
  await page.locator('#caption', { hasText: 'A hard puzzle with exactly one solution' }).waitFor();
  const clueNames = await page.getByRole('gridcell', { name: /, queen, clue$/ }).evaluateAll(
    (cells) => cells.map((cell) => cell.getAttribute('aria-label').split(',')[0]));
  const clues = clueNames.map((sq) => [8 - Number(sq[1]), sq.charCodeAt(0) - 97]);
  const found = solutions(8, clues);
  assert.equal(found.length, 1, `clues ${clueNames} have exactly one solution`);
  assert.equal(await page.locator('#board .clue').count(), clues.length);
  // A clue stays put; the solution, placed square by square, is recognised.
  await page.getByRole('gridcell', { name: `${clueNames[0]}, queen, clue` }).click();
  await page.locator('#caption', { hasText: 'is a clue' }).waitFor();
  for (const [row, col] of found[0].map((c, r) => [r, c])) {
    if (clues.some(([r]) => r === row)) { continue; }
    await page.getByRole('gridcell', { name: new RegExp(`^${String.fromCharCode(97 + col)}${8 - row}(,|$)`) }).click();
  }
  await page.locator('#caption', { hasText: 'Solved!' }).waitFor();
  assert.ok(await page.locator('#board.solved').isVisible());
  await page.close();
});

test('at 16 x 16 nothing blocks the page: counts, hints and puzzles run in a worker, with a sign', async () => {
  const page = await open(16);
  await page.getByRole('tab', { name: 'Solve it yourself' }).click();
  // The empty board's count (14,772,512) takes a while: the page says it is working.
  await page.locator('#work').waitFor({ state: 'visible' });
  await page.getByRole('gridcell', { name: 'a16', exact: true }).click();
  await page.getByRole('gridcell', { name: 'c15', exact: true }).click();
  await button(page, 'Hint').click();
  await page.locator('#caption', { hasText: 'Hint: a queen on' }).waitFor({ timeout: 20000 });
  await page.getByLabel('Difficulty').selectOption('easy');
  await button(page, 'New puzzle').click();
  await page.locator('#caption', { hasText: 'An easy puzzle' }).waitFor({ timeout: 20000 });
  await page.locator('#work').waitFor({ state: 'hidden', timeout: 60000 });
  const tasks = await page.evaluate(() => window.longTasks);
  console.log(`16 x 16 in Solve: long tasks ${JSON.stringify(tasks.map(Math.round))} ms`);
  assert.ok(Math.max(0, ...tasks) < 100, `longest task ${Math.max(...tasks)} ms`);
  assert.deepEqual(page.errors, []);
  await page.close();
});

test('keys: the size menu keeps focus without a reload; S, B and P; quiet announcements', async () => {
  const page = await open(6);
  await page.evaluate(() => { window.sameDocument = true; });
  const size = page.getByLabel('Board size');
  await size.focus();
  await page.keyboard.press('ArrowDown');
  await page.getByRole('gridcell', { name: 'a7', exact: true }).waitFor();
  assert.equal(await page.evaluate(() => document.activeElement.id), 'size', 'focus stays on the menu');
  assert.equal(await page.evaluate(() => window.sameDocument), true, 'no reload');
  assert.match(page.url(), /\?n=7$/);
  await page.locator('body').click({ position: { x: 5, y: 5 } });
  await page.keyboard.press('s');
  await page.keyboard.press('s');
  assert.deepEqual(await queensOn(page), ['a7', 'c6']);
  await page.keyboard.press('b');
  assert.deepEqual(await queensOn(page), ['a7']);
  // Playing fast, the live region is updated at most every 2 seconds.
  await page.evaluate(() => {
    window.announcements = 0;
    new MutationObserver(() => { window.announcements++; })
      .observe(document.getElementById('announce'), { childList: true, characterData: true, subtree: true });
  });
  await page.locator('#speed').fill('40'); // 16 steps a second: 7 x 7's first solution takes longer
  await page.locator('body').click({ position: { x: 5, y: 5 } });
  await page.keyboard.press('p');
  await button(page, 'Pause').waitFor();
  await page.waitForTimeout(3000);
  await page.keyboard.press('p');
  const announced = await page.evaluate(() => window.announcements);
  const placements = await page.locator('#status').textContent();
  console.log(`announcements in 3 s of play: ${announced} (${placements})`);
  assert.ok(announced >= 1 && announced <= 3, `${announced} announcements`);
  // Squares are named by chess name, then queen, then anything more.
  const names = await page.getByRole('gridcell').evaluateAll((cells) => cells.map((c) => c.getAttribute('aria-label')));
  assert.ok(names.every((label) => /^[a-g][1-7](, .+)?$/.test(label)), names.join(' / '));
  await page.close();
});
