#!/usr/bin/env node
/*
 * The gs.* API (web/gs.js, the engine compiled to WebAssembly) in a real
 * browser, held to the native program built from the same source: a page
 * opened from file:// with the module inlined, no request and no console
 * error; gs.solveTree equal to `gamesearch tree --json` (values, visited
 * order, pruned sets, node counts; errors too) on random trees of every
 * algorithm but MCTS, both rules, chance nodes included; gs.randomTree
 * equal to `--random`; gs.c4Analyze equal to `connect4 analyze`, with its
 * progress and a stop.
 * Usage: node wasm_api.js GAMESEARCH SOURCE_DIR GS_JS
 * Exit 0 when every check passes, 1 when one fails, 77 (skipped, saying
 * why) when chromium, tests/browser/node_modules or GAMESEARCH is missing.
 */
"use strict";
const fs = require("fs");
const path = require("path");
const { spawnSync } = require("child_process");

const { chromiumOrSkip, test, skip } = require("./harness");

const [gamesearch, srcdir, bundle] = process.argv.slice(2);
if (!srcdir || !bundle) { console.error("usage: wasm_api.js GAMESEARCH SOURCE_DIR GS_JS"); process.exit(2); }
if (!gamesearch || !fs.existsSync(gamesearch))
  skip("no native gamesearch to compare with (configure wasm/ with -DGS_PROGRAM=build/gamesearch)");
const chromium = chromiumOrSkip();
const t = test("gs-wasm-");
const { tmp, check } = t;

/* The program's answer: {status, out, err}. */
function program(args, input) {
  const r = spawnSync(gamesearch, args, { input: input || "", encoding: "utf8" });
  return { status: r.status, out: r.stdout, err: r.stderr };
}

/* What the browser should say for the program's error on standard error:
 * its message without "gamesearch CMD: " and the file's name. */
function programError(err, prefix) {
  return err.trim().split("\n")[0].slice(prefix.length);
}

/* A small deterministic generator (splitmix-like), for the samples. */
function rng(seed) {
  let s = seed >>> 0;
  return () => { s = (s + 0x9e3779b9) >>> 0; let z = s; z = Math.imul(z ^ (z >>> 16), 0x85ebca6b) >>> 0;
                 z = Math.imul(z ^ (z >>> 13), 0xc2b2ae35) >>> 0; return ((z ^ (z >>> 16)) >>> 0) / 4294967296; };
}

/* The random trees: every shape of agents, with chance nodes, seeds 1... */
function specs(n) {
  const agents = ["max+min", "max+chance+min", "max+chance", "max+min+min", "max+min+chance", "min+max"];
  const out = [];
  for (let i = 0; i < n; i++) {
    const depth = 2 + (i % 4), hi = i % 3 === 0 ? 2 : 4;
    out.push(`depth=${depth},branching=1-${hi},values=${i % 5 === 0 ? "-9..9" : "0..20"},` +
             `agents=${agents[i % agents.length]},seed=${1000 + i}`);
  }
  return out;
}

async function main() {
  const page = path.join(tmp, "wasm.html");
  fs.writeFileSync(page, "<!doctype html>\n<html><head><meta charset=\"utf-8\"><title>gs</title></head>" +
                   "<body><script>\n" + fs.readFileSync(bundle, "utf8") + "\n</script></body></html>\n");
  const { ctx, p } = await t.open(chromium, { width: 800, height: 600 });
  await p.goto("file://" + page);
  const t0 = Date.now();
  const version = await p.evaluate(() => gs.ready.then((g) => g.version));
  check("gs.version is the program's", "gamesearch " + version, program(["--version"]).out.trim().split("\n")[0]);
  console.log("ready after " + (Date.now() - t0) + " ms");

  /* The seed tree of the docs: value 5, I J O pruned. */
  const seedText = fs.readFileSync(path.join(srcdir, "examples", "seed.tree"), "utf8");
  const seed = await p.evaluate((text) => gs.solveTree(text), seedText);
  check("seed tree: value", seed.value, 5);
  check("seed tree: pruned", seed.pruned, ["I", "J", "O"]);
  check("seed tree: the program's JSON", seed, JSON.parse(program(["tree", "-", "--json"], seedText).out));

  /* ---- gs.randomTree against --random ---- */
  const all = specs(200);
  const texts = await p.evaluate((ss) => Promise.all(ss.map((s) => gs.randomTree(s))), all);
  let same = 0;
  all.forEach((s, i) => { if (texts[i] === program(["tree", "--random", s]).out) same++; });
  check("gs.randomTree equals --random on every spec", same, all.length);
  const badSpec = "depth=3,branching=0";
  const bad = program(["tree", "--random", badSpec]);
  check("a bad spec: the program's message",
        await p.evaluate((s) => gs.randomTree(s).then(() => "answered", (e) => [e.status, e.message]), badSpec),
        [bad.status, "1:19: " + programError(bad.err, "gamesearch tree: --random '" + badSpec + "': ")]);

  /* ---- gs.solveTree against tree --json ---- */
  /* minimax, alpha-beta and expectimax on every tree; the other
   * algorithms of gs.algorithms on one tree in four */
  const algorithms = await p.evaluate(() => gs.algorithms);
  check("gs.algorithms", algorithms, ["minimax", "alphabeta", "expectimax", "pvs", "mtdf", "sss", "maxn", "paranoid"]);
  const jobs = [];
  all.forEach((s, i) => {
    for (const algo of i % 4 === 0 ? algorithms : ["minimax", "alphabeta", "expectimax"])
      for (const rule of ["textbook", "strict"])
        jobs.push({ spec: s, text: texts[i], algo, rule, depth: i % 7 === 3 ? 1 : undefined });
  });
  const got = await p.evaluate((js) => Promise.all(js.map((j) =>
    gs.solveTree(j.text, { algo: j.algo, rule: j.rule, depth: j.depth })
      .then((r) => ({ ok: r }), (e) => ({ error: [e.status, e.message] })))), jobs);
  const tally = {};
  jobs.forEach((j, i) => {
    const args = ["tree", "-", "--json", "--algo", j.algo];
    if (j.rule === "strict") args.push("--no-prune-equal");
    if (j.depth !== undefined) args.push("--depth", String(j.depth));
    const r = program(args, j.text);
    const want = r.status === 0 ? { ok: JSON.parse(r.out) }
                                : { error: [r.status, programError(r.err, "gamesearch tree: <stdin>:").replace(/^ /, "")] };
    const key = j.algo + " " + j.rule + (r.status === 0 ? "" : " (error)");
    tally[key] = (tally[key] || 0) + 1;
    check(`solveTree ${j.spec} --algo ${j.algo} ${j.rule} depth ${j.depth}`, got[i], want);
  });
  console.log("trees compared: " + JSON.stringify(tally));

  /* Every tree of examples/ and of the shared CS188 sets (test files keep
   * their own algorithm and the strict rule), and trees in the nested
   * syntax, with the defaults: the program's answer or its error. */
  const files = [];
  const addDir = (dir, ext) => {
    if (!fs.existsSync(dir)) { console.log("not found, left out: " + dir); return; }
    fs.readdirSync(dir).filter((f) => f.endsWith(ext)).sort()
      .forEach((f) => files.push({ name: path.relative(srcdir, path.join(dir, f)), text: fs.readFileSync(path.join(dir, f), "utf8") }));
  };
  addDir(path.join(srcdir, "examples"), ".tree");
  const cs188 = path.join(srcdir, "..", "shared", "cs188");
  for (const q of ["q2", "q3", "q4"]) addDir(path.join(cs188, "tests", q), ".test");
  addDir(path.join(cs188, "trees"), ".tree");
  [["nested", "['A', ['B', ('E', 3), ('F', 12)], ['C', ('H', 2)]]"],
   ["nested, chance", "agents: max chance\n['A', ['B', ('D', 1), ('E', 5)], ['C', ('F', 4), ('G', 2)]]"],
   ["nested, cut off", "['A', ['B', ['D', ('H', 1)]], ['C', ('F', 4)]]"]].forEach(([name, text]) => files.push({ name, text }));
  const fileAnswers = await p.evaluate((fs_) => Promise.all(fs_.map((f) => gs.solveTree(f.text, f.name === "nested, cut off" ? { depth: 1 } : {})
    .then((o) => ({ ok: o }), (e) => ({ error: [e.status, e.message] })))), files);
  let fileErrors = 0;
  files.forEach((f, i) => {
    const r = program(["tree", "-", "--json"].concat(f.name === "nested, cut off" ? ["--depth", "1"] : []), f.text);
    if (r.status !== 0) fileErrors++;
    check("solveTree " + f.name, fileAnswers[i], r.status === 0 ? { ok: JSON.parse(r.out) }
          : { error: [r.status, programError(r.err, "gamesearch tree: <stdin>:")] });
  });
  console.log(`files compared: ${files.length} (${fileErrors} refused by both)`);

  /* Chains as deep as the module searches (512 plies: a browser's stack
   * is smaller than a native thread's) and deeper: the one answered as the
   * program answers it, the other refused with the program's sentence and
   * the module's limit. */
  for (const n of [511, 5000]) {
    const lines = [];
    for (let i = 0; i < n; i++) lines.push(`N${i}: N${i + 1}`);
    lines.push(`N${n} = 1`);
    const chain = lines.join("\n") + "\n";
    const r = program(["tree", "-", "--json"], chain);
    const want = r.status === 0 ? { ok: JSON.parse(r.out) }
                                : { error: [r.status, programError(r.err, "gamesearch tree: <stdin>: ")
                                              .replace("4096 plies", "512 plies").replace("2048 rounds", "256 rounds")] };
    check(`a chain of ${n} plies`, await p.evaluate((text) => gs.solveTree(text)
      .then((o) => ({ ok: o }), (e) => ({ error: [e.status, e.message] })), chain), want);
  }

  /* Options the API refuses, before any search. */
  check("an unknown algorithm", await p.evaluate(() => gs.solveTree("A = 1", { algo: "nosuch" })
        .then(() => "answered", (e) => [e.status, e.message])),
        [2, "solveTree: algo 'nosuch' is not one of minimax, alphabeta, expectimax, pvs, mtdf, sss, maxn, paranoid"]);
  /* the program's names that have no JSON answer: refused in its words */
  /* the proofs: answered by the program, refused by the page, saying where */
  for (const algo of ["pns", "dfpn"]) {
    const got = await p.evaluate((a) => gs.solveTree("A: B C\nB = 1\nC = 0\n", { algo: a })
      .then(() => "answered", (e) => [e.status, e.message]), algo);
    check("--algo " + algo + ": refused, naming the program's command", got,
          [2, "--algo " + algo + " proves outcomes: run `gamesearch tree FILE --algo " + algo + " --json` for its proof"]);
  }
  for (const algo of ["mcts", "brs"]) {
    const r = program(["tree", "-", "--json", "--algo", algo], "A: B C\nB = 1\nC = 2\n");
    const got = await p.evaluate((a) => gs.solveTree("A: B C\nB = 1\nC = 2\n", { algo: a })
      .then(() => "answered", (e) => [e.status, e.message]), algo);
    check("--algo " + algo + ": refused as the program refuses it", got[0], r.status);
    check("--algo " + algo + ": the program's words", r.err.indexOf(got[1].replace(/, not the JSON of a search$/, "")) > 0, true);
  }
  const refused = await p.evaluate(() => Promise.all([
    gs.solveTree(42), gs.solveTree("A = 1", { rule: "lenient" }), gs.solveTree("A = 1", { depth: -1 }),
    gs.solveTree("A = 1", { depth: 1.5 }), gs.randomTree(null), gs.c4Analyze({}),
  ].map((q) => q.then(() => "answered", (e) => [e.status, e.message]))));
  check("the options the API refuses, each with its message", refused, [
    [2, "solveTree: the tree must be a string"],
    [2, "solveTree: rule 'lenient' is not \"textbook\" or \"strict\""],
    [2, "solveTree: depth must be a whole number of rounds from 0 to 1000000"],
    [2, "solveTree: depth must be a whole number of rounds from 0 to 1000000"],
    [2, "randomTree: the spec must be a string"],
    [2, "c4Analyze: moves must be a string of columns or an array"]]);
  const parse = program(["tree", "-", "--json"], "A: B C\nB = 1\n");
  check("a parse error: the program's line, column and message",
        await p.evaluate(() => gs.solveTree("A: B C\nB = 1\n").then(() => "answered", (e) => [e.status, e.line > 0, e.message])),
        [parse.status, true, programError(parse.err, "gamesearch tree: <stdin>:")]);

  /* ---- gs.c4Analyze against connect4 analyze ---- */
  const positions = [];
  const r = rng(35);
  while (positions.length < 8) {
    const heights = [0, 0, 0, 0, 0, 0, 0];
    let moves = "";
    const n = 8 + Math.floor(r() * 5);
    while (moves.length < n) {
      const c = Math.floor(r() * 7);
      if (heights[c] < 6) { heights[c]++; moves += String(c + 1); }
    }
    if (program(["connect4", "analyze", moves]).status === 0) positions.push(moves);
  }
  for (const pos of positions) {
    const native = program(["connect4", "analyze", pos]);
    const want = native.out.split("\n")[0].split(" ").map((x) => (x === "." ? null : Number(x)));
    const got4 = await p.evaluate((m) => {
      const seen = [];
      return gs.c4Analyze(m, { onProgress: (q) => seen.push(q.column) }).then((s) => ({ s, seen }));
    }, pos);
    check("c4Analyze " + pos, got4.s, want);
    check("c4Analyze " + pos + ": progress after each column", got4.seen, [0, 1, 2, 3, 4, 5, 6]);
  }
  check("c4Analyze takes an array of columns too",
        await p.evaluate((m) => gs.c4Analyze(m.split("").map(Number)), positions[0]),
        await p.evaluate((m) => gs.c4Analyze(m), positions[0]));
  const full = program(["connect4", "analyze", "1111111"]);
  check("c4Analyze: a bad position, the program's message",
        await p.evaluate(() => gs.c4Analyze("1111111").then(() => "answered", (e) => [e.status, e.message])),
        [full.status, "1:" + programError(full.err, "gamesearch connect4: analyze '1111111', character ")]);

  /* A stop: the search under way and the one waiting reject; the next
   * request is answered by a new worker. */
  const stopped = await p.evaluate(() => {
    const a = gs.c4Analyze("44").then(() => "answered", (e) => e.name);
    const b = gs.solveTree("A: B C\nB = 1\nC = 2\n").then(() => "answered", (e) => e.name);
    gs.stop();
    return Promise.all([a, b]);
  });
  check("gs.stop() rejects what was asked", stopped, ["AbortError", "AbortError"]);
  const ctl = await p.evaluate((m) => {
    const c = new AbortController();
    const a = gs.c4Analyze(m, { signal: c.signal }).then(() => "answered", (e) => e.name);
    c.abort();
    return a;
  }, positions[0]);
  check("an AbortSignal stops c4Analyze", ctl, "AbortError");
  /* A stop in the middle of a search that takes a while: at the first
   * column's progress, the analysis rejects at once. */
  const mid = await p.evaluate(() => new Promise((resolve) => {
    let stoppedAt = 0;
    gs.c4Analyze("125655765", { onProgress: (q) => {
      if (!stoppedAt) { stoppedAt = performance.now(); gs.stop(); }
    } }).then(() => resolve("answered"), (e) => resolve([e.name, e.message, stoppedAt > 0,
                                                        performance.now() - stoppedAt < 1000]));
  }));
  check("gs.stop() in the middle of c4Analyze", mid, ["AbortError", "stopped", true, true]);
  check("after a stop, the next request is answered",
        (await p.evaluate(() => gs.solveTree("A: B C\nB = 1\nC = 2\n"))).value, 2);

  check("no request and no console error or warning", t.problems, []);
  await ctx.close();
}

t.run(main);
