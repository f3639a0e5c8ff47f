#!/usr/bin/env node
/*
 * Figures for docs/benchmarks.md (not a test): the time chromium takes to load a
 * `pacman --html` page, to show one move, and to switch games; and
 * optionally a screenshot. Usage:
 *   node tests/browser/pacman_figures.js PAGE.html [REPEATS] [--shot OUT.png MOVE]
 */
"use strict";
const fs = require("fs"), os = require("os"), path = require("path");
const { chromiumOrSkip, launch } = require("./harness");
const chromium = chromiumOrSkip();

const args = process.argv.slice(2);
const page = path.resolve(args[0]);
const repeats = Number(args[1] && !args[1].startsWith("--") ? args[1] : 5);
const shot = args.indexOf("--shot");
const tmp = fs.mkdtempSync(path.join(os.tmpdir(), "gs-figures-"));

(async () => {
  const ctx = await launch(chromium, tmp, { width: 1040, height: 600 });
  const p = ctx.pages()[0] || await ctx.newPage();
  const loads = [], steps = [], switches = [];
  for (let i = 0; i < repeats; i++) {
    await p.goto("file://" + page);
    loads.push(await p.evaluate(() => performance.getEntriesByType("navigation")[0].loadEventEnd));
    steps.push(await p.evaluate(() => {
      const n = Number(document.getElementById("scrub").max);
      const t0 = performance.now();
      for (let k = 0; k < n; k++) {
        document.dispatchEvent(new KeyboardEvent("keydown", { key: "ArrowRight" }));
        void document.body.offsetHeight;   // style and layout of each move
      }
      return { n, ms: (performance.now() - t0) / n };
    }));
    switches.push(await p.evaluate(() => {
      const s = document.getElementById("game"), n = s.options.length, t0 = performance.now();
      for (let g = 0; g < n; g++) { s.value = String(g); s.dispatchEvent(new Event("change")); void document.body.offsetHeight; }
      return (performance.now() - t0) / Math.max(1, n);
    }));
  }
  const med = (a) => a.slice().sort((x, y) => x - y)[Math.floor(a.length / 2)];
  console.log(`page: ${fs.statSync(page).size} bytes; game 1: ${steps[0].n} moves`);
  console.log(`load (to the load event), median of ${repeats}: ${med(loads).toFixed(1)} ms`);
  console.log(`one move (ArrowRight, with style and layout), median of ${repeats}: ${med(steps.map((s) => s.ms)).toFixed(3)} ms`);
  console.log(`switching games, median of ${repeats}: ${med(switches).toFixed(2)} ms`);
  if (shot >= 0) {
    await p.goto("file://" + page);
    for (let k = 0; k < Number(args[shot + 2]); k++) await p.keyboard.press("ArrowRight");
    await p.screenshot({ path: args[shot + 1] });
  }
  await ctx.close();
  fs.rmSync(tmp, { recursive: true, force: true });
})();
