// A playtester on another network follows a seat's invitation. The other network is a
// network namespace of this machine (its own interfaces, routes and loopback), joined to
// ours by a virtual cable: the server listens on our end's address (`--host`), the host's
// browser runs here, and the playtester's browser runs inside the namespace, where this
// machine's 127.0.0.1 and its other addresses cannot be reached. The playtester takes the
// seat, clicks the set-up and the game to its result against a computer, and the game
// kept in `--records` names them. From the namespace, a request naming the server by
// another name (DNS rebinding) is refused, and a turn sent without the seat's link too.
//
// Needs root, for the namespace and the browser inside it (CI runs as root); skipped,
// saying so, for anyone else.
import { test } from "node:test";
import assert from "node:assert/strict";
import { execFileSync } from "node:child_process";
import { chmodSync, mkdtempSync, readdirSync, readFileSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import {
  binary, browserPath, launchForPeople, startServer, stopServer, pageState, playByClicks,
} from "./harness.mjs";

const isRoot = process.getuid() === 0;
// TEST-NET-2 (RFC 5737): documentation addresses, routed nowhere, so no clash with the
// machine's own networks.
const hostSide = "198.51.100.1";
const guestSide = "198.51.100.2";

function root([command, ...rest]) {
  return execFileSync(command, rest, { encoding: "utf8", stdio: ["ignore", "pipe", "pipe"] });
}

/** A namespace joined to ours by a veth pair; `remove` takes both away again. */
function otherNetwork() {
  const tag = `vr${process.pid % 100000}`;
  const namespace = `${tag}-guest`;
  const [ours, theirs] = [`${tag}h`, `${tag}g`];
  root(["ip", "netns", "add", namespace]);
  const remove = () => {
    try { root(["ip", "link", "del", ours]); } catch { /* gone with the namespace */ }
    try { root(["ip", "netns", "del", namespace]); } catch { /* never made */ }
  };
  try {
    root(["ip", "link", "add", ours, "type", "veth", "peer", "name", theirs]);
    root(["ip", "link", "set", theirs, "netns", namespace]);
    root(["ip", "addr", "add", `${hostSide}/24`, "dev", ours]);
    root(["ip", "link", "set", ours, "up"]);
    const inside = (args) => root(["ip", "netns", "exec", namespace, ...args]);
    inside(["ip", "addr", "add", `${guestSide}/24`, "dev", theirs]);
    inside(["ip", "link", "set", theirs, "up"]);
    inside(["ip", "link", "set", "lo", "up"]);
    return { namespace, inside, remove };
  } catch (e) {
    remove();
    throw e;
  }
}

/** A request made from inside the namespace (by node, as a playtester's machine would
 * make it): `{ status, body }`, or `{ error }` when nothing answers. */
function fromThere(network, url, init = {}) {
  // node's http module, not fetch: fetch sets the Host header itself.
  const script = `
    const [url, init] = JSON.parse(process.argv[1]);
    const request = require("http").request(url, { method: init.method || "GET", headers: init.headers || {}, timeout: 5000 }, (r) => {
      let body = "";
      r.on("data", (d) => { body += d; });
      r.on("end", () => console.log(JSON.stringify({ status: r.statusCode, body })));
    });
    request.on("timeout", () => request.destroy(new Error("timed out")));
    request.on("error", (e) => console.log(JSON.stringify({ error: e.message })));
    request.end(init.body);`;
  return JSON.parse(network.inside([process.execPath, "-e", script, JSON.stringify([url, init])]));
}

/** Debian's chromium started inside `namespace` (playwright talks to it over a pipe,
 * which crosses namespaces; its network is the namespace's), with one person's page. */
async function launchInside(namespace, work) {
  const wrapper = path.join(work, "chromium-in-namespace");
  writeFileSync(wrapper, `#!/bin/sh\nexec ip netns exec ${namespace} ${browserPath} "$@"\n`);
  chmodSync(wrapper, 0o755);
  const browser = await launchForPeople({ executablePath: wrapper });
  return { page: await browser.person(), close: browser.close };
}

const skip = isRoot ? false : "needs root for a network namespace (CI runs as root)";

test("a playtester in another network follows a seat's invitation and plays the game", { skip }, async () => {
  const work = mkdtempSync(path.join(tmpdir(), "variant-run-invite-"));
  const records = path.join(work, "records");
  const network = otherNetwork();
  let server;
  let people;
  let guest;
  try {
    server = await startServer(["truchet-browne", "serve", "--host", hostSide, "--port", "0",
      "--size", "3", "--param", "draw_after_quiet_turns=10",
      "--player", "x=human", "--player", "o=greedy", "--records", records]);
    assert.equal(new URL(server.address).hostname, hostSide);
    const port = new URL(server.address).port;

    // The namespace is another network: this machine's loopback is not there.
    assert.equal(fromThere(network, server.address).status, 200, "the playtester's network reaches the page");
    assert.match(fromThere(network, `http://127.0.0.1:${port}/`).error, /ECONNREFUSED/,
      "our loopback is not theirs");
    // A name that leads to the server but is not one of its own is refused.
    const rebound = fromThere(network, server.address, { headers: { Host: `playtest.example:${port}` } });
    assert.notEqual(rebound.status, 200, "a request by another name is refused");

    people = await launchForPeople();
    const host = await people.person();
    await host.goto(server.url);
    await host.waitForSelector("#invite-x");
    const invitation = await host.locator("#invite-x").inputValue();
    assert.ok(invitation.startsWith(`http://${hostSide}:${port}/#seat=`),
      `the invitation is built on the address the server listens on: ${invitation}`);

    guest = await launchInside(network.namespace, work);
    const ada = guest.page;
    const errors = [];
    ada.on("pageerror", (e) => errors.push(e.message));
    await ada.goto(invitation);
    await ada.waitForFunction(() => document.getElementById("board").querySelector("svg"));
    const seen = await ada.evaluate(() => location.host);
    assert.equal(seen, `${hostSide}:${port}`);
    await ada.locator("#name-x").fill("Ada");
    await ada.locator("#take-x").click();
    await ada.waitForFunction(() => document.getElementById("role").textContent === "you play x");
    await host.waitForFunction(() => /Ada/.test(document.getElementById("seat-x").textContent));

    // A turn sent from the playtester's network without the seat's link is refused.
    const state = await pageState(ada);
    const first = state.choices[0];
    const body = JSON.stringify({ ply: 0, choices: [{ action: first.action, at: first.at, detail: first.detail }] });
    const refused = fromThere(network, `${server.address}api/choose`, {
      method: "POST", body, headers: { "Content-Type": "application/json", Origin: `http://${hostSide}:${port}` },
    });
    assert.match(refused.body, /x's seat is held by Ada/);
    assert.equal((await pageState(host)).ply, 0, "the refused turn left the game as it was");

    // Ada clicks the set-up and her turns from the other network; greedy answers.
    await playByClicks(ada, { maxTurns: 300 });
    const end = await pageState(host);
    assert.match(end.turns[0].text, /^[rl]{4}$/, "Ada laid x's four set-up tiles by clicks");
    assert.match(end.result, /wins: |draw: /);
    assert.deepEqual(errors, [], "the playtester's page raised no error");

    const files = readdirSync(records);
    assert.deepEqual(files, ["game-0001.txt"]);
    const text = readFileSync(path.join(records, files[0]), "utf8");
    assert.match(text, /^players x=human:Ada o=greedy$/m);
    assert.equal(text.trimEnd().split("\n").pop(), end.result);
    const report = execFileSync(binary, ["report", records], { encoding: "utf8" });
    assert.match(report, /1 game/);
  } finally {
    if (guest) await guest.close();
    if (people) await people.close();
    stopServer(server);
    network.remove();
    rmSync(work, { recursive: true, force: true });
  }
});
