// Play page: Resign (with a second step to confirm), the last move ringed on the board, and the
// game-over summary (docs/web.md). Generic: the server says which places the last turn changed
// (view.last_move.marks, the ids of the board's data-target or data-mark elements, from the
// game's marks room) and the counts behind the result (view.score_table). Uses play.js's pg, run,
// gameApi, seatName, rootBox, draw and newGame.
"use strict";

// ------------------------------------------------------------------------------------ resign
// The Resign button opens a question under the status line; only its "Yes, resign" (not where
// Resign was: a double click opens and closes the question) ends the game. Esc closes it.
function toggleResign(open) {
  const box = $("resign-box");
  box.hidden = open === undefined ? !box.hidden : !open;
  $("resign").setAttribute("aria-expanded", box.hidden ? "false" : "true");
  if (!box.hidden) $("resign-no").focus();
}

function resign() {
  toggleResign(false);
  return run(async () => { setLive(await gameApi("/resign", {})); });
}

function drawResign() {
  const v = pg.view;
  const can = !pg.replay && !previewing() && !v.terminal && v.seats.includes("human");
  $("resign").hidden = !can;
  $("resign").disabled = pg.busy;
  $("resign-yes").disabled = pg.busy;
  if (!can) toggleResign(false);
  if (can) {
    const side = (v.sides || []).find(s => s.includes(v.viewer));
    $("resign-q").textContent = "Resign this game? It ends now, as a loss for you" +
      (side && side.length > 1 ? " and your partner" : "") + ".";
  }
}

// ------------------------------------------------------------------------------------ last move
// Each place the last turn changed gets a ring drawn over the board: a dark line with a white one
// inside, the same width in screen pixels at any size of the board (legible at 390 px, seen on
// dark and light places alike, and told apart from the outlines of a move being made by its
// look, not its colour).
function markLastMove(svg, v) {
  const old = svg.querySelector("g.octo-lastmove");
  if (old) old.remove();
  const lm = v.last_move;
  if (!lm || !lm.marks || !lm.marks.length) return 0;
  const layer = document.createElementNS(SVGNS, "g");
  layer.setAttribute("class", "octo-lastmove");
  layer.setAttribute("pointer-events", "none");
  let n = 0;
  for (const id of lm.marks) {
    const q = CSS.escape(id);
    const e = svg.querySelector(`[data-target="${q}"], [data-mark="${q}"]`);
    const box = e && placeBox(svg, e);
    if (!box) continue;
    const pad = Math.max(1.5, Math.min(box.w, box.h) * 0.08);
    const at = x => String(Math.round(x * 100) / 100);  // the same figures however they were reached
    for (const cls of ["lm-outer", "lm-inner"]) {
      const r = document.createElementNS(SVGNS, "rect");
      r.setAttribute("x", at(box.x - pad)); r.setAttribute("y", at(box.y - pad));
      r.setAttribute("width", at(box.w + 2 * pad)); r.setAttribute("height", at(box.h + 2 * pad));
      r.setAttribute("rx", at(pad * 1.5));
      r.setAttribute("class", cls);
      r.setAttribute("data-for", id);
      layer.append(r);
    }
    n++;
  }
  svg.append(layer);
  return n;
}

// A resigned game's board is its last position, drawn for the player to move ("You: place tile
// 15 / click a space..."): its heading says the game is over instead.
function overHeading(svg) {
  const v = pg.view;
  if (pg.replay || previewing() || v.resigned === null || v.resigned === undefined) return;
  setHeading(svg, `Game over: ${v.resigned === v.viewer ? "you" : seatName(v.resigned, v)} resigned`,
    resultText(v).replace(/^.*?resigned: /, ""));
}

// a place's box on the board without the area grown around it for taps (play.js, growTargets)
function placeBox(svg, e) {
  const hit = e.querySelector(":scope > rect.octo-hit");
  if (!hit) return rootBox(svg, e);
  const boxes = [...e.children].filter(c => c !== hit && c.tagName !== "title")
    .map(c => rootBox(svg, c)).filter(Boolean);
  if (!boxes.length) return null;
  const x0 = Math.min(...boxes.map(b => b.x)), y0 = Math.min(...boxes.map(b => b.y));
  return { x: x0, y: y0, w: Math.max(...boxes.map(b => b.x + b.w)) - x0,
           h: Math.max(...boxes.map(b => b.y + b.h)) - y0 };
}

// the line under the board that says what the ring is: "Ringed: the last move, P1 (mcts): ..."
function drawLastNote(v, ringed) {
  const note = $("last-note");
  const lm = v.last_move;
  note.hidden = !ringed || !lm;
  if (note.hidden) return;
  // the turn's moves (its player's in a row, chance between them left out): Octiles' tile and
  // runner (the last three); Oct8: its turn, one line
  const turn = [];
  const list = v.turns || v.history;  // v.turns: one line a turn (Oct8's), its last one said whole
  for (let i = list.length - 1; i >= 0; i--) {
    const h = list[i];
    if (h.chance) continue;
    if (h.player !== lm.player) break;
    turn.unshift(h.text);
    if (v.turns) break;
  }
  const said = (turn.length > 3 ? "..., " : "") + turn.slice(-3).join(", ");
  note.replaceChildren(el("span", { class: "lm-key", "aria-hidden": "true" }),
    ` Ringed: the last move, ${seatName(lm.player, v)}${said ? ": " + said : ""}.`);
}

// ------------------------------------------------------------------------------------ game over
function sideWords(ps, v) {
  const names = ps.map(p => seatName(p, v));
  return names.length <= 1 ? names.join("") : names.slice(0, -1).join(", ") + " and " + names[names.length - 1];
}

// "You won!", "P1 (mcts) won.", "A draw.", "You resigned: P1 (mcts) wins."
function resultText(v) {
  const w = v.winners || [];
  const you = w.includes(v.viewer) && v.seats[v.viewer] === "human";
  if (v.resigned !== null && v.resigned !== undefined) {
    const who = v.resigned === v.viewer ? "You" : seatName(v.resigned, v);
    return `${who} resigned: ${w.length ? sideWords(w, v) + (w.length > 1 ? " win." : " wins.") : "no winner."}`;
  }
  if (!w.length) return "A draw.";
  if (you) return w.length > 1 ? `You won, with ${sideWords(w.filter(p => p !== v.viewer), v)}!` : "You won!";
  return `${sideWords(w, v)} won.`;
}

function drawGameOver() {
  const v = pg.view;
  const box = $("game-over");
  box.hidden = !(v.terminal && !pg.replay && !previewing());
  if (box.hidden) return;
  $("over-result").textContent = resultText(v);
  const t = v.score_table;
  const reason = [];
  if (t && t.reason) reason.push(`${t.reason[0].toUpperCase()}${t.reason.slice(1)}.`);
  reason.push(`${v.moves} moves${v.resigned !== null && v.resigned !== undefined ? ", then the resignation" : ""}.`);
  $("over-reason").textContent = reason.join(" ");
  const table = $("over-scores");
  table.hidden = $("over-label").hidden = !(t && t.values);
  if (table.hidden) { table.replaceChildren(); return; }
  const better = t.better === "lower" ? "fewer is better" : t.better === "higher" ? "more is better" : "";
  const when = v.resigned !== null && v.resigned !== undefined ? ", when the game stopped" : "";
  $("over-label").textContent = `${t.label[0].toUpperCase()}${t.label.slice(1)}${better ? ` (${better})` : ""}${when}:`;
  table.replaceChildren(
    ...t.values.map((x, p) => {
      const won = v.winners.includes(p);
      return el("tr", { class: won ? "won" : null, "data-seat": p },
        el("th", { scope: "row" }, seatName(p, v)),
        el("td", {}, String(x)),
        el("td", {}, won ? "won" : v.resigned === p ? "resigned" : ""));
    }));
}

function wireGameOver() {
  $("resign").onclick = () => toggleResign();
  $("resign-no").onclick = () => { toggleResign(false); $("resign").focus(); };
  $("resign-yes").onclick = resign;
  $("over-settings").onclick = () => {
    $("setup").scrollIntoView({ block: "start" });
    $("preset").focus();
  };
  document.addEventListener("keydown", e => {
    if (e.key === "Escape" && !$("resign-box").hidden) toggleResign(false);
  });
}
