// The page in headless Chromium, clicked as a person would: `npm test` in web/, after
// `bash web/build.sh`. Chromium is Debian's (/usr/bin/chromium, or $CHROMIUM).
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

async function open(n) {
  const page = await browser.newPage();
  const started = Date.now();
  await page.goto(`${base}index.html?n=${n}`);
  await page.waitForSelector('body[data-ready="true"]');
  return { page, ready: Date.now() - started };
}

const queens = (page) => page.getByRole('gridcell', { name: /, queen$/ }).evaluateAll(
  (cells) => cells.map((cell) => cell.getAttribute('aria-label').split(',')[0]).sort());

test('stepping n = 8 reaches the first solution, a8 e7 h6 f5 c4 g3 b2 d1', async () => {
  const { page, ready } = await open(8);
  console.log(`page usable ${ready} ms after navigation`);
  const step = page.getByRole('button', { name: 'Step' });
  for (let i = 0; i < 2000 && !(await page.getByText('1 solution found').isVisible()); i++) {
    await step.click();
  }
  await page.getByText('1 solution found').waitFor();
  assert.deepEqual(await queens(page), ['a8', 'b2', 'c4', 'd1', 'e7', 'f5', 'g3', 'h6']);
  assert.equal(await page.getByRole('grid').getByRole('gridcell').count(), 64);
  // SCREENSHOT=../docs/web-page.png npm test redraws README's picture.
  await page.screenshot({ path: process.env.SCREENSHOT ?? join(profile, 'solution.png') });
  await page.close();
});

test('Back undoes Step', async () => {
  const { page } = await open(8);
  const step = page.getByRole('button', { name: 'Step' });
  for (let i = 0; i < 6; i++) { await step.click(); }
  const before = await queens(page);
  const placements = await page.locator('#placements').textContent();
  await step.click();
  assert.notDeepEqual(await queens(page), before);
  await page.getByRole('button', { name: 'Back' }).click();
  assert.deepEqual(await queens(page), before);
  assert.equal(await page.locator('#placements').textContent(), placements);
  await page.close();
});

test('a queen on a8 has 4 completions, and Hint keeps the board completable', async () => {
  const { page } = await open(8);
  await page.getByRole('gridcell', { name: 'a8', exact: true }).click();
  await page.getByText('4 completions').waitFor();
  assert.deepEqual(await queens(page), ['a8']);
  for (let k = 2; k <= 8; k++) {
    await page.getByRole('button', { name: 'Hint' }).click();
    assert.equal((await queens(page)).length, k);
    const said = await page.locator('#completions').textContent();
    assert.notEqual(said, 'no completion', `after ${k} queens`);
  }
  await page.getByText('1 completion', { exact: true }).waitFor();
  // Taking a queen away and putting two attacking ones is said plainly.
  await page.getByRole('gridcell', { name: 'b7', exact: true }).click();
  await page.getByText('no completion').waitFor();
  await page.close();
});

test('Play turns into Pause and back, and the keyboard moves between squares', async () => {
  const { page } = await open(6);
  const play = page.getByRole('button', { name: 'Play' });
  await play.click();
  await page.getByRole('button', { name: 'Pause' }).click();
  await page.getByRole('button', { name: 'Play' }).waitFor();
  await page.getByRole('button', { name: 'Reset' }).click();
  await page.getByText('0 placements tried').waitFor();
  const corner = page.getByRole('gridcell', { name: 'a6', exact: true });
  await corner.focus();
  await page.keyboard.press('ArrowRight');
  await page.keyboard.press('ArrowDown');
  await page.keyboard.press('Enter');
  assert.deepEqual(await queens(page), ['b5']);
  await page.close();
});

test('the size comes from the address, from 4 to 16', async () => {
  for (const [asked, shown] of [[4, 4], [16, 16], [3, 8], [99, 8]]) {
    const { page } = await open(asked);
    assert.equal(await page.getByRole('gridcell').count(), shown * shown, `?n=${asked}`);
    await page.close();
  }
});
