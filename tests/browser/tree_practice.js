#!/usr/bin/env node
/*
 * The tree page's practice, export and keyboard, in a real browser (pages
 * of `gamesearch tree --html`): a practice exercise graded right with
 * alpha and beta asked (textbook alpha-beta, and Star1 at chance nodes),
 * a tree of vectors answered with vectors, the drawing saved as a valid
 * SVG and as a PNG of twice its size, every control reached by Tab with
 * a name a screen reader reads, edges marked with Enter and Space.
 * Usage: node tree_practice.js GAMESEARCH SOURCE_DIR (exit 0, 1, or 77
 * skipped, as tree_page.js).
 */
"use strict";
const fs = require("fs");
const path = require("path");
const { execFileSync } = require("child_process");

const { chromiumOrSkip, test } = require("./harness");

const [gamesearch, srcdir] = process.argv.slice(2);
if (!gamesearch || !srcdir) { console.error("usage: tree_practice.js GAMESEARCH SOURCE_DIR"); process.exit(2); }
const chromium = chromiumOrSkip();
const t = test("gs-practice-");
const { tmp, check } = t;

function page(out, args) {
  const dst = path.join(tmp, out);
  execFileSync(gamesearch, ["tree", ...args, "--html", dst], { stdio: ["ignore", "ignore", "inherit"] });
  return dst;
}
const ex = (f) => path.join(srcdir, "examples", f);

/* The page's own accounting of a control: what a screen reader reads. */
function accessibleNames() {
  const name = (e) => (e.getAttribute("aria-label") ||
                       (e.labels && e.labels[0] && e.labels[0].textContent) ||
                       e.textContent || e.getAttribute("title") || "").trim();
  const shown = (e) => e.getClientRects().length > 0 && getComputedStyle(e).visibility !== "hidden";
  const all = Array.from(document.querySelectorAll(
    "button, input, select, textarea, a[href], [tabindex='0']")).filter((e) => !e.disabled && shown(e));
  all.forEach((e, i) => e.setAttribute("data-tab", String(i)));
  return all.map((e) => ({ tab: String(e.getAttribute("data-tab")), name: name(e) }));
}

/* Presses Tab until the focus comes round; the controls it reached. */
async function tabRound(p, n) {
  const seen = new Set();
  await p.evaluate(() => { document.activeElement && document.activeElement.blur(); window.focus(); });
  for (let i = 0; i < n; i++) {
    await p.keyboard.press("Tab");
    const at = await p.evaluate(() => document.activeElement && document.activeElement.getAttribute("data-tab"));
    if (at !== null && at !== undefined) seen.add(at);
  }
  return seen;
}

/* Width and height of a PNG, from its IHDR. */
function pngSize(buf) {
  const sig = buf.slice(0, 8).toString("hex");
  if (sig !== "89504e470d0a1a0a") return null;
  return [buf.readUInt32BE(16), buf.readUInt32BE(20)];
}

async function main() {
  const seed = page("seed.html", [ex("seed.tree"), "--practice"]);
  const dice = page("dice.html", [ex("dice.tree"), "--practice"]);
  const aima = page("aima.html", [ex("aima-5-4.tree"), "--algo", "maxn", "--practice"]);
  const watch = page("watch.html", [ex("seed.tree")]);

  const { ctx, p } = await t.open(chromium, { width: 1300, height: 1000 });
  const text = (sel) => p.$eval(sel, (e) => e.textContent);
  const edge = (a, b) => `g.edge[data-parent="${a}"][data-child="${b}"]`;
  const cut = (a, b) => p.click(edge(a, b) + " line.hit", { force: true });
  const fill = async (answers) => {
    for (const [n, v, a, b] of answers) {
      await p.fill(`input.answer[data-node="${n}"]`, v);
      if (a !== undefined) await p.fill(`input.ab[data-node="${n}"][data-ab="alpha"]`, a);
      if (b !== undefined) await p.fill(`input.ab[data-node="${n}"][data-ab="beta"]`, b);
    }
  };
  const marks = (sel) => p.$$eval(sel, (l) => l.map((e) => e.getAttribute("data-node") +
    (e.getAttribute("data-ab") ? "." + e.getAttribute("data-ab") : "") + " " + e.getAttribute("data-check")));

  /* ---- alpha and beta, textbook alpha-beta on the seed tree ---- */
  await p.goto("file://" + seed);
  check("seed: alpha and beta not asked at first", await p.isVisible("input.ab"), false);
  await p.check("#practice-ab");
  check("seed: alpha and beta asked", await p.isVisible('input.ab[data-node="A"]'), true);
  check("seed: no alpha at a leaf", await p.$$eval('input.ab[data-node="E"]', (l) => l.length), 0);
  check("seed: the convention said", /as it stands when the search leaves the node/.test(await text("#ab-rule")), true);
  for (const [a, b] of [["C", "I"], ["C", "J"], ["M", "O"]]) await cut(a, b);
  /* the final windows: a value that cuts off leaves the window as it
   * was (C keeps beta +inf, M keeps alpha 3); one answer wrong: D's beta */
  await fill([["A", "5", "5", "inf"], ["B", "3", "-inf", "3"], ["C", "2", "3", "+\u221e"],
              ["D", "5", "3", "14"], ["M", "7", "3", "5"]]);
  await p.click("#check");
  check("seed: the windows checked", await marks("input.ab"),
        ["A.alpha right", "A.beta right", "B.alpha right", "B.beta right", "C.alpha right", "C.beta right",
         "D.alpha right", "D.beta wrong", "M.alpha right", "M.beta right"]);
  check("seed: the true beta said", await text('g[data-node="D"] .truth'), "\u03b2 5");
  check("seed: the score counts 3 cuts, 5 values, 10 windows", await text("#score"), "17 of 18 right");
  /* the step list says the same convention */
  await p.click("#replay");
  await p.keyboard.press("End");
  check("seed: M's cut in the step list", (await p.$$eval("#log li", (l) => l.map((e) => e.textContent)))
        .filter((s) => /^leave N/.test(s)), ["leave N: value 7; M cuts off and keeps its window"]);
  await p.click("#mode-practice");
  check("seed: back in practice, still asked", await p.isChecked("#practice-ab"), true);
  /* minimax has no window to ask */
  await p.click("#algos tr[data-run='minimax'] button");
  check("seed: minimax: alpha and beta not asked", [await p.isDisabled("#practice-ab"), await p.isVisible("input.ab")], [true, false]);
  await p.click("#algos tr[data-run='alphabeta-strict'] button");
  check("seed: the CS188 rule asks them", await p.isVisible("input.ab"), true);
  /* the CS188 rule: M's 7 > 5 cuts too; C's H = 2 < 3 cuts; same windows */
  await p.click("#clear");
  for (const [a, b] of [["C", "I"], ["C", "J"], ["M", "O"]]) await cut(a, b);
  await fill([["A", "5", "5", "inf"], ["B", "3", "-inf", "3"], ["C", "2", "3", "inf"],
              ["D", "5", "3", "5"], ["M", "7", "3", "5"]]);
  await p.click("#check");
  check("seed: the CS188 rule, all right", await text("#score"), "18 of 18 right");

  /* ---- Star1: alpha-beta with chance nodes ---- */
  await p.goto("file://" + dice);
  await p.check("#practice-ab");
  await cut("C3", "H3");
  await cut("M2", "C4");
  await fill([["S", "5", "5", "inf"], ["M1", "5", "-inf", "5"], ["M2", "\u2264 1", "5", "inf"],
              ["C1", "5", "-inf", "inf"], ["C2", "6", "-inf", "5"], ["C3", "1", "5", "inf"]]);
  await p.click("#check");
  check("dice: C4 not reached, nothing asked of it", await marks('input[data-node="C4"]'),
        ["C4 null", "C4.alpha null", "C4.beta null"]);
  check("dice: all right", await text("#score"), "20 of 20 right");
  await p.fill('input.ab[data-node="C2"][data-ab="beta"]', "inf");
  await p.fill('input.ab[data-node="C4"][data-ab="alpha"]', "5");
  await p.click("#check");
  check("dice: a chance node keeps the window it was entered with",
        await text('g[data-node="C2"] .truth'), "\u03b2 5");
  check("dice: a window typed where the search never goes is wrong",
        [await marks('input.ab[data-node="C4"]'), await text("#score")],
        [["C4.alpha wrong", "C4.beta null"], "19 of 21 right"]);

  /* ---- A tree of vectors: max^n (AIMA figure 5.4) ---- */
  await p.goto("file://" + aima);
  check("aima: max^n practised", await p.$eval("#algos tr.sel", (e) => e.getAttribute("data-run")), "maxn");
  check("aima: the field asks for a vector",
        await p.$eval('input.answer[data-node="A"]', (e) => e.getAttribute("aria-label")),
        "value of A (a vector: one number an agent)");
  await p.check("#practice-ab").catch(() => {});
  check("aima: no window asked of max^n", await p.isVisible("input.ab"), false);
  await fill([["A", "(1, 2, 6)"], ["B1", "1 2 6"], ["B2", "[1,5,2]"], ["C1", "1, 2, 6"],
              ["C2", "6,1,2"], ["C3", "1 5 2"], ["C4", "5 4"]]);
  await p.click("#check");
  check("aima: vectors graded", await marks("input.answer"),
        ["A right", "B1 right", "B2 right", "C1 right", "C2 right", "C3 right", "C4 wrong"]);
  check("aima: the true vector", await text('g[data-node="C4"] .truth'), "is (5, 4, 5)");
  check("aima: the score", await text("#score"), "6 of 7 right");
  await p.fill('input.answer[data-node="C4"]', "5");
  await p.click("#check");
  check("aima: a number for a vector is wrong", await text("#score"), "6 of 7 right");

  /* ---- The keyboard ---- */
  await p.goto("file://" + seed);
  await p.focus(edge("C", "I"));
  await p.keyboard.press("Enter");
  check("keys: Enter marks the edge", await p.$eval(edge("C", "I"), (e) => [e.getAttribute("data-mark"), e.getAttribute("aria-pressed")]),
        ["pruned", "true"]);
  await p.keyboard.press(" ");
  check("keys: Space takes it back", await p.$eval(edge("C", "I"), (e) => [e.getAttribute("data-mark"), e.getAttribute("aria-pressed")]),
        [null, "false"]);
  await p.focus('input.answer[data-node="A"]');
  await p.keyboard.type("5");
  await p.keyboard.press("Tab");
  check("keys: a value typed, Tab to the next field", await p.evaluate(() => document.activeElement.getAttribute("data-node")), "B");
  await p.check("#practice-ab");
  const practiceControls = await p.evaluate(accessibleNames);
  check("keys: every practice control has a name",
        practiceControls.filter((c) => !c.name).map((c) => c.tab), []);
  const reached = await tabRound(p, practiceControls.length + 5);
  check("keys: Tab reaches every practice control",
        practiceControls.filter((c) => !reached.has(c.tab)).length, 0);
  check("keys: the practice controls counted (2 modes, 7 runs, 1 box, 2 buttons, 2 exports, 14 edges, 15 fields)",
        practiceControls.length, 2 + 7 + 1 + 2 + 2 + 14 + 15);

  await p.goto("file://" + watch);
  const watchControls = await p.evaluate(accessibleNames);
  check("keys: every watch control has a name", watchControls.filter((c) => !c.name).map((c) => c.tab), []);
  const reachedW = await tabRound(p, watchControls.length + 5);
  check("keys: Tab reaches every watch control", watchControls.filter((c) => !reachedW.has(c.tab)).length, 0);
  check("keys: no edge is a control while watching", await p.$$eval("g.edge[tabindex='0']", (l) => l.length), 0);
  await p.evaluate(() => document.activeElement.blur());
  await p.keyboard.press("ArrowRight");
  await p.keyboard.press("ArrowRight");
  check("keys: arrows step", await text("#gs-where"), "step 2 of 27");
  await p.focus("#log li:nth-child(13)");
  await p.keyboard.press("Enter");
  check("keys: Enter on a step shows it", await text("#gs-where"), "step 13 of 27");

  /* ---- Export ---- */
  await p.keyboard.press("End");
  const size = await p.$eval("#drawing svg", (s) => [Number(s.getAttribute("width")), Number(s.getAttribute("height"))]);
  const [svgDl] = await Promise.all([p.waitForEvent("download"), p.click("#gs-svg")]);
  check("svg: its name", svgDl.suggestedFilename(), "seed.tree.svg");
  const svgText = fs.readFileSync(await svgDl.path(), "utf8");
  const parsed = await p.evaluate((s) => {
    const d = new DOMParser().parseFromString(s, "image/svg+xml");
    const r = d.documentElement;
    return { error: d.getElementsByTagName("parsererror").length, tag: r.tagName, ns: r.namespaceURI,
             size: [Number(r.getAttribute("width")), Number(r.getAttribute("height"))],
             nodes: r.querySelectorAll("g[data-node]").length, fields: r.querySelectorAll("foreignObject").length,
             pruned: Array.from(r.querySelectorAll('g[data-node][data-state="pruned"]')).map((g) => g.getAttribute("data-node")),
             rootValue: r.querySelector('g[data-node="A"] .val').textContent,
             styled: r.querySelector('g[data-node="A"] .shape rect, g[data-node="A"] rect').getAttribute("style") };
  }, svgText);
  check("svg: well formed, in the SVG namespace", [parsed.error, parsed.tag, parsed.ns], [0, "svg", "http://www.w3.org/2000/svg"]);
  check("svg: the drawing's size", parsed.size, size);
  check("svg: every node, no fields", [parsed.nodes, parsed.fields], [15, 0]);
  check("svg: the state shown", [parsed.pruned, parsed.rootValue], [["I", "J", "O"], "5"]);
  check("svg: styled within itself", /stroke-width:4\.5px/.test(parsed.styled), true);
  check("svg: the same as the page's own", svgText, await p.evaluate(() => GS.treeExport.svg()));
  const [pngDl] = await Promise.all([p.waitForEvent("download"), p.click("#gs-png")]);
  check("png: its name", pngDl.suggestedFilename(), "seed.tree.png");
  check("png: twice the drawing's size", pngSize(fs.readFileSync(await pngDl.path())), [2 * size[0], 2 * size[1]]);
  /* a pixel of the root's box: drawn, not blank */
  const painted = await p.evaluate(async () => {
    const b = await GS.treeExport.png();
    const img = await createImageBitmap(b);
    const c = document.createElement("canvas");
    c.width = img.width; c.height = img.height;
    const g = c.getContext("2d");
    g.drawImage(img, 0, 0);
    const d = g.getImageData(0, 0, c.width, c.height).data;
    let dark = 0;
    for (let i = 0; i < d.length; i += 4) if (d[i] < 100 && d[i + 3] > 200) dark++;
    return dark > 1000;
  });
  check("png: the tree drawn", painted, true);

  check("no console errors and no requests", t.problems, []);
  await ctx.close();
}

t.run(main);
