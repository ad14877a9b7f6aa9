"""Octagion's section of `octosolve report`: the default deck, the family filter, the word cards and
their solvability report, deck statistics, the deck-design record re-checked, the Delta/Epsilon
odds and example set-ups.

Deterministic: nothing written depends on the run (durations go to the returned ``"timings"``). The
deck design itself (CP-SAT with several workers, not deterministic, minutes) is not run here: the
command ``octosolve octagion design-deck ... --record data/octagion/deck_design.json`` stores its
result, and this report recomputes that record's word counts with the kernel.
"""

from __future__ import annotations

import time
from pathlib import Path

from ..core.files import atomic_write_bytes, atomic_write_text
from ..core.jsonout import read_json, write_json
from ..core.lexicon import read_lines
from ..core.paths import data_path
from . import kernels
from .bound import count_bound
from .bound_sets import stored_certificates
from .design import check_design_record
from .mutations import generate_setup, load_countdown, odds
from .render import deck_svg, histogram_svg, wordcards_svg
from .rules import PER_NUMBER, load_deck, treatment_cards
from .wordcards import (DEFAULT_DESIGN_WORDS, check_cards, deck_stats, generate_wordcards, load_lexicon,
                        load_wordcards, parse_wordcards, zeta_candidates)

__all__ = ["build", "DEFAULT_SEED"]

DEFAULT_SEED = 20261121


def _kernel_seconds(deck) -> float:
    """Best of 5 runs of the one-thread kernel over the whole lexicon (for timings.json only)."""
    arr = kernels.encode_words(list(load_lexicon()[0]))
    kernels.solve_words(arr[:10], deck.masks, kernels.POPCOUNT8)
    best = float("inf")
    for _ in range(5):
        t0 = time.perf_counter()
        kernels.solve_words(arr, deck.masks, kernels.POPCOUNT8)
        best = min(best, time.perf_counter() - t0)
    return round(best, 4)


def _family_filter_counts() -> dict:
    """Counts of the family filter: from the lexicon's header and data/octagion/family_filter.tsv,
    re-checked (no word of the lexicon file is one the filter drops)."""
    from .family import load_family_filter
    ff = load_family_filter()
    text = data_path("octagion", "words8.tsv").read_text(encoding="utf-8").splitlines()
    head = [ln for ln in text[:8] if ln.startswith("# Family filter:")]
    raw = [ln.split("\t")[0] for ln in text if ln.strip() and not ln.startswith("#")]
    return {"blocked_listed": len(ff.block), "roots_listed": len(ff.roots),
            "stems_listed": len(ff.stems), "allowed_listed": len(ff.allow),
            "blocked_in_lexicon": sorted(ff.blocked(raw)), "lexicon_words": len(load_lexicon()[0]),
            "lexicon_header": head[0][2:] if head else None}


def build(out_dir: Path, *, quick: bool, seed: int | None) -> dict:
    out = Path(out_dir)
    out.mkdir(parents=True, exist_ok=True)
    files: list[str] = []
    timings: dict[str, float] = {}
    clock = [time.perf_counter()]

    def lap(step: str) -> None:
        now = time.perf_counter()
        timings[step] = round(now - clock[0], 3)
        clock[0] = now

    deck = load_deck()
    seed_ = DEFAULT_SEED if seed is None else seed

    # 1. the default deck and the family filter
    atomic_write_bytes(out / "deck.csv", data_path("octagion", "deck.csv").read_bytes())
    deck_svg(deck, out / "deck.svg", title="Octagion default deck (ours): 6 cards per number")
    files += ["deck.csv", "deck.svg"]
    family = _family_filter_counts()
    lap("deck")

    # 2. the word cards (the committed ones) and their solvability report
    wc_path = data_path("octagion", "wordcards.txt")
    atomic_write_bytes(out / "wordcards.txt", Path(wc_path).read_bytes())
    entries = parse_wordcards(read_lines(wc_path), "data/octagion/wordcards.txt")
    rep = check_cards(entries, deck)
    write_json(out / "wordcards_check.json", rep)
    wordcards_svg(rep, out / "wordcards.svg")
    files += ["wordcards.txt", "wordcards_check.json", "wordcards.svg"]
    same = generate_wordcards(deck, cards=len(rep["cards"]), seed=None) == load_wordcards(wc_path)
    lap("word cards")

    # 3. deck statistics over the lexicon
    st_all = deck_stats(deck)
    st_top = deck_stats(deck, top=DEFAULT_DESIGN_WORDS)
    write_json(out / "deck_stats.json", {"lexicon": st_all, "top": st_top, "family_filter": family})
    hist = {k: v for k, v in st_all["solutions_histogram"].items() if int(k) <= 24}
    more = sum(v for k, v in st_all["solutions_histogram"].items() if int(k) > 24)
    if more:
        hist[">24"] = more
    histogram_svg(hist, out / "solutions_histogram.svg",
                  "Solvable lexicon words by number of distinct solutions (default deck)",
                  "penalty-free solutions")
    histogram_svg(st_all["min_wildcards"], out / "wildcards_histogram.svg",
                  "Lexicon words by minimum Treatment Cards (default deck)", "Treatment Cards")
    files += ["deck_stats.json", "solutions_histogram.svg", "wildcards_histogram.svg"]
    lap("deck statistics")
    timings["kernel_best_of_5_whole_lexicon"] = _kernel_seconds(deck)
    clock[0] = time.perf_counter()

    # 4. the deck-design record, re-checked (no search)
    rec = read_json(data_path("octagion", "deck_design.json"), "deck design record")
    chk = check_design_record(rec)
    design = {"record": "data/octagion/deck_design.json", "command": rec.get("command"),
              "settings": rec.get("settings"), "status": rec.get("status"),
              "objective": rec.get("objective"), "bound": rec.get("bound"), "gap": rec.get("gap"),
              "words": chk["words"], "claimed_solvable": chk["claimed_solvable"],
              "recomputed_solvable": chk["solvable"], "agrees": chk["agrees"],
              "recomputed_mean_solutions": chk["mean_solutions"],
              "deck_is_default": chk["deck"] == deck,
              "words_no_longer_in_lexicon": sorted(set(rec["words_list"]) - set(load_lexicon()[0]))}
    design["count_bound"] = count_bound(rec["words_list"])["bound"]
    write_json(out / "design_check.json", design)
    files.append("design_check.json")
    lap("design record re-check")

    # 4b. the bound certificates kept in data/octagion/, re-checked with no solver
    bounds = stored_certificates(load_lexicon()[0])
    best_top = min((b["bound"] for b in bounds if b["top"] == DEFAULT_DESIGN_WORDS
                    and b["per_number"] == PER_NUMBER), default=None)
    write_json(out / "bounds_check.json", {"certificates": bounds,
                                          "default_words_best_bound": best_top})
    files.append("bounds_check.json")
    lap("bound certificates re-check")

    # 4c. the best decks found for the N most familiar words, re-counted, with their proved gaps
    best = _best_decks(bounds)
    write_json(out / "best_decks.json", best)
    files.append("best_decks.json")
    lap("best decks re-check")

    # 5. odds and example set-ups (seeded)
    cd = load_countdown()
    od = {str(t): odds(deck, cd, t)["collisions"] for t in range(1, 7)}
    od_full = odds(deck, cd, 3)
    write_json(out / "odds.json", {"positions": od_full["position_probability_exact"],
                                   "collisions": od})
    setup = generate_setup("virulent", 3, seed_, deck=deck)
    write_json(out / "setup_virulent.json", setup)
    zeta = generate_setup("zeta", 2, seed_, deck=deck, zeta_words=zeta_candidates(deck))
    write_json(out / "setup_zeta.json", zeta)
    files += ["odds.json", "setup_virulent.json", "setup_zeta.json"]
    lap("odds and set-ups")

    # 4d. why the default deck and the best decks lose the words they lose (octagion explain)
    expl = _explained(deck, best)
    write_json(out / "explain_decks.json", expl)
    files.append("explain_decks.json")
    lap("decks explained")

    L = _readme(quick, deck, family, rep, same, st_all, st_top, design, od, od_full, zeta,
                bounds, best_top, best)
    at = L.index("## The family-filtered lexicon")
    L[at:at] = _explain_lines(expl, best)
    atomic_write_text((out / "README.md"), "\n".join(L))
    files.insert(0, "README.md")

    summary = "\n".join([
        f"- default deck (ours, 48 cards, 6 per number): {st_top['solvable']}/{DEFAULT_DESIGN_WORDS} "
        f"most familiar words and {st_all['solvable']}/{st_all['words']} lexicon words solvable "
        "without Treatment Cards"
        + (f" (proved: no deck solves more than {best_top} of those {DEFAULT_DESIGN_WORDS})"
           if best_top is not None else ""),
        f"- family-filtered lexicon: {(family['lexicon_header'] or '?').removeprefix('Family filter: ')}",
        f"- {len(rep['cards'])} word cards of 40 words: "
        f"{sum(c['solvable'] for c in rep['cards'])}/{len(rep['words'])} solvable",
        f"- deck design record re-checked: the default deck solves {design['recomputed_solvable']} of "
        f"the {design['words']} words it was designed against (the most familiar of the lexicon as it "
        f"was then; {len(design['words_no_longer_in_lexicon'])} have left it since), "
        f"{'as the record says' if design['agrees'] else 'NOT what the record says'}; the letter counts "
        f"prove no deck solves more than {design['count_bound']} of them, so it is at most "
        f"{100 * (1 - design['recomputed_solvable'] / design['count_bound']):.1f}% short of the best "
        f"deck (CP-SAT's own bound in the record, {design['bound']:g}, is weaker)",
    ] + (["- best decks found, re-counted: " + ", ".join(
        f"{b['solvable']}/{b['words']}{' with the cards freely split' if b['split'] == 'free' else ''}"
        f" (at most {100 * (1 - b['solvable'] / b['bound']):.1f}% short of the best deck)"
        for b in best)]
        if best else []))
    return {"title": "Octagion: deck, word cards, solvability", "summary": summary, "files": files,
            "timings": timings}


def _explained(deck, best: list[dict]) -> list[dict]:
    """`octosolve octagion explain` for the default deck on the most familiar words and for each
    best deck of six cards a number on its record's words, kept short: the reasons counted, the
    cards most and least needed, the best single-card changes."""
    from ..core.paths import DATA_DIR
    from .explain import explain_deck, load_any_deck
    runs = [("the default deck (data/octagion/deck.csv)", deck,
             list(load_lexicon()[0][:DEFAULT_DESIGN_WORDS]))]
    for b in best:
        if b["split"] == "equal":
            rec = read_json(DATA_DIR / b["record"].removeprefix("data/"), "design record")
            runs.append((f"the best deck found ({b['record']})",
                         load_any_deck(DATA_DIR / b["record"].removeprefix("data/")), rec["words_list"]))
    out = []
    for name, d, words in runs:
        r = explain_deck(d, words, top=5)
        out.append({"deck": name, "words": r["words"], "covered": r["covered"], "lost": r["lost"],
                    "reasons": r["reasons"], "near_misses": len(r["near_misses"]),
                    "most_needed": [{k: c[k] for k in ("card", "needed_by")} for c in r["cards"][:3]],
                    "least_needed": [{k: c[k] for k in ("card", "needed_by")}
                                     for c in sorted(r["cards"], key=lambda c: (c["needed_by"], c["card"]))[:3]],
                    "changes_considered": r["changes_considered"],
                    "top_changes": [{k: c[k] for k in ("from", "to", "gained", "lost", "net")}
                                    for c in r["top_changes"]]})
    return out


def _explain_lines(expl: list[dict], best: list[dict]) -> list[str]:
    L = ["## Why the decks lose words ([explain_decks.json](explain_decks.json))", "",
         "`octosolve octagion explain --deck DECK` on the default deck and on each best deck found "
         "(six cards a number): every word a deck does not spell fails Hall's condition, counted here "
         "by its first reason (a letter on too few numbers; letters crowded onto too few numbers; a "
         "number carrying none of the word's letters); the near misses need one Treatment Card, so one "
         "card change each; a card's need is the words lost without it; a change replaces one card's "
         "letter ([docs/octagion.md](../../docs/octagion.md)).", "",
         "| deck | words | spelled | letter short | crowded | number with none | near misses "
         "| most needed | least needed | best single-card change |",
         "| --- | --- | --- | --- | --- | --- | --- | --- | --- | --- |"]
    for e in expl:
        rs, ch = e["reasons"], e["top_changes"][:1]
        L.append(f"| {e['deck']} | {e['words']} | {e['covered']} | {rs['short']} | {rs['crowded']} | "
                 f"{rs['empty_number']} | {e['near_misses']} | "
                 + ", ".join(f"{c['card']} {c['needed_by']}" for c in e["most_needed"]) + " | "
                 + ", ".join(f"{c['card']} {c['needed_by']}" for c in e["least_needed"]) + " | "
                 + (f"{ch[0]['from']} -> {ch[0]['to']}: +{ch[0]['gained']} -{ch[0]['lost']}" if ch else "none")
                 + " |")
    b1000 = next((b for b in best if b["split"] == "equal" and b["words"] == DEFAULT_DESIGN_WORDS), None)
    if b1000 is not None:
        L += ["", f"The default deck is not the best deck found for its {DEFAULT_DESIGN_WORDS} words "
              f"({expl[0]['covered']} against {b1000['solvable']}), on purpose: the word cards "
              "`data/octagion/wordcards.txt` were dealt from the words it spells and the set-ups deal "
              "from those cards, and the best deck does not spell them all "
              "([docs/octagion.md](../../docs/octagion.md), \"Why a deck loses the words it loses\")."]
    return L + [""]


def _best_decks(bounds: list[dict]) -> list[dict]:
    """The design records ``data/octagion/best_deck_top*.json`` (design-deck --record, or the
    search study's memetic --record in the same format) and ``best_deck_free_top*.json``
    (design-deck --split free: 48 cards shared between the numbers in any way), each
    re-counted by the kernel, with the best bound proved for its words: the least of the stored
    certificates for exactly those words (re-checked above; six-letter sets, so only for a deck
    of six cards a number) and the count bound computed here (it holds for any split)."""
    import json
    from ..core.paths import DATA_DIR
    rows = []
    counted: dict[tuple[str, ...], int] = {}   # each list's count bound, computed once: the equal
    #                                           and the free split's records share their lists
    for p in sorted((DATA_DIR / "octagion").glob("best_deck_*top*.json"),
                    key=lambda q: ("free" in q.stem, int(q.stem.rsplit("top", 1)[1]))):
        rec = read_json(p, "design record")
        chk = check_design_record(rec)
        words = sorted(rec["words_list"])
        sizes = chk["deck"].per_number()
        equal = sizes == [PER_NUMBER] * 8
        if tuple(words) not in counted:
            counted[tuple(words)] = count_bound(words)["bound"]
        cands = [(counted[tuple(words)], "per-letter counts (computed here)")]
        for b in bounds:
            if equal and b["agrees"] and b["per_number"] == PER_NUMBER and b["words"] == len(words):
                cert = json.loads((DATA_DIR / "octagion" / b["file"]).read_text(encoding="utf-8"))
                if sorted(cert["words"]) == words:
                    cands.append((b["bound"], f"data/octagion/{b['file']}"))
        bound, proof = min(cands)
        rows.append({"record": f"data/octagion/{p.name}", "command": rec.get("command"),
                     "words": chk["words"], "solvable": chk["solvable"],
                     "claimed_solvable": chk["claimed_solvable"], "agrees": chk["agrees"],
                     "letters": [" ".join(chk["deck"].letters_of(n)) for n in range(1, 9)],
                     "split": "equal" if equal else "free", "cards_per_number": sizes,
                     "bound": bound, "bound_from": proof,
                     "gap": round(1 - chk["solvable"] / bound, 4)})
    return rows


_LEVELS = ("hard", "medium", "easy")


def _positions_line(probs: dict) -> str:
    """'Every word position 1..40 has probability 1/40 ...', or the range when they differ."""
    values = set(probs.values())
    if len(values) == 1:
        return (f"Every word position 1..{len(probs)} has probability {values.pop()} with this deck "
                "and our Countdown Cards.")
    return (f"The word positions 1..{len(probs)} are not equally likely with this deck and our "
            "Countdown Cards (odds.json gives each).")


def _readme(quick, deck, family, rep, same, st_all, st_top, design, od, od_full, zeta, bounds,
            best_top, best) -> list[str]:
    L = ["# Octagion", "",
         "Generated by `octosolve report --only octagion`" + (" --quick" if quick else "") + ".", "",
         "## The default deck (ours)", "",
         "The commercial deck's composition is not public; ours has 6 cards for each number 1..8 "
         "([deck.csv](deck.csv), ![deck](deck.svg)). It was designed by "
         f"`{design['command']}` against the {design['words']} most familiar 8-letter words of the "
         "lexicon as it was then.", "",
         "| number | letters |", "| --- | --- |"]
    L += [f"| {n} | {' '.join(deck.letters_of(n))} |" for n in range(1, 9)]
    L += ["", "## The deck design, re-checked ([design_check.json](design_check.json))", "",
          "CP-SAT with several workers does not give the same deck twice, and the search takes "
          "minutes, so this report does not search: it reads the record the design command wrote "
          "([data/octagion/deck_design.json](../../data/octagion/deck_design.json): the command, "
          "its settings, the words, CP-SAT's figures, the deck) and recomputes the record's word "
          "counts with the numba kernel.", "",
          f"- recomputed: {design['recomputed_solvable']} of the record's {design['words']} words "
          "solvable without Treatment Cards by the record's deck; the record says "
          f"{design['claimed_solvable']}: {'they agree' if design['agrees'] else 'THEY DIFFER'}",
          f"- the record's deck is our default deck: {'yes' if design['deck_is_default'] else 'NO'}",
          f"- CP-SAT's own figures in the record: status {design['status']}, objective "
          f"{design['objective']:g}, bound {design['bound']:g} (gap {100 * design['gap']:.1f}%; the "
          "bound is the LP relaxation's, weak on this model, so the gap is an upper estimate)",
          f"- proved for the record's words, recomputed here: no deck of {PER_NUMBER} letters per "
          f"number solves more than {design['count_bound']} of them (the per-letter count bound, "
          f"`octosolve octagion bound`), so the record's deck is at most "
          f"{100 * (1 - design['recomputed_solvable'] / design['count_bound']):.1f}% short of the best "
          "deck",
          f"- {len(design['words_no_longer_in_lexicon'])} of the record's words are no longer in the "
          "family-filtered lexicon: " + (", ".join(design['words_no_longer_in_lexicon']) or "none")
          + ("; so today's " + f"{DEFAULT_DESIGN_WORDS} most familiar words are not quite the record's, "
             f"and the same deck solves {st_top['solvable']} of them (\"Deck statistics\" below), "
             f"not {design['recomputed_solvable']}"
             if st_top["solvable"] != design["recomputed_solvable"] else ""),
          "", "## Proved bounds, re-checked ([bounds_check.json](bounds_check.json))", "",
          "The upper-bound certificates kept in `data/octagion/` (written by `octosolve octagion "
          "bound`, minutes to an hour each), re-checked here in exact arithmetic with no solver, "
          "as `octosolve octagion check-bound FILE` does ([docs/octagion.md](../../docs/octagion.md)):",
          "", "| certificate | words | proof | no deck solves more than | re-checks |",
          "| --- | --- | --- | --- | --- |"]
    for b in bounds:
        kind = ("set LP with Hall's rows" if b["hall"] else "set LP") if b["threshold"] is not None \
            else "per-letter counts"
        L.append(f"| `{b['file']}` | {b['words']} "
                 + ("most familiar" if b["top"] else "listed") + f" | {kind} | {b['bound']} | "
                 + ("yes" if b["agrees"] else "NO: it states another bound") + " |")
    if best_top is not None:
        L += ["", f"So the default deck, solving {st_top['solvable']} of the {DEFAULT_DESIGN_WORDS} "
              f"most familiar words, is at most {100 * (1 - st_top['solvable'] / best_top):.1f}% "
              f"short of the best deck for them (no deck solves more than {best_top})."]
    if best:
        L += ["", "## The best decks found ([best_decks.json](best_decks.json))", "",
              "The best decks found for the N most familiar words (by `octosolve octagion "
              "design-deck --top N ... --record` or `python scripts/octagion_search_study.py "
              "memetic ... --record`: the records in `data/octagion/best_deck_top*.json`, each with "
              "the command that made it, in best_decks.json too), re-counted here by the kernel, "
              "beside the least bound proved "
              "for the same words (a certificate above, or the count bound computed here): the "
              "gap is how far the deck may still be from the best deck. A free split "
              "(`design-deck --split free`, `data/octagion/best_deck_free_top*.json`) shares the 48 "
              "cards between the numbers in any way (docs/rules/octagion.md); the set-bound "
              "certificates are for six cards a number, so such a deck is set beside the count "
              "bound, which holds for any split.", "",
              "| words | cards per number | solvable (recounted) | record agrees | no deck solves more than | gap | deck |",
              "| --- | --- | --- | --- | --- | --- | --- |"]
        for b in best:
            L.append(f"| {b['words']} | {' '.join(map(str, b['cards_per_number']))} | {b['solvable']} | "
                     f"{'yes' if b['agrees'] else 'NO'} | "
                     f"{b['bound']} ({b['bound_from']}) | {100 * (1 - b['solvable'] / b['bound']):.1f}% | "
                     + " / ".join(b["letters"]) + " |")
    L += ["", "## The family-filtered lexicon", "",
          f"{family['lexicon_header'] or 'The lexicon has no family-filter header.'} "
          f"`data/octagion/family_filter.tsv` blocks {family['blocked_listed']} words (profanity, "
          f"slurs, sexual and violent-death words) with their inflections, {family['roots_listed']} "
          f"roots with their inflections and every word containing one of {family['stems_listed']} "
          f"stems, and allows {family['allowed_listed']} words that better-profanity or a rule "
          "would drop; words of the lexicon file the filter drops, found in this run: "
          f"{len(family['blocked_in_lexicon'])}. See "
          "[docs/rules/octagion.md](../../docs/rules/octagion.md).", "",
          "## Deck statistics ([deck_stats.json](deck_stats.json))", "",
          f"- whole lexicon: {st_all['solvable']} of {st_all['words']} words solvable without "
          f"Treatment Cards ({100 * st_all['solvable_fraction']:.1f}%); familiar words (Zipf >= 3: at "
          "least one in a million words of running text): "
          f"{st_all['familiar_solvable']} of {st_all['familiar_words']}",
          f"- {DEFAULT_DESIGN_WORDS} most familiar words: {st_top['solvable']} solvable "
          f"({100 * st_top['solvable_fraction']:.1f}%)",
          "- minimum Treatment Cards over the lexicon: "
          + ", ".join(f"{k}: {v}" for k, v in st_all["min_wildcards"].items()),
          "- difficulty of the solvable words (1 solution hard, 2-3 medium, 4+ easy): "
          + ", ".join(f"{k}: {v}" for k, v in st_all["difficulty"].items()),
          "- the kernel's speed is measured by `python scripts/bench_octagion.py` "
          "([docs/octagion.md](../../docs/octagion.md)); this run's own time is in timings.json", "",
          "![solutions](solutions_histogram.svg) ![wildcards](wildcards_histogram.svg)", "",
          "## Word cards ([wordcards.txt](wordcards.txt), "
          "[wordcards_check.json](wordcards_check.json))", "",
          f"{len(rep['cards'])} cards of 40 familiar words, generated by `octosolve octagion "
          "wordcards --cards 4 --out data/octagion/wordcards.txt` "
          f"(the generator reproduces them in this run: {'yes' if same else 'NO'}); "
          "`octosolve octagion check` report per card:", "",
          "| card | solvable | Treatment Cards needed | solutions min / median / max | difficulty (words) |",
          "| --- | --- | --- | --- | --- |"]
    for c in rep["cards"]:
        L.append(f"| {c['card']} | {c['solvable']}/{c['words']} | {c['treatment_cards_needed']} | "
                 f"{c['solutions_min']} / {c['solutions_median']} / {c['solutions_max']} | "
                 + ", ".join(f"{k} {c['difficulty'][k]}" for k in sorted(
                     c["difficulty"], key=lambda k: (_LEVELS.index(k) if k in _LEVELS else 9, k)))
                 + " |")
    zeta_words = ", ".join(f"{r['sequence']} ({r['min_wildcards']})" for r in zeta["rounds"])
    zeta_total = sum(r["min_wildcards"] for r in zeta["rounds"])
    L += ["", "![word cards](wordcards.svg)", "",
          "## Delta / Epsilon odds ([odds.json](odds.json))", "",
          _positions_line(od_full["position_probability_exact"]) + " In Epsilon each team draws its own "
          "card; a team that lands on the same word as an earlier team (the same number on the same "
          "face-up Word Card) collides and draws a new Word Card. The table gives, for each number of "
          "teams, the chance that a round has at least one collision and the expected number of such "
          "redraws in a round (exact, over every draw of the numbers; docs/rules/octagion.md, "
          "\"Designer's odds\").", "",
          "| teams | P(collision in a round) | expected redraws |", "| --- | --- | --- |"]
    L += [f"| {t} | {v['p_collision']:.4f} | {v['expected_redraws']:.4f} |" for t, v in od.items()]
    L += ["", "## Example set-ups", "",
          f"- Virulent, 3 teams, seed {zeta['seed']}: [setup_virulent.json](setup_virulent.json)",
          f"- Zeta, 2 teams with {zeta['treatment_cards']['P0']} Treatment Cards each, seed "
          f"{zeta['seed']} ([setup_zeta.json](setup_zeta.json)), each word with the Treatment Cards "
          f"it needs at least: {zeta_words}; "
          f"{treatment_cards(zeta_total)} needed over the game, within each team's "
          f"{zeta['treatment_cards']['P0']}", ""]
    return L
