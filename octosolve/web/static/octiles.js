// Octiles page: board editor (tray, 17 spaces, rotation), traced paths, challenge scores, gallery.
"use strict";

const SVGNS = "http://www.w3.org/2000/svg";
const ed = {
  geo: null,            // /api/octiles/board
  placement: {},        // space -> {tile, rotation}
  selTile: null, selRot: 0, selSpace: null,
  rows: [],             // /api/octiles/challenges
  trace: null, score: null,
  seq: 0,               // request counter: only the latest answer is drawn
  undo: [], redo: [],   // earlier / undone boards (JSON of the placement), newest last
};
const HISTORY_MAX = 500;
let HOW_TO = "";          // the editor's instructions under the board (the page's own text)

// the line under the board: the instructions, or what the last click needs next
function say(text) { document.getElementById("hint").textContent = tapOrClick(text || HOW_TO); }

function svgEl(tag, attrs) {
  const e = document.createElementNS(SVGNS, tag);
  for (const [k, v] of Object.entries(attrs || {})) e.setAttribute(k, v);
  return e;
}

function octagonPoints(cx, cy, r) {
  const pts = [];
  for (let k = 0; k < 8; k++) {
    const a = (22.5 + 45 * k) * Math.PI / 180;
    pts.push((cx + r * Math.cos(a)).toFixed(2) + "," + (cy + r * Math.sin(a)).toFixed(2));
  }
  return pts.join(" ");
}

// a tile drawn as the render module draws it (edge 0 west, counter-clockwise, y up)
function tileSvg(tile, rotation, size) {
  const s = size / 1.3, c = size / 2;
  const svg = svgEl("svg", { viewBox: `0 0 ${size} ${size}`, width: size, height: size });
  svg.append(svgEl("polygon", { points: octagonPoints(c, c, 0.5 / 0.9238795325112867 * s),
                                fill: "#f4ecd8", stroke: "#8a7f68" }));
  const mid = e => { const a = (180 + 45 * e) * Math.PI / 180;
                     return [c + 0.5 * s * Math.cos(a), c - 0.5 * s * Math.sin(a)]; };
  const colours = ["#e6194b", "#3cb44b", "#4363d8", "#f58231"];
  for (const [a0, b0] of ed.geo.tiles[tile].segments) {
    const a = (a0 + rotation) % 8, b = (b0 + rotation) % 8;
    const [ax, ay] = mid(a), [bx, by] = mid(b), t = 0.55;
    const d = Math.min((a - b + 8) % 8, (b - a + 8) % 8);
    svg.append(svgEl("path", { d: `M${ax},${ay} C${ax + t * (c - ax)},${ay + t * (c - ay)} ` +
      `${bx + t * (c - bx)},${by + t * (c - by)} ${bx},${by}`, fill: "none",
      stroke: colours[d - 1], "stroke-width": 3 }));
  }
  const label = svgEl("text", { x: c, y: c + 4, "text-anchor": "middle", "font-size": 11,
                                "font-family": "sans-serif" });
  label.textContent = String(tile);
  svg.append(label);
  return svg;
}

function usedTiles() {
  return new Set(Object.values(ed.placement).map(v => v.tile));
}

function drawTray() {
  const tray = document.getElementById("tray");
  tray.replaceChildren();
  const used = usedTiles();
  for (const t of ed.geo.tiles) {
    const rot = ed.selTile === t.id ? ed.selRot : 0;
    const cls = "tile" + (used.has(t.id) ? " used" : "") + (ed.selTile === t.id ? " selected" : "");
    const box = el("div", { class: cls, "data-tile": t.id, title: `tile ${t.id}`,
                            onclick: () => pickTile(t.id) });
    box.append(tileSvg(t.id, rot, 60));
    tray.append(box);
  }
  document.getElementById("tray-note").textContent =
    ed.selTile !== null ? tapOrClick(`tile ${ed.selTile}, rotation ${ed.selRot}: click a space`)
      : `${18 - used.size} of 18 left (17 spaces: one tile stays out)`;
}

// Every change of the board goes through change(): the board before it is kept for Undo, the
// address bar gets the new board, and the board is traced again.
function change(mutate) {
  const before = JSON.stringify(ed.placement);
  mutate();
  if (JSON.stringify(ed.placement) === before) return;
  ed.undo.push(before);
  if (ed.undo.length > HISTORY_MAX) ed.undo.shift();
  ed.redo = [];
  boardChanged();
}

function boardChanged() {
  say(null);
  writeHash();
  drawHistoryButtons();
  update();
}

function undo() {
  if (!ed.undo.length) return;
  ed.redo.push(JSON.stringify(ed.placement));
  ed.placement = JSON.parse(ed.undo.pop());
  if (ed.selSpace && !ed.placement[ed.selSpace]) ed.selSpace = null;
  boardChanged();
}

function redo() {
  if (!ed.redo.length) return;
  ed.undo.push(JSON.stringify(ed.placement));
  ed.placement = JSON.parse(ed.redo.pop());
  boardChanged();
}

function drawHistoryButtons() {
  document.getElementById("undo").disabled = !ed.undo.length;
  document.getElementById("redo").disabled = !ed.redo.length;
  document.getElementById("undo").title = `take back the last change (Ctrl+Z): ${ed.undo.length} to undo`;
  document.getElementById("redo").title = `do it again (Ctrl+Y or Ctrl+Shift+Z): ${ed.redo.length} to redo`;
}

// The board in the address: #board=a2.9.6,b3.0.1&challenge=6/points (space.tile.rotation, the
// spaces in order), so a reload or the same address in another browser shows the same board.
function placementToText(pl) {
  return Object.keys(pl).sort().map(s => `${s}.${pl[s].tile}.${pl[s].rotation}`).join(",");
}

function placementFromText(text) {
  const pl = {};
  for (const item of text.split(",").filter(x => x)) {
    const m = /^([a-z][0-9])\.([0-9]{1,2})\.([0-9])$/.exec(item);
    if (!m) throw new Error(`the address holds "${item}", not space.tile.rotation (like a2.9.6)`);
    if (ed.geo && !(m[1] in ed.geo.spaces)) throw new Error(`the address names space ${m[1]}, which is not on the board`);
    if (m[1] in pl) throw new Error(`the address gives space ${m[1]} twice`);
    pl[m[1]] = { tile: Number(m[2]), rotation: Number(m[3]) };
  }
  return pl;
}

function readHash() {
  const out = {};
  for (const part of location.hash.replace(/^#/, "").split("&")) {
    const i = part.indexOf("=");
    if (i <= 0) continue;
    try { out[part.slice(0, i)] = decodeURIComponent(part.slice(i + 1)); }
    catch (err) { out[part.slice(0, i)] = part.slice(i + 1); }
  }
  return out;
}

function writeHash() {
  const parts = [];
  const board = placementToText(ed.placement);
  if (board) parts.push("board=" + board);
  const ch = document.getElementById("challenge").value;
  if (ch) parts.push("challenge=" + ch);
  const hash = parts.length ? "#" + parts.join("&") : "";
  if (hash !== location.hash) history.replaceState(null, "", location.pathname + location.search + hash);
}

// the address changed by hand (pasted, edited, back/forward): its board becomes the editor's
function boardFromHash(initial) {
  const h = readHash();
  try {
    const pl = placementFromText(h.board || "");
    const sel = document.getElementById("challenge");
    if (h.challenge && [...sel.options].some(o => o.value === h.challenge)) sel.value = h.challenge;
    if (initial) { ed.placement = pl; return null; }
    change(() => { ed.placement = pl; ed.selSpace = null; ed.selTile = null; });
  } catch (err) {
    showError("error", err);
    return err;
  }
  return null;
}

function pickTile(t) {
  if (usedTiles().has(t)) return;
  showError("error", null);
  if (ed.selSpace && !ed.placement[ed.selSpace]) {  // an empty space is waiting for a tile
    const space = ed.selSpace;
    ed.selTile = null;
    change(() => { ed.placement[space] = { tile: t, rotation: 0 }; });
    return;
  }
  if (ed.selTile === t) { ed.selTile = null; } else { ed.selTile = t; ed.selRot = 0; ed.selSpace = null; }
  drawTray(); drawSelection();
}

function clickSpace(space) {
  showError("error", null);
  if (ed.selTile !== null) {
    const v = { tile: ed.selTile, rotation: ed.selRot };
    ed.selTile = null; ed.selSpace = space;
    change(() => { ed.placement[space] = v; });
  } else if (ed.placement[space] && ed.selSpace === space) {
    turn(+1);
  } else {
    ed.selSpace = space;
    drawSelection();
    say(ed.placement[space] ? null : `Space ${space} is empty: pick a tile from the tray to put there.`);
  }
}

function turn(step) {
  // the board's rotation counts counter-clockwise: clockwise is -1
  if (ed.selTile !== null) {
    ed.selRot = (ed.selRot - step + 8) % 8; drawTray(); return;
  }
  const space = ed.selSpace;
  if (!ed.placement[space]) { say(NOTHING_SELECTED); return; }
  change(() => {
    const v = ed.placement[space];
    ed.placement[space] = { tile: v.tile, rotation: (v.rotation - step + 8) % 8 };
  });
}

const NOTHING_SELECTED = "No tile is selected: click a tile on the board first (or pick one in the tray).";

function removeSelected() {
  const space = ed.selSpace;
  if (space && ed.placement[space]) change(() => { delete ed.placement[space]; });
  else say(NOTHING_SELECTED);
}

function drawSelection() {
  for (const p of document.querySelectorAll(".space-hit")) {
    p.classList.toggle("selected", p.dataset.space === ed.selSpace);
  }
}

function pathOrder(tr) {
  const loops = tr.paths.filter(p => p.kind === "loop").map(p => p.id);
  const rest = tr.paths.filter(p => p.kind !== "loop").map(p => p.id);
  return loops.concat(rest);
}

function selectedChallenge() {
  const v = document.getElementById("challenge").value;
  if (!v) return null;
  const [n, variant] = v.split("/");
  return { challenge: Number(n), variant };
}

function update() {
  const my = ++ed.seq;
  drawTray();
  return busyWhile(async () => {
    const body = { placement: ed.placement };
    try {
      const ch = selectedChallenge();
      const [tr, sc] = await Promise.all([
        api("/api/octiles/trace", body),
        ch ? api("/api/octiles/score", { ...body, ...ch }) : Promise.resolve(null)]);
      if (my !== ed.seq) return;
      const onlyCounted = document.getElementById("only-counted").checked && sc;
      const order = onlyCounted ? sc.highlight : pathOrder(tr);
      const svg = await api("/api/octiles/render", { ...body, highlight: order });
      if (my !== ed.seq) return;
      ed.trace = tr; ed.score = sc;
      drawBoard(svg);
      drawPaths(tr, order);
      drawScore(sc);
      showError("error", null);
    } catch (err) {
      if (my === ed.seq) showError("error", err);
    }
  });
}

function drawBoard(svgText) {
  const wrap = document.getElementById("board-wrap");
  wrap.innerHTML = svgText.replace(/^<\?xml[^>]*>\s*/, "");
  const svg = wrap.querySelector("svg");
  svg.removeAttribute("width"); svg.removeAttribute("height");
  svg.setAttribute("id", "board");
  const g = svgEl("g", { id: "hits" });
  for (const [space, [x, y]] of Object.entries(ed.geo.spaces)) {
    const p = svgEl("polygon", { points: octagonPoints(x, y, ed.geo.radius), class: "space-hit",
                                 "data-space": space });
    const v = ed.placement[space];
    const title = svgEl("title", {});
    title.textContent = v ? `${space}: tile ${v.tile}, rotation ${v.rotation}` : `${space}: empty`;
    p.append(title);
    p.addEventListener("click", () => clickSpace(space));
    g.append(p);
  }
  svg.append(g);
  drawSelection();
}

function drawPaths(tr, order) {
  const sm = tr.summary;
  document.getElementById("summary").replaceChildren(
    el("strong", {}, "Paths "),
    el("span", { id: "summary-text" }, `${counted(Object.keys(tr.placement).length, "tile")}: ` +
      `${counted(sm.paths, "path")}, ${counted(sm.loops, "loop")}, ${sm.open} open, ` +
      `${counted(sm.crossings, "crossing")}, ${counted(sm.self_crossings, "self-crossing")}, ` +
      `${counted(sm.groups, "group")}`));
  const colour = {};
  order.forEach((id, i) => { colour[id] = ed.geo.palette[i % ed.geo.palette.length]; });
  const body = document.getElementById("paths");
  body.replaceChildren();
  const rows = [...tr.paths].sort((a, b) => (a.kind === "open") - (b.kind === "open") || a.id - b.id);
  for (const p of rows) {
    const sw = colour[p.id] !== undefined ? el("span", { class: "swatch", style: `background:${colour[p.id]}` }) : "";
    body.append(el("tr", { class: colour[p.id] !== undefined && order.length < tr.paths.length ? "hl" : "",
                           "data-path": p.id },
      el("td", {}, sw), el("td", { class: "num" }, p.id), el("td", {}, p.kind),
      el("td", {}, p.ends.length ? p.ends.join(" - ") : "(loop)"),
      el("td", { class: "num" }, p.tiles), el("td", { class: "num" }, p.segments),
      el("td", { class: "num" }, p.printed_segments), el("td", { class: "num" }, p.points),
      el("td", { class: "num" }, p.crossings), el("td", { class: "num" }, p.self_crossings),
      el("td", { class: "num" }, Object.keys(p.repeated_tiles).length)));
  }
  pathsMore();
}

// on a phone the paths table scrolls sideways (582 px in 363): its last columns, the points among
// them, were out of sight with nothing saying so. Said only when a column is half hidden or more:
// at 1280 px the last column's padding (7 px) was out of view and the note said the table was wider
// than the screen under a table shown whole
function pathsMore() {
  const t = document.getElementById("paths-table");
  const right = t.getBoundingClientRect().left + t.clientWidth;
  const hidden = [...t.querySelectorAll("th")].some(h => {
    const r = h.getBoundingClientRect();
    return r.left + r.width / 2 > right;
  });
  document.getElementById("paths-more").hidden = !document.getElementById("paths").children.length || !hidden;
}

// the best known answer's badge: settled (green: proven optimal, or a yes/no question answered by
// a checked certificate) or not proven (orange, with the bound)
function badge(bk) {
  switch (bk.settled) {
    case "optimal": return el("span", { class: "badge proven" }, bk.sense === "count" ? "exact" : "proven optimal");
    case "yes": return el("span", { class: "badge proven" }, "settled: yes");
    case "no": return el("span", { class: "badge proven" }, "settled: no");
    case "best+bound": return el("span", { class: "badge open" }, `not proven; bound ${bk.bound}`);
    default: return bk.status === "OPEN"     // no certificate: what was tried is in the proof text
      ? el("span", { class: "badge open" }, "open: nothing found yet")
      : el("span", { class: "badge" }, bk.status || "not run");
  }
}

function bestKnownText(bk) {
  const v = bk.value === null || bk.value === undefined ? "-" : bk.value;
  switch (bk.settled) {
    case "optimal": return bk.sense === "count" ? `exact: ${v}` : `proven optimum: ${v}`;
    case "best+bound": return `best known: ${v}, bound ${bk.bound}`;
    case "yes": return "a stored placement meets it (checked by the tracer)";
    case "no": return "no placement meets it";
    default: return bk.status === "OPEN"
      ? "open: no placement known yet (what was tried: how it is proved)"
      : "no stored answer yet";
  }
}

// a proof's words as the page shows them: a `command` set as code (no backticks), a solver's
// UNKNOWN said in words
function plainWords(text) {
  return text.replace(/\bUNKNOWN\b/g, "undecided (its time limit came first)")
    .split("`").map((t, i) => i % 2 ? el("code", {}, t) : t);
}

// the proof sentence (the CLI's) as lines: what is settled, how, the argument; an open question's
// head is its plain words (what is known, how to help: openText)
function proofBlock(text, openText) {
  const box = el("div", { class: "proof" });
  const parts = (text || "").split(/ (?=How: |Argument: |Tried: |Try further: )/);
  for (const [i, p] of parts.entries()) {
    const m = /^(How|Argument|Tried|Try further): (.*)$/s.exec(p);
    if (m) box.append(el("div", {}, el("em", {}, m[1] + ": "), plainWords(m[2])));
    else if (i === 0) box.append(el("div", { class: "head" + (openText ? " open-text" : "") }, openText || plainWords(p)));
    else box.append(el("div", {}, plainWords(p)));
  }
  return box;
}

// the certificate's witness (the report's line: kind, what is in it, re-checked by
// `octosolve octiles verify`) and, when the report drew it, a link to its picture
function witnessBlock(line, w, key) {
  if (!line) return null;
  const [n, variant] = key.split("/");
  const m = /^([^:]+: )(.*?)(\u2713|\u2717 FAILED)?$/s.exec(line) || ["", "", line, ""];   // label, text, mark
  const parts = m[2].split("`").map((t, i) => i % 2 ? el("code", {}, t) : t);   // `command` as code
  return el("div", { class: "witness" + (w && !w.checked ? " bad" : "") }, el("strong", {}, m[1]), parts,
            m[3] ? el("span", { class: w && w.checked ? "ok" : "bad" }, m[3]) : "",
            w && w.picture ? [" ", el("a", { href: `/api/octiles/challenges/${n}/${variant}/witness.svg`,
                                            target: "_blank", class: "witness-pic" }, "witness drawn")] : "");
}

// the solver words the proof names ("port-balance relaxation", "CP-SAT", "LP dual"...), each with
// its meaning in plain words: the server's list (octiles_glossary.py), in the proof's order
function glossaryBlock(words) {
  words = (words || []).filter(([term]) => term !== "UNKNOWN");   // said in words in the proof
  if (!words.length) return null;
  return el("div", { class: "glossary" }, el("div", { class: "muted" }, "The words above, in plain words:"),
            words.map(([term, text]) => el("div", {}, el("strong", {}, term), ": ",
                                           text.split("`").map((t, i) => i % 2 ? el("code", {}, t) : t))));
}

// the proof drawn (the report's picture of the bound witness: the facts counted, the multipliers,
// the port weights), shown on the card under the verdict line; a click opens it at full size. Its
// size is known before it loads, so its room is kept (no card jumps when it comes in)
function proofPicture(w, key) {
  if (!w || !w.picture) return null;
  const [n, variant] = key.split("/");
  const href = `/api/octiles/challenges/${n}/${variant}/witness.svg`;
  const [pw, ph] = w.picture_size || [612, 900];
  return el("a", { href, target: "_blank", class: "proof-pic", title: "the proof drawn, at full size" },
            el("img", { loading: "lazy", src: href, width: pw, height: ph,
                        style: `aspect-ratio: ${pw} / ${ph}`, alt: `challenge ${key}: its bound's witness drawn on the board` }));
}

// a gallery card's proof: the verdict line shown, the proof drawn, how it is proved (method,
// argument, witness, the words they use) folded
function proofFolded(text, line, w, key, words, openText) {
  const block = proofBlock(text, openText);
  const head = block.querySelector(".head");
  const rest = [...block.children].filter(c => c !== head);
  return [el("div", { class: "proof" }, head), proofPicture(w, key),
          el("details", { class: "proof" }, el("summary", {}, "how it is proved"),
             el("div", { class: "proof" }, rest), witnessBlock(line, w, key), glossaryBlock(words))];
}

function certificateLink(name) {
  return name ? el("a", { href: `/api/octiles/certificates/${name}`, download: name,
                          class: "cert" }, "certificate (JSON)") : null;
}

// how the editor's board compares with the best known answer: the success message
function verdict(sc) {
  const bk = sc.best_known;
  if (sc.satisfied !== undefined) {
    return sc.satisfied ? ["ok", "\u2713 Solved: your board meets the condition."]
      : ["", "Not yet: your board does not meet the condition."];
  }
  if (bk.value === null || bk.value === undefined) return ["", ""];
  const better = sc.sense === "min" ? sc.value < bk.value : sc.value > bk.value;
  if (sc.value === bk.value) {
    return bk.settled === "optimal"
      ? ["ok", `\u2713 Solved: your board reaches the proven optimum, ${bk.value}.`]
      : ["ok", `\u2713 Your board matches the best known answer, ${bk.value} (not proven optimal: the bound is ${bk.bound}).`];
  }
  if (better) {
    return ["ok", `\u2605 Your board beats the best known answer (${bk.value})! ` +
                  "Download the placement and keep it."];
  }
  return ["", `${Math.abs(bk.value - sc.value)} to go to reach ${bk.value}.`];
}

function drawScore(sc) {
  const box = document.getElementById("score");
  const st = document.getElementById("statement");
  const vd = document.getElementById("verdict");
  if (!sc) { box.replaceChildren(); st.textContent = ""; vd.replaceChildren(); vd.className = ""; return; }
  st.textContent = sc.statement;
  const bk = { ...sc.best_known, sense: sc.sense };
  const sense = sc.sense === "max" ? "higher is better" : sc.sense === "min" ? "lower is better" : "";
  box.replaceChildren(
    el("div", { class: "score-line" }, "Your board: ", el("strong", { id: "score-value" }, sc.value),
       sense ? el("span", { class: "muted" }, ` (${sense})`) : "",
       sc.satisfied === undefined ? "" :
         el("span", { class: sc.satisfied ? "ok" : "bad", id: "score-satisfied" },
            sc.satisfied ? " condition met" : " condition not met"),
       " \u2014 ", bk.settled === "yes" || bk.settled === "no" ? [badge(bk), " "] : "",
       el("span", { id: "score-best" }, bestKnownText(bk)),
       bk.settled === "best+bound" ? [" ", el("span", { class: "badge open" }, "not proven")] : ""),
    bk.open_text ? el("div", { class: "open-text", id: "score-open" }, bk.open_text) : "",
    el("details", { class: "proof" }, el("summary", {}, "how it is proved"),
       el("div", { id: "score-proof" }, proofBlock(bk.proof_text),
          witnessBlock(bk.witness_line, bk.witness, document.getElementById("challenge").value || "/"),
          glossaryBlock(bk.glossary)),
       certificateLink(bk.certificate)));
  const [cls, text] = verdict(sc);
  vd.className = cls ? `verdict ${cls}` : "verdict";
  vd.textContent = text;
}

function fillChallenges() {
  const sel = document.getElementById("challenge");
  sel.replaceChildren(el("option", { value: "" }, "(none)"));
  for (const r of ed.rows) {
    if (!r.scorable) continue;
    // the variant first: on a phone the closed menu cut "15. Routes between circles with the same
    // number of st..." before the variant that tells shared-9 from shared-10
    sel.append(el("option", { value: `${r.challenge}/${r.variant}` },
                  `${r.challenge} (${r.variant}): ${r.title}`));
  }
  sel.value = "2/path-tiles";
}

function chooseChallenge(key) {
  document.getElementById("challenge").value = key;
  writeHash();
  return update();
}

function loadAnswer(n, variant) {
  return busyWhile(async () => {
    try {
      const doc = await api(`/api/octiles/challenges/${n}/${variant}`);
      if (!doc.placement) throw new Error(`challenge ${n} (${variant}) has no stored placement`);
      const sel = document.getElementById("challenge");
      if ([...sel.options].some(o => o.value === `${n}/${variant}`)) sel.value = `${n}/${variant}`;
      for (const c of document.querySelectorAll(".card")) c.classList.toggle("active", c.dataset.key === `${n}/${variant}`);
      ed.selTile = null; ed.selSpace = null;
      const before = JSON.stringify(ed.placement);
      change(() => { ed.placement = doc.placement; });
      if (JSON.stringify(ed.placement) === before) { writeHash(); update(); }  // same board, maybe another challenge
      window.scrollTo({ top: 0, behavior: "smooth" });
    } catch (err) { showError("error", err); }
  });
}

// the answer's picture (its legend 12 px or more on the card); its size known before it loads
function answerPicture(r, key) {
  const href = `/api/octiles/challenges/${r.challenge}/${r.variant}/picture.svg`;
  const [pw, ph] = r.picture_size || [612, 900];
  return el("a", { href, target: "_blank", class: "answer-pic", title: "the answer, at full size" },
            el("img", { loading: "lazy", alt: `challenge ${key}`, src: href, width: pw, height: ph,
                        style: `aspect-ratio: ${pw} / ${ph}` }));
}

function drawGallery() {
  const g = document.getElementById("gallery");
  g.replaceChildren();
  for (const r of ed.rows) {
    const key = `${r.challenge}/${r.variant}`;
    const bk = { value: r.value, status: r.status, bound: r.bound, settled: r.settled, sense: r.sense };
    const card = el("div", { class: "card", "data-key": key },
      el("div", { class: "title" }, `${r.challenge}. ${r.title || "(no solver)"} `,
         el("span", { class: "muted" }, `(${r.variant})`)),
      el("div", { class: "stmt" }, r.statement || r.text || ""),
      el("div", { class: "best" }, "Best known: ",
         el("strong", {}, r.settled === "yes" || r.settled === "no" ? r.settled : (r.value ?? "-")),
         " ", badge(bk)),
      r.picture ? answerPicture(r, key) : null,
      proofFolded(r.proof_text, r.witness_line, r.witness, key, r.glossary, r.open_text),
      el("div", { class: "row actions" },
        r.answer ? el("button", { onclick: () => loadAnswer(r.challenge, r.variant) }, "load into editor") : null,
        r.scorable ? el("button", { onclick: () => Promise.resolve(chooseChallenge(key)).then(showScore) },
                        "score the editor's board") : null,
        certificateLink(r.certificate)));
    g.append(card);
  }
}

// One column (a phone): the tray comes right under the board, so a tile is picked and placed
// without scrolling between them (in the side column it was 300 px below the board's foot, the
// board and the tray never both on a 844 px screen). Two columns: the tray heads the side column.
const NARROW = window.matchMedia("(max-width: 700px)");

function placeTray() {
  const panel = document.getElementById("tray-panel");
  if (NARROW.matches) document.getElementById("board-wrap").after(panel);
  else document.querySelector(".side-column").prepend(panel);
}

// "score the editor's board": the score is beside the board on a wide screen (the page's top
// shows both), below the board and the tray on a phone (shown there, not the board)
function showScore() {
  const panel = document.getElementById("challenge").closest(".panel");
  if (!NARROW.matches) { window.scrollTo({ top: 0 }); return; }
  window.scrollTo({ top: panel.getBoundingClientRect().top + window.scrollY - 8 });
}

// the editor's hint for the challenge being tried: the idea of its bound (from its declaration's
// witness: ideas.py) and the next tile of its stored best answer that the board does not have yet
// (the first space, in the board's order, where they differ). It reads the stored answer (the
// report's), no engine search: an instant, deterministic step towards the best known answer, which
// the player can take or leave
function challengeHint() {
  const out = document.getElementById("hint-text");
  const key = document.getElementById("challenge").value;
  if (!key) { out.textContent = "Pick a challenge first: the hint is for the challenge being tried."; return null; }
  const [n, variant] = key.split("/");
  return busyWhile(async () => {
    try {
      const doc = await api(`/api/octiles/challenges/${n}/${variant}`);
      const row = ed.rows.find(r => `${r.challenge}/${r.variant}` === key);
      out.replaceChildren(row && row.idea ? el("div", { id: "hint-idea" }, el("strong", {}, "The idea: "), row.idea) : "",
                          el("div", { id: "hint-tile" }, hintWords(doc.placement)));
    } catch (err) { showError("hint-text", err); }
  });
}

function hintWords(goal) {
  if (!goal || !Object.keys(goal).length) {
    return "No placement is known for this challenge yet, so no tile to suggest: the words above say what is known.";
  }
  const turns = r => r === 0 ? "not turned" : `turned ${r} eighth${r === 1 ? "" : "s"} of a turn`;
  for (const sp of Object.keys(ed.geo.spaces).filter(s => goal[s])) {
    const want = goal[sp], have = ed.placement[sp];
    if (have && have.tile === want.tile && have.rotation === want.rotation) continue;
    const elsewhere = Object.keys(ed.placement).find(s => s !== sp && ed.placement[s].tile === want.tile);
    return `Next tile: the best known answer has tile ${want.tile} on ${sp}, ${turns(want.rotation)}` +
      (have ? ` (your board has tile ${have.tile} there, ${turns(have.rotation)})` : "") +
      (elsewhere ? `; tile ${want.tile} is on ${elsewhere} now` : "") + ".";
  }
  const extra = Object.keys(ed.placement).filter(s => !goal[s]);
  return extra.length ? `Your board holds the best known answer; it leaves ${extra.join(", ")} empty.`
    : "Your board is the best known answer.";
}

function downloadPlacement() {
  download("placement.json", JSON.stringify(ed.placement, null, 2));
}

function init() {
  return busyWhile(async () => {
    try {
      [ed.geo, ed.rows] = await Promise.all([api("/api/octiles/board"), api("/api/octiles/challenges")]);
    } catch (err) { showError("error", err); return; }
    // a phone: "Tap a tile in the tray...", and no "(or R)" (innerText: what is shown)
    tapWordsIn(document.getElementById("help"));
    tapWordsIn(document.getElementById("hint"));
    HOW_TO = document.getElementById("hint").innerText.replace(/\s+/g, " ").trim();
    placeTray();
    NARROW.addEventListener("change", placeTray);
    window.addEventListener("resize", pathsMore);
    fillChallenges();
    const addressError = boardFromHash(true);
    writeHash();
    window.addEventListener("hashchange", () => boardFromHash(false));
    document.getElementById("undo").onclick = undo;
    document.getElementById("redo").onclick = redo;
    document.getElementById("rot-left").onclick = () => turn(-1);
    document.getElementById("rot-right").onclick = () => turn(+1);
    document.getElementById("remove").onclick = removeSelected;
    document.getElementById("clear").onclick = () => { ed.selSpace = null; change(() => { ed.placement = {}; }); };
    document.getElementById("download").onclick = downloadPlacement;
    document.getElementById("challenge").onchange = () => {
      document.getElementById("hint-text").textContent = ""; writeHash(); update(); };
    document.getElementById("challenge-hint").onclick = challengeHint;
    document.getElementById("only-counted").onchange = update;
    document.addEventListener("keydown", e => {
      if (e.target.tagName === "INPUT" || e.target.tagName === "SELECT" || e.target.tagName === "TEXTAREA") return;
      const key = e.key.toLowerCase();
      if ((e.ctrlKey || e.metaKey) && !e.altKey) {
        if (key === "z" && !e.shiftKey) { e.preventDefault(); undo(); }
        else if (key === "y" || (key === "z" && e.shiftKey)) { e.preventDefault(); redo(); }
        return;
      }
      if (e.altKey) return;
      if (e.key === "r") turn(+1);
      else if (e.key === "R") turn(-1);
      else if (e.key === "Delete" || e.key === "Backspace") removeSelected();
      else if (e.key === "Escape") { ed.selTile = null; ed.selSpace = null; drawTray(); drawSelection(); say(null); }
    });
    drawHistoryButtons();
    await update();
    if (addressError) showError("error", addressError);
    document.body.dataset.readyMs = Math.round(performance.now());  // since navigation started
    drawGallery();  // after the editor: its pictures do not queue ahead of the board's requests
    document.body.dataset.ready = "1";
  });
}

document.addEventListener("DOMContentLoaded", init);
