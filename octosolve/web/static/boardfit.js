// Play page: the board's size on the screen (docs/web.md, "On a phone"), used by play.js's
// drawBoard once the server's SVG is in the page.
"use strict";

// The board fits the window's height (style.css: at most 760 px tall), except a board more than
// COLUMN times taller than wide, a column of panels or of words, which is drawn at least
// MIN_BOARD_PX wide where the page has room: Oct8's board with 4 players, 1.9 times taller than
// wide, was 360 px wide at 1280 px (most of the screen empty, its cards small), and Octoverso's
// opening with its 139 words to announce 336 px on a 390 px phone. Such a board is taller than
// the window and the page scrolls; on a phone it takes the width. Octagone's board (1.6) still
// fits a desktop's window, whole. A board more than 2.5 times taller than wide has no height limit
// at all (play.js).
const MIN_BOARD_PX = 600;
const COLUMN = 1.75;

// Once a game's board has been drawn wide, it stays wide for the rest of that game (`game`, the
// game's id): Oct8's board grows taller as the octopuses grow, and it jumped from about 430 to
// 600 px wide mid-game when it crossed COLUMN.
let wideGame = null;

function fitBoard(svg, game) {
  const vb = svg.viewBox && svg.viewBox.baseVal;
  if (!vb || !(vb.width > 0)) return;
  const ratio = vb.height / vb.width;
  if (ratio > COLUMN) wideGame = game;
  if (ratio > COLUMN || (game != null && wideGame === game)) {
    svg.style.setProperty("--board-min-h", `${Math.ceil(MIN_BOARD_PX * ratio)}px`);
  } else svg.style.removeProperty("--board-min-h");
}

// Octoverso's words to lay or announce ("word:..." targets) are drawn for a desktop, 32 units high
// in rows 36 apart: on a phone (the board 355 px wide) 24 px high, 28 px to tap. On a touch or
// narrow screen every word is drawn WORD_PX high (the rows moved apart, what is drawn under them
// moved down and the board made taller by as much): a finger's height, as every other control.
const WORD_PX = 44;

function phoneScreen() {
  return window.matchMedia("(pointer: coarse), (max-width: 600px)").matches;
}

function roomyWords(svg) {
  const words = [...svg.querySelectorAll('[data-target^="word:"]')];
  if (!words.length || !phoneScreen()) return;
  const rects = words.map(g => g.querySelector(":scope > rect"));
  const m = words[0].getScreenCTM();
  const scale = m ? Math.hypot(m.c, m.d) : 0;  // screen px per unit, vertically
  if (!scale || rects.some(r => !r)) return;
  const h = rects[0].height.baseVal.value;
  const need = (WORD_PX + 0.5) / scale;  // half a pixel over, for rounding
  if (h >= need) return;
  const extra = need - h;
  const rows = [...new Set(rects.map(r => r.y.baseVal.value))].sort((a, b) => a - b);
  const above = y => rows.filter(r => r + h <= y + 0.5).length;  // the rows wholly above y
  const move = (e, dy) => {
    if (dy) e.setAttribute("transform", `translate(0 ${dy.toFixed(2)}) ${e.getAttribute("transform") || ""}`.trim());
  };
  const root = words[0].parentNode;
  for (const e of [...root.children]) {
    if (e.tagName.toLowerCase() === "title" || words.includes(e)) continue;
    let b;
    try { b = e.getBBox(); } catch (err) { continue; }
    move(e, extra * above(b.y));
  }
  words.forEach((g, i) => {
    const r = rects[i], y = r.y.baseVal.value;
    r.setAttribute("height", need);
    const t = g.querySelector(":scope > text");
    if (t) t.setAttribute("y", parseFloat(t.getAttribute("y")) + extra / 2);
    move(g, extra * rows.indexOf(y));
  });
  const total = extra * rows.length;
  const vb = svg.viewBox.baseVal;
  svg.setAttribute("viewBox", `${vb.x} ${vb.y} ${vb.width} ${vb.height + total}`);
  const bg = svg.querySelector(":scope > rect");  // the board's background
  if (bg) bg.setAttribute("height", bg.height.baseVal.value + total);
}
