// Takes the README's pictures of the serve page, one per geometry, into docs/:
//   node tests/browser/screenshots.mjs
// Each shows a stack picked (its places highlighted), or on Trugo's patch a few tiles
// placed and the cells where the next may go. Then a seat's view: two people at one
// table, the second's page after the set-up and a few turns clicked.
import path from "node:path";
import {
  launch, launchForPeople, root, startServer, stopServer, pageState, clickSpot, clickATurn,
  waitForPersonOrEnd,
} from "./harness.mjs";

const shots = [
  { file: "serve-square.png", args: ["truchet-browne", "--seed", "4", "--layout", "random"], turns: 2 },
  { file: "serve-hex.png", args: ["truchet-hex", "--seed", "2", "--layout", "random"], turns: 2 },
  { file: "serve-patch.png", args: ["trugo", "--seed", "3"], turns: 8 },
];

const browser = await launch();
try {
  for (const shot of shots) {
    const server = await startServer([...shot.args, "serve", "--port", "0", "--player", "x=human", "--player", "o=greedy"]);
    const page = await browser.context.newPage();
    await page.setViewportSize({ width: 1280, height: 900 });
    await page.goto(server.url);
    await page.evaluate(() => window.variantRun.api("/api/speed", { ms: 0 }));
    for (let turn = 0; turn < shot.turns; turn++) {
      let state = await pageState(page);
      while (state.players[state.letters.indexOf(state.to_move)] !== "human" || !state.choices) {
        await page.waitForTimeout(100);
        state = await pageState(page);
      }
      await page.waitForFunction((p) => document.querySelectorAll("#moves li[data-ply]").length === p, state.ply);
      const last = turn === shot.turns - 1;
      const first = state.choices.find((c) => c.action === "pick") || state.choices[0];
      if (last && first.action === "pick") {
        await clickSpot(page, first.at, first.on);
        break;
      }
      if (last) break;
      const choice = { action: first.action, at: first.at, detail: first.detail };
      await page.evaluate(async ([ply, choice]) => {
        let made = [choice];
        for (let i = 0; i < 8; i++) {
          const r = await window.variantRun.api("/api/choose", { ply, choices: made });
          if (!r.ok || r.played !== undefined) return;
          const n = r.next[0];
          made = made.concat([{ action: n.action, at: n.at, detail: n.detail }]);
        }
      }, [state.ply, choice]);
      await page.waitForFunction((p) => document.querySelectorAll("#moves li[data-ply]").length > p, state.ply);
    }
    await page.waitForTimeout(300);
    await page.screenshot({ path: path.join(root, "docs", shot.file) });
    console.log(`docs/${shot.file}`);
    await page.close();
    stopServer(server);
  }
} finally {
  await browser.close();
}

// A seat's view: Ada follows the host's invitation to x, Bo takes o from the plain
// address; they click the set-up and a few turns, and Bo's page is pictured.
{
  const server = await startServer(["truchet-browne", "serve", "--port", "0", "--seed", "5",
    "--player", "x=human", "--player", "o=human"]);
  const people = await launchForPeople();
  try {
    const host = await people.person();
    await host.goto(server.url);
    await host.waitForSelector("#invite-x");
    const ada = await people.person();
    await ada.goto(await host.locator("#invite-x").inputValue());
    await ada.locator("#name-x").fill("Ada");
    await ada.locator("#take-x").click();
    const bo = await people.person();
    await bo.setViewportSize({ width: 1280, height: 900 });
    await bo.goto(server.address);
    await bo.locator("#name-o").fill("Bo");
    await bo.locator("#take-o").click();
    await bo.waitForFunction(() => document.getElementById("role").textContent === "you play o");
    for (const page of [ada, bo]) {
      // Set-up by the `random` button, to keep the picture quick.
      const state = await waitForPersonOrEnd(page);
      await page.locator("#setup-random").click();
      await page.waitForFunction((p) => document.querySelectorAll("#moves li[data-ply]").length > p, state.ply);
    }
    // A few turns each, until it is Bo's turn again.
    for (let turn = 0; turn < 7 || (await pageState(host)).to_move !== "o"; turn++) {
      const now = await pageState(host);
      const page = now.to_move === "x" ? ada : bo;
      await clickATurn(page, await waitForPersonOrEnd(page));
    }
    await waitForPersonOrEnd(bo);
    await bo.waitForTimeout(300);
    await bo.screenshot({ path: path.join(root, "docs", "serve-seat.png") });
    console.log("docs/serve-seat.png");
  } finally {
    await people.close();
    stopServer(server);
  }
}
