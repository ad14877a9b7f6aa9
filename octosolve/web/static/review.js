// Play page: the post-game review (docs/web.md, "Review the game"). "Review the game", in the
// game-over summary, asks the server to rate every move of yours against the engine (POST
// .../review: computed in a worker thread within a time budget) and shows the ratings as they
// come (GET .../review?wait=S); a rated move links "the moment to see on the board": the replay's
// position before that move (GET .../at/N), the better move dashed on it. Uses play.js's pg, run,
// gameApi, goTo, seatName and draw. A game whose moves list says a turn in one line (Oct8) is
// reviewed per turn: one line a turn, its decisions' ratings under it, the moment to see the
// position before its worst decision.
"use strict";

const REVIEW_BADGE = {
  forced: "forced", best: "best", good: "good", inaccuracy: "inaccuracy", mistake: "mistake",
  unrated: "not rated",
};

function reviewKey(v) { return `${v.seed}:${(v.all_actions || []).join(",")}`; }

// the review of the game on the page (a new game, an undo or a rebuilt game leaves it behind)
function currentReview() {
  return pg.review && pg.view && pg.review.key === reviewKey(pg.view) ? pg.review : null;
}

function startReview() {
  if (pg.busy || !pg.view || !pg.view.terminal) return;
  const r = { key: reviewKey(pg.view), data: null, focus: null, error: null };
  pg.review = r;
  return busyWhile(async () => {
    try {
      r.data = await gameApi("/review?wait=1", {});
    } catch (err) { r.error = err.message || String(err); }
    drawReview();
    $("review-box").scrollIntoView({ block: "nearest" });
    pollReview(r);
  });
}

// the ratings as they come: one request at a time, each held by the server until the review ends
// or 2 s pass (not a page-wide busy state: the board, the replay and New game stay usable)
async function pollReview(r) {
  while (pg.review === r && r.data && r.data.state !== "done" && r.data.state !== "failed") {
    try {
      r.data = await api(`/api/${GAME}/${r.data.id}/review?wait=2`);
    } catch (err) { r.error = err.message || String(err); break; }
    if (pg.review === r) busyWhile(async () => drawReview());
  }
}

function closeReview() {
  if (pg.busy) return;
  const back = pg.replay && pg.review && pg.review.focus !== null;
  pg.review = null;
  if (back) return goTo(pg.view.actions.length);
  return busyWhile(async () => draw());
}

function reviewFocusPly(it) { return it.focus || it.ply; }  // a turn's: its worst decision's

// a rated move: the replay's position before it, the better move dashed
function reviewShow(it) {
  const r = currentReview();
  if (!r || !pg.view.actions) return;
  r.focus = reviewFocusPly(it);
  const done = goTo(r.focus - 1);
  $("board").scrollIntoView({ block: "nearest" });
  return done;
}

function reviewFocusItem() {  // the rated move whose position the replay shows, or null
  const r = currentReview();
  if (!r || !r.data || r.focus === null || !pg.replay || pg.replay.ply !== r.focus - 1) return null;
  return r.data.items.find(it => reviewFocusPly(it) === r.focus) || null;
}

// the board's dashes in the replay (play.js, decorateBoard): the better move of the move shown
function reviewTargets() {
  const it = reviewFocusItem();
  return it && it.better ? it.better.targets || [] : [];
}

// the replay board's heading names the move under review and what is dashed
function reviewHeading(svg) {
  const it = reviewFocusItem();
  if (!it || previewing()) return;
  const who = it.player === pg.view.viewer ? "your" : `${seatName(it.player, pg.view)}'s`;
  setHeading(svg, `Review: before ${who} move ${reviewFocusPly(it)}`,  // short: a board's heading shares its line
    it.better ? `dashed: ${it.better.words || it.better.move}` : (REVIEW_BADGE[it.grade] || ""));
}

function reviewSummary(d) {
  const c = d.counts, parts = [];
  const proven = d.proven_mistakes, guessed = c.mistake - proven;
  if (proven) parts.push(`${counted(proven, "proven mistake")}`);
  if (guessed) parts.push(`${counted(guessed, "mistake")} by the engine's estimate`);
  if (c.inaccuracy) parts.push(`${counted(c.inaccuracy, "inaccuracy", "inaccuracies")}`);
  const fine = c.best + c.good + c.forced;
  if (fine) parts.push(`${fine} as good as the engine's${c.forced ? ` (${c.forced} forced)` : ""}`);
  if (c.unrated) parts.push(`${c.unrated} not rated`);
  return `${counted(d.total, d.unit || "move")} of yours: ${parts.join(", ") || "none"}.`;
}

function drawReview() {
  const v = pg.view;
  const btn = $("review");
  btn.hidden = !(v && v.terminal && v.seats.includes("human") && !pg.replay);
  const r = currentReview();
  btn.disabled = pg.busy || !!r;
  const box = $("review-box");
  box.hidden = !r || previewing();
  if (box.hidden) { box.replaceChildren(); delete box.dataset.state; return; }
  const d = r.data;
  box.dataset.state = r.error ? "error" : d ? d.state : "asking";
  const head = el("div", { class: "review-head" }, el("strong", {}, "Review of your moves"),
    el("button", { id: "review-close", onclick: closeReview, disabled: pg.busy || null }, "Close"));
  if (r.error) {
    box.replaceChildren(head, el("div", { class: "error" }, `The review failed: ${r.error}`));
    return;
  }
  if (!d) { box.replaceChildren(head, el("div", { class: "muted" }, "Asking the server\u2026")); return; }
  const status = el("div", { id: "review-status" }, d.state === "failed" ? `The review failed: ${d.error}`
    : d.state === "waiting" ? "Waiting for another game's review to end (the server works out one at a time)\u2026"
      : d.state === "running" ? `Rating your moves against the engine (${d.engine})\u2026 ${d.rated} of ${d.total} done, the last moves first.`
        : reviewSummary(d));
  const tap = touch() ? "tap" : "click";
  const how = el("div", { class: "muted small" },
    `Proven: the exact solver's outcome with best play before and after the move. An estimate: the ` +
    `engine's choice (its search), and both moves played out many times, their mean from \u22121 (a sure ` +
    `loss) to +1 (a sure win). ${tap[0].toUpperCase()}${tap.slice(1)} ` +
    `a move to see the position before it on the board, the better move dashed.`);
  const cur = reviewFocusItem();
  const list = el("ol", { id: "review-moves", class: "review-moves" }, ...d.items.map(it => {
    const proven = it.kind === "exact";
    const badge = (proven && it.grade === "mistake" ? "proven mistake" : REVIEW_BADGE[it.grade]) || it.grade;
    return el("li", {
      class: ["jump", `g-${it.grade}`, proven ? "proven" : null, cur === it ? "current" : null]
        .filter(Boolean).join(" "),
      "data-ply": it.ply, "data-grade": it.grade, "data-kind": it.kind || "",
      title: "show the position before this move", onclick: () => reviewShow(it) },
      el("span", { class: "badge" }, badge), " ",
      el("span", { class: "which" }, it.turn ? `Turn ${it.turn}` : `Move ${it.ply}`), " ", el("code", {}, it.move), " ",
      el("span", { class: "why" }, it.text),
      ...(it.decisions && it.decisions.length > 1 ? [el("ol", { class: "decisions small" }, ...it.decisions.map(x =>
        el("li", { "data-grade": x.grade }, el("span", { class: "badge" }, REVIEW_BADGE[x.grade] || x.grade), " ",
          el("code", {}, x.move))))] : []));
  }));
  box.replaceChildren(head, status, how, list);
  const li = list.querySelector("li.current");
  if (li) list.scrollTop = Math.max(0, li.offsetTop - list.clientHeight / 2);
}

function wireReview() {
  $("review").onclick = startReview;
}
document.addEventListener("DOMContentLoaded", wireReview);
