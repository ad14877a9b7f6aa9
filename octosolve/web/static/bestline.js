// Play page: the proven best line (docs/web.md, "Hint"). When the hint's exact solver settles the
// position, "Show best play" asks the server for the line (POST .../line: every move proven, both
// sides playing perfectly, to the end and its margin) and lists it under the board; its steps
// preview the board ahead of the game (POST .../ahead: read-only, the next move of the line
// dashed) without touching the game, its undo, replay or address. Uses play.js's pg, run, gameApi.
"use strict";

function previewing() { return !!(pg.line && pg.line.view); }

function showBestLine() {  // up to about 2 s of the server's work: the button says so meanwhile
  return run(async () => {
    pg.lineWait = true;
    draw();
    try {
      const data = await gameApi("/line", {});
      pg.line = { data, step: null, view: null };
    } finally { pg.lineWait = false; }
  });
}

function hideBestLine() {  // no request: drawn at once (busyWhile: the page's idle count moves on)
  if (pg.busy) return;
  return busyWhile(async () => { pg.line = null; draw(); });
}

// the board after the line's first k moves, its next move dashed; null: back to the game
function lineStep(k) {
  if (!pg.line || !pg.line.data.proven) return;
  const moves = pg.line.data.moves.map(m => m.action);
  if (k === null) {  // back to the game
    if (pg.busy) return;
    return busyWhile(async () => { pg.line.step = null; pg.line.view = null; draw(); });
  }
  k = Math.max(0, Math.min(moves.length, k));
  return run(async () => {
    const body = { moves: moves.slice(0, k) };
    if (k < moves.length) body.then = moves[k];
    const v = await gameApi("/ahead", body);
    if (pg.line) { pg.line.step = k; pg.line.view = v; }
  });
}

function lineMove(by) {  // one step of the preview (from the game: the first move)
  const cur = pg.line && pg.line.step !== null ? pg.line.step : 0;
  return lineStep(pg.line && pg.line.step === null ? (by > 0 ? 1 : 0) : cur + by);
}

function lineKey(e) {  // arrow keys step the preview, Esc leaves it; true when the key was taken
  if (!previewing()) return false;
  if (e.key === "ArrowLeft") { e.preventDefault(); lineMove(-1); return true; }
  if (e.key === "ArrowRight") { e.preventDefault(); lineMove(1); return true; }
  if (e.key === "Escape") { lineStep(null); return true; }
  return false;
}

function lineEnd(d) {  // "P1 (alphabeta) wins by 2 shields", "you win by 1 shield", "a draw"
  const v = pg.view;
  if (!d.winners.length) return "a draw (equal shields left)";
  const by = counted(Math.abs(d.end_margin), "shield");
  return d.winners.length === 1 && d.winners[0] === v.viewer ? `you win by ${by}`
    : `${d.winners.map(p => seatName(p, v)).join(" and ")} ${d.winners.length === 1 ? "wins" : "win"} by ${by}`;
}

function lineStatus(v) {
  const d = pg.line.data, k = pg.line.step, n = d.moves.length;
  const where = k === 0 ? "your position now" : `after move ${k} of ${n}`;
  const next = k < n ? ` Next: ${seatName(d.moves[k].player, pg.view)} \u2013 ${d.moves[k].words} (dashed).`
    : ` The end: ${lineEnd(d)}.`;
  return `Best play, ${where} (a preview: your game is not changed).${next}`;
}

// The board's heading (its texts of class octo-heading) is drawn for the position's player to move
// ("You: play on row 2, col 3 / click a shield, then an arrow"): in the preview it names the
// line's move instead, the one the board shows made (framed), and asks nothing of the player.
function lineHeading(svg) {
  const [h1, h2] = svg.querySelectorAll("text.octo-heading");
  if (!h1 || !previewing()) return;
  const d = pg.line.data, k = pg.line.step, n = d.moves.length;
  const m = d.moves[k - 1];
  const who = m && (m.player === pg.view.viewer ? "You" : `P${m.player}`);
  h1.textContent = k === 0 ? "Best play from here (a preview)"
    : `Best play, move ${k} of ${n}${k === n ? ": the end" : " (a preview)"}`;
  if (h2) h2.textContent = k === 0 ? "its first move is dashed" : `${who}: ${m.words}`;
}

function drawLine() {
  const box = $("line-box");
  box.hidden = !pg.line || !!pg.replay;
  if (box.hidden) { box.replaceChildren(); return; }
  const d = pg.line.data, v = pg.view;
  if (!d.proven) {
    box.replaceChildren(el("div", {}, `Best play: not known (${d.why || "not proven"}).`),
      el("button", { onclick: hideBestLine }, "Close"));
    return;
  }
  const n = d.moves.length, k = pg.line.step;
  const head = el("div", { class: "line-head" }, el("strong", {}, "Best play from here"),
    ` (proven, both sides playing perfectly): ${counted(n, "move")} to the end; ${lineEnd(d)}` +
    (d.end_reason ? ` (${d.end_reason}).` : "."));
  const tap = touch() ? "tap" : "click";
  const nav = el("div", { class: "controls line-nav" },
    el("button", { id: "line-prev", "aria-label": "one move back", disabled: pg.busy || k === null || k === 0 || null,
                   onclick: () => lineMove(-1) }, "\u25C0"),
    el("button", { id: "line-next", "aria-label": "one move on", disabled: pg.busy || k === n || null,
                   onclick: () => lineMove(1) }, "\u25B6"),
    el("span", { id: "line-pos", class: "muted" },
      k === null ? `step through it on the board (\u25B6, or ${tap} a move)` : `move ${k} of ${n}`),
    el("button", { id: "line-back", hidden: k === null || null, class: "primary", disabled: pg.busy || null,
                   onclick: () => lineStep(null) }, "Back to your game"),
    el("button", { id: "line-hide", hidden: k !== null || null, disabled: pg.busy || null, onclick: hideBestLine }, "Close"));
  const list = el("ol", { id: "line-moves", class: "line-moves" }, ...d.moves.map((m, i) => el("li", {
    class: ["jump", k === i + 1 ? "current" : null, k === i ? "next" : null].filter(Boolean).join(" "),
    "data-step": i + 1, title: "show the board after this move",
    onclick: () => lineStep(i + 1) },
    el("span", { class: "who" }, `${seatName(m.player, v)}: `), m.words, " ", el("code", { class: "muted" }, m.text))));
  box.replaceChildren(head, nav, list);
  const cur = list.querySelector("li.current");  // the list scrolls to it, the page stays put
  if (cur) list.scrollTop = Math.max(0, cur.offsetTop - list.clientHeight / 2);
}

// the hint's button that opens (or closes) the line, when the exact solver settled the position
function lineButton(ex) {
  if (!ex || !ex.proven || !ex.line_available) return null;
  if (pg.lineWait) return el("button", { id: "line-show", disabled: true }, "Working out the best play\u2026");
  return pg.line
    ? el("button", { id: "line-show", disabled: pg.busy || null, onclick: hideBestLine }, "Hide best play")
    : el("button", { id: "line-show", disabled: pg.busy || null, onclick: showBestLine,
                     title: "both sides' proven best moves from here to the end" }, "Show best play");
}
