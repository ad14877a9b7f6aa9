// Play page: one game against computer players, written against the generic game API
// (docs/web.md): the board (view.board, clicks narrowed by each legal move's "targets"), undo,
// hints, a replay slider, the game in the page's address, record download and upload.
"use strict";

const GAME = decodeURIComponent(location.pathname.split("/").filter(Boolean)[1] || "");
const SVGNS = "http://www.w3.org/2000/svg";
const $ = id => document.getElementById(id);

const pg = {
  info: null,
  view: null,      // the live game (what the server says now)
  replay: null,    // a past position (GET at/N) shown instead of the live one, or null
  busy: false,     // a request is under way: the board and the buttons wait
  picked: [],      // the targets clicked so far for the move being made
  note: "",        // why the last click on the board made no move (shown under the board)
  hint: null,      // the last hint {action, move, targets...} for the live position
  line: null,      // the best line under the board (bestline.js): {data, step, view (a preview) or null}
  lineWait: false, // the best line is being worked out (bestline.js: its button says so)
  level: null,     // the level the game was started with (for the address and the selector)
  seq: 0,          // replay requests: only the latest one is drawn
  drawnFor: null,  // the game id the page's per-game defaults were last set for
  lastHash: "",
  queue: null,     // where the page's search waits for a free worker of the server, or null
};

// ------------------------------------------------------------------------------------ address
// #params=K:V,..&seats=human,alphabeta&level=hard&options=K:V&seed=N&moves=A,B,C[&at=N]
function enc(v) { return encodeURIComponent(String(v)).replace(/%2C/gi, ",").replace(/%3A/gi, ":"); }

function kvText(obj) {
  return Object.entries(obj || {}).filter(([, v]) => v !== null && v !== undefined)
    .map(([k, v]) => `${k}:${v}`).join(",");
}

function parseKv(text) {
  const out = {};
  for (const part of (text || "").split(",")) {
    if (!part) continue;
    const i = part.indexOf(":");
    if (i <= 0) throw new Error(`the address's "${part}" is not NAME:VALUE`);
    const raw = part.slice(i + 1);
    out[part.slice(0, i)] = raw === "true" ? true : raw === "false" ? false
      : /^-?\d+(\.\d+)?$/.test(raw) ? Number(raw) : raw;
  }
  return out;
}

function parseHash(hash) {
  const q = new Map();
  for (const part of hash.replace(/^#/, "").split("&")) {
    if (!part) continue;
    const i = part.indexOf("=");
    if (i < 0) q.set(decodeURIComponent(part), "");
    else q.set(decodeURIComponent(part.slice(0, i)), decodeURIComponent(part.slice(i + 1)));
  }
  return q;
}

function numbers(text, what) {
  if (!text) return [];
  return text.split(",").filter(Boolean).map(x => {
    if (!/^\d+$/.test(x)) throw new Error(`the address's ${what} must be numbers, not "${x}"`);
    return Number(x);
  });
}

function addressOf(v) {
  const parts = [["params", kvText(v.params)], ["seats", v.seats.join(",")]];
  if (pg.level) parts.push(["level", pg.level]);
  if (Object.keys(v.options || {}).length) parts.push(["options", kvText(v.options)]);
  parts.push(["seed", v.seed], ["moves", (v.all_actions || []).join(",")]);
  if (v.resigned !== null && v.resigned !== undefined) parts.push(["resigned", v.resigned]);
  if (pg.replay) parts.push(["at", pg.replay.ply]);
  return "#" + parts.map(([k, x]) => `${k}=${enc(x)}`).join("&");
}

function updateAddress() {
  if (!pg.view) return;
  const h = addressOf(pg.view);
  if (h !== location.hash) history.replaceState(null, "", h);
  pg.lastHash = location.hash;
  if (!$("share-box").hidden) $("share-link").value = location.href;  // the link follows the game
}

// "Link to this game": the address (which holds the whole game) in a box to copy, copied when the
// browser lets the page (on a phone the address bar shows the site, not the game)
async function shareLink() {
  updateAddress();
  const box = $("share-link");
  $("share-box").hidden = false;
  box.value = location.href;
  box.focus(); box.select();
  let copied = false;
  try {
    if (navigator.clipboard && window.isSecureContext) {
      await navigator.clipboard.writeText(location.href);
      copied = true;
    }
  } catch (err) { copied = false; }
  $("share-note").textContent = (copied ? "Copied. " : "Copy it from the box. ") +
    "It opens this game at this move (the deal and every move are in it), in another browser or after a restart." +
    (pg.view.record_available ? "" : " It also holds what the game hides (a hand, a word not yet shown): share it once the game is over.");
}

// the body of POST new that rebuilds a game from an address (or a view: the same fields)
function bodyFromHash(q) {
  const body = { params: parseKv(q.get("params")), moves: numbers(q.get("moves"), "moves") };
  const seed = numbers(q.get("seed"), "seed");
  if (seed.length !== 1) throw new Error("the address has no seed");
  body.seed = seed[0];
  if (q.get("seats")) body.seats = q.get("seats").split(",");
  else if (q.get("level")) body.level = q.get("level");  // a short address: you at seat 0
  if (q.get("options")) body.options = parseKv(q.get("options"));
  if (q.get("resigned")) body.resigned = numbers(q.get("resigned"), "resigned")[0];
  return body;
}

function rebuildBody(v, moves) {
  const body = { params: cleanParams(v.params), seats: v.seats, options: v.options, seed: v.seed,
                 moves: moves || v.all_actions };
  if (!moves && v.resigned !== null && v.resigned !== undefined) body.resigned = v.resigned;
  return body;
}

function cleanParams(p) {
  return Object.fromEntries(Object.entries(p || {}).filter(([, x]) => x !== null && x !== undefined));
}

// ------------------------------------------------------------------------------------ requests
// a request about the live game. A POST carries the game as the page holds it ("game": its seed
// and moves), so a server process that does not know it, or knows it at another move (two
// processes serving the same games), rebuilds it first; a GET for a game the server no longer
// holds (dropped, or the server was restarted) rebuilds it with POST new and asks again.
// The searches (the computer's move, a hint, the best line) may wait for a free worker of the
// server: meanwhile the status line says where in line (GET .../queue).
const SEARCHES = ["/computer", "/hint", "/line"];

async function gameApi(suffix, body) {
  if (body !== undefined) body = { ...body, game: rebuildBody(pg.view) };
  const watch = SEARCHES.includes(suffix);
  if (watch) watchQueue(pg.view.id);
  try {
    return await api(`/api/${GAME}/${pg.view.id}${suffix}`, body);
  } catch (err) {
    if (!/^no \S+ game /.test(err.message)) throw err;
    pg.view = await api(`/api/${GAME}/new`, rebuildBody(pg.view));
    return await api(`/api/${GAME}/${pg.view.id}${suffix}`, body);
  } finally {
    if (watch) stopQueueWatch();
  }
}

// the line under the status while a search waits: "waiting for a free worker: 2nd in line"
let queueTimer = null;
function watchQueue(id) {
  stopQueueWatch();
  const tick = async () => {
    let text = null;
    try {
      const q = await api(`/api/${GAME}/${id}/queue`);
      text = q.state === "waiting" ? q.text : null;
    } catch (err) { text = null; }  // a poll only: the search's own answer says what went wrong
    if (queueTimer === null) return;  // the search ended meanwhile
    pg.queue = text;
    showQueue();
    queueTimer = setTimeout(tick, 700);
  };
  queueTimer = setTimeout(tick, 300);
}

function stopQueueWatch() {
  clearTimeout(queueTimer);
  queueTimer = null;
  if (pg.queue) { pg.queue = null; showQueue(); }
}

function showQueue() {
  const box = $("queue");
  if (!box) return;
  box.textContent = pg.queue ? `(${pg.queue})` : "";
  box.hidden = !pg.queue;
}

function setLive(view) {
  pg.view = view;
  pg.replay = null;
  pg.picked = [];
  pg.note = "";
  pg.hint = null;
  pg.line = null;  // the line was the old position's
  pg.seq++;
}

async function computerTurns() {
  while (pg.view && !pg.replay && !pg.view.terminal && !pg.view.human_turn) {
    pg.busy = true; draw();
    try {
      setLive(await gameApi("/computer", {}));
    } catch (err) { showError("error", err); break; }
    finally { pg.busy = false; }
    draw();
  }
}

function run(fn) {  // a user action: one request (and the computer's replies) at a time
  if (pg.busy) return;
  return busyWhile(async () => {
    showError("error", null);
    pg.note = "";  // the last tap's refusal is old news
    pg.busy = true;
    try { await fn(); } catch (err) { showError("error", err); }
    finally { pg.busy = false; }
    draw();
    await computerTurns();
  });
}

function play(action) {
  return run(async () => { setLive(await gameApi("/move", { action })); });
}

function undo() {
  if (!pg.view || !pg.view.can_undo) return;
  return run(async () => { setLive(await gameApi("/undo", {})); });
}

function hint() {
  return run(async () => {
    const h = await gameApi("/hint", {});
    const m = pg.view.legal.find(x => x.action === h.action);
    pg.hint = { ...h, targets: (m && m.targets) || [] };
  });
}

function presetOf(params) {
  // the preset the game's parameters are: the one whose game reports the same parameters (a
  // game may leave its defaults out), else the most specific one they agree with
  const same = (a, b) => Object.keys(a).length === Object.keys(b).length
    && Object.keys(a).every(k => a[k] === b[k]);
  const exact = pg.info.presets.findIndex(p => p.game_params && same(p.game_params, params));
  if (exact >= 0) return exact;
  let best = -1, keys = -1;
  pg.info.presets.forEach((p, i) => {
    const ks = Object.keys(p.params);
    if (ks.every(k => params[k] === p.params[k]) && ks.length > keys) { best = i; keys = ks.length; }
  });
  return best;
}

function syncSetup() {  // the New game form shows the game being played
  const v = pg.view;
  const i = presetOf(v.params || {});
  if (i >= 0) { $("preset").value = String(i); fillSeats(); }
  if (v.seats.includes("human")) $("seat").value = String(v.viewer);
  if (pg.level && [...$("level").options].some(o => o.value === pg.level)) $("level").value = pg.level;
}

// A number box of the form: null when empty; an error naming the box when what was typed is not
// a number (the box then reads "", which would silently mean "the default" or "a random deal"),
// or, for the seed, not a whole number a page can send exactly (above 2^53 it was rounded: 99999999999999999
// started the deal 100000000000000000).
function formNumber(id, label, whole) {
  const box = $(id);
  if (box.validity.badInput) throw new Error(`${label}: what is typed is not a number`);
  const text = box.value.trim();
  if (!text) return null;
  const x = Number(text);
  if (whole && !(Number.isSafeInteger(x) && x >= 0 && /^\d+$/.test(text)))
    throw new Error(`${label} must be a whole number from 0 to ${Number.MAX_SAFE_INTEGER} (empty: a random deal), got ${text}`);
  return x;
}

function newGame() {
  return run(async () => {
    const preset = pg.info.presets[Number($("preset").value)];
    const opponent = $("opponent").value;
    const body = { params: preset.params, human_seat: Number($("seat").value) };
    const levels = pg.info.levels;
    if (opponent) body.opponent = opponent;
    else if (levels.length) body.level = $("level").value;
    const opts = optionsFor(effectivePlayer());
    const options = {};
    const sims = opts.includes("simulations") ? formNumber("simulations", "Simulations", false) : null;
    const tl = opts.includes("time_limit") ? formNumber("time-limit", "Thinking time per move", false) : null;
    if (sims !== null) options.simulations = sims;
    if (tl !== null) options.time_limit = tl;
    body.options = options;
    const seed = formNumber("seed", "Seed", true);
    if (seed !== null) body.seed = seed;
    pg.level = body.level || null;
    setLive(await api(`/api/${GAME}/new`, body));
  });
}

async function openAddress(hash) {
  const q = parseHash(hash);
  if (!q.has("seed") && /^[0-9a-f]{16}$/.test(hash.replace(/^#/, ""))) {  // an old #ID address
    setLive(await api(`/api/${GAME}/${hash.replace(/^#/, "")}`));
    return;
  }
  pg.level = q.get("level") || null;
  setLive(await api(`/api/${GAME}/new`, bodyFromHash(q)));
  syncSetup();
  const at = q.get("at");
  if (at && pg.view.actions && /^\d+$/.test(at) && Number(at) < pg.view.actions.length) {
    await showPly(Number(at));
  }
}

// ------------------------------------------------------------------------------------ replay
async function showPly(n) {
  const v = pg.view;
  const total = v.actions.length;
  n = Math.max(0, Math.min(total, n));
  const seq = ++pg.seq;
  pg.picked = [];
  pg.note = "";
  if (pg.line) { pg.line.step = null; pg.line.view = null; }  // the replay leaves the line's preview
  if (n === total) { pg.replay = null; return; }
  const r = await gameApi(`/at/${n}`);
  if (seq === pg.seq) pg.replay = r;
}

function goTo(n) {
  if (!pg.view || !pg.view.actions) return;
  return run(() => showPly(n));
}

function step(d) {
  const cur = pg.replay ? pg.replay.ply : pg.view.actions.length;
  return goTo(cur + d);
}

function playFromHere() {
  const n = pg.replay.ply;
  return run(async () => {
    setLive(await api(`/api/${GAME}/new`, rebuildBody(pg.view, pg.view.actions.slice(0, n))));
  });
}

// ------------------------------------------------------------------------------------ records
async function downloadRecord() {
  try {
    const doc = await gameApi("/record");
    download(`${GAME}-${pg.view.id}.json`, JSON.stringify(doc, null, 2));
  } catch (err) { showError("error", err); }
}

function uploadRecord(file) {
  return run(async () => {
    let doc;
    try { doc = JSON.parse(await file.text()); } catch (err) {
      throw new Error(`${file.name} is not a JSON file (a game record is what "Download the record" saves)`);
    }
    if (!doc || typeof doc !== "object" || !Array.isArray(doc.players)) {
      throw new Error(`${file.name} is not a game record (octosolve-record/1)`);
    }
    if (doc.game !== GAME) {
      throw new Error(`${file.name} is a ${doc.game} game: open it on /play/${doc.game}`);
    }
    if (!doc.players.includes("human")) {  // a record of computers: you take your chosen seat
      const seat = Math.min(Number($("seat").value) || 0, doc.players.length - 1);
      doc.players = doc.players.map((p, i) => (i === seat ? "human" : p));
    }
    pg.level = null;
    setLive(await api(`/api/${GAME}/new`, { record: doc }));
    syncSetup();
    if (pg.view.actions && pg.view.actions.length) await showPly(0);  // replay it from the start
  });
}

// ------------------------------------------------------------------------------------ board
function interactive() {
  const v = pg.view;
  return !!(v && !pg.replay && !previewing() && !pg.busy && v.human_turn && v.legal.some(m => m.targets));
}

function candidates() {
  const k = pg.picked.length;
  return pg.view.legal.filter(m => m.targets && m.targets.length >= k
    && pg.picked.every((t, i) => m.targets[i] === t));
}

function nextTargets(cands) {
  const k = pg.picked.length;
  return new Set(cands.filter(m => m.targets.length > k).map(m => m.targets[k]));
}

// why a click on the board makes no move, or "" when it may (a tap that did nothing left a
// newcomer guessing whether it had missed, or whether the game was waiting for something else)
function refusal(id) {
  const v = pg.view;
  if (!v || pg.busy) return "";
  if (previewing()) return "This is the best line's preview, not your game: \u201cBack to your game\u201d, " +
    "under the board, returns to it.";
  if (pg.replay) return "This is a past position (replay): the board plays in the live game - " +
    "\u201cBack to the game\u201d, under the board.";
  if (v.terminal) return "The game is over: \u201cNew game\u201d (in the summary under the status line) starts another.";
  if (!v.human_turn) return "";  // the status line says who is thinking
  if (!v.legal.some(m => m.targets)) return "";
  const name = targetName(id), tap = touch() ? "tap" : "click";
  return pg.picked.length
    ? `${name} does not go on from ${pg.picked.map(targetName).join(" \u2192 ")}: ${tap} one of the outlined places, ` +
      "or the last one chosen again to take it back."
    : `No move starts on ${name}: ${tap} one of the outlined places.`;
}

function clickTarget(id) {
  if (composeClick(id)) return;  // compose.js: a letter or a place for the word being built
  if (!interactive()) {
    pg.note = refusal(id); drawPick(); return;
  }
  pg.note = "";
  let cands = candidates();
  if (!nextTargets(cands).has(id)) {
    if (pg.picked.length && pg.picked[pg.picked.length - 1] === id) {  // a second click lets go
      pg.picked.pop(); drawPick(); return;
    }
    if (!pg.view.legal.some(m => m.targets && m.targets[0] === id)) {  // nothing starts here
      pg.note = refusal(id); drawPick(); return;
    }
    pg.picked = [];  // a new start
  }
  pg.picked.push(id);
  cands = candidates();
  if (cands.length === 1) { play(cands[0].action); return; }
  drawPick();
}

function clearPick() {
  if (!pg.picked.length && !pg.note) return;
  pg.picked = [];
  pg.note = "";
  drawPick();
}

function rootBox(svg, e) {
  let b;
  try { b = e.getBBox(); } catch (err) { return null; }
  const rm = svg.getScreenCTM(), em = e.getScreenCTM();
  if (!rm || !em || (!b.width && !b.height)) return null;
  const m = rm.inverse().multiply(em);
  const pts = [[b.x, b.y], [b.x + b.width, b.y], [b.x, b.y + b.height], [b.x + b.width, b.y + b.height]]
    .map(([x, y]) => new DOMPoint(x, y).matrixTransform(m));
  const xs = pts.map(p => p.x), ys = pts.map(p => p.y);
  return { x: Math.min(...xs), y: Math.min(...ys), w: Math.max(...xs) - Math.min(...xs),
           h: Math.max(...ys) - Math.min(...ys) };
}

// highlights drawn over the board (pointer-events none): the next targets of the move being
// made, the targets picked so far, the hinted move's targets
function decorateBoard() {
  const svg = $("board").querySelector("svg");
  if (!svg) return;
  const old = svg.querySelector("g.octo-overlay");
  if (old) old.remove();
  const live = interactive();
  const next = live ? nextTargets(candidates()) : new Set();
  growTargets(svg, next);
  const picked = new Set(live ? pg.picked : []);
  const hinted = new Set(previewing() ? pg.line.view.next_targets
    : pg.replay ? reviewTargets() : pg.hint ? pg.hint.targets : []);  // review.js: the better move
  const layer = document.createElementNS(SVGNS, "g");
  layer.setAttribute("class", "octo-overlay");
  layer.setAttribute("pointer-events", "none");
  for (const e of svg.querySelectorAll("[data-target]")) {
    const id = e.getAttribute("data-target");
    const cls = [next.has(id) && "next", picked.has(id) && "picked", hinted.has(id) && "hinted"].filter(Boolean);
    e.classList.toggle("t-next", next.has(id));
    if (!cls.length) continue;
    const box = rootBox(svg, e);
    if (!box) continue;
    const r = document.createElementNS(SVGNS, "rect");
    const pad = Math.max(1, Math.min(box.w, box.h) * 0.04);
    r.setAttribute("x", box.x - pad); r.setAttribute("y", box.y - pad);
    r.setAttribute("width", box.w + 2 * pad); r.setAttribute("height", box.h + 2 * pad);
    r.setAttribute("rx", pad * 2);
    r.setAttribute("class", "ov " + cls.join(" "));
    r.setAttribute("data-for", id);
    layer.append(r);
  }
  svg.append(layer);
}

// A place to tap smaller than the least size on the screen (on a phone Octiles' runners and stops
// are 16-21 px, Oct8's arm cards 19 px high, Octoverso's hand tiles 21 px) gets a transparent
// rectangle behind its own drawing, inside its group, grown towards that size: a tap near it
// counts, and its outline shows the area. Each way (across, up and down) it grows only until it
// would reach another place to tap now (which place a tap meant would be a guess): it grew both
// ways or not at all, so Octoverso's hand tiles, 2 px apart, stayed 21 px tall; now 44 px. The least size: 28 px with a mouse, 44 px
// (a finger) on a phone or touch screen (boardfit.js), and for a board's buttons (Pass, End turn).
const MIN_TAP_PX = 28;
const MIN_BUTTON_PX = 44;  // a board's buttons (Pass, End turn, Done...: "button:..."): a finger's height

function growTargets(svg, next) {
  for (const h of svg.querySelectorAll("rect.octo-hit")) h.remove();
  if (!next.size) return;
  const els = [...svg.querySelectorAll("[data-target]")].filter(e => next.has(e.getAttribute("data-target")));
  const boxes = els.map(e => e.getBoundingClientRect());
  const finger = phoneScreen();
  els.forEach((e, i) => {
    const b = boxes[i];
    const least = finger || e.getAttribute("data-target").startsWith("button:") ? MIN_BUTTON_PX : MIN_TAP_PX;
    if (!(e instanceof SVGGElement) || !b.width || (b.width >= least && b.height >= least)) return;
    let ex = Math.max(0, (least - b.width) / 2), ey = Math.max(0, (least - b.height) / 2);
    boxes.forEach((o, j) => {
      if (j === i || !o.width || els[j].contains(e) || e.contains(els[j])) return;
      const gx = Math.max(o.left - b.right, b.left - o.right, 0);
      const gy = Math.max(o.top - b.bottom, b.top - o.bottom, 0);
      const besideX = o.top < b.bottom && o.bottom > b.top, besideY = o.left < b.right && o.right > b.left;
      if (besideX && besideY) { ex = 0; ey = 0; }  // overlapping places: no guessing
      else if (besideX) ex = Math.min(ex, gx);
      else if (besideY) ey = Math.min(ey, gy);
      else if (ex > gx && ey > gy) ex = gx;  // a neighbour on a diagonal: keep the height
    });
    if (ex < 0.5 && ey < 0.5) return;
    let lb, m;
    try { lb = e.getBBox(); m = e.getScreenCTM(); } catch (err) { return; }
    const sx = m ? Math.hypot(m.a, m.b) : 0, sy = m ? Math.hypot(m.c, m.d) : 0;
    if (!sx || !sy) return;
    const r = document.createElementNS(SVGNS, "rect");
    r.setAttribute("class", "octo-hit");
    r.setAttribute("x", lb.x - ex / sx); r.setAttribute("y", lb.y - ey / sy);
    r.setAttribute("width", lb.width + 2 * ex / sx); r.setAttribute("height", lb.height + 2 * ey / sy);
    r.setAttribute("fill", "transparent");
    const title = e.querySelector(":scope > title");
    if (title) title.after(r); else e.prepend(r);
  });
}

function hover(id) {
  const svg = $("board").querySelector("svg");
  if (!svg) return;
  for (const r of svg.querySelectorAll("g.octo-overlay rect.hover")) r.classList.remove("hover");
  if (id === null) return;
  for (const r of svg.querySelectorAll("g.octo-overlay rect.next")) {
    if (r.getAttribute("data-for") === id) r.classList.add("hover");
  }
}

const TALL_BOARD = 2.5;  // height / width: the boards of every game are 1.2-1.9 (Octoverso's opening 1.6-1.9)

function drawBoard(v) {
  const box = $("board");
  if (!v.board) { box.hidden = true; box.replaceChildren(); drawLastNote(v, 0); return; }
  box.hidden = false;
  box.innerHTML = v.board.replace(/^<\?xml[^>]*>\s*/, "");
  const svg = box.querySelector("svg");
  if (svg) {
    if (!svg.getAttribute("viewBox") && svg.getAttribute("width") && svg.getAttribute("height")) {
      svg.setAttribute("viewBox", `0 0 ${parseFloat(svg.getAttribute("width"))} ${parseFloat(svg.getAttribute("height"))}`);
    }
    svg.removeAttribute("width"); svg.removeAttribute("height");
    svg.setAttribute("role", "img");
    const game = pg.view && pg.view.id;
    fitBoard(svg, game);  // boardfit.js: at least 600 px wide where there is room
    // a board much taller than wide (Octoverso's opening with jokers lists 500-1000 words to
    // announce) is not shrunk to the window's height, which made its words 4 px high at any
    // width: it is drawn at most at its own size, full width on a phone, and the page scrolls
    const vb = svg.viewBox && svg.viewBox.baseVal;
    const tall = !!vb && vb.width > 0 && vb.height / vb.width > TALL_BOARD;
    box.classList.toggle("tall", tall);
    svg.style.maxWidth = tall ? `${vb.width}px` : "";
    if (touch()) tapWords(svg);
    lineHeading(svg);  // the best line's preview: its move, not "You: play..." (bestline.js)
    replayHeading(svg);
    reviewHeading(svg);  // review.js: the move under review
    overHeading(svg);  // gameover.js
    readableText(svg);
  }
  drawLastNote(v, svg ? markLastMove(svg, v) : 0);  // gameover.js: the last turn's places ringed
}

// A past position's board (the replay) keeps the heading drawn for its player to move ("You: play
// on row 2, col 3 / click a shield, then an arrow"): it says which move it shows and asks nothing.
function replayHeading(svg) {
  if (!pg.replay || previewing()) return;
  const n = pg.replay.ply, total = pg.view.actions.length;
  setHeading(svg, n === 0 ? "Replay: the start" : `Replay: after move ${n} of ${total}`,
    "a past position: the board plays in the live game");
}

// the board's heading (its texts of class octo-heading: a title, then the lines of its prompt)
// replaced by two lines of the page's, the prompt's other lines emptied
function setHeading(svg, first, second) {
  const [h1, h2, ...rest] = svg.querySelectorAll("text.octo-heading");
  if (!h1) return;
  h1.textContent = first;
  if (h2) h2.textContent = second;
  for (const t of rest) t.textContent = "";
}

// The boards are drawn for a desktop screen, where the board is 450-720 px wide: on a phone (a
// board 350 px wide) their labels, counts and hand shrank to 6-9 px. Every text of the board is
// drawn at least MIN_TEXT_PX on the screen (its font size in the board's units set to match the
// board's scale now; a resize draws them again), where they are centred on their place; the
// boards leave room for it (tests/web/test_browser_games.py measures every board at 390 px).
const MIN_TEXT_PX = 11;

// The boards' instructions say "click" (they are drawn by the server, which does not know the
// screen): on a touch screen the page says "tap", as its own lines do.
function tapWords(svg) {
  for (const t of svg.querySelectorAll("text, tspan")) {
    for (const n of t.childNodes) {
      if (n.nodeType === Node.TEXT_NODE && /click/i.test(n.data)) {
        n.data = n.data.replace(/\bclick\b/g, "tap").replace(/\bClick\b/g, "Tap");
      }
    }
  }
}

function readableText(svg) {
  for (const t of svg.querySelectorAll("text")) {
    t.style.fontSize = "";
    const m = t.getScreenCTM();
    if (!m) continue;
    const scale = Math.hypot(m.a, m.b);  // screen px per unit of the text's own coordinates
    const size = parseFloat(getComputedStyle(t).fontSize);
    if (scale > 0 && size * scale < MIN_TEXT_PX) t.style.fontSize = `${(MIN_TEXT_PX / scale).toFixed(2)}px`;
  }
}

function targetName(id) {  // what the board calls a target: its <title> or aria-label, else its id
  const svg = $("board").querySelector("svg");
  const e = svg && [...svg.querySelectorAll("[data-target]")].find(x => x.getAttribute("data-target") === id);
  if (!e) return id;
  const t = e.getAttribute("aria-label") || (e.querySelector(":scope > title") || {}).textContent;
  return t ? t.trim() : id;
}

function moveList(ms) {
  const texts = ms.slice(0, 4).map(m => m.text);
  return texts.join(", ") + (ms.length > 4 ? `, ... (${ms.length} moves)` : "");
}

function drawPick() {  // the move being made: highlights, what is picked, the chooser
  decorateBoard();
  const live = interactive();
  const cands = live ? candidates() : [];
  const k = pg.picked.length;
  $("pick").hidden = !((live && k) || pg.note);
  $("pick").classList.toggle("refused", !!pg.note);
  $("pick-clear").hidden = !(live && k);
  if (live && k) {
    $("pick-text").textContent = (pg.note ? pg.note + " " : "") + `Chosen: ${pg.picked.map(targetName).join(" \u2192 ")}. ` +
      (cands.length ? `Still possible: ${moveList(cands)}.` : "");
  } else if (pg.note) {
    $("pick-text").textContent = pg.note;
  }
  if (pg.note) $("pick").scrollIntoView({ block: "nearest" });  // under a phone's board: brought into view
  const done = cands.filter(m => m.targets.length === k);
  const chooser = $("chooser");
  chooser.hidden = !(live && k && done.length && cands.length > 1);
  if (!chooser.hidden) {
    const more = cands.length > done.length;
    chooser.replaceChildren(el("span", {}, more ? `Play one of these, or ${touch() ? "tap" : "click on"} the board: ` : "Which move? "),
      ...done.map(m => el("button", { "data-action": m.action, onclick: () => play(m.action) }, m.text)));
    chooser.scrollIntoView({ block: "nearest" });
  }
}

// ------------------------------------------------------------------------------------ drawing
// a finger, not a mouse (a phone, a tablet): the page says "tap" and leaves out the keys
function touch() { return window.matchMedia("(pointer: coarse)").matches; }

function seatName(p, v) {
  if (p < 0) return "chance";
  return v.seats[p] === "human" ? (p === v.viewer ? "you" : `P${p} (human)`) : `P${p} (${v.seats[p]})`;
}

function statusText(v) {
  if (v.preview) return lineStatus(v);
  if (pg.replay) {
    const who = v.terminal ? "" : v.current_player < 0 ? "; a chance move next" : `; ${seatName(v.current_player, v)} to move`;
    return `Replay: ${v.ply === 0 ? "the start" : `after move ${v.ply} of ${v.total_moves}`}${who}.`;
  }
  if (v.terminal) {
    // the points behind the result where the game counts them (Oct8): "won" alone left a
    // newcomer asking why
    const pts = v.scores ? ` Points: ${v.scores.map((x, p) => `${seatName(p, v)} ${x}`).join(", ")}.` : "";
    const quit = v.resigned !== null && v.resigned !== undefined ? `${seatName(v.resigned, v)} resigned; ` : "";
    return (v.winners.length === 0 ? `Game over: ${quit}${quit ? "no winner" : "a draw"}.`
      : `Game over: ${quit}${v.winners.map(p => seatName(p, v)).join(", ")} won.`) + pts;
  }
  if (v.human_turn) {
    const how = v.composer && v.composer.claim ? " An OCTO to claim? Type it in the word panel, or play on."
      : v.composer ? ` Build your word: ${touch() ? "tap" : "click"} your letters${touch() ? "" : " or type them"}.`
      : v.board && v.legal.some(m => m.targets) ? ` ${touch() ? "Tap" : "Click on"} the board (highlighted: where a move starts).` : "";
    return `Your move (P${v.current_player}).${how}`;
  }
  if (v.current_player < 0) return "A chance move: the server draws...";  // was "chance is thinking..."
  return `${seatName(v.current_player, v)} is thinking...`;
}

function drawReplay() {
  const v = pg.view;
  const total = v.actions ? v.actions.length : 0;
  const bar = $("replay-bar");
  bar.hidden = !total;
  if (!total) return;
  const ply = pg.replay ? pg.replay.ply : total;
  const s = $("replay-slider");
  s.max = String(total); s.value = String(ply);
  $("replay-pos").textContent = `move ${ply} of ${total}`;
  $("replay-first").disabled = $("replay-prev").disabled = pg.busy || ply === 0;
  $("replay-next").disabled = $("replay-last").disabled = pg.busy || ply === total;
  s.disabled = pg.busy;
  $("replay-live").hidden = !pg.replay;
  $("replay-branch").hidden = !pg.replay || !v.seats.includes("human");
}

function drawHint() {
  const box = $("hint-box");
  const h = pg.hint;
  box.hidden = !h || !!pg.replay || previewing();  // the hint is the live position's
  if (box.hidden) return;
  const lv = pg.info.levels.find(l => l.name === pg.info.default_level && l.player === h.player);
  const who = lv ? `${lv.name}: ${h.player}` : h.player;
  const share = h.confidence === null || h.confidence === undefined ? ""
    : ` (${Math.round(100 * h.confidence)}% of its search)`;
  const shown = h.targets && h.targets.length && pg.view.board ? " (dashed on the board)" : "";
  const lines = [el("div", {}, `The computer (${who}) would play `, el("strong", {}, h.move), `${share}.${shown}`)];
  const ex = h.exact;
  if (ex && ex.proven) {
    const best = ex.best_moves || [];
    lines.push(el("div", {}, `Exact: with best play this position is a ${ex.value} for you` +
      (best.length ? `; the moves that keep it: ${best.slice(0, 12).join(", ")}${best.length > 12 ? `, ... (${best.length})` : ""}.` : ".")));
  } else if (ex) {
    lines.push(el("div", { class: "muted" }, `Exact value: not known (${ex.why || "not settled"}).`));
  }
  const more = lineButton(ex);
  if (more) lines.push(el("div", { class: "controls" }, more));
  const built = composeHint(h);  // compose.js: a word to build
  if (built) lines.push(built);
  box.replaceChildren(...lines);
}

function drawLegal(v) {
  const live = !pg.replay && v.human_turn;
  $("moves-details").hidden = !live;
  const filter = $("filter").value.trim().toLowerCase();
  // the moves made by building a word are listed only when asked (compose.js: "show every word")
  const listed = live ? composeListed(v) : [];
  const shown = listed.filter(m => !filter || m.text.toLowerCase().includes(filter));
  const hinted = pg.hint ? pg.hint.action : null;
  $("legal").replaceChildren(...shown.slice(0, 400).map(m => el("button", {
    "data-action": m.action, disabled: pg.busy || null, class: m.action === hinted ? "hinted" : null,
    onclick: () => play(m.action) }, m.text)));
  $("legal-count").textContent = live
    ? `(${listed.length}${shown.length > 400 ? `; the first 400 of ${shown.length} shown: filter` : ""})` : "";
}

function drawHistory() {
  const v = pg.view;
  const canJump = !!v.actions;
  const cur = pg.replay ? pg.replay.ply : v.moves;
  // one line a turn where the game joins a turn's moves (Oct8's decisions), else one a move
  $("history").replaceChildren(...(v.turns || v.history).map(h => {
    const here = h.first_ply ? h.first_ply <= cur && cur <= h.ply : h.ply === cur;
    const li = el("li", { value: h.turn || h.ply, "data-ply": h.ply, class: here ? "current" : null },
      `${seatName(h.player, v)}: ${h.text}`);
    if (canJump) {
      li.classList.add("jump");
      li.title = "show the position after this move";
      li.addEventListener("click", () => goTo(h.ply));
    }
    return li;
  }));
  $("history-note").textContent = canJump ? `(${touch() ? "tap" : "click"} one to see the position after it)` : "";
  const c = $("history").querySelector("li.current");
  if (c && !pg.replay) $("history").scrollTop = $("history").scrollHeight;
  else if (c) c.scrollIntoView({ block: "nearest" });
}

function draw() {
  const v = (previewing() && pg.line.view) || pg.replay || pg.view;
  if (!v) return;
  $("game").hidden = false;
  $("history-panel").hidden = false;
  if (pg.drawnFor !== pg.view.id) {  // a new game: the text views open when there is no board play
    pg.drawnFor = pg.view.id;
    const boardPlay = !!pg.view.board && pg.view.legal.some(m => m.targets);
    $("moves-details").open = !boardPlay && !pg.view.board;
    $("obs-details").open = !pg.view.board;
    $("filter").value = "";
  }
  const st = $("status");
  st.textContent = statusText(v);
  st.dataset.terminal = pg.view.terminal ? "1" : "0";
  drawReplay();
  drawBoard(v);
  const pic = $("picture");
  if (!v.board && v.picture) {
    pic.innerHTML = v.picture.replace(/^<\?xml[^>]*>\s*/, "");
    const svg = pic.querySelector("svg");
    if (svg) { svg.removeAttribute("height"); svg.style.maxWidth = "100%"; svg.style.height = "auto"; }
  } else {
    pic.replaceChildren();
  }
  if (v.board_error) showError("error", new Error(`the board cannot be drawn: ${v.board_error}`));
  $("observation").textContent = v.observation;
  drawPick();
  drawComposer();  // compose.js: the word builder, and what it says of your last move
  composeStudy();  // compose.js: the study's words, when its box is ticked
  drawBestWords();
  const live = !pg.replay && !previewing();  // the best line's preview: "Back to your game" first
  $("board").classList.toggle("preview", previewing());
  $("undo").hidden = !(live && pg.view.can_undo);
  $("undo").disabled = pg.busy;
  $("hint").hidden = !(live && pg.view.human_turn) || claiming();  // compose.js: a claim is yours to find
  $("hint").disabled = pg.busy;
  // the game over: the summary, a new one from where the eyes are (on a phone the form is a
  // screen below); Resign while it goes on (gameover.js)
  drawGameOver();
  $("again").disabled = pg.busy;
  drawResign();
  drawHint();
  drawLine();
  drawReview();  // review.js: the post-game review under the board
  drawLegal(v);
  drawHistory();
  $("record").disabled = !pg.view.record_available;
  $("record-note").textContent = pg.view.record_available ? ""
    : "This game hides something from you (a hand, or a word not yet shown): the record and the replay open when the game is over.";
  updateAddress();
}

// ------------------------------------------------------------------------------------ setup
function optionsFor(name) {
  const p = pg.info.players.find(x => x.name === name);
  return p ? p.options : [];
}

function effectivePlayer() {
  const opp = $("opponent").value;
  if (opp) return opp;
  const lv = pg.info.levels.find(l => l.name === $("level").value);
  return lv ? lv.player : pg.info.default_player;
}

function showPlayerOptions() {
  const name = effectivePlayer();
  const opts = optionsFor(name);
  for (const o of ["simulations", "time_limit"]) {
    for (const e of document.querySelectorAll(".opt-" + o)) e.hidden = !opts.includes(o);
  }
  const p = pg.info.players.find(x => x.name === name);
  $("player-help").textContent = p ? `${p.name}: ${p.help}` : "";
  const lv = pg.info.levels.find(l => l.name === $("level").value);
  const preset = pg.info.presets[Number($("preset").value)] || {};
  const sims = (!$("opponent").value && lv && lv.options.simulations) || (preset.options || {}).simulations;
  $("simulations").placeholder = sims ? `default (${sims})` : "default";
}

function fillSeats() {
  const n = pg.info.presets[Number($("preset").value)].num_players;
  const seat = $("seat");
  const was = Number(seat.value) || 0;
  // seats as the game numbers them (who moves first is the game's rule)
  seat.replaceChildren(...Array.from({ length: n }, (_, i) => el("option", { value: i }, `P${i}`)));
  seat.value = String(Math.min(was, n - 1));
}

// "How to play", beside Undo and Hint: the rules were only at the foot of the page (on a phone
// three screens down, under the form and the moves), so a newcomer met "place the Dama Bianca"
// with no word of what it is. It opens them there and brings them into view (not an #anchor: the
// page's address holds the game).
function showRules() {
  $("rules-details").open = true;
  $("rules-panel").scrollIntoView({ block: "start" });
}

// what a newcomer needs before the first move: a few sentences and the notation of the moves'
// texts, as the game's manifest declares them (the info's "rules"; the full rules and the
// project's readings: the file it names); a game without them has no "How to play"
function drawRules() {
  const r = pg.info.rules;
  $("rules-panel").hidden = !r;
  $("how-to").hidden = !r;
  if (!r) return;
  $("rules").replaceChildren(
    ...r.rules.map(s => el("p", {}, s)),
    el("table", { class: "notation" }, el("caption", {}, "The moves' notation"),
      ...r.notation.map(([n, m]) => el("tr", {}, el("td", {}, el("code", {}, n)), el("td", {}, m)))),
    el("p", { class: "muted small" }, "The full rules and how the project reads them: ",
      el("code", {}, r.file), " in the project's source."));
}

function keys(e) {
  const tag = (e.target && e.target.tagName) || "";
  const typing = ["INPUT", "TEXTAREA", "SELECT"].includes(tag);
  if (!typing && lineKey(e)) return;
  if (!typing && composeKeyDown(e)) return;  // compose.js: letters, Backspace, Enter
  if (e.key === "Escape") { clearPick(); return; }
  if ((e.ctrlKey || e.metaKey) && !e.shiftKey && e.key.toLowerCase() === "z" && !typing) {
    e.preventDefault(); undo(); return;
  }
  if (typing || !pg.view || !pg.view.actions || !pg.view.actions.length) return;
  if (e.key === "ArrowLeft") { e.preventDefault(); step(-1); }
  else if (e.key === "ArrowRight") { e.preventDefault(); step(1); }
  else if (e.key === "Home" && !$("replay-bar").hidden) { e.preventDefault(); goTo(0); }
  else if (e.key === "End" && !$("replay-bar").hidden) { e.preventDefault(); goTo(pg.view.actions.length); }
}

function wire() {
  $("preset").onchange = () => { fillSeats(); showPlayerOptions(); };
  $("level").onchange = showPlayerOptions;
  $("opponent").onchange = showPlayerOptions;
  $("new").onclick = newGame;
  $("again").onclick = newGame;
  $("record").onclick = downloadRecord;
  $("share").onclick = shareLink;
  $("upload").onchange = () => { const f = $("upload").files[0]; $("upload").value = ""; if (f) uploadRecord(f); };
  document.querySelector("label[for=upload]").addEventListener("keydown", e => {
    if (e.key === "Enter" || e.key === " ") { e.preventDefault(); $("upload").click(); }
  });
  $("filter").oninput = () => drawLegal(pg.replay || pg.view);
  $("undo").onclick = undo;
  $("hint").onclick = hint;
  $("how-to").onclick = showRules;
  $("rules-back").onclick = () => $("game").scrollIntoView({ block: "start" });
  $("pick-clear").onclick = clearPick;
  wireComposer();
  wireGameOver();
  $("replay-first").onclick = () => goTo(0);
  $("replay-prev").onclick = () => step(-1);
  $("replay-next").onclick = () => step(1);
  $("replay-last").onclick = () => goTo(pg.view.actions.length);
  $("replay-live").onclick = () => goTo(pg.view.actions.length);
  $("replay-branch").onclick = playFromHere;
  $("replay-slider").oninput = () => { $("replay-pos").textContent = `move ${$("replay-slider").value} of ${$("replay-slider").max}`; };
  $("replay-slider").onchange = () => goTo(Number($("replay-slider").value));
  const board = $("board");
  board.addEventListener("click", e => {
    const t = e.target.closest && e.target.closest("[data-target]");
    if (t) clickTarget(t.getAttribute("data-target"));
  });
  board.addEventListener("mouseover", e => {
    const t = e.target.closest && e.target.closest("[data-target]");
    hover(t ? t.getAttribute("data-target") : null);
  });
  board.addEventListener("mouseleave", () => hover(null));
  document.addEventListener("keydown", keys);
  window.addEventListener("hashchange", () => {
    if (location.hash && location.hash !== pg.lastHash) {
      busyWhile(async () => {
        try { await openAddress(location.hash); } catch (err) { showError("error", err); }
        draw();
        await computerTurns();
      });
    }
  });
  window.addEventListener("resize", () => {
    const svg = $("board").querySelector("svg");
    if (svg) readableText(svg);
    if (pg.view) decorateBoard();
    if (svg && pg.view) markLastMove(svg, (previewing() && pg.line.view) || pg.replay || pg.view);
    if (svg && pg.view) markComposer();
  });
}

function init() {
  return busyWhile(async () => {
    try {
      pg.info = await api(`/api/${GAME}/info`);
    } catch (err) { showError("error", err); return; }
    $("title").textContent = `Play ${pg.info.title} against the computer`;
    document.title = `Play ${pg.info.title}`;
    pg.info.presets.forEach((p, i) => $("preset").append(el("option", { value: i }, p.title)));
    fillSeats();
    const levels = pg.info.levels;
    for (const e of document.querySelectorAll(".level-row")) e.hidden = !levels.length;
    for (const l of levels) {
      const sims = l.options.simulations ? `, ${l.options.simulations} simulations` : "";
      $("level").append(el("option", { value: l.name }, `${l.name} (${l.player}${sims})`));
    }
    if (levels.length) {
      $("level").value = pg.info.default_level;
      $("opponent").append(el("option", { value: "" }, "the level's player"));
    }
    for (const p of pg.info.players) $("opponent").append(el("option", { value: p.name }, p.name));
    if (!levels.length && pg.info.default_player) $("opponent").value = pg.info.default_player;
    showPlayerOptions();
    drawRules();
    wire();
    let failed = false;
    try {
      if (location.hash.length > 1) await openAddress(location.hash);
    } catch (err) { showError("error", err); failed = true; }
    if (!pg.view && !failed) {  // no game in the address: a game with the defaults, to start at once
      await newGame();
      return finishInit();
    }
    draw();
    await computerTurns();
    return finishInit();
  });
}

function finishInit() { document.body.dataset.ready = "1"; }

document.addEventListener("DOMContentLoaded", init);
