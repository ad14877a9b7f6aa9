// Play page: the board's size on the screen (docs/web.md, "On a phone"), used by play.js's
// drawBoard once the server's SVG is in the page.
"use strict";

// The board fits the window's height (style.css: at most 760 px tall), except a board more than
// COLUMN times taller than wide, a column of panels or of words, which is drawn at least
// MIN_BOARD_PX wide where the page has room: Oct8's board with 4 players, 1.9 times taller than
// wide, was 360 px wide at 1280 px (most of the screen empty, its cards small), and Octoverso's
// opening with its 139 words to announce (a list no longer drawn) 336 px on a 390 px phone. Such a board is taller than
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

// a phone or a touch screen: a finger's sizes (play.js's places to tap)
function phoneScreen() {
  return window.matchMedia("(pointer: coarse), (max-width: 600px)").matches;
}
