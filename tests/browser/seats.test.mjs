// Two people at one `serve` table, each in a browser of their own (separate browser
// contexts: no shared storage), as a playtest goes: the host hands one of them a seat's
// link, the other takes the free seat from the page, both play the game to its result
// by clicks (the set-up's tiles included), a third person watches, a turn sent with the
// wrong seat's link is refused, and the game kept in `--records` is reported.
import { test } from "node:test";
import assert from "node:assert/strict";
import { execFileSync } from "node:child_process";
import { mkdtempSync, readdirSync, readFileSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import {
  binary, launchForPeople, startServer, stopServer, pageState, waitForPersonOrEnd, clickATurn,
} from "./harness.mjs";

async function opened(page, url) {
  const errors = [];
  page.on("pageerror", (e) => errors.push(e.message));
  await page.goto(url);
  await page.waitForFunction(() => document.getElementById("board").querySelector("svg"));
  return errors;
}

// Every geometry: Browne's square board with its set-up turns, the hexagonal board, and
// Trugo's boardless patch (where o moves first).
const tables = [
  { ruleset: "truchet-browne", args: ["--size", "3", "--param", "draw_after_quiet_turns=10"], setup: true },
  { ruleset: "truchet-hex", args: ["--size", "2", "--layout", "random", "--param", "draw_after_quiet_turns=10"] },
  { ruleset: "trugo", args: ["--param", "pool=8", "--param", "draw_after_quiet_turns=8"] },
];

for (const table of tables) {
  test(`${table.ruleset}: two seats play a game by clicks${table.setup ? ", set-up included," : ""} while a spectator watches`, async () => {
    await playtest(table);
  });
}

async function playtest(table) {
  const records = mkdtempSync(path.join(tmpdir(), "variant-run-records-"));
  const server = await startServer([table.ruleset, "serve", "--port", "0", ...table.args,
    "--player", "x=human", "--player", "o=human", "--records", records]);
  const people = await launchForPeople();
  try {
    const host = await people.person();
    const ada = await people.person();
    const bo = await people.person();
    const watcher = await people.person();
    const errors = await opened(host, server.url);
    await host.waitForSelector("#invite-x");
    assert.equal(await host.locator("#role").textContent(), "you: the host");
    const invitation = await host.locator("#invite-x").inputValue();
    assert.match(invitation, /#seat=[0-9a-f]{32}$/);

    // Ada follows the invitation; Bo opens the plain address and takes the free seat.
    errors.push(...await opened(ada, invitation));
    await ada.locator("#name-x").fill("Ada");
    await ada.locator("#take-x").click();
    await ada.waitForFunction(() => document.getElementById("role").textContent === "you play x");
    errors.push(...await opened(bo, server.address));
    assert.equal(await bo.locator("#role").textContent(), "watching");
    await bo.locator("#name-o").fill("Bo");
    await bo.locator("#take-o").click();
    await bo.waitForFunction(() => document.getElementById("role").textContent === "you play o");
    errors.push(...await opened(watcher, server.address));
    await watcher.waitForFunction(() => /Ada/.test(document.getElementById("seat-x").textContent)
      && /Bo/.test(document.getElementById("seat-o").textContent));
    assert.equal(await watcher.locator("#take-x").count(), 0, "no free seat is offered");
    assert.ok(await watcher.locator("#new-game").isHidden(), "a spectator does not run the table");

    // Wrong seats: the other seat's link sends the first turn, clicks on its own board,
    // and the host and the spectator send it too.
    const state = await pageState(bo);
    assert.equal(state.in_setup, !!table.setup);
    const [holder, other] = state.to_move === "x" ? ["Ada", bo] : ["Bo", ada];
    const first = state.choices[0];
    const choice = { action: first.action, at: first.at, detail: first.detail };
    for (const page of [other, host, watcher]) {
      const answer = await page.evaluate((c) => window.variantRun.api("/api/choose",
        { ply: 0, choices: [c] }), choice);
      assert.equal(answer.ok, false);
      assert.match(answer.refusal, new RegExp(`${state.to_move}'s seat is held by ${holder}`));
    }
    assert.equal(await other.locator("#board .hit.choice").count(), 0, "nothing lit on the other's board");
    await other.locator(`#board .hit.${first.on}[data-spot="${first.at}"]`).click();
    await other.waitForFunction(() => /not this page's to play/.test(document.getElementById("message").textContent));
    assert.equal((await pageState(other)).ply, 0, "the refused turns left the game as it was");

    // The game, to its result, each turn clicked by the page whose seat is to move.
    let turns = 0;
    for (;;) {
      const now = await pageState(host);
      if (now.result) break;
      const page = now.to_move === "x" ? ada : bo;
      const mine = await waitForPersonOrEnd(page);
      if (mine.result) break;
      await clickATurn(page, mine);
      turns += 1;
      assert.ok(turns < 300, "the game ends");
    }
    const end = await pageState(watcher);
    if (table.setup) {
      assert.ok(end.turns.length >= 3, "the set-up's three turns were clicked");
      assert.match(end.turns[0].text, /^[rl]{4}$/, "x laid four tiles by clicks");
    }
    assert.match(end.result, /wins: |draw: /);
    await watcher.waitForSelector("#moves li.result");
    // The last turn stays in sight in the spectator's move list, however long the game.
    const inSight = await watcher.evaluate(() => {
      const list = document.getElementById("moves").getBoundingClientRect();
      const last = document.querySelector("#moves li.result").getBoundingClientRect();
      return last.top >= list.top - 1 && last.bottom <= list.bottom + 1;
    });
    assert.ok(inSight, "the result line is scrolled into the move list's view");
    assert.equal(await watcher.locator("#moves li.result").textContent(), end.result);
    assert.match(await watcher.locator("#status").textContent(), /wins: |draw: /);
    assert.deepEqual(errors, [], "no page's script raised an error");

    // The kept record, read here, then reported as a playtest session.
    const files = readdirSync(records);
    assert.deepEqual(files, ["game-0001.txt"]);
    const text = readFileSync(path.join(records, files[0]), "utf8");
    assert.match(text, new RegExp(`^ruleset ${table.ruleset}$`, "m"));
    assert.match(text, /^players (x=human:Ada o=human:Bo|o=human:Bo x=human:Ada)$/m);
    assert.equal(text.trimEnd().split("\n").pop(), end.result);
    const report = execFileSync(binary, ["report", records], { encoding: "utf8" });
    console.log(report);
    assert.match(report, /1 game/);
  } finally {
    await people.close();
    stopServer(server);
    rmSync(records, { recursive: true, force: true });
  }
}
