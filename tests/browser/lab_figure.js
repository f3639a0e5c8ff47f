#!/usr/bin/env node
/*
 * The tree lab's picture for docs/web.md (not a test): the lab of a site
 * written by `gamesearch web --out SITE`, opened on its first tree, the
 * search shown at its last step. Usage:
 *   node tests/browser/lab_figure.js SITE OUT.png
 */
"use strict";
const fs = require("fs"), os = require("os"), path = require("path");
const { chromiumOrSkip, launch } = require("./harness");
const chromium = chromiumOrSkip();
const [site, out] = process.argv.slice(2);
if (!site || !out) {
  console.error("usage: node tests/browser/lab_figure.js SITE OUT.png");
  process.exit(2);
}
const tmp = fs.mkdtempSync(path.join(os.tmpdir(), "gs-lab-figure-"));
(async () => {
  const ctx = await launch(chromium, tmp, { width: 1100, height: 1250 });
  const p = ctx.pages()[0] || await ctx.newPage();
  await p.goto("file://" + path.resolve(site, "tree-lab.html"));
  await p.waitForFunction(() => /value/.test(document.body.textContent) && window.gs);
  await p.keyboard.press("End");
  await p.waitForTimeout(800);
  await p.screenshot({ path: out });
  await ctx.close();
  fs.rmSync(tmp, { recursive: true, force: true });
})();
