"""A lexicon is loaded once per process even when two threads ask for it at once (the web app's
warm-up and a first Octoverso page both loaded the shipped one, 2.5 s of CPU each)."""

from __future__ import annotations

import threading

from octosolve.octoverso import lexicon as L


def test_two_threads_asking_at_once_load_it_once(tmp_path, monkeypatch):
    words = tmp_path / "words.txt"
    words.write_text("MAISON\nRAISON\nSAISON\n", encoding="utf-8")
    built, first_inside, go_on = [], threading.Event(), threading.Event()

    def slow_init(self, *a, **k):   # the first load waits until the second thread has asked
        built.append(1)             # (and builds nothing: no kernel is loaded for this test)
        first_inside.set()
        go_on.wait(timeout=2)

    monkeypatch.setattr(L.Lexicon, "__init__", slow_init)
    got = []
    t1 = threading.Thread(target=lambda: got.append(L.load_lexicon(str(words))))
    t1.start()
    assert first_inside.wait(timeout=10)
    t2 = threading.Thread(target=lambda: got.append(L.load_lexicon(str(words))))
    t2.start()
    t2.join(timeout=0.3)   # the second one waits for the first load (before: it built its own)
    go_on.set()
    t1.join()
    t2.join()
    assert len(built) == 1 and len(got) == 2 and got[0] is got[1]
