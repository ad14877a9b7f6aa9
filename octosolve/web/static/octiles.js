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
};

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
    ed.selTile !== null ? `tile ${ed.selTile}, rotation ${ed.selRot}: click a space`
      : `${18 - used.size} of 18 left (17 spaces: one tile stays out)`;
}

function pickTile(t) {
  if (usedTiles().has(t)) return;
  showError("error", null);
  if (ed.selSpace && !ed.placement[ed.selSpace]) {  // an empty space is waiting for a tile
    ed.placement[ed.selSpace] = { tile: t, rotation: 0 };
    ed.selTile = null;
    update();
    return;
  }
  if (ed.selTile === t) { ed.selTile = null; } else { ed.selTile = t; ed.selRot = 0; ed.selSpace = null; }
  drawTray(); drawSelection();
}

function clickSpace(space) {
  showError("error", null);
  if (ed.selTile !== null) {
    ed.placement[space] = { tile: ed.selTile, rotation: ed.selRot };
    ed.selTile = null; ed.selSpace = space;
    update();
  } else if (ed.placement[space] && ed.selSpace === space) {
    turn(+1);
  } else {
    ed.selSpace = space;
    drawSelection();
    if (!ed.placement[space]) document.getElementById("hint").textContent =
      `Space ${space} is empty: pick a tile from the tray to put there.`;
  }
}

function turn(step) {
  // the board's rotation counts counter-clockwise: clockwise is -1
  if (ed.selTile !== null) {
    ed.selRot = (ed.selRot - step + 8) % 8; drawTray(); return;
  }
  const v = ed.placement[ed.selSpace];
  if (!v) return;
  v.rotation = (v.rotation - step + 8) % 8;
  update();
}

function removeSelected() {
  if (ed.selSpace && ed.placement[ed.selSpace]) { delete ed.placement[ed.selSpace]; update(); }
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
    el("span", { id: "summary-text" }, `${Object.keys(tr.placement).length} tiles: ${sm.paths} paths, ` +
      `${sm.loops} loops, ${sm.open} open, ${sm.crossings} crossings, ${sm.self_crossings} ` +
      `self-crossings, ${sm.groups} groups`));
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
}

function provenText(bk) {
  if (bk.value === null || bk.value === undefined) return `${bk.status}`;
  const tag = bk.proven ? el("span", { class: "badge proven" }, "proven")
    : el("span", { class: "badge open" }, bk.bound !== null && bk.bound !== undefined
      ? `not proven; bound ${bk.bound}` : "not proven");
  return el("span", {}, `${bk.value} `, tag, bk.proof ? el("span", { class: "muted" }, ` (${bk.proof})`) : "");
}

function drawScore(sc) {
  const box = document.getElementById("score");
  const st = document.getElementById("statement");
  if (!sc) { box.replaceChildren(); st.textContent = ""; return; }
  st.textContent = sc.statement;
  const sense = sc.sense === "max" ? "maximise" : sc.sense === "min" ? "minimise" : sc.sense;
  box.replaceChildren(
    el("div", {}, "This board: ", el("strong", { id: "score-value" }, sc.value), ` (${sense})`,
       sc.satisfied === undefined ? "" :
         el("span", { class: sc.satisfied ? "ok" : "bad", id: "score-satisfied" },
            sc.satisfied ? "  condition met" : "  condition not met")),
    el("div", {}, "Best known: ", provenText(sc.best_known)));
}

function fillChallenges() {
  const sel = document.getElementById("challenge");
  sel.replaceChildren(el("option", { value: "" }, "(none)"));
  for (const r of ed.rows) {
    if (!r.scorable) continue;
    sel.append(el("option", { value: `${r.challenge}/${r.variant}` },
                  `${r.challenge}. ${r.title} (${r.variant})`));
  }
  sel.value = "2/path-tiles";
}

function loadAnswer(n, variant) {
  return busyWhile(async () => {
    try {
      const doc = await api(`/api/octiles/challenges/${n}/${variant}`);
      if (!doc.placement) throw new Error(`challenge ${n} (${variant}) has no stored placement`);
      ed.placement = doc.placement; ed.selTile = null; ed.selSpace = null;
      const sel = document.getElementById("challenge");
      if ([...sel.options].some(o => o.value === `${n}/${variant}`)) sel.value = `${n}/${variant}`;
      for (const c of document.querySelectorAll(".card")) c.classList.toggle("active", c.dataset.key === `${n}/${variant}`);
      window.scrollTo({ top: 0, behavior: "smooth" });
      await update();
    } catch (err) { showError("error", err); }
  });
}

function drawGallery() {
  const g = document.getElementById("gallery");
  g.replaceChildren();
  for (const r of ed.rows) {
    const key = `${r.challenge}/${r.variant}`;
    const bk = { value: r.value, status: r.status, bound: r.bound, proven: r.proven, proof: null };
    const card = el("div", { class: "card", "data-key": key },
      el("div", { class: "title" }, `${r.challenge}. ${r.title || "(no solver)"} `,
         el("span", { class: "muted" }, `(${r.variant})`)),
      el("div", { class: "stmt" }, r.statement || r.text || ""),
      el("div", {}, "Best known: ", provenText(bk), el("span", { class: "muted" }, ` · ${r.status}` +
         (r.objective !== null && r.objective !== undefined ? `, objective ${r.objective}` : "") +
         (r.bound !== null && r.bound !== undefined ? `, bound ${r.bound}` : ""))),
      r.picture ? el("img", { loading: "lazy", alt: `challenge ${key}`,
                              src: `/api/octiles/challenges/${r.challenge}/${r.variant}/picture.svg` }) : null,
      el("div", { class: "row", style: "gap:.4em" },
        r.answer ? el("button", { onclick: () => loadAnswer(r.challenge, r.variant) }, "load into editor") : null,
        r.scorable ? el("button", { onclick: () => { document.getElementById("challenge").value = key;
                                                      update(); window.scrollTo({ top: 0 }); } },
                        "score the editor's board") : null));
    g.append(card);
  }
}

function downloadPlacement() {
  download("placement.json", JSON.stringify(ed.placement, null, 2));
}

function init() {
  return busyWhile(async () => {
    try {
      [ed.geo, ed.rows] = await Promise.all([api("/api/octiles/board"), api("/api/octiles/challenges")]);
    } catch (err) { showError("error", err); return; }
    fillChallenges();
    document.getElementById("rot-left").onclick = () => turn(-1);
    document.getElementById("rot-right").onclick = () => turn(+1);
    document.getElementById("remove").onclick = removeSelected;
    document.getElementById("clear").onclick = () => { ed.placement = {}; ed.selSpace = null; update(); };
    document.getElementById("download").onclick = downloadPlacement;
    document.getElementById("challenge").onchange = update;
    document.getElementById("only-counted").onchange = update;
    document.addEventListener("keydown", e => {
      if (e.target.tagName === "INPUT" || e.target.tagName === "SELECT" || e.target.tagName === "TEXTAREA") return;
      if (e.key === "r") turn(+1);
      else if (e.key === "R") turn(-1);
      else if (e.key === "Delete" || e.key === "Backspace") removeSelected();
      else if (e.key === "Escape") { ed.selTile = null; ed.selSpace = null; drawTray(); drawSelection(); }
    });
    await update();
    document.body.dataset.readyMs = Math.round(performance.now());  // since navigation started
    drawGallery();  // after the editor: its pictures do not queue ahead of the board's requests
    document.body.dataset.ready = "1";
  });
}

document.addEventListener("DOMContentLoaded", init);
