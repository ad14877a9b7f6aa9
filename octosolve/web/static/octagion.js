// Octagion designer page: a word list checked against a deck (every line on its own, bad lines
// flagged), the deck's statistics, and the deck designer run on the server with its progress.
"use strict";

const og = {
  report: null,                     // the last /api/octagion/check?format=report answer
  sort: { key: "line", dir: 1 },    // the table's order (click a column's title)
  job: null,                        // the design run shown
};
const MAX_FILE = 1 << 20;           // the server takes request bodies up to 1 MB

// the text as sent: a lone surrogate (half of a pair, no character; a paste can carry one) becomes
// U+FFFD, so its line is flagged ("letters A-Z only") and the other lines are checked, where the
// server refused the whole list
function wellFormed(text) {
  return text.replace(/[\uD800-\uDBFF](?![\uDC00-\uDFFF])|(?<![\uD800-\uDBFF])[\uDC00-\uDFFF]/g, "\uFFFD");
}

function body() {
  return { words: wellFormed(document.getElementById("words").value),
           deck: wellFormed(document.getElementById("deck").value) };
}

// ---------------------------------------------------------------------------------------------
// files: read into the text boxes (nothing leaves this machine but the text)

function readFileInto(input, boxId) {
  const f = input.files && input.files[0];
  if (!f) return;
  if (f.size > MAX_FILE) {
    showError("error", `${f.name} is ${Math.round(f.size / 1024)} KB: the page takes files up to 1 MB`);
    input.value = "";
    return;
  }
  const reader = new FileReader();
  reader.onload = () => {
    document.getElementById(boxId).value = reader.result;
    if (boxId === "deck") document.getElementById("deck-box").open = true;
    showError("error", null);
  };
  reader.onerror = () => showError("error", `cannot read ${f.name}`);
  reader.readAsText(f);
}

// ---------------------------------------------------------------------------------------------
// check

function check() {
  return busyWhile(async () => {
    showError("error", null);
    const btn = document.getElementById("check");
    btn.disabled = true;
    try {
      const b = body();
      const [rep, deck] = await Promise.all([api("/api/octagion/check?format=report", b),
                                             api("/api/octagion/deck", { deck: b.deck })]);
      og.report = rep;
      drawReport(rep);
      drawDeck(deck);
    } catch (err) {
      showError("error", err);
      noReport(err);
    } finally { btn.disabled = false; }
  });
}

// A check refused (no words, a bad deck): the last check's table is taken away (it was shown beside
// the error, as if it were this list's), and its downloads with it.
function noReport(err) {
  og.report = null;
  document.getElementById("summary").textContent = `Not checked: ${err.message || err}`;
  for (const id of ["rows", "cards"]) document.getElementById(id).replaceChildren();
  document.getElementById("problems-note").textContent = "";
  document.getElementById("csv").disabled = true;
  document.getElementById("json").disabled = true;
}

function assignmentText(r) {
  return (r.assignment || []).map(a => a.number !== undefined ? `${a.letter}${a.number}` : "*").join(" ");
}

// a solution's cards ("O1 C3 T7 ... *") as the page shows them: each card's letter bold and its
// number in a small tile of its own, in the text's font (in a code font "O1" read as zero-one)
function cardCodes(text) {
  return text.split(" ").filter(Boolean).flatMap((t, i) => {
    const m = /^([A-Z])(\d+)$/.exec(t);
    return [i ? " " : "", m ? el("span", { class: "card-code", title: `the ${m[1]} of number ${m[2]}` },
                                 el("b", {}, m[1]), el("span", { class: "n" }, m[2]))
      : el("span", { class: "card-code wild", title: t === "*" ? "a Treatment Card" : null }, t)];
  });
}

function difficultyRank(r) {
  const order = { hard: 0, medium: 1, easy: 2 };
  return r.difficulty in order ? order[r.difficulty] : 3 + (r.min_wildcards || 0);
}

function tableRows(rep) {
  const rows = rep.words.map(r => ({ ...r, label: r.card ? `${r.card}${r.index}` : `${r.index}`,
                                     assignmentText: assignmentText(r), bad: false }));
  for (const p of rep.problems || []) rows.push({ line: p.line, text: p.text, error: p.error, bad: true });
  const { key, dir } = og.sort;
  const value = r => key === "difficulty" ? difficultyRank(r)
    : key === "solvable" ? (r.solvable ? 1 : 0)
    : key === "assignment" ? r.assignmentText
    : key === "label" ? (r.card ? r.card + String(r.index).padStart(2, "0") : "~" + String(r.index).padStart(6, "0"))
    : r[key];
  rows.sort((a, b) => {
    if (key !== "line" && a.bad !== b.bad) return a.bad ? 1 : -1;  // flagged lines last
    if (a.bad && b.bad) return a.line - b.line;
    const va = value(a), vb = value(b);
    const c = typeof va === "number" && typeof vb === "number" ? va - vb : String(va).localeCompare(String(vb));
    return c * dir || a.line - b.line;
  });
  return rows;
}

function drawReport(rep) {
  const tbody = document.getElementById("rows");
  tbody.replaceChildren();
  for (const r of tableRows(rep)) {
    if (r.bad) {
      tbody.append(el("tr", { class: "badline", "data-line": r.line },
        el("td", { class: "num narrow-hide" }, r.line),
        el("td", { colspan: 7 }, el("span", { class: "narrow-only" }, `line ${r.line}: `),
           el("code", {}, r.text), " \u2014 ", r.error.replace(/^line \d+: /, ""))));
      continue;
    }
    tbody.append(el("tr", { "data-line": r.line, "data-word": r.word },
      el("td", { class: "num narrow-hide" }, r.line), el("td", {}, r.label),
      el("td", {}, el("strong", {}, r.word),
         r.folded_from ? el("span", { class: "folded", title: "accents and ligatures are read as plain letters" },
                            ` (from ${r.folded_from}: accents folded)`) : ""),
      el("td", { class: "narrow-hide " + (r.solvable ? "ok" : "bad") }, r.solvable ? "yes" : "no"),
      el("td", { class: "num " + (r.solvable ? "ok" : "bad") }, r.min_wildcards),
      el("td", { class: "num" }, r.solutions),
      el("td", {}, r.repeat_of ? `again (line ${r.repeat_of}): counted once` : r.difficulty),
      el("td", { class: "wide" }, el("span", { class: "cards" }, cardCodes(r.assignmentText)))));
  }
  for (const th of document.querySelectorAll("#table th[data-key]")) {
    const on = th.dataset.key === og.sort.key;
    th.setAttribute("aria-sort", on ? (og.sort.dir > 0 ? "ascending" : "descending") : "none");
    th.dataset.arrow = on ? (og.sort.dir > 0 ? "\u25b2" : "\u25bc") : "";
  }
  const counted = rep.words.filter(r => !r.repeat_of);   // a word given again counts once
  const n = counted.length, ok = counted.filter(r => r.solvable).length;
  const s = rep.summary;
  document.getElementById("summary").replaceChildren(
    el("strong", {}, `${ok} of ${n} word${n === 1 ? "" : "s"}`), " spelled without Treatment Cards",
    n - ok ? `; ${n - ok} need${n - ok === 1 ? "s" : ""} them (${s.treatment_cards_needed} Treatment ` +
             `Card${s.treatment_cards_needed === 1 ? "" : "s"} in all)` : "",
    n ? `. Solutions per spellable word: min ${s.solutions_min ?? "-"}, median ${s.solutions_median ?? "-"}, max ${s.solutions_max ?? "-"}; ` +
        Object.entries(s.difficulty).map(([k, v]) => `${k}: ${v}`).join(", ") + "." : "");
  const bad = (rep.problems || []).length, again = rep.words.length - counted.length;
  document.getElementById("problems-note").textContent = (bad
    ? `${bad} line${bad > 1 ? "s are" : " is"} not a word (flagged in red below); the other lines were checked.` : "")
    + (again ? `${bad ? " " : ""}${again} line${again > 1 ? "s repeat words" : " repeats a word"} given above: ` +
               "each word is counted once." : "");
  document.getElementById("cards").replaceChildren(...rep.cards.map(c => el("div", { class: "muted" },
    `card ${c.card}: ${c.solvable}/${c.words} spelled without Treatment Cards, ${c.treatment_cards_needed} ` +
    `Treatment Card${c.treatment_cards_needed === 1 ? "" : "s"} needed in all; solutions min/median/max ${c.solutions_min}/${c.solutions_median}/${c.solutions_max}`)));
  document.getElementById("csv").disabled = false;
  document.getElementById("json").disabled = false;
}

function sortBy(key) {
  og.sort = og.sort.key === key ? { key, dir: -og.sort.dir } : { key, dir: 1 };
  if (og.report) drawReport(og.report);
}

async function downloadCsv() {
  try {
    const res = await fetch("/api/octagion/check?format=csv", {
      method: "POST", headers: { "Content-Type": "application/json" }, body: JSON.stringify(body()) });
    if (!res.ok) throw new Error((await res.json()).error);
    download("octagion-check.csv", await res.text(), "text/csv");
  } catch (err) { showError("error", err); }
}

// ---------------------------------------------------------------------------------------------
// the deck's statistics

function deckTable(byNumber) {
  const nums = Object.keys(byNumber);
  return el("div", { class: "tablewrap" }, el("table", { class: "deck" },
    el("thead", {}, el("tr", {}, el("th", {}, "number"), ...nums.map(n => el("th", { class: "num" }, n)))),
    el("tbody", {}, el("tr", {}, el("th", {}, "letters"),
      ...nums.map(n => el("td", { class: "letters" }, byNumber[n].split("").join(" ")))))));
}

function drawDeck(st) {
  const pct = x => (100 * x).toFixed(1) + "%";
  // the words per Treatment Cards needed: "0: 25,065, 1: 10,632" said "none: 25,065; 1: 10,632"
  const wild = Object.entries(st.min_wildcards).map(([k, v]) => `${k === "0" ? "none" : k}: ${v.toLocaleString("en")}`).join("; ");
  const diff = Object.entries(st.difficulty).map(([k, v]) => `${k} ${v.toLocaleString("en")}`).join(", ");
  const box = document.getElementById("deck-stats");
  box.replaceChildren(
    el("div", {}, el("strong", {}, `${st.deck.cards} cards`),
       `, per number ${st.deck.per_number.join(" ")}`,
       document.getElementById("deck").value.trim() ? " (the deck in the box)" : " (the project's deck)"),
    deckTable(st.deck.by_number),
    el("ul", { class: "facts" },
      el("li", {}, `Of the lexicon's ${st.words.toLocaleString("en")} eight-letter words, `,
         el("strong", { id: "deck-solvable" }, st.solvable.toLocaleString("en")),
         ` (${pct(st.solvable_fraction)}) are spelled without Treatment Cards.`),
      el("li", {}, `Familiar words (met at least once in a million words of English: Zipf \u2265 3): ` +
         `${st.familiar_solvable.toLocaleString("en")} of ${st.familiar_words.toLocaleString("en")} spelled.`),
      el("li", {}, `Words by the Treatment Cards they need: ${wild}.`),
      el("li", {}, `Difficulty of the spellable words: ${diff}.`)));
}

// ---------------------------------------------------------------------------------------------
// why words are lost: /api/octagion/explain (octosolve octagion explain --json)

const REASON_NAMES = { short: "one letter's count is short", crowded: "letters crowd onto too few numbers",
                       empty_number: "a number carries none of the word's letters" };

function smallTable(id, heads, rows) {
  return el("div", { class: "tablewrap explain-table" }, el("table", { id },
    el("thead", {}, el("tr", {}, ...heads.map(h => el("th", {}, h)))),
    el("tbody", {}, ...rows.map(r => el("tr", {}, ...r.map(c => el("td", {}, String(c))))))));
}

function drawExplain(r) {
  const n = x => x.toLocaleString("en");
  const fix = x => x.fix.map(f => `${f.from || "(new card)"} \u2192 ${f.to}`).join(", ");
  const box = document.getElementById("explain-result");
  box.replaceChildren(
    el("p", {}, el("strong", { id: "explain-covered" }, `${n(r.covered)} of ${n(r.words)}`),
       ` words spelled, ${n(r.lost)} lost` + (r.lines_skipped ? ` (${r.lines_skipped} lines that are not words skipped)` : "") + "."),
    el("ul", { class: "facts" },
      ...Object.entries(r.reasons).map(([k, v]) => el("li", {}, `${n(v)}: ${REASON_NAMES[k]}`)),
      el("li", {}, `${n(r.near_misses.length)} of the lost words need only one Treatment Card: one card change spells each.`)),
    el("h3", {}, "Cards by the words that need them"),
    smallTable("explain-cards", ["card", "words lost without it", "for example"],
               r.cards.map(c => [c.card, c.needed_by, c.examples.slice(0, 3).join(", ")])),
    el("h3", {}, `The best single-card changes (of ${n(r.changes_considered)})`),
    smallTable("explain-changes", ["change", "words gained", "words lost", "net", "gains"],
               r.top_changes.map(c => [`${c.from} \u2192 ${c.to}`, c.gained, c.lost,
                                       (c.net > 0 ? "+" : "") + c.net, c.gained_words.slice(0, 4).join(", ")])),
    el("h3", {}, "The lost words"),
    smallTable("explain-lost", ["word", "why", "Treatment Cards", "smallest change"],
               r.lost_words.map(x => [x.word, x.text, x.treatment_cards, fix(x)])));
}

function explainDeck() {
  return busyWhile(async () => {
    showError("explain-error", null);
    const btn = document.getElementById("explain-run");
    btn.disabled = true;
    try {
      const b = body();
      const fromList = document.getElementById("explain-words").value === "list";
      const top = Number(document.getElementById("explain-top").value);
      drawExplain(await api("/api/octagion/explain",
        fromList ? { deck: b.deck, words: b.words } : { deck: b.deck, top }));
    } catch (err) {
      showError("explain-error", err);
      document.getElementById("explain-result").replaceChildren();
    } finally { btn.disabled = false; }
  });
}

// ---------------------------------------------------------------------------------------------
// the deck designer: started on the server, its progress asked for until it ends

function designSettings() {
  // a number box that holds no number ("3e": the box then reads "") is refused, not taken for an
  // empty box (which would silently run with the server's default: 30 s, 1000 words, seed 0)
  const num = id => {
    const box = document.getElementById(id);
    if (box.validity.badInput) {
      const label = box.closest("label").textContent.trim();
      throw new Error(`${label}: what is typed is not a number`);
    }
    const v = box.value.trim();
    return v === "" ? null : Number(v);
  };
  const fromList = document.getElementById("design-words").value === "list";
  return { words: fromList ? document.getElementById("words").value : null,
           top: num("design-top"), per_number: num("design-per-number"),
           favour: document.getElementById("design-favour").value, time_limit: num("design-time"),
           split: document.getElementById("design-split").value,
           deterministic: document.getElementById("design-deterministic").checked,
           seed: num("design-seed") };
}

function setDesignState(state) {
  document.body.dataset.design = state;
  const running = state === "running";
  document.getElementById("design-start").disabled = running;
  document.getElementById("design-stop").disabled = !running;
}

function drawProgress(v) {
  const box = document.getElementById("design-progress");
  const frac = v.total ? Math.min(1, v.n / v.total) : null;
  const words = `${v.words} words (${v.source})`;
  if (v.state === "running") {
    box.replaceChildren(
      // a design waiting for a free worker of the server: its phase says where in line
      el("div", {}, v.queue ? `Queued, on ${words}: ` : `Running on ${words}: `,
         el("strong", { id: "design-phase" }, v.phase),
         v.total ? ` ${v.n} of ${v.total}` : "", v.best ? ` \u2014 ${v.best} words so far` : "",
         el("span", { class: "muted" }, ` (${v.elapsed.toFixed(1)} s)`)),
      frac === null ? el("progress", {}) : el("progress", { max: 1, value: frac.toFixed(3) }));
  } else {
    const say = { done: "Finished", stopped: "Stopped", failed: "Failed" }[v.state] || v.state;
    box.replaceChildren(el("div", {}, el("strong", { id: "design-state" }, say),
      ` after ${v.elapsed.toFixed(1)} s, on ${words}.`,
      v.state === "stopped" ? (v.result ? " The best deck found before the stop is below, to download."
        : " It was stopped before it found a deck: nothing to download.") : ""));
  }
  if (v.skipped && v.skipped.length) {
    box.append(el("div", { class: "bad" }, `${v.skipped.length} line(s) of the list are not words and were left out.`));
  }
}

function drawDesignResult(v) {
  const box = document.getElementById("design-result");
  const r = v.result;
  if (!r) { box.replaceChildren(); return; }
  const gapPct = (100 * r.gap).toFixed(1);
  const proven = r.gap === 0;
  const stopped = v.state === "stopped";
  box.replaceChildren(
    el("div", { class: "verdict ok", id: "design-covered" },
       `Covered: ${r.kernel_solvable} of ${r.words} words spelled without Treatment Cards` +
       (stopped ? " (the best deck when you pressed Stop)." : ".")),
    el("ul", { class: "facts" },
      el("li", { id: "design-bound" }, (v.settings.split === "free"
         ? `Proved bound: no deck of ${8 * v.settings.per_number} cards, however shared between the numbers, `
         : `Proved bound: no deck of ${v.settings.per_number} letters a number `) +
         `spells more than ${r.bound} of these words; gap ${gapPct}%` +
         (proven ? " \u2014 this deck is the best possible."
                 : " (the best deck lies somewhere in the gap: a longer search may find a better " +
                   "deck, and the bound itself may be loose).")),
      el("li", { class: "muted", id: "design-proof" }, `How the bound is proved: ${r.bound_proof}. ` +
         solverSaid(r)),
      el("li", {}, `Mean solutions of a spellable word: ${r.mean_solutions}; search ${r.seconds} s.`)),
    v.settings.split === "free" ? el("p", { class: "muted", id: "design-sizes" },
      `Cards per number: ${r.deck.per_number.join(" ")}.`) : "",
    deckTable(r.deck.by_number));
}

// What the search's own solver (CP-SAT) ended with, in words (it printed "CP-SAT's own bound: 200
// (status FEASIBLE)", solver's jargon to a designer)
function solverSaid(r) {
  const own = Math.round(r.cpsat_bound * 1000) / 1000;
  const how = { OPTIMAL: "proved its deck the best possible",
                FEASIBLE: "stopped at its time limit with a deck, not proving it the best",
                UNKNOWN: "stopped at its time limit before a deck of its own (the annealing's deck is shown)" }[r.status]
    || `ended with status ${r.status}`;
  return `(The search's solver, CP-SAT, ${how}; the most it could rule out on its own: no deck ` +
         `spells more than ${own} words${own > r.bound ? ", weaker than the proof above" : ""}.)`;
}

async function pollDesign(id) {
  for (;;) {
    const v = await api(`/api/octagion/design/${id}?wait=1`);
    if (!og.job || og.job !== id) return v;
    drawProgress(v);
    if (v.state !== "running") return v;
  }
}

function startDesign() {
  return busyWhile(async () => {
    showError("design-error", null);
    document.getElementById("design-result").replaceChildren();
    document.getElementById("design-csv").disabled = true;
    document.getElementById("design-use").disabled = true;
    try {
      setDesignState("running");
      const v0 = await api("/api/octagion/design", designSettings());
      og.job = v0.id;
      drawProgress(v0);
      const v = await pollDesign(v0.id);
      drawProgress(v);
      drawDesignResult(v);
      if (v.state === "failed") {
        showError("design-error", v.error + (/found no deck within/.test(v.error)
          ? ". Give it more seconds or fewer words." : ""));
      }
      const hasDeck = (v.state === "done" || v.state === "stopped") && !!v.result;
      document.getElementById("design-csv").disabled = !hasDeck;
      document.getElementById("design-use").disabled = !hasDeck;
      setDesignState(v.state);
    } catch (err) {
      showError("design-error", err);
      setDesignState("failed");
    }
  });
}

async function stopDesign() {
  if (!og.job) return;
  document.getElementById("design-stop").disabled = true;
  try { await api(`/api/octagion/design/${og.job}/stop`, {}); }
  catch (err) { showError("design-error", err); }
}

async function designedDeckCsv() {
  const res = await fetch(`/api/octagion/design/${og.job}/deck.csv`);
  if (!res.ok) throw new Error((await res.json()).error);
  return res.text();
}

document.addEventListener("DOMContentLoaded", () => {
  tapWordsIn(document.getElementById("help"));  // a phone: "Tap a column's title to sort"
  document.getElementById("check").onclick = check;
  document.getElementById("csv").onclick = downloadCsv;
  // the JSON of `octagion check --json`: the per-word table (with the flagged lines beside it)
  document.getElementById("json").onclick = () => og.report && download("octagion-check.json",
    JSON.stringify(og.report.problems.length ? { words: og.report.words, problems: og.report.problems }
      : og.report.words, null, 2));
  document.getElementById("words-file").onchange = e => readFileInto(e.target, "words");
  document.getElementById("deck-file").onchange = e => readFileInto(e.target, "deck");
  for (const th of document.querySelectorAll("#table th[data-key]")) {
    th.tabIndex = 0;
    // the column's own title (what it holds) kept, the sorting said after it
    th.title = (th.title ? th.title + " - " : "") + tapOrClick("sort by this column (click again: the other way)");
    th.onclick = () => sortBy(th.dataset.key);
    th.onkeydown = e => { if (e.key === "Enter" || e.key === " ") { e.preventDefault(); sortBy(th.dataset.key); } };
  }
  const source = document.getElementById("design-words");
  source.onchange = () => { document.getElementById("design-top").disabled = source.value === "list"; };
  source.onchange();
  const exSource = document.getElementById("explain-words");
  exSource.onchange = () => { document.getElementById("explain-top").disabled = exSource.value === "list"; };
  document.getElementById("explain-run").onclick = explainDeck;
  document.getElementById("design-start").onclick = startDesign;
  document.getElementById("design-stop").onclick = stopDesign;
  document.getElementById("design-csv").onclick = async () => {
    try { download(`deck-${og.job}.csv`, await designedDeckCsv(), "text/csv"); }
    catch (err) { showError("design-error", err); }
  };
  document.getElementById("design-use").onclick = async () => {
    try {
      document.getElementById("deck").value = await designedDeckCsv();
      document.getElementById("deck-box").open = true;
      window.scrollTo({ top: 0 });
      await check();
    } catch (err) { showError("design-error", err); }
  };
  setDesignState("");
  // the example list checked at once: the table shows what the page does
  check().then(() => { document.body.dataset.ready = "1"; });
});
