#!/usr/bin/env node
/*
 * Figures for docs/benchmarks.md (not a test): the size of a `tree --html` page,
 * the time chromium takes to load it and to show each step, and optionally
 * a screenshot. Usage:
 *   node tests/browser/page_figures.js GAMESEARCH TREE [REPEATS] [--shot OUT.png STEP]
 */
"use strict";
const fs = require("fs"), os = require("os"), path = require("path");
const { execFileSync } = require("child_process");
const { chromiumOrSkip, launch } = require("./harness");
const chromium = chromiumOrSkip();

const args = process.argv.slice(2);
const [gamesearch, tree] = args;
const repeats = Number(args[2] && !args[2].startsWith("--") ? args[2] : 5);
const shot = args.indexOf("--shot");
const tmp = fs.mkdtempSync(path.join(os.tmpdir(), "gs-figures-"));
const page = path.join(tmp, "page.html");
execFileSync(gamesearch, ["tree", tree, "--html", page], { stdio: ["ignore", "ignore", "inherit"] });

(async () => {
  const ctx = await launch(chromium, tmp, { width: 1100, height: 760 });
  const p = ctx.pages()[0] || await ctx.newPage();
  const loads = [], steps = [];
  for (let i = 0; i < repeats; i++) {
    await p.goto("file://" + page);
    loads.push(await p.evaluate(() => performance.getEntriesByType("navigation")[0].loadEventEnd));
    steps.push(await p.evaluate(() => {
      const n = Number(document.getElementById("gs-where").textContent.split(" of ")[1]);
      const t0 = performance.now();
      for (let k = 0; k < n; k++) {
        document.dispatchEvent(new KeyboardEvent("keydown", { key: "ArrowRight" }));
        void document.body.offsetHeight;   // style and layout of each step
      }
      return { n, ms: (performance.now() - t0) / n };
    }));
  }
  const med = (a) => a.slice().sort((x, y) => x - y)[Math.floor(a.length / 2)];
  console.log(`page: ${fs.statSync(page).size} bytes, ${steps[0].n} steps (alpha-beta)`);
  console.log(`load (to the load event), median of ${repeats}: ${med(loads).toFixed(1)} ms`);
  console.log(`one step (ArrowRight, with style and layout), median of ${repeats}: ${med(steps.map((s) => s.ms)).toFixed(2)} ms`);
  if (shot >= 0) {
    await p.goto("file://" + page);
    for (let k = 0; k < Number(args[shot + 2]); k++) await p.keyboard.press("ArrowRight");
    await p.screenshot({ path: args[shot + 1] });
  }
  await ctx.close();
  fs.rmSync(tmp, { recursive: true, force: true });
})();
