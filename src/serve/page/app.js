// The serve page's script. It holds no rules: the server says, after each click, what
// may be clicked next (from the game's legal turns), plays the turn the clicks make,
// and refuses a click or a typed turn in the words the terminal uses. The page draws
// what it is told, keeps the clicks made so far, and steps through past positions.
"use strict";

const $ = (id) => document.getElementById(id);

let state = null;          // the server's last state
let made = [];             // the choices clicked so far this turn
let next = [];             // the choices that may follow them
let complete = null;       // the turn they make, when they make a whole one
let viewing = null;        // a past ply being looked at, or null for the game
let clickStarted = null;   // when the click being answered was made (ms)
let seatsShown = "";

// The keys this page presents, from its link's fragment (`#host=…&seat=…`): the host's
// link runs the table, a seat's link plays that seat, no key watches. A fragment never
// reaches a server or a Referer; the keys go only in this page's own requests.
const keys = new URLSearchParams(location.hash.slice(1));
function keyHeaders() {
  const headers = {};
  if (keys.get("host")) headers["x-variant-run-host"] = keys.get("host");
  if (keys.get("seat")) headers["x-variant-run-seat"] = keys.get("seat");
  return headers;
}
let mySide = null;         // the side whose seat this page holds, once the server says
let invitations = null;    // the seats' links, for the host's page
const typedNames = {};     // names typed into the seats' boxes, by side

// Every click is timed, from the click to the board showing its answer; the last
// figure is kept on the page for the browser tests to read.
function answered() {
  if (clickStarted === null) return;
  const ms = performance.now() - clickStarted;
  clickStarted = null;
  document.body.dataset.clickMs = ms.toFixed(1);
  const count = Number(document.body.dataset.clicks || 0) + 1;
  document.body.dataset.clicks = String(count);
}

async function api(path, body) {
  const response = await fetch(path, {
    method: "POST",
    headers: Object.assign({ "Content-Type": "application/json" }, keyHeaders()),
    body: JSON.stringify(body === undefined ? {} : body),
  });
  const text = await response.text();
  if (!response.ok) return { ok: false, refusal: text, status: response.status };
  return JSON.parse(text);
}

function say(text, info) {
  const m = $("message");
  m.textContent = text || "";
  m.className = info ? "info" : "";
}

function human() {
  if (!state || state.broken) return false;
  const side = state.letters.indexOf(state.to_move);
  return state.players[side] === "human" && !state.result;
}

// Whether this page plays the turn now: a person's turn, and its seat is this page's,
// or it is free and this is the host's page.
function mine() {
  if (!human()) return false;
  const side = state.letters.indexOf(state.to_move);
  if (mySide === side) return true;
  return !!keys.get("host") && state.holders[side] === null;
}

function isHost() {
  return !!keys.get("host");
}

function resetClicks() {
  made = [];
  next = (state && state.choices) || [];
  complete = null;
  $("menu").hidden = true;
}

// ---- drawing -------------------------------------------------------------------------

function showBoard(svg) {
  $("board").innerHTML = svg;
  $("board").classList.toggle("past", viewing !== null);
  // The last turn's outline goes over the click targets, so a lit tile does not hide
  // what the opponent just did (it lets clicks through to the targets below).
  const drawing = $("board").querySelector("svg");
  for (const id of ["last-tiles", "last-junctions"]) {
    const group = drawing && drawing.querySelector(`#${id}`);
    if (group) {
      group.style.pointerEvents = "none";
      drawing.appendChild(group);
    }
  }
  mark();
}

function mark() {
  const board = $("board");
  for (const el of board.querySelectorAll(".hit.choice, .hit.chosen")) {
    el.classList.remove("choice", "chosen");
  }
  if (viewing !== null || !mine()) return;
  for (const c of next) {
    const el = board.querySelector(spotSelector(c.on, c.at));
    if (el) el.classList.add("choice");
  }
  for (const c of made) {
    const el = board.querySelector(spotSelector(c.on, c.at));
    if (el) el.classList.add("chosen");
  }
  const play = $("play-complete");
  play.hidden = !(complete && next.length > 0);
  if (complete) play.textContent = `Play ${complete}`;
  $("cancel").hidden = made.length === 0;
}

// A cell and a junction may share a name (hexagonal cells are named like points).
function spotSelector(on, at) {
  return `.hit.${on}[data-spot="${CSS.escape(at)}"]`;
}

function render(s) {
  if (!s.version) return; // the server has not drawn the game yet
  const before = state;
  state = s;
  if (s.broken) {
    $("status").textContent = `${s.ruleset}: the ruleset does not load`;
    $("problems-box").hidden = !s.problems;
    $("problems-box").open = true;
    $("problems").textContent = s.problems || "";
    $("note").textContent = s.note || "";
    renderCompare(s.compare);
    answered();
    return;
  }
  $("ruleset").textContent = s.ruleset;
  $("summary").textContent = s.summary;
  document.title = `${s.ruleset} · variant-run`;
  const moved = !before || before.broken || before.ply !== s.ply || before.game !== s.game;
  if (moved) resetClicks();
  if (viewing !== null && viewing > s.ply) viewing = null;
  if (viewing === null && (moved || made.length === 0)) showBoard(s.picture);
  renderStatus(s);
  renderMoves(s);
  renderSeats(s);
  renderOptions(s, before);
  renderCompare(s.compare);
  $("problems-box").hidden = !s.problems;
  if (s.problems) $("problems-box").open = true;
  $("problems").textContent = s.problems || "";
  $("note").textContent = s.note || "";
  $("setup-random").hidden = !(s.in_setup && mine());
  $("records-note").hidden = !s.records;
  renderRole(s);
  $("pause").textContent = s.paused ? "Resume" : "Pause";
  $("speed").value = s.speed_ms;
  $("speed-ms").textContent = `${s.speed_ms} ms`;
  if (before && before.ply !== s.ply) answered();
}

function renderStatus(s) {
  let text;
  if (s.result) text = s.result;
  else if (s.thinking) text = `${s.to_move} (${s.thinking.kind}) is thinking…`;
  else if (s.in_setup && mine()) text = s.setup_help;
  else if (s.in_setup) {
    const side = s.letters.indexOf(s.to_move);
    text = `set-up: ${s.to_move} (${s.holders[side] || s.players[side]}) lays tiles`;
  }
  else {
    const side = s.letters.indexOf(s.to_move);
    const who = s.holders[side] || s.players[side];
    text = mine() ? `${s.to_move} to move: your turn` : `${s.to_move} to move (${who})`;
  }
  $("status").textContent = text;
  $("thinking").textContent = s.thinking ? `${s.thinking.kind} is choosing a turn` : "";
  if (s.thinking) thinkingSince = performance.now() - s.thinking.ms;
}

let thinkingSince = 0;
setInterval(() => {
  if (state && state.thinking) {
    const seconds = ((performance.now() - thinkingSince) / 1000).toFixed(1);
    $("thinking").textContent = `${state.thinking.kind} is choosing a turn: ${seconds} s`;
  }
}, 200);

function renderMoves(s) {
  const list = $("moves");
  list.innerHTML = "";
  for (const t of s.turns) {
    const li = document.createElement("li");
    li.value = t.number;
    li.textContent = `${t.player}  ${t.text}`;
    li.dataset.ply = t.number;
    li.addEventListener("click", () => view(t.number));
    list.appendChild(li);
  }
  if (s.result) {
    const li = document.createElement("li");
    li.className = "result";
    li.value = s.turns.length + 1;
    li.textContent = s.result;
    li.style.listStyle = "none";
    list.appendChild(li);
  }
  $("slider").max = s.ply;
  markViewing();
}

function markViewing() {
  const shown = viewing === null ? state.ply : viewing;
  $("slider").value = shown;
  for (const li of $("moves").children) {
    const current = Number(li.dataset.ply) === shown;
    li.classList.toggle("current", current);
    // The turn shown stays in sight in the list (the list scrolls, not the page).
    if (current) {
      const list = $("moves");
      const top = li.offsetTop - list.offsetTop;
      if (top < list.scrollTop || top + li.offsetHeight > list.scrollTop + list.clientHeight) {
        list.scrollTop = top - list.clientHeight + li.offsetHeight * 2;
      }
    }
  }
  if (viewing === null && state.result) $("moves").scrollTop = $("moves").scrollHeight;
  $("viewing").textContent = viewing === null ? "" : `looking at the position after turn ${viewing} of ${state.ply}`;
  $("play-from-here").hidden = viewing === null || !isHost();
  $("download-picture").href = viewing === null ? "/api/picture?download=true" : `/api/picture?ply=${viewing}&download=true`;
}

function renderSeats(s) {
  const key = JSON.stringify([s.players, s.kinds, s.letters, s.holders, mySide, invitations]);
  if (key === seatsShown) return;
  seatsShown = key;
  const box = $("seats");
  box.innerHTML = "";
  s.letters.forEach((letter, side) => {
    const [kind, budget] = s.players[side].split(":");
    const div = document.createElement("div");
    div.className = "seat";
    div.id = `seat-${letter}`;
    const title = document.createElement("span");
    title.className = "seat-title";
    const who = kind !== "human" ? s.players[side] : s.holders[side] || "a free seat";
    title.textContent = `${letter} (${s.names[side]}): ${who}${mySide === side ? " (you)" : ""}`;
    div.appendChild(title);
    if (isHost()) {
      const label = document.createElement("label");
      label.textContent = "player ";
      const select = document.createElement("select");
      select.id = `kind-${letter}`;
      for (const k of s.kinds) {
        const option = document.createElement("option");
        option.value = k.kind;
        option.textContent = k.kind;
        option.title = k.about;
        select.appendChild(option);
      }
      select.value = kind;
      label.appendChild(select);
      const extra = document.createElement("input");
      extra.id = `budget-${letter}`;
      extra.placeholder = "budget";
      extra.title = "a budget after a colon, for players that take one (2000, 500ms)";
      extra.value = budget || "";
      div.append(document.createElement("br"), label, extra);
    }
    if (kind === "human") div.appendChild(seatActions(s, side, letter));
    box.appendChild(div);
  });
}

// What this page may do with a person's seat: invite to it, take it, leave or free it.
function seatActions(s, side, letter) {
  const p = document.createElement("p");
  p.className = "seat-actions";
  const held = s.holders[side] !== null;
  if (held && (isHost() || mySide === side)) {
    p.appendChild(button(mySide === side ? "Leave the seat" : "Free the seat", `free-${letter}`, async () => {
      const answer = await api("/api/seats/free", { side: letter });
      if (!answer.ok) say(answer.refusal);
      else if (mySide === side) { keys.delete("seat"); saveKeys(); mySide = null; }
    }));
  } else if (!held && isHost() && invitations) {
    const link = document.createElement("input");
    link.readOnly = true;
    link.id = `invite-${letter}`;
    link.className = "invite";
    link.value = `${inviteBase()}#seat=${invitations.seats[side]}`;
    link.title = "give this link to the person who plays this side";
    const copy = button("Copy", `copy-${letter}`, async () => {
      link.select();
      try { await navigator.clipboard.writeText(link.value); say("link copied", true); }
      catch { say("select the link and copy it"); }
    });
    p.append("invite: ", link, copy);
  } else if (!held && (mySide === null || mySide === side)) {
    const name = document.createElement("input");
    name.id = `name-${letter}`;
    name.placeholder = "your name";
    name.maxLength = 40;
    // The panel is drawn again as seats change: what was typed stays.
    name.value = typedNames[letter] || "";
    name.addEventListener("input", () => { typedNames[letter] = name.value; });
    p.append(name, button("Take this seat", `take-${letter}`, async () => {
      const answer = await api("/api/seats/take", { side: letter, name: name.value });
      if (!answer.ok) { say(answer.refusal); return; }
      keys.set("seat", answer.key);
      saveKeys();
      mySide = side;
      say(`you play ${letter}: this page's link is now your seat's`, true);
    }));
  }
  return p;
}

// The address an invitation names: this page's own, unless that is this machine's
// loopback and the server listens on an address others can reach.
function inviteBase() {
  const loopback = (url) => /^http:\/\/(127\.|\[::1\]|localhost)/.test(url);
  const own = `${location.origin}/`;
  if (!loopback(own)) return own;
  return invitations.addresses.find((url) => !loopback(url)) || own;
}

function button(text, id, onClick) {
  const b = document.createElement("button");
  b.type = "button";
  b.textContent = text;
  b.id = id;
  b.addEventListener("click", onClick);
  return b;
}

// The keys back into the link, so a reload (or a bookmark) keeps the seat.
function saveKeys() {
  const hash = keys.toString();
  history.replaceState(null, "", hash ? `#${hash}` : location.pathname);
  seatsShown = "";
  if (state) render(state);
}

// Who this page is: the host, a seat's holder, or a spectator; the controls that are
// not its to use are hidden.
let roleAsked = "";
function renderRole(s) {
  const asked = JSON.stringify([s.holders, s.players, keys.toString()]);
  if (asked !== roleAsked) {
    roleAsked = asked;
    askRole();
  }
  const side = mySide === null ? null : s.letters[mySide];
  $("role").textContent = isHost()
    ? side ? `you: the host, playing ${side}` : "you: the host"
    : side ? `you play ${side}` : "watching";
  for (const el of document.querySelectorAll(".host-only")) el.hidden = !isHost();
  $("undo").hidden = !(isHost() || mySide !== null);
  $("typed").hidden = !(isHost() || mySide !== null);
}

async function askRole() {
  const response = await fetch("/api/seats/me", { headers: keyHeaders() });
  const me = response.ok ? await response.json() : null;
  if (!response.ok) say(await response.text());
  mySide = me && me.seat ? state.letters.indexOf(me.seat) : null;
  if (isHost()) {
    const list = await fetch("/api/seats/invitations", { headers: keyHeaders() });
    invitations = list.ok ? await list.json() : null;
  }
  seatsShown = "";
  renderSeats(state);
  renderStatus(state);
  renderRole(state);
  mark();
}

function renderOptions(s, before) {
  if (before && !before.broken && JSON.stringify(before.options) === JSON.stringify(s.options)) return;
  const o = s.options;
  $("seed").value = o.seed;
  $("size").value = o.size === null ? "" : o.size;
  $("size").placeholder = o.default_size === null ? "no board size" : String(o.default_size);
  $("tiles").value = o.tiles || "";
  const notation = $("notation");
  notation.innerHTML = "";
  for (const n of o.notations) {
    const option = document.createElement("option");
    option.value = option.textContent = n;
    notation.appendChild(option);
  }
  notation.value = o.notation;
  const params = $("params");
  params.innerHTML = "";
  for (const p of o.params) {
    const label = document.createElement("label");
    label.textContent = `${p.name} `;
    const input = document.createElement("input");
    input.dataset.param = p.name;
    input.placeholder = p.default;
    input.value = p.value === null ? "" : p.value;
    label.appendChild(input);
    params.appendChild(label);
  }
}

function renderCompare(c) {
  const progress = $("compare-progress");
  progress.hidden = !c.running && !c.report;
  progress.max = Math.max(1, c.total);
  progress.value = c.done;
  const status = $("compare-status");
  status.innerHTML = "";
  if (c.running) status.textContent = `comparing with ${c.against}: ${c.done} of ${c.total} games`;
  else if (c.error) status.textContent = c.error;
  else if (c.report) {
    const a = document.createElement("a");
    a.href = "/api/compare/report";
    a.target = "_blank";
    a.id = "compare-report";
    a.textContent = `the report against ${c.against}`;
    const apart = c.differences.length
      ? ` (${c.differences.length} figures apart: ${c.differences.join(", ")})`
      : " (no figure apart)";
    status.append(a, document.createTextNode(apart));
  }
}

// ---- clicks --------------------------------------------------------------------------

function strip(c) {
  return { action: c.action, at: c.at, detail: c.detail };
}

function kept(c) {
  return { action: c.action, on: c.on, at: c.at, detail: c.detail };
}

async function onBoardClick(event) {
  const target = event.target.closest(".hit");
  $("menu").hidden = true;
  if (!target || !state || viewing !== null) return;
  if (!mine()) {
    say(human() ? `${state.to_move}'s turn is not this page's to play` : "it is not a person's turn");
    return;
  }
  const at = target.dataset.spot;
  const on = target.classList.contains("cell") ? "cell" : "point";
  const last = made[made.length - 1];
  if (last && last.at === at && last.on === on && last.action === "pick") {
    resetClicks();
    mark();
    say("");
    return;
  }
  clickStarted = performance.now();
  const offered = next.filter((c) => c.at === at && c.on === on);
  if (offered.length === 0) {
    const answer = await api("/api/choose", { ply: state.ply, choices: made.map(strip), click: { on, at } });
    say(answer.refusal || "");
    answered();
    return;
  }
  if (offered.length === 1) {
    await choose(offered[0]);
    return;
  }
  showMenu(offered, event);
  answered();
}

function showMenu(offered, event) {
  const menu = $("menu");
  menu.innerHTML = "";
  for (const c of offered) {
    const button = document.createElement("button");
    button.textContent = c.label;
    button.dataset.action = c.action;
    button.dataset.detail = c.detail;
    button.addEventListener("click", () => {
      menu.hidden = true;
      clickStarted = performance.now();
      choose(c);
    });
    menu.appendChild(button);
  }
  const box = $("board-box").getBoundingClientRect();
  menu.style.left = `${event.clientX - box.left + 8}px`;
  menu.style.top = `${event.clientY - box.top + 8}px`;
  menu.hidden = false;
}

async function choose(choice, play) {
  const tried = made.concat([kept(choice)]);
  const ply = state.ply;
  const answer = await api("/api/choose", { ply, choices: (play ? made : tried).map(strip), play: !!play });
  if (!answer.ok) {
    say(answer.refusal);
    answered();
    return;
  }
  if (answer.played !== undefined) {
    say(`played ${answer.played}`, true);
    // The board is drawn again when the new state arrives.
    if (state.ply !== ply) answered();
    return;
  }
  made = tried;
  next = answer.next;
  complete = answer.complete;
  if (answer.picture) showBoard(answer.picture);
  else mark();
  say("");
  answered();
}

async function playComplete() {
  clickStarted = performance.now();
  const ply = state.ply;
  const answer = await api("/api/choose", { ply, choices: made.map(strip), play: true });
  if (!answer.ok) say(answer.refusal);
  else say(`played ${answer.played}`, true);
  if (state.ply !== ply || !answer.ok) answered();
}

async function playTyped(text) {
  if (!state) return;
  clickStarted = performance.now();
  const ply = state.ply;
  const answer = await api("/api/play", { ply, text });
  if (!answer.ok) {
    say(answer.refusal);
    answered();
  } else {
    say(`played ${answer.played}`, true);
    $("turn-text").value = "";
    if (state.ply !== ply) answered();
  }
}

// ---- stepping through the game ---------------------------------------------------------

async function view(ply) {
  if (!state) return;
  ply = Math.max(0, Math.min(state.ply, ply));
  if (ply === state.ply) {
    viewing = null;
    showBoard(state.picture);
  } else {
    viewing = ply;
    const response = await fetch(`/api/picture?ply=${ply}`);
    if (response.ok && viewing === ply) showBoard(await response.text());
  }
  markViewing();
}

function shownPly() {
  return viewing === null ? state.ply : viewing;
}

document.addEventListener("keydown", (event) => {
  if (!state || event.target.closest("input, select, textarea")) return;
  if (event.key === "ArrowLeft") view(shownPly() - 1);
  else if (event.key === "ArrowRight") view(shownPly() + 1);
  else if (event.key === "Home") view(0);
  else if (event.key === "End") view(state.ply);
  else if (event.key === "Escape") { resetClicks(); mark(); say(""); return; }
  else return;
  event.preventDefault();
});

// ---- wiring --------------------------------------------------------------------------

function wire() {
  $("board").addEventListener("click", onBoardClick);
  $("play-complete").addEventListener("click", playComplete);
  $("cancel").addEventListener("click", () => { resetClicks(); mark(); say(""); });
  $("setup-random").addEventListener("click", () => playTyped("random"));
  $("typed").addEventListener("submit", (e) => { e.preventDefault(); playTyped($("turn-text").value); });
  $("first").addEventListener("click", () => view(0));
  $("back").addEventListener("click", () => view(shownPly() - 1));
  $("forward").addEventListener("click", () => view(shownPly() + 1));
  $("last").addEventListener("click", () => view(state.ply));
  $("slider").addEventListener("input", () => view(Number($("slider").value)));
  $("undo").addEventListener("click", async () => {
    viewing = null;
    const answer = await api("/api/undo");
    if (!answer.ok) say(answer.refusal);
  });
  $("play-from-here").addEventListener("click", async () => {
    const answer = await api("/api/truncate", { ply: viewing });
    viewing = null;
    if (!answer.ok) say(answer.refusal);
  });
  $("apply-players").addEventListener("click", async () => {
    const players = state.letters.map((letter) => {
      const kind = $(`kind-${letter}`).value;
      const budget = $(`budget-${letter}`).value.trim();
      return budget && kind !== "human" ? `${kind}:${budget}` : kind;
    });
    seatsShown = "";
    const answer = await api("/api/players", { players });
    say(answer.ok ? "players set" : answer.refusal, answer.ok);
  });
  $("pause").addEventListener("click", () => api("/api/pause", { paused: !state.paused }));
  $("speed").addEventListener("change", () => api("/api/speed", { ms: Number($("speed").value) }));
  $("new-game").addEventListener("submit", async (e) => {
    e.preventDefault();
    const number = (id) => ($(id).value.trim() === "" ? null : Number($(id).value));
    const text = (id) => ($(id).value.trim() === "" ? null : $(id).value.trim());
    const params = [];
    for (const input of $("params").querySelectorAll("input")) {
      if (input.value.trim() !== "") params.push([input.dataset.param, input.value.trim()]);
    }
    viewing = null;
    const answer = await api("/api/new", {
      seed: number("seed"), size: number("size"), tiles: text("tiles"),
      layout: text("layout"), notation: $("notation").value, params,
    });
    say(answer.ok ? "new game" : answer.refusal, answer.ok);
  });
  $("record-file").addEventListener("change", async () => {
    const file = $("record-file").files[0];
    if (!file) return;
    const answer = await loadRecord(await file.text());
    $("record-file").value = "";
    say(answer.ok ? `record loaded: ${answer.turns} turns` : answer.refusal, answer.ok);
  });
  $("compare").addEventListener("submit", async (e) => {
    e.preventDefault();
    const answer = await api("/api/compare", {
      against: $("against").value, games: Number($("compare-games").value),
    });
    if (!answer.ok) $("compare-status").textContent = answer.refusal;
  });
  fillCompareChoices();
  fillFiles();
}

async function loadRecord(text) {
  viewing = null;
  return api("/api/record", { text });
}

async function fillCompareChoices() {
  const response = await fetch("/api/compare/rulesets");
  if (!response.ok) return;
  const choices = await response.json();
  const select = $("against");
  select.innerHTML = "";
  if (choices.base) {
    const option = document.createElement("option");
    option.value = "base";
    option.textContent = `its base (${choices.base})`;
    select.appendChild(option);
  }
  for (const name of choices.others) {
    const option = document.createElement("option");
    option.value = option.textContent = name;
    select.appendChild(option);
  }
}

async function fillFiles() {
  const response = await fetch("/api/files");
  if (!response.ok) return;
  const { files } = await response.json();
  const list = $("files");
  for (const name of files) {
    const li = document.createElement("li");
    const a = document.createElement("a");
    a.href = `/files/${name.split("/").map(encodeURIComponent).join("/")}`;
    a.target = "_blank";
    a.textContent = name;
    li.appendChild(a);
    list.appendChild(li);
  }
}

function connect() {
  const events = new EventSource("/api/events");
  events.addEventListener("state", (e) => render(JSON.parse(e.data)));
  events.onerror = () => { $("status").textContent = "the server is not answering…"; };
}

window.variantRun = { api, loadRecord, playTyped, view };
wire();
connect();
