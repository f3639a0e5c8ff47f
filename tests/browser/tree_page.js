#!/usr/bin/env node
/*
 * The page of `gamesearch tree --html` in a real browser: Debian's
 * chromium, driven by playwright-core (which never downloads a browser
 * here). Usage: node tree_page.js GAMESEARCH SOURCE_DIR
 * Exit 0 when every check passes, 1 when one fails, 77 (skipped, saying
 * why) when chromium or tests/browser/node_modules is missing.
 */
"use strict";
const path = require("path");
const { execFileSync } = require("child_process");

const { chromiumOrSkip, test } = require("./harness");

const [gamesearch, srcdir] = process.argv.slice(2);
if (!gamesearch || !srcdir) { console.error("usage: tree_page.js GAMESEARCH SOURCE_DIR"); process.exit(2); }
const chromium = chromiumOrSkip();
const t = test("gs-browser-");
const { tmp, check } = t;

function page(file, out, ...extra) {
  const dst = path.join(tmp, out);
  execFileSync(gamesearch, ["tree", path.join(srcdir, "examples", file), "--html", dst, ...extra],
               { stdio: ["ignore", "ignore", "inherit"] });
  return dst;
}

async function main() {
  const seed = page("seed.tree", "seed.html");
  const seedPractice = page("seed.tree", "practice.html", "--practice");
  const dice = page("dice.tree", "dice.html");
  const ghosts = page("two-ghosts.tree", "ghosts.html", "--depth", "1", "--algo", "minimax");

  const { ctx, p } = await t.open(chromium, { width: 1200, height: 900 });

  const states = () => p.$$eval("[data-node]", (els) => {
    const o = {};
    els.filter((e) => e.tagName === "g").forEach((e) => { o[e.getAttribute("data-node")] = e.getAttribute("data-state"); });
    return o;
  });
  const byState = async () => {
    const s = await states(), o = {};
    Object.keys(s).sort().forEach((n) => { (o[s[n]] = o[s[n]] || []).push(n); });
    const sorted = {};
    Object.keys(o).sort().forEach((k) => { sorted[k] = o[k]; });
    return sorted;
  };
  const text = (sel) => p.$eval(sel, (e) => e.textContent);
  const nodeText = (name, cls) => text(`g[data-node="${name}"] .${cls}`);
  const edge = (a, b) => `g.edge[data-parent="${a}"][data-child="${b}"]`;
  const key = async (k, n = 1) => { for (let i = 0; i < n; i++) await p.keyboard.press(k); };
  const step = () => text("#gs-where");

  /* ---- seed.tree, alpha-beta (textbook) first ---- */
  await p.goto("file://" + seed);
  check("seed: title", await text("#title"), "seed.tree");
  check("seed: at Home every node unvisited", await byState(),
        { unvisited: ["A", "B", "C", "D", "E", "F", "G", "H", "I", "J", "K", "L", "M", "N", "O"] });
  check("seed: step 0", await step(), "step 0 of 27");
  check("seed: shapes", await p.$$eval("g[data-node] .shape", (s) => s.map((e) => e.tagName).join(" ")),
        "rect circle circle circle rect rect rect rect rect rect rect rect rect circle circle");
  check("seed: leaves show their values", await nodeText("I", "val"), "4");
  await key("ArrowRight");
  check("seed: one step makes the root current", await byState(),
        { current: ["A"], unvisited: ["B", "C", "D", "E", "F", "G", "H", "I", "J", "K", "L", "M", "N", "O"] });
  check("seed: the focus", await p.$eval("g[data-node='A']", (e) => e.getAttribute("data-focus")), "true");
  check("seed: the root's window", await nodeText("A", "win"), "\u03b1 \u2212\u221e  \u03b2 +\u221e");
  check("seed: step 1 described", await text("#status"), "Step 1: enter A with \u03b1 = \u2212\u221e, \u03b2 = +\u221e");
  await key("ArrowRight", 3);
  check("seed: step 4 (E left)", await byState(),
        { current: ["A", "B"], done: ["E"], unvisited: ["C", "D", "F", "G", "H", "I", "J", "K", "L", "M", "N", "O"] });
  check("seed: E's edge followed", await p.$eval(edge("B", "E"), (e) => e.getAttribute("data-state")), "done");
  check("seed: B's window once E is back", await nodeText("B", "win"), "\u03b1 \u2212\u221e  \u03b2 3");
  await key("ArrowRight", 5);
  check("seed: step 9 (B left)", await nodeText("B", "val"), "3");
  check("seed: no window off the path", await nodeText("B", "win"), "");
  await key("ArrowRight");
  check("seed: step 10, C entered with alpha 3", await nodeText("C", "win"), "\u03b1 3  \u03b2 +\u221e");
  await key("ArrowRight", 3);
  check("seed: step 13, I pruned", await byState(),
        { current: ["A", "C"], done: ["B", "E", "F", "G", "H"], pruned: ["I"],
          unvisited: ["D", "J", "K", "L", "M", "N", "O"] });
  check("seed: the cut edge", await p.$eval(edge("C", "I"), (e) => e.getAttribute("data-state")), "pruned");
  check("seed: the cut's comparison", await text(edge("C", "I") + " .cmp"), "v = 2 \u2264 \u03b1 = 3");
  check("seed: step 13 described", await text("#status"), "Step 13: prune I at C: v = 2 \u2264 \u03b1 = 3");
  await key("ArrowRight", 2);
  check("seed: C's upper bound", await nodeText("C", "val"), "\u2264 2");
  check("seed: J pruned too", (await states()).J, "pruned");
  check("seed: one comparison for one cut", await text(edge("C", "J") + " .cmp"), "");
  await key("ArrowRight", 7);
  check("seed: step 22, in N", await nodeText("M", "win"), "\u03b1 3  \u03b2 5");
  await key("ArrowRight", 2);
  check("seed: M's cut", await text(edge("M", "O") + " .cmp"), "v = 7 \u2265 \u03b2 = 5");
  await key("ArrowLeft", 2);
  check("seed: back, nothing cut at M", await p.$eval(edge("M", "O"), (e) => e.getAttribute("data-state")), "unvisited");
  await key("End");
  check("seed: at the end", await byState(),
        { done: ["A", "B", "C", "D", "E", "F", "G", "H", "K", "L", "M", "N"], pruned: ["I", "J", "O"] });
  check("seed: M's lower bound", await nodeText("M", "val"), "\u2265 7");
  check("seed: the root's value", await nodeText("A", "val"), "5");
  check("seed: the result", await text("#result"), "value 5, best move D");
  check("seed: the principal variation bold",
        await p.$$eval(".node.pv", (e) => e.map((x) => x.getAttribute("data-node"))), ["A", "D", "L"]);
  check("seed: its edges bold", await p.$$eval(".edge.pv", (e) => e.map((x) => x.getAttribute("data-child"))), ["D", "L"]);
  check("seed: no focus at the end", await p.$$eval("[data-focus]", (e) => e.length), 0);
  await key("Home");
  check("seed: Home again", Object.values(await states()).every((s) => s === "unvisited"), true);

  check("seed: the algorithms side by side",
        await p.$$eval("#algos tbody tr", (rows) => rows.map((r) => [r.getAttribute("data-run"),
          ...Array.from(r.children).map((c) => c.textContent)])),
        [["minimax", "minimax", "15", "10", "5"],
         ["alphabeta", "alpha-beta (textbook)", "12", "7", "5"],
         ["alphabeta-strict", "alpha-beta (CS188 rule)", "12", "7", "5"],
         ["expectimax", "expectimax", "15", "10", "8.666666667"],
         ["pvs", "PVS (NegaScout)", "17", "10", "5"],
         ["mtdf", "MTD(f) (3 passes)", "20", "9", "5"],
         ["sss", "SSS* (3 passes)", "21", "8", "5"]]);
  await p.click("#algos tr[data-run='minimax'] button");
  await key("End");
  check("seed: minimax prunes nothing", await byState(),
        { done: ["A", "B", "C", "D", "E", "F", "G", "H", "I", "J", "K", "L", "M", "N", "O"] });
  check("seed: minimax's steps", await step(), "step 30 of 30");
  await p.click("#algos tr[data-run='expectimax'] button");
  check("seed: switching at the end stays there", await step(), "step 30 of 30");
  check("seed: expectimax draws MIN as chance", await p.$eval("g[data-node='B'] .shape", (e) => e.tagName), "polygon");
  check("seed: expectimax's value", await text("#result"), "value 8.666666667, best move D");
  await p.click("#algos tr[data-run='alphabeta-strict'] button");
  check("seed: the CS188 rule's cut", await text(edge("M", "O") + " .cmp"), "v = 7 > \u03b2 = 5");

  /* Play runs by itself and stops at the end. */
  await key("Home");
  await p.selectOption("#gs-speed", "8");
  await p.click("#gs-play");
  await p.waitForFunction(() => document.getElementById("gs-where").textContent === "step 27 of 27", null, { timeout: 15000 });
  check("seed: play stopped at the end", await text("#gs-play"), "\u25b6 Play");

  /* The page's toggle into practice. */
  await p.click("#mode-practice");
  check("seed: practice hides the search", Object.values(await states()).every((s) => s === "unvisited"), true);
  check("seed: practice hides the counts", await p.$eval("#algos td.count", (e) => e.style.visibility), "hidden");

  /* ---- --practice ---- */
  await p.goto("file://" + seedPractice);
  check("practice: starts practising", await p.$eval("body", (b) => b.classList.contains("practice")), true);
  check("practice: nothing shown", Object.values(await states()).every((s) => s === "unvisited"), true);
  check("practice: the keys do nothing", (await key("End"), Object.values(await states()).every((s) => s === "unvisited")), true);
  /* End scrolls the page there (smoothly): clicks wait till it stops */
  for (let y = -1; y !== await p.evaluate(() => window.scrollY);) {
    y = await p.evaluate(() => window.scrollY);
    await p.waitForTimeout(150);
  }
  for (const [a, b] of [["C", "I"], ["C", "J"], ["D", "K"]]) await p.click(edge(a, b) + " line.hit", { force: true });
  await p.click(edge("D", "K") + " line.hit", { force: true });   // taken back
  await p.click(edge("B", "G") + " line.hit", { force: true });   // wrong
  for (const [n, v] of [["A", "5"], ["B", "3"], ["C", "<= 2"], ["D", "4"], ["M", ""]]) await p.fill(`input[data-node="${n}"]`, v);
  await p.click("#check");
  check("practice: edges checked",
        await p.$$eval("g.edge[data-check]", (e) => e.map((x) => x.getAttribute("data-parent") + x.getAttribute("data-child") + " " + x.getAttribute("data-check"))),
        ["BG wrong", "CI right", "CJ right", "MO wrong"]);
  check("practice: values checked",
        await p.$$eval("input[data-check]", (e) => e.map((x) => x.getAttribute("data-node") + " " + x.getAttribute("data-check"))),
        ["A right", "B right", "C right", "D wrong", "M wrong"]);
  check("practice: the true values of wrong answers", [await nodeText("D", "truth"), await nodeText("M", "truth")], ["is 5", "is \u2265 7"]);
  check("practice: the score", await text("#score"), "5 of 9 right");
  await p.click("#replay");
  check("practice: replay watches the search", await p.$eval("body", (b) => b.classList.contains("practice")), false);
  await key("ArrowRight");
  check("practice: replay from the root", (await states()).A, "current");

  /* ---- dice.tree: chance nodes, Star1 ---- */
  await p.goto("file://" + dice);
  check("dice: chance nodes are diamonds", await p.$eval("g[data-node='C1'] .shape", (e) => e.tagName), "polygon");
  check("dice: probabilities on chance edges", await text(edge("C2", "H2") + " text"), "high 0.75");
  check("dice: runs", await p.$$eval("#algos tbody tr", (rows) => rows.map((r) => r.getAttribute("data-run") + " " + r.children[1].textContent)),
        ["minimax 15", "alphabeta 11", "alphabeta-strict 11", "expectimax 15"]);
  await key("End");
  check("dice: the result", await text("#result"), "value 5, best move M1 (action safe)");
  check("dice: pruned", (await byState()).pruned, ["C4", "H3", "H4", "L4"]);
  check("dice: a Star1 cut's comparison", await text(edge("C3", "H3") + " .cmp"), "E \u2264 1 \u2264 \u03b1 = 5");

  /* ---- a depth cutoff: the nodes at the cutoff are the leaves ---- */
  await p.goto("file://" + ghosts);
  check("two-ghosts --depth 1: drawn down to the cutoff",
        (await p.$$eval("g.node", (e) => e.length)), 13);
  check("two-ghosts: minimax shown first", await p.$eval("#algos tr.sel", (e) => e.getAttribute("data-run")), "minimax");
  await key("End");
  check("two-ghosts: the result", await text("#result"), "value 0, best move g2 (action East)");

  check("no console errors, no requests", t.problems, []);
  await ctx.close();
}

t.run(main);
