#!/usr/bin/env node
/*
 * What people stumbled on in the page of `gamesearch tree --html`, each
 * held in a real browser: the step controls shown in practice mode where
 * they do nothing; a parent's alpha and beta not following its children's
 * values; a MAX node searched to the end shown as a bound; Star1's widened
 * windows written to ten digits; node values under edge labels; a tree
 * wider than a phone; the step list not clickable.
 * Usage: node tree_friction.js GAMESEARCH SOURCE_DIR (exit 0, 1, or 77
 * skipped, as tree_page.js).
 */
"use strict";
const fs = require("fs");
const path = require("path");
const { execFileSync } = require("child_process");

const { chromiumOrSkip, test } = require("./harness");

const [gamesearch, srcdir] = process.argv.slice(2);
if (!gamesearch || !srcdir) { console.error("usage: tree_friction.js GAMESEARCH SOURCE_DIR"); process.exit(2); }
const chromium = chromiumOrSkip();
const t = test("gs-friction-");
const { tmp, check } = t;

function page(out, args) {
  const dst = path.join(tmp, out);
  execFileSync(gamesearch, ["tree", ...args, "--html", dst], { stdio: ["ignore", "ignore", "inherit"] });
  return dst;
}
function treeFile(name, text) {
  const f = path.join(tmp, name);
  fs.writeFileSync(f, text);
  return f;
}
const ex = (f) => path.join(srcdir, "examples", f);

async function main() {
  const seed = page("seed.html", [ex("seed.tree")]);
  const practice = page("practice.html", [ex("seed.tree"), "--practice"]);
  const dice = page("dice.html", [ex("dice.tree")]);
  const ghosts = page("ghosts.html", [ex("two-ghosts.tree"), "--depth", "1"]);
  const failLow = page("faillow.html", [treeFile("faillow.tree",
    "A: B C\nB: D\nC: E H\nE: F G\nD = 5\nF = 1\nG = 2\nH = 9\n")]);
  const named = page("named.html", [treeFile("named.tree",
    "A: go-left=B go-right=C\nB: take-the-high-road=D take-the-low-road=E\n" +
    "C: take-the-high-road=F take-the-low-road=G\nD = 3\nE = 12\nF = 2\nG = 4\n")]);
  const wide = page("wide.html", ["--random", "depth=4,branching=3,values=0..20,seed=5"]);

  const { ctx, p } = await t.open(chromium, { width: 1200, height: 900 });
  const text = (sel) => p.$eval(sel, (e) => e.textContent);
  const nodeText = (name, cls) => text(`g[data-node="${name}"] .${cls}`);
  const key = async (k, n = 1) => { for (let i = 0; i < n; i++) await p.keyboard.press(k); };
  const step = () => text("#gs-where");

  /* Practice mode: no step controls to be seen; watching shows them. */
  await p.goto("file://" + practice);
  check("practice: the step controls not shown", await p.isVisible(".gs-stepper"), false);
  check("practice: the step list not shown", await p.isVisible("#log"), false);
  await p.click("#mode-watch");
  check("watch: the step controls shown", await p.isVisible(".gs-stepper"), true);

  /* A parent's window follows its children's values, at that step. */
  await p.goto("file://" + seed);
  await key("ArrowRight", 4);
  check("seed step 4: E is back, B's beta is 3", await nodeText("B", "win"), "\u03b1 \u2212\u221e  \u03b2 3");
  check("seed step 4: said in the step", await text("#status"), "Step 4: leave E: value 3; now B: \u03b2 = 3");
  await key("ArrowRight", 8);
  /* a value that cuts off leaves the window as it was (textbook pseudocode) */
  check("seed step 12: H is back and cuts, C's beta stays", await nodeText("C", "win"), "\u03b1 3  \u03b2 +\u221e");
  check("seed step 12: said in the step", await text("#status"), "Step 12: leave H: value 2; C cuts off and keeps its window");
  await key("ArrowRight", 3);
  check("seed step 15: C is back, A's alpha stays 3", await nodeText("A", "win"), "\u03b1 3  \u03b2 +\u221e");
  await p.click("#algos tr[data-run='minimax'] button");
  await key("Home");
  await key("ArrowRight", 4);
  check("minimax keeps no window", await nodeText("B", "win"), "\u03b1 \u2212\u221e  \u03b2 +\u221e");

  /* Clicking a step in the list shows it. */
  await p.click("#algos tr[data-run='alphabeta'] button");
  await p.click("#log li:nth-child(13)");
  check("click step 13: there", await step(), "step 13 of 27");
  check("click step 13: I pruned", await p.$eval('g[data-node="I"]', (e) => e.getAttribute("data-state")), "pruned");
  check("click step 13: highlighted", await p.$$eval("#log li.now", (l) => l.map((e) => e.textContent.slice(0, 11))), ["prune I at "]);

  /* A MAX node whose children were all searched shows its value. */
  await p.goto("file://" + failLow);
  await key("End");
  check("fail low: E, searched to the end, is 2", await nodeText("E", "val"), "2");
  check("fail low: C, cut, is a bound", await nodeText("C", "val"), "\u2264 2");
  check("fail low: the step list", await p.$$eval("#log li", (l) => l.map((e) => e.textContent).filter((s) => /^leave E/.test(s))),
        ["leave E: value 2; C cuts off and keeps its window"]);

  /* Star1's windows as the trace writes them. */
  await p.goto("file://" + dice);
  const diceSteps = await p.$$eval("#log li", (l) => l.map((e) => e.textContent).join("\n"));
  check("dice: no ten-digit windows", /4\.444444434|4\.666666677/.test(diceSteps), false);
  check("dice: the trace's 4.4444444", diceSteps.split("\n")[17], "enter L3 from C3 with \u03b1 = 4.4444444, \u03b2 = 10");
  const trace = execFileSync(gamesearch, ["tree", ex("dice.tree"), "--trace"], { encoding: "utf8" });
  check("dice: the program says so too", / enter {2}L3 .* 4\.4444444 {8}10$/m.test(trace), true);

  /* No node value under an edge's label, cross or comparison. */
  const overlaps = () => p.evaluate(() => {
    const box = (e) => e.getBoundingClientRect();
    const meet = (a, b) => a.left < b.right && b.left < a.right && a.top < b.bottom && b.top < a.bottom;
    const vals = Array.from(document.querySelectorAll(".node .val")).filter((e) => e.textContent !== "");
    const labels = Array.from(document.querySelectorAll(".edge text"))
      .filter((e) => e.textContent !== "" && getComputedStyle(e).display !== "none");
    const out = [];
    vals.forEach((v) => labels.forEach((l) => {
      if (meet(box(v), box(l)))
        out.push(v.closest("[data-node]").getAttribute("data-node") + " " + v.textContent + " / " +
                 l.closest("[data-child]").getAttribute("data-child") + " " + l.textContent);
    }));
    return out;
  });
  for (const [name, file] of [["seed", seed], ["dice", dice], ["two-ghosts", ghosts], ["named", named]]) {
    await p.goto("file://" + file);
    const runs = await p.$$eval("#algos tbody tr", (r) => r.map((e) => e.getAttribute("data-run")));
    for (const r of runs) {
      await p.click(`#algos tr[data-run='${r}'] button`);
      await key("End");
      check(name + " " + r + ": no value under a label", await overlaps(), []);
    }
  }

  /* A phone 375 pixels wide: the tree fits, and zooms to its real size. */
  await ctx.close();
  const phone = await t.open(chromium, { width: 375, height: 740 });
  const q = phone.p;
  for (const [name, file] of [["seed", seed], ["wide", wide]]) {
    await q.goto("file://" + file);
    const fit = await q.evaluate(() => ({
      page: document.documentElement.scrollWidth,
      svg: Math.round(document.querySelector("#drawing svg").getBoundingClientRect().right),
      inside: document.getElementById("drawing").scrollWidth <= document.getElementById("drawing").clientWidth,
    }));
    check(name + " on a phone: nothing wider than the screen", fit.page <= 375 && fit.svg <= 375 && fit.inside, true);
  }
  await q.click("#gs-zoom");
  check("wide: zoomed to its size", await q.evaluate(() => {
    const d = document.getElementById("drawing");
    return d.scrollWidth > d.clientWidth * 3;
  }), true);
  check("wide: the page itself still fits", await q.evaluate(() => document.documentElement.scrollWidth <= 375), true);
  await q.click("#gs-zoom");
  check("wide: fitted again", await q.evaluate(() => {
    const d = document.getElementById("drawing");
    return d.scrollWidth <= d.clientWidth;
  }), true);

  check("no console errors, no requests", t.problems, []);
  await phone.ctx.close();
}

t.run(main);
