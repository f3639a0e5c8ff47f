#!/usr/bin/env node
/*
 * The site of `gamesearch web --out DIR` in a real browser: the index and
 * the tree lab, which searches with the engine inlined in the page
 * (WebAssembly). Usage: node lab_page.js GAMESEARCH SOURCE_DIR
 * Exit 0 when every check passes, 1 when one fails, 77 (skipped, saying
 * why) when chromium or tests/browser/node_modules is missing. A program
 * without the WebAssembly engine passes, saying so (tests/test_web.sh holds
 * it to its message).
 */
"use strict";
const fs = require("fs");
const path = require("path");
const { spawnSync } = require("child_process");

const { chromiumOrSkip, test } = require("./harness");

const [gamesearch, srcdir] = process.argv.slice(2);
if (!gamesearch || !srcdir) { console.error("usage: lab_page.js GAMESEARCH SOURCE_DIR"); process.exit(2); }
const chromium = chromiumOrSkip();
const t = test("gs-lab-");
const { tmp, check } = t;

/* The program's answers. */
function program(args, input) {
  const r = spawnSync(gamesearch, args, { input: input || "", encoding: "utf8" });
  return { status: r.status, out: r.stdout, err: r.stderr };
}

async function main() {
  const site = path.join(tmp, "site");
  fs.mkdirSync(site);
  const w = program(["web", "--out", site]);
  if (w.status === 2 && /no WebAssembly engine/.test(w.err)) {
    console.log("the lab not tested: this build has no WebAssembly engine");
    return;
  }
  check("web: exit status", w.status, 0);
  check("web: the files", fs.readdirSync(site).sort(), ["connect4.html", "index.html", "pacman.html", "tree-lab.html"]);
  for (const f of ["index.html", "tree-lab.html"])
    console.log("  " + f + ": " + fs.statSync(path.join(site, f)).size + " bytes");

  const { ctx, p } = await t.open(chromium, { width: 1200, height: 900 });
  const text = (sel) => p.$eval(sel, (e) => e.textContent);
  const states = () => p.$$eval("g[data-node]", (els) => {
    const o = {};
    els.forEach((e) => { (o[e.getAttribute("data-state")] = o[e.getAttribute("data-state")] || []).push(e.getAttribute("data-node")); });
    Object.values(o).forEach((l) => l.sort());
    return o;
  });
  const ready = () => p.waitForSelector("body[data-lab=ready]", { timeout: 20000 });
  /* The lab's answer once it follows the text now in the box. */
  const settle = async (want) => {
    await p.waitForFunction((w) => {
      const a = document.getElementById("lab-answer").textContent, e = document.getElementById("lab-error").textContent;
      return w.test ? new RegExp(w.test).test(a + "|" + e) : a !== "" || e !== "";
    }, want || {}, { timeout: 20000 });
  };

  /* ---- The index ---- */
  await p.goto("file://" + path.join(site, "index.html"));
  check("index: links the lab", await p.$eval("#link-tree-lab", (a) => a.getAttribute("href")), "tree-lab.html");

  /* ---- The lab: the seed tree at once ---- */
  await p.click("#link-tree-lab");
  await ready();
  check("lab: the seed tree solved", await text("#lab-answer"),
        "value 5, best move D, pruned I J O (12 nodes, 7 leaves)");
  check("lab: the drawing shown", await p.$eval("#view", (v) => v.hidden), false);
  await p.keyboard.press("End");
  check("lab: the step-through's end", await states(),
        { done: ["A", "B", "C", "D", "E", "F", "G", "H", "K", "L", "M", "N"], pruned: ["I", "J", "O"] });
  check("lab: the result line", await text("#result"), "value 5, best move D");
  check("lab: the algorithms, the engine's", await p.$$eval("#lab-algo option", (o) => o.map((e) => e.value)),
        ["minimax", "alphabeta:textbook", "alphabeta:strict", "expectimax", "pvs", "mtdf", "sss",
         "maxn", "paranoid"]);

  /* ---- gs.treePage: the data of `tree --html`, the title aside ---- */
  for (const [f, extra] of [["seed.tree", []], ["dice.tree", []], ["two-ghosts.tree", ["--depth", "1", "--algo", "minimax"]],
                            ["aima-5-2.tree", ["--no-prune-equal"]]]) {
    const html = program(["tree", path.join(srcdir, "examples", f), "--html", "-", ...extra]).out;
    const data = JSON.parse(html.match(/<script type="application\/json" id="gs-data">([^]*?)<\/script>/)[1]);
    const opts = { depth: extra.includes("--depth") ? 1 : undefined,
                   algo: extra.includes("--algo") ? "minimax" : undefined,
                   rule: extra.includes("--no-prune-equal") ? "strict" : undefined };
    const got = await p.evaluate(([text, o]) => gs.treePage(text, o),
                                 [fs.readFileSync(path.join(srcdir, "examples", f), "utf8"), opts]);
    data.title = "";
    check("treePage: " + f + " as the program's page", got, data);
  }

  /* ---- A typed tree with an error: the program's line and column ---- */
  const bad = "A: B C\nB = 3\nC = x\n";
  const want = program(["tree", "-"], bad);
  check("program: refuses it", want.status, 2);
  await p.fill("#lab-text", bad);
  await settle({ test: "invalid" });
  check("lab: the program's message", "gamesearch tree: <stdin>:" + await text("#lab-error") + "\n", want.err);
  check("lab: its place", await p.$eval("#lab-error", (e) => [e.dataset.line, e.dataset.column]), ["3", "5"]);
  check("lab: no drawing of a bad tree", await p.$eval("#view", (v) => v.hidden), true);

  /* ---- Plain lists, the strict rule, a cutoff ---- */
  const plain = "[[3,12,8],[2,4,6],[14,5,2]]";
  await p.fill("#lab-text", plain);
  await settle({ test: "^value" });
  const pj = JSON.parse(program(["tree", "-", "--json"], plain).out);
  check("lab: plain lists", await text("#lab-answer"),
        `value ${pj.value}, best move ${pj.best}, pruned ${pj.pruned.join(" ")} (${pj.nodes} nodes, ${pj.leaves} leaves)`);
  await p.selectOption("#lab-algo", "minimax");
  await settle({ test: "pruned none" });
  check("lab: minimax prunes nothing", await text("#lab-answer"), "value 3, best move B, pruned none (13 nodes, 9 leaves)");
  check("lab: minimax shown first", await p.$eval("#algos tr.sel", (e) => e.getAttribute("data-run")), "minimax");

  /* ---- Every algorithm of the menu answers as the program does ---- */
  const answerIs = (want) => p.waitForFunction((w) => document.getElementById("lab-answer").textContent === w,
                                               want, { timeout: 20000 }).then(() => true, () => false);
  for (const v of await p.$$eval("#lab-algo option", (o) => o.map((e) => e.value))) {
    const [a, rule] = v.split(":");
    const pr = program(["tree", "-", "--json", "--algo", a].concat(rule === "strict" ? ["--no-prune-equal"] : []), plain);
    check("menu: " + v + ": the program answers", pr.status, 0);
    const j = JSON.parse(pr.out);
    const want = await p.evaluate((j) => "value " + GS.num(j.value) + ", best move " + j.best + ", pruned " +
      (j.pruned.length ? j.pruned.join(" ") : "none") + " (" + j.nodes + " nodes, " + j.leaves + " leaves)", j);
    await p.selectOption("#lab-algo", v);
    check("menu: " + v + ": the program's answer in the lab", await answerIs(want) && want, want);
    check("menu: " + v + ": no error", await text("#lab-error"), "");
  }
  await p.selectOption("#lab-algo", "minimax");
  await answerIs("value 3, best move B, pruned none (13 nodes, 9 leaves)");

  /* ---- The link carries the tree and the mode ---- */
  await p.click("#mode-practice");
  const href = await p.$eval("#lab-link", (a) => a.href);
  check("link: says practice", /mode=practice/.test(href), true);
  const p2 = await ctx.newPage();
  p2.on("console", (m) => { if (m.type() === "error" || m.type() === "warning") t.problems.push("console: " + m.text()); });
  await p2.goto(href);
  await p2.waitForSelector("body[data-lab=ready]", { timeout: 20000 });
  check("link: the tree", await p2.$eval("#lab-text", (e) => e.value), plain);
  check("link: the algorithm", await p2.$eval("#lab-algo", (e) => e.value), "minimax");
  check("link: the mode", await p2.$eval("body", (b) => b.classList.contains("practice")), true);
  check("link: the step controls not shown in practice", await p2.isVisible(".gs-stepper"), false);
  check("link: alpha and beta not asked", await p2.isChecked("#practice-ab"), false);
  await p2.close();
  /* alpha and beta asked: the link says so, and a page opened from it asks */
  await p.selectOption("#lab-algo", "alphabeta:textbook");
  await answerIs("value 3, best move B, pruned I J (11 nodes, 7 leaves)");
  await p.check("#practice-ab");
  const hrefAB = await p.$eval("#lab-link", (a) => a.href);
  check("link: says ab=1", /[#&]ab=1(&|$)/.test(hrefAB), true);
  const p3 = await ctx.newPage();
  p3.on("console", (m) => { if (m.type() === "error" || m.type() === "warning") t.problems.push("console: " + m.text()); });
  await p3.goto(hrefAB);
  await p3.waitForSelector("body[data-lab=ready]", { timeout: 20000 });
  check("link: alpha and beta asked", [await p3.isChecked("#practice-ab"), await p3.isVisible("input.ab")], [true, true]);
  await p3.close();
  await p.uncheck("#practice-ab");
  await p.click("#mode-watch");

  /* ---- Practice on a random tree from a link: graded right ---- */
  const spec = "depth=3,branching=2-3,values=0..20", seed = "11";
  const treeText = program(["tree", "--random", spec + ",seed=" + seed]).out;
  const truth = JSON.parse(program(["tree", "-", "--json", "--trace"], treeText).out);
  /* a page opened from the link, not the hash of the page already open
   * changed (that would be answered later, after ready() had returned) */
  await p.goto("about:blank");
  await p.goto("file://" + path.join(site, "tree-lab.html") + "#spec=" + encodeURIComponent(spec) +
               "&seed=" + seed + "&algo=alphabeta%3Atextbook&mode=practice");
  await ready();
  check("practice: the program's random tree", await p.$eval("#lab-text", (e) => e.value), treeText);
  check("practice: practising", await p.$eval("body", (b) => b.classList.contains("practice")), true);
  const parentOf = {};
  truth.trace.forEach((ev) => { if (ev.event === "prune") parentOf[ev.node] = ev.parent; });
  for (const n of truth.pruned)
    await p.click(`g.edge[data-parent="${parentOf[n]}"][data-child="${n}"] line.hit`, { force: true });
  const inner = await p.$$eval("input.answer", (e) => e.map((x) => x.getAttribute("data-node")));
  const value = {};
  truth.trace.forEach((ev) => { if (ev.event === "leave") value[ev.node] = ev.value; });
  for (const n of inner) await p.fill(`input[data-node="${n}"]`, value[n] === undefined ? "" : String(value[n]));
  await p.click("#check");
  const asked = truth.pruned.length + inner.filter((n) => value[n] !== undefined).length;
  check("practice: all right", await text("#score"), asked + " of " + asked + " right");
  await p.click("#lab-new");
  await p.waitForFunction((s) => document.getElementById("lab-seed").value === s, String(Number(seed) + 1));
  const next = program(["tree", "--random", spec + ",seed=" + (Number(seed) + 1)]).out;
  /* the answer line of the tree before still shows until the new search
   * ends, and the tree is kept then: wait for that */
  await p.waitForFunction((want) => {
    try { return (JSON.parse(localStorage.getItem("gamesearch.lab.trees")) || [])[0] === want; } catch (e) { return false; }
  }, next, { timeout: 20000 });
  await settle({ test: "^value" });
  check("practice: the next seed's tree", await p.$eval("#lab-text", (e) => e.value), next);

  /* ---- Kept in localStorage until forgotten ---- */
  await p.goto("file://" + path.join(site, "tree-lab.html"));
  await ready();
  check("storage: the last tree back", await p.$eval("#lab-text", (e) => e.value),
        program(["tree", "--random", spec + ",seed=" + (Number(seed) + 1)]).out);
  check("storage: a tree with an error not kept", await p.$$eval("#lab-saved option", (o) => o.some((x) => x.textContent === "A: B C")), false);
  check("storage: the plain list kept", await p.$$eval("#lab-saved option", (o, want) => o.some((x) => x.textContent === want), plain), true);
  await p.click("#lab-forget");
  await p.goto("file://" + path.join(site, "tree-lab.html"));
  await ready();
  check("storage: forgotten, the seed tree again", await text("#lab-answer"),
        "value 5, best move D, pruned I J O (12 nodes, 7 leaves)");

  /* ---- The keyboard: Tab reaches every control, each with a name ---- */
  const controls = await p.evaluate(() => {
    const name = (e) => (e.getAttribute("aria-label") ||
                         (e.labels && e.labels[0] && e.labels[0].textContent) ||
                         e.textContent || e.getAttribute("title") || "").trim();
    const shown = (e) => e.getClientRects().length > 0 && getComputedStyle(e).visibility !== "hidden";
    return Array.from(document.querySelectorAll("button, input, select, textarea, a[href], [tabindex='0']"))
      .filter((e) => !e.disabled && shown(e))
      .map((e, i) => { e.setAttribute("data-tab", String(i)); return { tab: String(i), id: e.id, name: name(e) }; });
  });
  check("keys: every lab control has a name", controls.filter((c) => !c.name).map((c) => c.id || c.tab), []);
  check("keys: the lab's own controls among them",
        ["lab-text", "lab-algo", "lab-depth", "lab-saved", "lab-forget", "lab-spec", "lab-seed", "lab-new",
         "lab-link", "mode-watch", "mode-practice", "gs-play", "gs-speed", "gs-svg", "gs-png"]
          .filter((id) => !controls.some((c) => c.id === id)), []);
  await p.evaluate(() => document.activeElement && document.activeElement.blur());
  const reached = new Set();
  for (let i = 0; i < controls.length + 5; i++) {
    await p.keyboard.press("Tab");
    reached.add(await p.evaluate(() => document.activeElement && document.activeElement.getAttribute("data-tab")));
  }
  check("keys: Tab reaches every lab control", controls.filter((c) => !reached.has(c.tab)).map((c) => c.id || c.tab), []);

  /* ---- Export from the lab: the drawing as SVG ---- */
  const [dl] = await Promise.all([p.waitForEvent("download"), p.click("#gs-svg")]);
  check("export: the lab's SVG named", dl.suggestedFilename(), "Tree-lab.svg");
  const svgOk = await p.evaluate((s) => {
    const d = new DOMParser().parseFromString(s, "image/svg+xml");
    return [d.getElementsByTagName("parsererror").length, d.documentElement.querySelectorAll("g[data-node]").length];
  }, fs.readFileSync(await dl.path(), "utf8"));
  check("export: the lab's SVG well formed, the seed tree's 15 nodes", svgOk, [0, 15]);

  /* ---- On a phone: nothing wider than the screen ---- */
  await p.setViewportSize({ width: 375, height: 740 });
  await p.reload();
  await ready();
  check("phone: the lab fits", await p.evaluate(() => document.documentElement.scrollWidth), 375);

  check("no console errors, no requests", t.problems, []);
  await ctx.close();
}

t.run(main);
