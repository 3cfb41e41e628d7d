// `variant-run <ruleset> serve` in a real browser (Debian's chromium): whole games played
// by clicking on the square board and on Trugo's patch, a record loaded and stepped
// through, a broken script's diagnostic shown and the game going on once it is fixed.
// The click and reload figures are printed (BENCHMARKS.md quotes them) and held to the
// targets: a click on a 7x7 board answered within 50 ms, a reload within 1 s.
import { test, before, after } from "node:test";
import assert from "node:assert/strict";
import { execFileSync } from "node:child_process";
import { cpSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import {
  binary, root, launch, startServer, stopServer, pageState, waitForStatus,
  clickSpot, clickMenu, offeredSpots, playByClicks, summary,
} from "./harness.mjs";

let browser;
before(async () => { browser = await launch(); });
after(async () => { await browser.close(); });

async function withServer(args, body, options) {
  const server = await startServer(args, options);
  const page = await browser.context.newPage();
  const errors = [];
  page.on("pageerror", (e) => errors.push(e.message));
  try {
    await page.goto(server.url);
    await page.waitForFunction(() => document.getElementById("board").querySelector("svg"));
    await body(page, server);
    assert.deepEqual(errors, [], "the page's script raised no error");
  } finally {
    await page.close();
    stopServer(server);
  }
}

test("a whole game of truchet-browne played by clicks", async () => {
  await withServer(
    ["truchet-browne", "serve", "--port", "0", "--size", "5", "--layout", "random", "--seed", "3",
      "--player", "x=human", "--player", "o=greedy", "--param", "draw_after_quiet_turns=40"],
    async (page) => {
      await page.evaluate(() => window.variantRun.api("/api/speed", { ms: 0 }));
      const { timings, state } = await playByClicks(page);
      assert.match(state.result, /wins: |draw: /);
      const line = await page.locator("#moves li.result").textContent();
      assert.equal(line, state.result);
      assert.match(await page.locator("#status").textContent(), /wins: |draw: /);
      const s = summary(timings);
      console.log(`truchet-browne 5x5, a whole game by clicks: ${state.ply} turns, ${s.count} clicks answered, median ${s.median} ms, max ${s.max} ms`);
    },
  );
});

test("a whole game of trugo played by clicks", async () => {
  await withServer(
    ["trugo", "serve", "--port", "0", "--seed", "2", "--player", "x=human", "--player", "o=greedy",
      "--param", "pool=12", "--param", "draw_after_quiet_turns=12"],
    async (page) => {
      await page.evaluate(() => window.variantRun.api("/api/speed", { ms: 0 }));
      const { timings, state } = await playByClicks(page);
      assert.match(state.result, /wins: |draw: /);
      assert.equal(await page.locator("#moves li.result").textContent(), state.result);
      const placements = state.turns.filter((t) => /^[a-z]:/.test(t.text)).length;
      assert.ok(placements >= 12, "every pool tile was placed by a click and a menu choice");
      const s = summary(timings);
      console.log(`trugo (pool 12), a whole game by clicks: ${state.ply} turns, ${s.count} clicks answered, median ${s.median} ms, max ${s.max} ms`);
    },
  );
});

test("click latency on 7x7 and 21x21 boards", async () => {
  const figures = {};
  for (const size of [7, 21]) {
    await withServer(
      ["truchet-browne", "serve", "--port", "0", "--size", String(size), "--layout", "random",
        "--player", "x=human", "--player", "o=human"],
      async (page) => {
        const timings = [];
        for (let turn = 0; turn < 6; turn++) timings.push(...(await playTurn(page)));
        figures[size] = summary(timings);
        // The whole board in sight, as large as the window allows: it fills the play
        // area's width or the window's height, with the status line above it.
        const fit = await page.evaluate(() => {
          const board = document.querySelector("#board svg").getBoundingClientRect();
          const area = document.getElementById("play").getBoundingClientRect();
          return { bottom: board.bottom, width: board.width, height: board.height,
            window: window.innerHeight, area: area.width };
        });
        assert.ok(fit.bottom <= fit.window, `${size}x${size}: the board ends in the window (${JSON.stringify(fit)})`);
        assert.ok(fit.width >= fit.area - 1 || fit.height >= fit.window - 160,
          `${size}x${size}: the board is as large as the window allows (${JSON.stringify(fit)})`);
      },
    );
  }
  for (const [size, s] of Object.entries(figures)) {
    console.log(`click latency ${size}x${size}: ${s.count} clicks, median ${s.median} ms, max ${s.max} ms`);
  }
  // The median is held to the target: the largest figure moves with the machine's load
  // (other builds on its two cores), and is printed for BENCHMARKS.md.
  assert.ok(figures[7].median <= 50, `a click on 7x7 is answered within 50 ms (median ${figures[7].median} ms)`);
  assert.ok(figures[21].max <= 1000, `a 21x21 board stays usable (max ${figures[21].max} ms)`);
});

test("a record loaded and stepped through", async () => {
  const dir = mkdtempSync(path.join(tmpdir(), "variant-run-record-"));
  const file = path.join(dir, "game.txt");
  execFileSync(binary, ["truchet-browne", "play", "--seed", "5", "--size", "5", "--record", file], { cwd: root });
  const record = readFileSync(file, "utf8");
  const turns = record.split("\n").filter((l) => /^\s*\d+\. [a-z]  /.test(l)).length;
  const result = record.trim().split("\n").pop();
  await withServer(["truchet-browne", "serve", "--port", "0", "--player", "x=human"], async (page) => {
    await page.locator("#record-file").setInputFiles(file);
    await page.waitForFunction((n) => document.querySelectorAll("#moves li[data-ply]").length === n, turns);
    assert.equal(await page.locator("#moves li.result").textContent(), result);
    const end = await page.locator("#board").innerHTML();
    await page.locator("body").press("Home");
    await page.waitForFunction(() => /after turn 0 of/.test(document.getElementById("viewing").textContent));
    const start = await page.locator("#board").innerHTML();
    assert.notEqual(start, end, "the start is drawn, not the end");
    await page.locator("body").press("ArrowRight");
    await page.waitForFunction(() => /after turn 1 of/.test(document.getElementById("viewing").textContent));
    await page.locator("#slider").fill(String(turns - 2));
    await page.waitForFunction((n) => document.getElementById("viewing").textContent.includes(`after turn ${n} of`), turns - 2);
    assert.equal(await page.locator("#moves li.current").getAttribute("data-ply"), String(turns - 2));
    await page.locator("body").press("End");
    await page.waitForFunction(() => document.getElementById("viewing").textContent === "");
    // A record of another game is refused with replay's words, and nothing changes.
    const broken = record.replace(/^(\s*3\. [a-z]  ).*$/m, "$1zz99");
    writeFileSync(file, broken);
    await page.locator("#record-file").setInputFiles(file);
    await page.waitForFunction(() => /turn 3 `zz99`/.test(document.getElementById("message").textContent));
    assert.equal((await pageState(page)).ply, turns);
  });
  rmSync(dir, { recursive: true, force: true });
});

test("a broken script shows its diagnostic, and the game goes on once it is fixed", async () => {
  const dir = mkdtempSync(path.join(tmpdir(), "variant-run-reload-"));
  const copy = path.join(dir, "variants", "truchet-browne");
  cpSync(path.join(root, "variants", "truchet-browne"), copy, { recursive: true });
  const script = path.join(copy, "rules", "setup.rhai");
  const good = readFileSync(script, "utf8");
  await withServer(
    [copy, "serve", "--port", "0", "--layout", "random", "--player", "x=human", "--player", "o=human"],
    async (page) => {
      await playTwoTurns(page);
      let started = Date.now();
      writeFileSync(script, good.replace("fn placement_turns(size) {", "fn placement_turns(size) {\n    let = 1;"));
      await page.waitForFunction(() => /setup\.rhai:\d+:\d+/.test(document.getElementById("problems").textContent));
      const broken = Date.now() - started;
      const problems = await page.locator("#problems").textContent();
      assert.match(problems, / 6 \|     let = 1;\n\s+\|\s+\|\n\s+\|\s+`-- here/, "the diagnostic shows the line, a caret under the spot");
      assert.match(await page.locator("#status").textContent(), /does not load/);
      started = Date.now();
      writeFileSync(script, good);
      await page.waitForFunction(() => /loaded again/.test(document.getElementById("note").textContent));
      const fixed = Date.now() - started;
      const state = await pageState(page);
      assert.equal(state.ply, 2, "the game so far was played again under the fixed rules");
      assert.equal(await page.locator("#problems-box").isHidden(), true);
      await playTwoTurns(page);
      console.log(`reload after a save: broken script shown in ${broken} ms, fixed and replayed in ${fixed} ms`);
      assert.ok(broken <= 1000 && fixed <= 1000, "a reload takes at most 1 s");
    },
  );
  rmSync(dir, { recursive: true, force: true });
});

/** Two turns clicked. */
async function playTwoTurns(page) {
  for (let i = 0; i < 2; i++) await playTurn(page);
}

/**
 * One turn clicked: the first stack offered, then the first place offered, a menu's
 * first entry, or the button that plays a whole turn, until the turn is played; the
 * page's timing of each click.
 */
async function playTurn(page) {
  const timings = [];
  const state = await pageState(page);
  const stack = state.choices.find((c) => c.action === "pick");
  timings.push(await clickSpot(page, stack.at));
  for (let k = 0; k < 12 && (await pageState(page)).ply === state.ply; k++) {
    if (await page.locator("#menu").isVisible()) {
      timings.push(await clickMenu(page, 0));
    } else if (await page.locator("#play-complete").isVisible()) {
      // On a loaded machine the page may redraw its choices between the check and the
      // click (the button then hides, or another element covers it for a moment): a
      // click that cannot land is given up and the loop looks at the page afresh.
      await page.locator("#play-complete").click({ timeout: 3000 }).catch(() => {});
      await page.waitForTimeout(20);
    } else {
      const next = await offeredSpots(page);
      timings.push(await clickSpot(page, next[0].at, next[0].on));
    }
  }
  await page.waitForFunction((p) => document.querySelectorAll("#moves li[data-ply]").length > p, state.ply);
  return timings;
}

test("an illegal click and an illegal typed turn are refused as at the terminal", async () => {
  await withServer(
    ["truchet-browne", "serve", "--port", "0", "--layout", "random", "--player", "x=human"],
    async (page) => {
      await waitForStatus(page, /x to move/);
      await page.locator("#turn-text").fill("a1-h8");
      await page.locator("#typed button").click();
      await page.waitForFunction(() => /illegal turn `a1-h8`/.test(document.getElementById("message").textContent));
      await clickSpot(page, "d4");
      assert.equal(await page.locator("#message").textContent(), "d4 is empty");
      assert.equal((await pageState(page)).ply, 0, "a refused turn changes nothing");
    },
  );
});
