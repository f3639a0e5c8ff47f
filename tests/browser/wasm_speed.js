#!/usr/bin/env node
/*
 * Measures the engine in WebAssembly against the native program on the
 * same work (docs/wasm.md gives the figures): the module's bytes, the time
 * to the first answer, and big random trees and Connect Four positions
 * searched by both, their node counts checked equal. Prints a report; not
 * a test (the machine's load moves every time).
 * Usage: node wasm_speed.js GAMESEARCH GS_JS WASM [RUNS]
 */
"use strict";
const fs = require("fs");
const path = require("path");
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

async function main() {
  const raw = fs.statSync(wasm).size, js = fs.statSync(bundle).size;
  const b64 = Math.ceil(raw / 3) * 4;
  console.log(`module: ${raw} bytes raw, ${b64} bytes base64; gs.js ${js} bytes`);

  const page = path.join(t.tmp, "speed.html");
  fs.writeFileSync(page, "<!doctype html>\n<html><head><meta charset=\"utf-8\"><title>gs</title></head>" +
                   "<body><script>\nwindow.gsStart = performance.now();\n" + fs.readFileSync(bundle, "utf8") +
                   "\n</script></body></html>\n");
  const { ctx, p } = await t.open(chromium, { width: 800, height: 600 });
  for (let run = 0; run < RUNS; run++) {
    await p.goto("file://" + page);
    const first = await p.evaluate(() => gs.ready.then(() => {
      const ready = performance.now();
      return gs.solveTree("A: B C\nB = 1\nC = 2\n").then(() =>
        ({ script: gsStart, ready, answered: performance.now() }));
    }));
    console.log(`load ${run + 1}: script starts at ${first.script.toFixed(0)} ms, gs.ready at ` +
                `${first.ready.toFixed(0)} ms, first answer at ${first.answered.toFixed(0)} ms (from navigation)`);
  }

  console.log("\ntrees (gamesearch tree --json against gs.solveTree; ms, each run):");
  for (const spec of TREES) {
    const text = timed(["tree", "--random", spec]).out;
    for (const algo of ["minimax", "alphabeta", "expectimax"]) {
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

  console.log("\nConnect Four (connect4 analyze against gs.c4Analyze; ms, each run):");
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
  let line = `  ${what}: nodes ${nodesN}${nodesN === nodesW ? " (equal)" : " DIFFER: wasm " + nodesW}` +
             `; native ${f(nat)}; wasm ${f(web)}; best wasm/native ${(best(web) / best(nat)).toFixed(2)}`;
  if (search) line += `; native search alone ${f(search)}, wasm/that ${(best(web) / best(search)).toFixed(2)}`;
  if (nodesN !== nodesW) t.failures++;
  console.log(line);
}

t.run(main);
