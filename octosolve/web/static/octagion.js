// Octagion page: a word list checked against a deck (the table of `octosolve octagion check`)
"use strict";

let last = null;

function body() {
  return { words: document.getElementById("words").value, deck: document.getElementById("deck").value };
}

function check() {
  return busyWhile(async () => {
    showError("error", null);
    const btn = document.getElementById("check");
    btn.disabled = true;
    try {
      const rep = await api("/api/octagion/check?format=report", body());
      last = rep;
      draw(rep);
    } catch (err) {
      showError("error", err);
    } finally { btn.disabled = false; }
  });
}

function draw(rep) {
  const rows = document.getElementById("rows");
  rows.replaceChildren();
  for (const r of rep.words) {
    const assign = (r.assignment || []).map(a => a.number !== undefined ? `${a.letter}${a.number}` : "*").join(" ");
    rows.append(el("tr", {},
      el("td", {}, r.card ? `${r.card}${r.index}` : `${r.index}`), el("td", {}, r.word),
      el("td", { class: r.solvable ? "ok" : "bad" }, r.solvable ? "yes" : "no"),
      el("td", { class: "num" }, r.min_wildcards), el("td", { class: "num" }, r.solutions),
      el("td", {}, r.difficulty), el("td", {}, el("code", {}, assign))));
  }
  const ok = rep.words.filter(r => r.solvable).length;
  document.getElementById("summary").textContent = `${ok} of ${rep.words.length} words solvable without Treatment Cards.`;
  const cards = document.getElementById("cards");
  cards.replaceChildren(...rep.cards.map(c => el("div", { class: "muted" },
    `card ${c.card}: ${c.solvable}/${c.words} solvable, ${c.treatment_cards_needed} Treatment Card(s) ` +
    `needed in all; solutions min/median/max ${c.solutions_min}/${c.solutions_median}/${c.solutions_max}`)));
  document.getElementById("csv").disabled = false;
  document.getElementById("json").disabled = false;
}

async function downloadCsv() {
  try {
    const res = await fetch("/api/octagion/check?format=csv", {
      method: "POST", headers: { "Content-Type": "application/json" }, body: JSON.stringify(body()) });
    if (!res.ok) throw new Error((await res.json()).error);
    download("octagion-check.csv", await res.text(), "text/csv");
  } catch (err) { showError("error", err); }
}

document.addEventListener("DOMContentLoaded", () => {
  document.getElementById("check").onclick = check;
  document.getElementById("csv").onclick = downloadCsv;
  // the JSON the CLI prints (`octagion check --json`): the per-word table
  document.getElementById("json").onclick = () => last && download("octagion-check.json", JSON.stringify(last.words, null, 2));
  document.body.dataset.ready = "1";
});
