#!/usr/bin/env node
/*
 * Measures the engine in WebAssembly against the native program on the
 * same work (docs/wasm.md gives the figures): the bytes of each module
 * and of each page of `gamesearch web`, raw and gzipped; the time to the
 * first answer of each module; and big random trees (in the tree lab's
 * module, gs-tree.js, beside GS_JS when built) and Connect Four positions
 * (the full module) searched by both, their node counts checked equal,
 * the program and the page run in turn, and each pair's time ratio
 * given. Prints a report; not a test (the machine's load moves every
 * time: the ratios, taken pair by pair, mean more than the times).
 * Usage: node wasm_speed.js GAMESEARCH GS_JS WASM [RUNS]
 */
"use strict";
const fs = require("fs");
const path = require("path");
const zlib = require("zlib");
const { spawnSync } = require("child_process");

const { chromiumOrSkip, test } = require("./harness");

const [gamesearch, bundle, wasm, runsArg] = process.argv.slice(2);
if (!wasm) { console.error("usage: wasm_speed.js GAMESEARCH GS_JS WASM [RUNS]"); process.exit(2); }
const RUNS = Number(runsArg || 3);
const chromium = chromiumOrSkip();
const t = test("gs-wasm-speed-");

/* Runs the program: its output and wall time in ms. */
function timed(args, input) {
  const t0 = process.hrtime.bigint();
  const r = spawnSync(gamesearch, args, { input: input || "", encoding: "utf8", maxBuffer: 1 << 30 });
  const ms = Number(process.hrtime.bigint() - t0) / 1e6;
  if (r.status !== 0) throw new Error(args.join(" ") + ": " + r.stderr);
  return { out: r.stdout, ms };
}

const TREES = ["depth=8,branching=3-5,seed=1", "depth=7,branching=4-6,agents=max+chance+min,seed=2",
               "depth=9,branching=2-4,agents=max+min+min,seed=3"];
const POSITIONS = ["44444433", "4444443312", "32164625", "12345671234", "2252576253"];

/* A file's bytes, raw and gzipped (gzip -9). */
function sizes(f) {
  const b = fs.readFileSync(f);
  return `${b.length} bytes, ${zlib.gzipSync(b, { level: 9 }).length} gzipped`;
}

async function main() {
  const treeBundle = path.join(path.dirname(bundle), "gs-tree.js");
  const treeWasm = path.join(path.dirname(wasm), "gamesearch-tree.wasm");
  const hasTree = fs.existsSync(treeBundle) && fs.existsSync(treeWasm);
  console.log("sizes:");
  const files = [[wasm, "full module"], [bundle, "gs.js, the full module inlined"]];
  if (hasTree) files.push([treeWasm, "tree lab's module"], [treeBundle, "gs-tree.js, the tree module inlined"]);
  const site = path.join(t.tmp, "site");
  fs.mkdirSync(site);
  spawnSync(gamesearch, ["web", "--out", site]);
  for (const f of fs.readdirSync(site).sort()) files.push([path.join(site, f), "`gamesearch web` " + f]);
  const seedPage = path.join(t.tmp, "seed.html");
  spawnSync(gamesearch, ["tree", path.join(__dirname, "..", "..", "examples", "seed.tree"), "--html", seedPage]);
  if (fs.existsSync(seedPage)) files.push([seedPage, "`tree examples/seed.tree --html`"]);
  for (const [f, what] of files) console.log(`  ${what}: ${sizes(f)}`);

  const { ctx, p } = await t.open(chromium, { width: 800, height: 600 });
  for (const [js, what] of hasTree ? [[bundle, "full"], [treeBundle, "tree"]] : [[bundle, "full"]]) {
    const page = path.join(t.tmp, "speed-" + what + ".html");
    fs.writeFileSync(page, "<!doctype html>\n<html><head><meta charset=\"utf-8\"><title>gs</title></head>" +
                     "<body><script>\nwindow.gsStart = performance.now();\n" + fs.readFileSync(js, "utf8") +
                     "\n</script></body></html>\n");
    for (let run = 0; run < RUNS; run++) {
      await p.goto("file://" + page);
      const first = await p.evaluate(() => gs.ready.then(() => {
        const ready = performance.now();
        return gs.solveTree("A: B C\nB = 1\nC = 2\n").then(() =>
          ({ script: gsStart, ready, answered: performance.now() }));
      }));
      console.log(`${what} module, load ${run + 1}: script starts at ${first.script.toFixed(0)} ms, gs.ready at ` +
                  `${first.ready.toFixed(0)} ms, first answer at ${first.answered.toFixed(0)} ms (from navigation)`);
    }
  }
  /* the trees in the tree lab's module (the page left loaded last) */

  console.log("\ntrees (gamesearch tree --json against gs.solveTree, in turn; ms, each run):");
  for (const spec of TREES) {
    const text = timed(["tree", "--random", spec]).out;
    const algos = /max\+min\+min/.test(spec) ? ["minimax", "alphabeta", "maxn", "paranoid"]
                : /chance/.test(spec) ? ["minimax", "alphabeta", "expectimax"]
                : ["minimax", "alphabeta", "pvs", "mtdf", "sss"];
    for (const algo of algos) {
      const nat = [], web = [];
      let nodesN = 0, nodesW = 0;
      for (let run = 0; run < RUNS; run++) {
        const r = timed(["tree", "-", "--json", "--algo", algo], text);
        nodesN = JSON.parse(r.out).nodes;
        nat.push(r.ms);
        const w = await p.evaluate(([tx, a]) => {
          const t0 = performance.now();
          return gs.solveTree(tx, { algo: a }).then((o) => ({ nodes: o.nodes, ms: performance.now() - t0 }));
        }, [text, algo]);
        nodesW = w.nodes;
        web.push(w.ms);
      }
      report(`${spec} ${algo}`, nodesN, nodesW, nat, web);
    }
  }

  console.log("\nConnect Four (connect4 analyze against gs.c4Analyze, the full module; ms, each run):");
  await p.goto("file://" + path.join(t.tmp, "speed-full.html"));
  await p.evaluate(() => gs.ready);
  for (const pos of POSITIONS) {
    const nat = [], web = [], search = [];
    let nodesN = 0, nodesW = 0;
    for (let run = 0; run < RUNS; run++) {
      nat.push(timed(["connect4", "analyze", pos]).ms);
      /* The same solves one by one, the table kept, for their nodes and
       * search time (lines that are not positions are the columns that
       * are full or win at once, which analyze does not search either). */
      const lines = [1, 2, 3, 4, 5, 6, 7].map((c) => pos + c).join("\n") + "\n";
      const r = spawnSync(gamesearch, ["connect4", "solve", "--keep-table"], { input: lines, encoding: "utf8" });
      let n = 1, us = 0;
      r.stdout.trim().split("\n").forEach((l) => { const f = l.split(" "); n += Number(f[2]); us += Number(f[3]); });
      nodesN = n;
      search.push(us / 1000);
      const w = await p.evaluate((m) => {
        const t0 = performance.now();
        let nodes = 0;
        return gs.c4Analyze(m, { onProgress: (q) => { nodes = q.nodes; } })
          .then(() => ({ nodes, ms: performance.now() - t0 }));
      }, pos);
      nodesW = w.nodes;
      web.push(w.ms);
    }
    report(`${pos}`, nodesN, nodesW, nat, web, search);
  }
  await ctx.close();
}

function report(what, nodesN, nodesW, nat, web, search) {
  const f = (a) => a.map((x) => x.toFixed(0)).join(" ");
  const best = (a) => Math.min(...a);
  /* each run's two were measured one after the other: their ratio */
  const pairs = web.map((w, i) => w / nat[i]).sort((a, b) => a - b);
  const median = pairs[Math.floor(pairs.length / 2)];
  let line = `  ${what}: nodes ${nodesN}${nodesN === nodesW ? " (equal)" : " DIFFER: wasm " + nodesW}` +
             `; native ${f(nat)}; wasm ${f(web)}; wasm/native by run ${pairs.map((x) => x.toFixed(2)).join(" ")}` +
             ` (median ${median.toFixed(2)}); best wasm/best native ${(best(web) / best(nat)).toFixed(2)}`;
  if (search) line += `; native search alone ${f(search)}, wasm/that ${(best(web) / best(search)).toFixed(2)}`;
  if (nodesN !== nodesW) t.failures++;
  console.log(line);
}

t.run(main);
