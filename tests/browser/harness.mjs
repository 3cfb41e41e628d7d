// What the browser tests share: the server started on a port the system picks (its
// address read from what it prints) and stopped by its process id, and Debian's
// chromium driven by playwright-core (no browser is downloaded).
import { spawn } from "node:child_process";
import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { fileURLToPath } from "node:url";
import { chromium } from "playwright-core";

export const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), "../..");
export const binary = process.env.VARIANT_RUN_BIN || path.join(root, "target/release/variant-run");
export const browserPath = process.env.CHROMIUM || "/usr/bin/chromium";

/** Starts `variant-run <args>` (a `serve` command with `--port 0`) and waits for its address. */
export function startServer(args, options = {}) {
  return new Promise((resolve, reject) => {
    const child = spawn(binary, args, {
      cwd: options.cwd || root,
      env: { ...process.env, ...(options.env || {}) },
      stdio: ["ignore", "pipe", "pipe"],
    });
    let out = "";
    let err = "";
    const timer = setTimeout(() => reject(new Error(`no address printed in 30 s: ${out}${err}`)), 30000);
    child.stdout.on("data", (d) => {
      out += d;
      // The address, then the host's link (the address with the host's key).
      const link = out.match(/(http:\/\/\S+)#host=([0-9a-f]+)/);
      if (link) {
        clearTimeout(timer);
        resolve({ url: link[0], address: link[1], hostKey: link[2], pid: child.pid, child, stderr: () => err });
      }
    });
    child.stderr.on("data", (d) => { err += d; });
    child.on("exit", (code) => {
      clearTimeout(timer);
      reject(new Error(`the server stopped (${code}): ${out}${err}`));
    });
  });
}

/** Stops a server by its process id. */
export function stopServer(server) {
  if (server && server.child.exitCode === null) {
    server.child.removeAllListeners("exit");
    process.kill(server.pid, "SIGTERM");
  }
}

/** Debian's chromium, headless, with a fresh profile. */
export async function launch() {
  const profile = mkdtempSync(path.join(tmpdir(), "variant-run-chromium-"));
  const context = await chromium.launchPersistentContext(profile, {
    executablePath: browserPath,
    headless: true,
    // Waiting on a condition in the page evaluates it, which the page's own policy forbids.
    bypassCSP: true,
    viewport: { width: 1400, height: 1000 },
    args: [
      "--no-sandbox",
      "--disable-gpu",
      "--disable-quic",
      "--no-first-run",
      "--disable-background-networking",
      "--disable-component-update",
      "--disable-sync",
    ],
  });
  const close = async () => {
    await context.close();
    rmSync(profile, { recursive: true, force: true });
  };
  return { context, close };
}

/** Debian's chromium, headless, for several people at once: each context its own
 * browser profile, as two playtesters' browsers are. `executablePath` may start it some
 * other way (inside another network, say). */
export async function launchForPeople({ executablePath = browserPath } = {}) {
  const browser = await chromium.launch({
    executablePath,
    headless: true,
    args: ["--no-sandbox", "--disable-gpu", "--no-first-run", "--disable-background-networking",
      "--disable-component-update", "--disable-sync"],
  });
  const person = async () => {
    const context = await browser.newContext({ bypassCSP: true, viewport: { width: 1400, height: 1000 } });
    return context.newPage();
  };
  return { person, close: () => browser.close() };
}

/** The page's state as the server last sent it. */
export async function pageState(page) {
  return page.evaluate(() => fetch("/api/state").then((r) => r.json()));
}

/** Waits until the page's status line says `pattern`. */
export async function waitForStatus(page, pattern, timeout = 30000) {
  await page.waitForFunction(
    (source) => new RegExp(source).test(document.getElementById("status").textContent),
    pattern.source,
    { timeout },
  );
}

/** How many clicks the page has answered (it times each, from click to answer). */
export async function answeredClicks(page) {
  return page.evaluate(() => Number(document.body.dataset.clicks || 0));
}

/**
 * Clicks a target of the board (a junction, `point`, or a `cell`, by its `data-spot`
 * name) and waits for the page to answer; returns the page's own timing of the answer,
 * in ms.
 */
export async function clickSpot(page, name, on = "point") {
  const before = await answeredClicks(page);
  await page.locator(`#board .hit.${on}[data-spot="${name}"]`).click();
  await page.waitForFunction((n) => Number(document.body.dataset.clicks || 0) > n, before);
  return page.evaluate(() => Number(document.body.dataset.clickMs));
}

/** Clicks a button of the choice menu and waits for the answer. */
export async function clickMenu(page, index = 0) {
  const before = await answeredClicks(page);
  await page.locator("#menu button").nth(index).click();
  await page.waitForFunction((n) => Number(document.body.dataset.clicks || 0) > n, before);
  return page.evaluate(() => Number(document.body.dataset.clickMs));
}

/**
 * Plays a person's turns by clicking until the game has a result line: each turn clicks
 * the first target offered, the first entry of a menu, and plays a whole turn offered
 * by the button. Returns the click timings.
 */
export async function playByClicks(page, { maxTurns = 400 } = {}) {
  const timings = [];
  for (let turn = 0; turn < maxTurns; turn++) {
    const state = await waitForPersonOrEnd(page);
    if (state.result) return { timings, state };
    await clickATurn(page, state, timings);
  }
  throw new Error(`no result after ${maxTurns} turns`);
}

/**
 * Clicks one whole turn on a page whose turn it is (in `state`): the first target
 * offered each time, the first entry of a menu, the button of a whole turn offered.
 */
export async function clickATurn(page, state, timings = []) {
  for (let click = 0; click < 60; click++) {
    const ply = (await pageState(page)).ply;
    if (ply !== state.ply) break;
    if (await page.locator("#menu").isVisible()) {
      timings.push(await clickMenu(page, 0));
      continue;
    }
    const targets = await offeredSpots(page);
    if (targets.length === 0 && (await page.locator("#play-complete").isVisible())) {
      await page.locator("#play-complete").click();
      break;
    }
    if (targets.length === 0) throw new Error(`nothing to click at turn ${state.ply + 1}`);
    timings.push(await clickSpot(page, targets[0].at, targets[0].on));
  }
  try {
    await page.waitForFunction((ply) => {
      const moves = document.querySelectorAll("#moves li[data-ply]");
      return moves.length > ply;
    }, state.ply, { timeout: 10000 });
  } catch (e) {
    const message = await page.locator("#message").textContent();
    const now = await pageState(page);
    throw new Error(`turn ${state.ply + 1} was not played (ply now ${now.ply}; the page says ${JSON.stringify(message)}; offered ${JSON.stringify(await offeredSpots(page))})`);
  }
  return timings;
}

/** The spots the board offers to click, each `{ on, at }`. */
export async function offeredSpots(page) {
  return page.locator("#board .hit.choice:not(.chosen)").evaluateAll((els) => els.map((e) => ({
    on: e.classList.contains("cell") ? "cell" : "point",
    at: e.dataset.spot,
  })));
}

/** Waits until a person is to move (with the first choices shown) or the game is over. */
export async function waitForPersonOrEnd(page) {
  for (let i = 0; i < 600; i++) {
    const state = await pageState(page);
    if (state.result) {
      await page.waitForSelector("#moves li.result");
      return state;
    }
    const side = state.letters.indexOf(state.to_move);
    const shown = await page.evaluate(() => document.querySelectorAll("#board .hit.choice").length);
    if (state.players[side] === "human" && !state.thinking && state.choices && shown > 0) {
      const rendered = await page.evaluate(() => document.querySelectorAll("#moves li[data-ply]").length);
      if (rendered === state.ply) return state;
    }
    await page.waitForTimeout(50);
  }
  throw new Error("no person's turn came");
}

/** Median and largest of some figures. */
export function summary(values) {
  const sorted = [...values].sort((a, b) => a - b);
  const median = sorted.length ? sorted[Math.floor(sorted.length / 2)] : NaN;
  return { count: sorted.length, median, max: sorted[sorted.length - 1] };
}
