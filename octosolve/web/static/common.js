// octosolve web app: tiny helpers shared by the pages (vanilla JS, no framework)
"use strict";

async function api(path, body, opts) {
  const init = body === undefined ? { method: "GET" }
    : { method: "POST", headers: { "Content-Type": "application/json" }, body: JSON.stringify(body) };
  const res = await fetch(path, init);
  const type = res.headers.get("content-type") || "";
  const data = type.includes("json") ? await res.json() : await res.text();
  if (!res.ok) {
    const msg = (data && data.error) ? data.error : (res.status + " " + res.statusText);
    throw new Error(msg);
  }
  return data;
}

// a count in words, as the CLI says it (core/words.counted): "1 tile", "2 tiles", "0 loops"
function counted(n, word, many) {
  return `${n} ${n === 1 ? word : (many || word + "s")}`;
}

function el(tag, attrs, ...children) {
  const e = document.createElement(tag);
  for (const [k, v] of Object.entries(attrs || {})) {
    if (v === null || v === undefined || v === false) continue;
    if (k === "class") e.className = v;
    else if (k.startsWith("on")) e.addEventListener(k.slice(2), v);
    else e.setAttribute(k, v === true ? "" : v);
  }
  for (const c of children.flat()) {
    if (c === null || c === undefined) continue;
    e.append(c instanceof Node ? c : document.createTextNode(String(c)));
  }
  return e;
}

function download(name, text, type) {
  const blob = new Blob([text], { type: type || "application/json" });
  const a = el("a", { href: URL.createObjectURL(blob), download: name });
  document.body.append(a); a.click(); a.remove();
  setTimeout(() => URL.revokeObjectURL(a.href), 1000);
}

function showError(target, err) {
  const box = typeof target === "string" ? document.getElementById(target) : target;
  if (box) box.textContent = err ? (err.message || String(err)) : "";
}

// Test hooks (a state to wait on, never a time): <body data-busy="1"> while a request and the
// redraw it feeds are under way, "0" once the page is idle again; data-settled counts the times
// it became idle, so a test reads it, acts, and waits for a larger count with data-busy "0".
let busyCount = 0;
async function busyWhile(fn) {
  busyCount++;
  document.body.dataset.busy = "1";
  try {
    return await fn();
  } finally {
    if (--busyCount === 0) {
      document.body.dataset.settled = String(Number(document.body.dataset.settled || 0) + 1);
      document.body.dataset.busy = "0";
    }
  }
}

function navHere() {
  for (const a of document.querySelectorAll("header a[href]")) {
    const h = a.getAttribute("href");
    if (h !== "/" && location.pathname.startsWith(h)) {
      a.classList.add("here");
      // a phone's menu is one row that scrolls sideways: the page's own name in view
      const bar = a.parentElement;
      if (bar.scrollWidth > bar.clientWidth) bar.scrollLeft = a.offsetLeft - (bar.clientWidth - a.offsetWidth) / 2;
    }
  }
}
document.addEventListener("DOMContentLoaded", navHere);

// A finger, not a mouse (a phone, a tablet: a coarse pointer): the pages say "tap" where they say
// "click" (the words of the Octiles editor and the Octagion designer, their help panels).
function tapOrClick(text) {
  if (!window.matchMedia("(pointer: coarse)").matches) return text;
  return text.replace(/\bclick\b/g, "tap").replace(/\bClick\b/g, "Tap");
}

function tapWordsIn(root) {  // every text under root, as tapOrClick says it
  if (!root) return;
  const walk = document.createTreeWalker(root, NodeFilter.SHOW_TEXT);
  for (let n = walk.nextNode(); n; n = walk.nextNode()) {
    if (/click/i.test(n.data)) n.data = tapOrClick(n.data);
  }
}
