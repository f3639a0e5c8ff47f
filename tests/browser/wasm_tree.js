#!/usr/bin/env node
/*
 * The tree lab's module (gs-tree.js: the engine without Connect Four)
 * against the full one (gs.js) in a real browser: the same version and
 * algorithms, and on 200 random trees (chance nodes and vectors of
 * utilities among them) the same random text, the same solveTree answer
 * for every algorithm under both rules, and the same treePage data; the
 * algorithms the program refuses for JSON refused by both in the same
 * words; c4Analyze refused by the tree module alone.
 * Usage: node wasm_tree.js GS_JS GS_TREE_JS
 * Exit 0 when every check passes, 1 when one fails, 77 (skipped, saying
 * why) when chromium or tests/browser/node_modules is missing.
 */
"use strict";
const fs = require("fs");
const path = require("path");

const { chromiumOrSkip, test } = require("./harness");

const [full, tree] = process.argv.slice(2);
if (!full || !tree) { console.error("usage: wasm_tree.js GS_JS GS_TREE_JS"); process.exit(2); }
const chromium = chromiumOrSkip();
const t = test("gs-wasm-tree-");
const { tmp, check } = t;

function pageOf(name, bundle) {
  const f = path.join(tmp, name);
  fs.writeFileSync(f, "<!doctype html>\n<html><head><meta charset=\"utf-8\"><title>gs</title></head>" +
                   "<body><script>\n" + fs.readFileSync(bundle, "utf8") + "\n</script></body></html>\n");
  return f;
}

/* Random trees of every kind the lab draws: two players, chance, three
 * players; one in seven of the three players' made a tree of vectors
 * (vectors() below). */
function specs(n) {
  const agents = ["max+min", "max+chance+min", "max+chance", "max+min+min", "min+max"];
  const out = [];
  for (let i = 0; i < n; i++) {
    const depth = 2 + (i % 3), hi = i % 2 ? 3 : 2;
    const vec = i % 7 === 3;
    out.push(`depth=${depth},branching=1-${hi},values=${i % 5 === 0 ? "-9..9" : "0..20"},` +
             `agents=${vec ? "max+min+min" : agents[i % agents.length]},seed=${500 + i}`);
  }
  return out;
}
const isVector = (i) => i % 7 === 3;

/* Everything one module answers for the trees, in one page. */
async function answers(p, all) {
  return p.evaluate(async (all) => {
    const g = await gs.ready, out = [];
    const settle = (pr) => pr.then((v) => ({ ok: v }), (e) => ({ error: e.message, status: e.status }));
    for (let i = 0; i < all.length; i++) {
      const spec = all[i];
      const text = await settle(g.randomTree(spec));
      /* a leaf's value v as the vector (v, 20 - v, v mod 7) */
      if (i % 7 === 3 && text.ok !== undefined)
        text.ok = text.ok.replace(/^(\S+) = (-?\d+)$/gm,
          (m, n, v) => n + " = " + v + " " + (20 - v) + " " + (((v % 7) + 7) % 7));
      const row = { spec, text, runs: [] };
      if (text.ok !== undefined) {
        for (const algo of g.algorithms)
          for (const rule of ["textbook", "strict"])
            row.runs.push(await settle(g.solveTree(text.ok, { algo, rule })));
        row.page = await settle(g.treePage(text.ok, {}));
      }
      out.push(row);
    }
    return out;
  }, all);
}

async function main() {
  const { ctx, p } = await t.open(chromium, { width: 800, height: 600 });
  const q = await ctx.newPage();
  await p.goto("file://" + pageOf("full.html", full));
  await q.goto("file://" + pageOf("tree.html", tree));
  const facts = (pg) => pg.evaluate(() => gs.ready.then((g) => [g.version, g.algorithms]));
  const [fullFacts, treeFacts] = [await facts(p), await facts(q)];
  check("the same version and algorithms", treeFacts, fullFacts);

  const all = specs(200);
  const a = await answers(p, all), b = await answers(q, all);
  let trees = 0, runs = 0, same = 0, vectors = 0, chance = 0;
  for (let i = 0; i < all.length; i++) {
    if (a[i].text.ok === undefined) { check("random " + all[i], a[i].text, "a tree"); continue; }
    trees++;
    if (isVector(i)) vectors++;
    if (/chance/.test(all[i])) chance++;
    const x = JSON.stringify(a[i]), y = JSON.stringify(b[i]);
    runs += a[i].runs.length + 1;
    if (x === y) same++;
    else check("tree " + all[i], b[i], a[i]);
  }
  check("200 random trees, each algorithm and rule and the page data: the same answers", same, 200);
  console.log(`${trees} trees (${chance} with chance nodes, ${vectors} of vectors), ${runs} answers each module`);
  check("some of them answered (not all refusals)",
        a.reduce((n, r) => n + r.runs.filter((x) => x.ok !== undefined).length, 0) > 200 * 8, true);
  check("max^n on the trees of vectors gives vectors",
        a.filter((r, i) => isVector(i)).every((r) => Array.isArray(r.runs[2 * 6].ok.value)), true);

  /* What both refuse, in the program's words. */
  const seed = "['A', ['B', ('E', 3), ('F', 12)], ['C', ('H', 2), ('I', 4)]]";
  const refusals = (pg) => pg.evaluate(async (seed) => {
    const out = {};
    for (const algo of ["brs", "pns", "dfpn", "mcts", "nosuch"])
      out[algo] = await gs.solveTree(seed, { algo }).then(() => "answered", (e) => e.status + " " + e.message);
    return out;
  }, seed);
  const want = {
    brs: "2 --algo brs lets one opponent move out of turn while the others pass, and an explicit " +
         "tree has no such moves: use --algo maxn or paranoid",
    pns: "2 --algo pns proves outcomes: run `gamesearch tree FILE --algo pns --json` for its proof",
    dfpn: "2 --algo dfpn proves outcomes: run `gamesearch tree FILE --algo dfpn --json` for its proof",
    mcts: "2 --algo mcts prints its own text, not the JSON of a search",
    nosuch: "2 solveTree: algo 'nosuch' is not one of " + fullFacts[1].join(", "),
  };
  check("the full module's refusals", await refusals(p), want);
  check("the tree module's refusals", await refusals(q), want);

  /* Connect Four: the full module only. */
  const c4 = (pg) => pg.evaluate(() => gs.c4Analyze("4453").then((s) => s.join(" "), (e) => e.status + " " + e.message));
  check("the full module analyses Connect Four", (await c4(p)).split(" ").length, 7);
  check("the tree module has no Connect Four", await c4(q),
        "2 this page's engine has no Connect Four (it is the tree lab's)");

  check("no console errors and no requests", t.problems, []);
  await ctx.close();
}

t.run(main);
