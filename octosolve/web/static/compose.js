// Play page: the word builder (docs/web.md, "Build the word"). A game whose view carries
// "composer" (Octoverso: its compose room) has moves made by building a word from the hand, not
// picked from a list: the board's clicks that type a letter or choose a place come from the view
// ("letters", "places"), the keyboard types too, and every change is checked by the server
// (POST /api/GAME/ID/compose: a word here, the start of one, or neither) without the list of
// words. The view's "best_words" says, after each move of yours, the best words that turn allowed.
// The view lists none of the moves made so (the words are the player's to find): the study box
// asks for them on its own (POST /api/GAME/ID/words). After the other side's word of fewer than 8
// letters (the claim reading of spotting) the panel takes an OCTO to claim instead: 8 letters,
// typed or clicked on the A-Z row, checked once complete; "No OCTO: play on" declines.
"use strict";

const cp = {
  text: "",        // the letters built so far (a lower-case letter: a joker as that letter)
  joker: false,    // a joker was picked: the next letter says what it stands for
  place: null,     // the place chosen on the board ("recto:right"), or null for any
  answer: null,    // the server's check of text/place
  key: null,       // the position the builder is for (game id and moves): a new one starts afresh
  seq: 0,
  study: false,    // "show every word" (a study aid): the list of legal moves shows the words
  words: null,     // the study's words ({key, moves}) for the position they were asked for
};

function claiming() { return composing() && !!pg.view.composer.claim; }

function composing() {
  const v = pg.view;
  return !!(v && v.composer && v.human_turn && !pg.replay && !previewing());
}

function composeKey() { return pg.view ? `${pg.view.id}:${pg.view.moves}` : null; }

function composeReset() {
  cp.text = ""; cp.joker = false; cp.place = null; cp.answer = null; cp.seq++;
}

function composeCheck() {  // every change (the test hooks' data-settled counts each)
  const seq = ++cp.seq;
  return busyWhile(async () => {
    if (!cp.text && !cp.place) cp.answer = null;
    else {
      const body = { text: cp.text };
      if (cp.place) body.place = cp.place;
      try {
        const a = await gameApi("/compose", body);
        if (seq === cp.seq) { cp.answer = a; showError("error", null); }
      } catch (err) { if (seq === cp.seq) showError("error", err); }
    }
    if (seq === cp.seq) drawComposer();
  });
}

function composeType(ch) {
  const c = pg.view.composer;
  if (c.claim) {  // an OCTO to claim: any letters, upper case
    if (cp.text.length >= c.max) { composeFull(); return; }
    cp.text += ch.toUpperCase();
  } else if (cp.joker) {  // the joker's letter: a letter in lower case
    cp.joker = false;
    cp.text += ch.toLowerCase();
  } else if (ch === "?") {
    if (!c.joker) return;
    if (cp.text.length >= c.max) { composeFull(); return; }
    cp.joker = true;
    composeCheck();
    return;
  } else {
    if (cp.text.length >= c.max) { composeFull(); return; }
    cp.text += ch.toUpperCase();
  }
  composeCheck();
}

function composeFull() {
  cp.answer = { ...(cp.answer || {}), state: "none",
    message: `A ${pg.view.composer.what} takes at most ${pg.view.composer.max} letters of your hand.` };
  drawComposer();
}

function composeBack() {
  if (cp.joker) cp.joker = false;
  else if (cp.text) cp.text = cp.text.slice(0, -1);
  else if (cp.place) cp.place = null;
  else return;
  composeCheck();
}

function composeClear() {
  if (!cp.text && !cp.place && !cp.joker) return;
  composeReset();
  composeCheck();
}

// a click on the board: a letter of the hand or a place, while no board move is being made
// (Exchange, then a tile, is the board's: the tile then goes to the exchange); true when taken
function composeClick(id) {
  if (!composing() || pg.busy || pg.picked.length) return false;
  const c = pg.view.composer;
  if (id in c.letters) { pg.note = ""; composeType(c.letters[id]); return true; }
  if (id in (c.places || {})) {
    pg.note = "";
    cp.place = cp.place === id.replace(/^end:/, "") ? null : id.replace(/^end:/, "");
    composeCheck();
    return true;
  }
  return false;
}

// the keyboard: letters (and ? for a joker), Backspace, Enter plays, Esc clears; true when taken
function composeKeyDown(e) {
  if (!composing() || pg.busy || e.ctrlKey || e.metaKey || e.altKey) return false;
  if (/^[a-zA-Z]$/.test(e.key)) { e.preventDefault(); composeType(claiming() ? e.key.toUpperCase() : e.key); return true; }
  if (e.key === "?" && pg.view.composer.joker) { e.preventDefault(); composeType("?"); return true; }
  if (e.key === "Backspace" && (cp.text || cp.place || cp.joker)) { e.preventDefault(); composeBack(); return true; }
  if (e.key === "Enter" && composeMoves().length === 1) { e.preventDefault(); composePlay(composeMoves()[0]); return true; }
  if (e.key === "Escape" && !pg.picked.length && (cp.text || cp.place || cp.joker)) { composeClear(); return true; }
  return false;
}

function composeMoves() {
  const a = cp.answer;
  return a && a.state === "word" && a.text === cp.text && !cp.joker ? a.moves : [];
}

function composePlay(m) {
  composeReset();
  return play(m.action);
}

// the letters as tiles: the rail's (those in the word marked), the new ones, those pushed off
function stripTiles(cells) {
  return cells.map(c => el("span", { class: `ltile ${c.kind}${c.joker ? " joker" : ""}`,
    title: { rail: "on the rail", used: "a rail letter of the word", new: c.joker ? "your joker" : "from your hand",
             off: "pushed off the rail (to the next player)" }[c.kind] || "" }, c.ch));
}

function drawComposer() {
  const box = $("composer");
  const on = composing();
  if (pg.view && composeKey() !== cp.key) { cp.key = composeKey(); composeReset(); }
  box.hidden = !on;
  $("board").classList.toggle("composing", on);  // style.css: the board leaves the builder room
  if (!on) { markComposer(); return; }
  const c = pg.view.composer, a = cp.answer;
  const tap = touch() ? "tap" : "click";
  // the how-to while the word is empty and before the first best words (the page is busy then)
  $("compose-help").hidden = !!(cp.text || cp.joker || (pg.view.best_words && !c.claim));
  $("compose-help").textContent = touch() ? c.help.replace(/\bclick\b/g, "tap").replace(/\bClick\b/g, "Tap")
    .replace(/ Backspace takes a letter back, Enter plays\./, "") : c.help;
  const cells = a && a.text === cp.text ? a.strip : cp.text.split("").map(ch => ({ ch: ch.toUpperCase(), kind: "new", joker: ch !== ch.toUpperCase() }));
  const tiles = stripTiles(cells || []);
  if (cp.joker) tiles.push(el("span", { class: "ltile new joker pending", title: "your joker: which letter?" }, "\u2605"));
  if (!tiles.length) tiles.push(el("span", { class: "muted" }, `(your ${c.what}: ${tap} your letters)`));
  $("compose-strip").replaceChildren(
    ...(a && a.strip_where && a.text === cp.text ? [el("span", { class: "muted small where" }, `${a.strip_where}:`)] : []),
    ...tiles);
  const where = cp.place ? ` Only at the ${c.places["end:" + cp.place]} (${tap} it again for any end).` : "";
  const msg = cp.joker ? `Your joker: type the letter it stands for, or ${tap} one below.`
    : a && a.text === cp.text ? a.message + where : (cp.text ? "Checking..." : `${c.count_text}.` + where);
  const m = $("compose-msg");
  m.textContent = msg;
  m.dataset.state = cp.joker ? "joker" : a && a.text === cp.text ? a.state : "";
  $("compose-jokers").hidden = !cp.joker && !c.claim;  // the A-Z row: a joker's letter, a claim's
  if ((cp.joker || c.claim) && !$("compose-jokers").children.length) {
    $("compose-jokers").replaceChildren(..."ABCDEFGHIJKLMNOPQRSTUVWXYZ".split("").map(L =>
      el("button", { "data-letter": L, onclick: () => composeType(L) }, L)));
  }
  const moves = composeMoves();
  const play1 = $("compose-play");
  play1.textContent = c.claim ? "Claim" : c.what.startsWith("word to announce") ? "Announce" : "Play";
  const decline = pg.view.legal.find(m => m.targets && m.targets[0] === "button:no-claim");
  $("compose-noclaim").hidden = !c.claim || !decline;
  $("compose-noclaim").disabled = pg.busy;
  $("compose-noclaim").onclick = () => { if (decline) { composeReset(); play(decline.action); } };
  $("compose-study").closest("label").hidden = !!c.claim;
  play1.disabled = pg.busy || moves.length !== 1;
  play1.hidden = moves.length > 1;
  $("compose-choices").hidden = moves.length < 2;
  $("compose-choices").replaceChildren(...(moves.length > 1 ? [el("span", {}, "Where? "), ...moves.map(mv =>
    el("button", { "data-action": mv.action, onclick: () => composePlay(mv) },
      `${mv.word}: ${mv.where}, lays ${mv.laid}${mv.pushed ? `, pushes ${mv.pushed}` : ""} (${mv.points} pt${mv.points === 1 ? "" : "s"})`))] : []));
  $("compose-back").disabled = pg.busy || !(cp.text || cp.place || cp.joker);
  $("compose-clear").disabled = $("compose-back").disabled;
  $("compose-study").checked = cp.study;
  markComposer();
}

// the rail letters of the word being built and its end, outlined on the board
function markComposer() {
  const svg = $("board").querySelector("svg");
  if (!svg) return;
  const old = svg.querySelector("g.compose-overlay");
  if (old) old.remove();
  const a = cp.answer;
  const ids = new Set(composing() && a && a.text === cp.text ? a.marks || [] : cp.place && composing() ? [`end:${cp.place}`] : []);
  if (!ids.size) return;
  const layer = document.createElementNS(SVGNS, "g");
  layer.setAttribute("class", "compose-overlay");
  layer.setAttribute("pointer-events", "none");
  for (const e of svg.querySelectorAll("[data-target], [data-mark]")) {
    const id = e.getAttribute("data-target") || e.getAttribute("data-mark");
    if (!ids.has(id)) continue;
    const b = rootBox(svg, e);
    if (!b) continue;
    const r = document.createElementNS(SVGNS, "rect");
    r.setAttribute("x", b.x - 2); r.setAttribute("y", b.y - 2);
    r.setAttribute("width", b.w + 4); r.setAttribute("height", b.h + 4); r.setAttribute("rx", 5);
    r.setAttribute("class", "cmp");
    r.setAttribute("data-for", id);
    layer.append(r);
  }
  svg.append(layer);
}

// after a move of yours: what the game says of it (Octoverso: the best words that turn allowed)
function drawBestWords() {
  const box = $("best-words");
  const r = pg.view && pg.view.best_words;
  box.hidden = !r || !!pg.replay || previewing();
  if (box.hidden) return;
  // the best words in a line each ("AMITOSE 4 points: verso, right end, lays TOSE"), yours marked
  const best = r.rows.map((row, i) => el("span", { class: i === r.mine ? "w mine" : "w", title: row[1] },
    el("strong", {}, String(row[0])), ` ${row[2]} pt${row[2] === 1 ? "" : "s"}`,
    el("span", { class: "muted" }, ` (${row[1]})`), i === r.mine ? " - yours" : ""));
  box.replaceChildren(el("div", {}, el("strong", {}, `Your move ${r.ply}: `), r.summary),
    ...(best.length ? [el("div", { class: "best-line" },
      el("span", { class: "muted" }, "Best words that turn: "), ...best)] : []));
}

// the hint's move, when it is built: a button that puts it in the builder (the hint carries its
// letters: the view lists no word)
function composeHint(h) {
  if (!composing()) return null;
  const m = { compose: h.compose === null ? undefined : h.compose };
  if (m.compose === undefined) return null;
  const tap = touch() ? "tap" : "click";
  const letters = m.compose.split("").map(c => (c === c.toUpperCase() ? c : `\u2605${c.toUpperCase()}`));
  return el("div", { class: "controls" }, `Build it: ${tap} ${letters.join(" ")} in your hand` +
    (m.compose !== m.compose.toUpperCase() ? " (\u2605: your joker as that letter)" : ""),
    el("button", { id: "compose-hinted", onclick: () => {
      cp.text = m.compose; cp.joker = false; cp.place = null; composeCheck(); } }, "Put it in the word"));
}

// the list of legal moves: the view's (no word in it), and with the study box ticked the words,
// asked for on their own for this position
function composeListed(v) {
  const study = cp.study && composing() && cp.words && cp.words.key === composeKey() ? cp.words.moves : [];
  return v.legal.concat(study).sort((a, b) => a.action - b.action);
}

function composeStudy() {  // the study's words for this position, once
  if (!cp.study || !composing() || (cp.words && cp.words.key === composeKey())) return;
  const key = composeKey();
  cp.words = { key, moves: [] };
  busyWhile(async () => {
    try {
      const r = await gameApi("/words", {});
      if (cp.words && cp.words.key === key) cp.words.moves = r.moves;
    } catch (err) { showError("error", err); }
    drawLegal(pg.replay || pg.view);
  });
}

function wireComposer() {
  $("compose-back").onclick = composeBack;
  $("compose-clear").onclick = composeClear;
  $("compose-play").onclick = () => { const ms = composeMoves(); if (ms.length === 1) composePlay(ms[0]); };
  $("compose-study").onchange = () => {
    cp.study = $("compose-study").checked;
    if (cp.study) $("moves-details").open = true;
    drawLegal(pg.replay || pg.view);
    composeStudy();
  };
}
