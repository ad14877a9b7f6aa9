// Play page: one game against computer players, written against the generic game API
"use strict";

const GAME = decodeURIComponent(location.pathname.split("/").filter(Boolean)[1] || "");
const pg = { info: null, view: null, busy: false };

function optionsFor(name) {
  const p = pg.info.players.find(x => x.name === name);
  return p ? p.options : [];
}

function showPlayerOptions() {
  const name = document.getElementById("opponent").value;
  const opts = optionsFor(name);
  for (const o of ["simulations", "time_limit"]) {
    for (const e of document.querySelectorAll(".opt-" + o)) e.hidden = !opts.includes(o);
  }
  const p = pg.info.players.find(x => x.name === name);
  document.getElementById("player-help").textContent = p ? `${p.name}: ${p.help}` : "";
}

function newGame() {
  return busyWhile(async () => {
    showError("error", null);
    const preset = pg.info.presets[Number(document.getElementById("preset").value)];
    const opponent = document.getElementById("opponent").value;
    const opts = optionsFor(opponent);
    const options = {};
    const sims = document.getElementById("simulations").value;
    const tl = document.getElementById("time-limit").value;
    if (opts.includes("simulations") && sims) options.simulations = Number(sims);
    if (opts.includes("time_limit") && tl) options.time_limit = Number(tl);
    const seedText = document.getElementById("seed").value;
    const body = { params: preset.params, opponent, options,
                   human_seat: Number(document.getElementById("seat").value) };
    if (seedText) body.seed = Number(seedText);
    try {
      pg.view = await api(`/api/${GAME}/new`, body);
      history.replaceState(null, "", `#${pg.view.id}`);
      draw();
      await computerTurns();
    } catch (err) { showError("error", err); }
  });
}

async function computerTurns() {
  while (pg.view && !pg.view.terminal && !pg.view.human_turn) {
    pg.busy = true; draw();
    try {
      pg.view = await api(`/api/${GAME}/${pg.view.id}/computer`, {});
    } catch (err) { showError("error", err); break; }
    finally { pg.busy = false; }
    draw();
  }
}

function play(action) {
  if (pg.busy) return;
  return busyWhile(async () => {
    showError("error", null);
    pg.busy = true;
    try {
      pg.view = await api(`/api/${GAME}/${pg.view.id}/move`, { action });
    } catch (err) { showError("error", err); }
    finally { pg.busy = false; }
    draw();
    await computerTurns();
  });
}

function seatName(p) {
  const v = pg.view;
  if (p < 0) return "chance";
  return v.seats[p] === "human" ? (p === v.viewer ? "you" : `seat ${p} (human)`) : `seat ${p} (${v.seats[p]})`;
}

function draw() {
  const v = pg.view;
  if (!v) return;
  document.getElementById("game").hidden = false;
  document.getElementById("history-panel").hidden = false;
  let status;
  if (v.terminal) {
    status = v.winners.length === 0 ? "Game over: a draw."
      : `Game over: ${v.winners.map(seatName).join(", ")} won.`;
  } else if (v.human_turn) {
    status = `Your move (seat ${v.current_player}).`;
  } else {
    status = `${seatName(v.current_player)} is thinking...`;
  }
  const st = document.getElementById("status");
  st.textContent = status;
  st.dataset.terminal = v.terminal ? "1" : "0";
  document.getElementById("observation").textContent = v.observation;
  const pic = document.getElementById("picture");
  if (v.picture) {
    pic.innerHTML = v.picture.replace(/^<\?xml[^>]*>\s*/, "");
    const svg = pic.querySelector("svg");
    if (svg) { svg.removeAttribute("height"); svg.style.maxWidth = "100%"; svg.style.height = "auto"; }
  } else {
    pic.replaceChildren();
  }
  const filter = document.getElementById("filter").value.trim().toLowerCase();
  const legal = document.getElementById("legal");
  legal.replaceChildren();
  const shown = v.legal.filter(m => !filter || m.text.toLowerCase().includes(filter));
  for (const m of shown.slice(0, 400)) {
    legal.append(el("button", { "data-action": m.action, disabled: pg.busy || null,
                                onclick: () => play(m.action) }, m.text));
  }
  document.getElementById("legal-count").textContent = v.legal.length
    ? `${v.legal.length} legal` + (shown.length > 400 ? ` (first 400 of ${shown.length} shown: filter)` : "") : "";
  const hist = document.getElementById("history");
  hist.replaceChildren(...v.history.map(h => el("li", {}, `${seatName(h.player)}: ${h.text}`)));
  hist.scrollTop = hist.scrollHeight;
  const rec = document.getElementById("record");
  rec.disabled = !v.record_available;
  document.getElementById("record-note").textContent = v.record_available ? ""
    : "(hidden cards: the record opens when the game is over)";
}

async function downloadRecord() {
  try {
    const doc = await api(`/api/${GAME}/${pg.view.id}/record`);
    download(`${GAME}-${pg.view.id}.json`, JSON.stringify(doc, null, 2));
  } catch (err) { showError("error", err); }
}

function init() {
  return busyWhile(async () => {
    try {
      pg.info = await api(`/api/${GAME}/info`);
    } catch (err) { showError("error", err); return; }
    document.getElementById("title").textContent = `Play ${pg.info.title} against the computer`;
    document.title = `Play ${pg.info.title}`;
    const preset = document.getElementById("preset");
    pg.info.presets.forEach((p, i) => preset.append(el("option", { value: i }, p.title)));
    const seats = () => {
      const n = pg.info.presets[Number(preset.value)].num_players;
      const seat = document.getElementById("seat");
      // seats as the game numbers them (who moves first is the game's rule)
      seat.replaceChildren(...Array.from({ length: n }, (_, i) => el("option", { value: i }, `seat ${i}`)));
    };
    const defaults = () => {  // the web app's default strength for this variant, shown as a hint
      const o = pg.info.presets[Number(preset.value)].options || {};
      document.getElementById("simulations").placeholder =
        o.simulations ? `default (${o.simulations})` : "default";
    };
    preset.onchange = () => { seats(); defaults(); };
    seats(); defaults();
    const opp = document.getElementById("opponent");
    for (const p of pg.info.players) opp.append(el("option", { value: p.name }, p.name));
    if (pg.info.default_player) opp.value = pg.info.default_player;
    opp.onchange = showPlayerOptions;
    showPlayerOptions();
    document.getElementById("new").onclick = newGame;
    document.getElementById("record").onclick = downloadRecord;
    document.getElementById("filter").oninput = draw;
    const id = location.hash.slice(1);
    if (id) {
      try { pg.view = await api(`/api/${GAME}/${id}`); draw(); await computerTurns(); }
      catch (err) { /* an old or dropped game: start a new one */ }
    }
    document.body.dataset.ready = "1";
  });
}

document.addEventListener("DOMContentLoaded", init);
