#!/usr/bin/env node
/*
 * The Connect Four page of `gamesearch web --out DIR` (connect4.html) in a
 * real browser, against the program: a whole game against seeded random
 * moves played to its end and announced; the computer's book moves as
 * `connect4 play` makes them and its searched moves best by `connect4
 * analyze`; the scores and the hint on sampled positions as `connect4
 * analyze` gives them; undo; the winning four drawn; the position kept in
 * the URL through a reload; a search stopped; keyboard play.
 * Usage: node c4_page.js GAMESEARCH SOURCE_DIR
 * Exit 0 when every check passes, 1 when one fails, 77 (skipped, saying
 * why) when chromium or tests/browser/node_modules is missing. A program
 * without the WebAssembly engine passes, saying so.
 */
"use strict";
const fs = require("fs");
const path = require("path");
const { spawnSync } = require("child_process");

const { chromiumOrSkip, test } = require("./harness");

const [gamesearch, srcdir] = process.argv.slice(2);
if (!gamesearch || !srcdir) { console.error("usage: c4_page.js GAMESEARCH SOURCE_DIR"); process.exit(2); }
const chromium = chromiumOrSkip();
const t = test("gs-c4-");
const { tmp, check } = t;

function program(args, input) {
  const r = spawnSync(gamesearch, args, { input: input || "", encoding: "utf8" });
  return { status: r.status, out: r.stdout, err: r.stderr };
}
/* `connect4 analyze POS`: the 7 scores (null: full) and the best columns. */
function analyze(pos) {
  const lines = program(["connect4", "analyze", pos]).out.split("\n");
  return { scores: lines[0].split(" ").map((x) => (x === "." ? null : Number(x))),
           best: lines[1].replace(/^best: /, "").split(" ").map(Number) };
}
/* The line `connect4 play` prints for the computer's move at POS, without
 * its time and nodes. */
function playLine(pos) {
  /* (--first: who moves first from the start position) */
  const out = program(["connect4", "play", "--first", "computer", "--start", pos], "q\n").out;
  const m = out.match(/^computer \([XO]\) plays .*$/m);
  return m ? m[0].replace(/, [0-9.]+ ms, [0-9,]+ nodes$/, "") : null;
}

function rng(seed) {
  let s = seed >>> 0;
  return () => { s = (s + 0x9e3779b9) >>> 0; let z = s; z = Math.imul(z ^ (z >>> 16), 0x85ebca6b) >>> 0;
                 z = Math.imul(z ^ (z >>> 13), 0xc2b2ae35) >>> 0; return ((z ^ (z >>> 16)) >>> 0) / 4294967296; };
}
/* The columns, nearest the centre first (the right one at equal distance). */
const CENTRE = [4, 5, 3, 6, 2, 7, 1];

async function main() {
  const site = path.join(tmp, "site");
  fs.mkdirSync(site);
  const w = program(["web", "--out", site]);
  if (w.status === 2 && /no WebAssembly engine/.test(w.err)) {
    console.log("the Connect Four page not tested: this build has no WebAssembly engine");
    return;
  }
  check("web: exit status", w.status, 0);
  console.log("  connect4.html: " + fs.statSync(path.join(site, "connect4.html")).size + " bytes");
  const page = "file://" + path.join(site, "connect4.html");

  const { ctx, p } = await t.open(chromium, { width: 1000, height: 900 });
  const text = (sel) => p.$eval(sel, (e) => e.textContent);
  const state = () => p.$eval("body", (b) => b.getAttribute("data-c4"));
  const position = () => p.$eval("#c4-board", (b) => b.getAttribute("data-moves"));
  /* The page waiting for the person, or the game over (a search may take
   * a while in the early game). */
  const settle = () => p.waitForFunction(() => /^(you|over|waiting)$/.test(document.body.getAttribute("data-c4")),
                                         null, { timeout: 180000 });

  /* ---- The index links the page; it opens on a new game ---- */
  await p.goto("file://" + path.join(site, "index.html"));
  check("index: links the page", await p.$eval("#link-connect4", (a) => a.getAttribute("href")), "connect4.html");
  await p.click("#link-connect4");
  await settle();
  check("new game: your move", await text("#c4-status"), "New game: you play X. Your move (X): a column 1-7.");
  check("new game: the fragment", await p.evaluate(() => location.hash), "#moves=");
  await p.click("#c4-undo", { force: true });
  check("undo before any move", await text("#c4-status"),
        "Nothing to undo: you have not moved yet. Your move (X): a column 1-7.");
  check("every control labelled", await p.$$eval("button, select",
        (els) => els.filter((e) => !(e.getAttribute("aria-label") || e.textContent.trim())).length), 0);
  check("the status line is read out", await p.$eval("#c4-status", (e) => e.getAttribute("aria-live")), "polite");

  /* ---- gs.c4BookMove: the book's move of `connect4 play` ---- */
  for (const pos of ["", "44", "1", "4444"]) {
    const got = await p.evaluate((m) => gs.c4BookMove(m), pos);
    const line = playLine(pos);
    const m = line && line.match(/plays (\d), score (-?\d+) \(.*from the book\)/);
    check("c4BookMove '" + pos + "' as connect4 play", got, m ? { column: Number(m[1]), score: Number(m[2]) } : null);
  }
  /* c4Analyze's progress gives each column's score as it is proved */
  const told = await p.evaluate(() => {
    const seen = [];
    return gs.c4Analyze("4444441", { onProgress: (q) => seen.push(q.score) }).then((s) => [seen, s]);
  });
  check("c4Analyze: each column's score in its progress", told[0], told[1]);
  check("c4Analyze: as connect4 analyze", told[1], analyze("4444441").scores);
  check("c4BookMove: a position the book does not hold", await p.evaluate(() => gs.c4BookMove("1256557657")), null);
  check("c4BookMove: a bad position", await p.evaluate(() => gs.c4BookMove("1111111").then(() => "answered", (e) => e.status)), 2);

  /* ---- A whole game against seeded random moves, to its end ---- */
  const r = rng(Number(process.env.GS_C4_SEED || 1));
  const computerLines = [];
  let turns = 0;
  while ((await state()) === "you" && turns < 30) {
    const pos = await position();
    const h = [0, 0, 0, 0, 0, 0, 0];
    for (const ch of pos) h[Number(ch) - 1]++;
    const free = [1, 2, 3, 4, 5, 6, 7].filter((c) => h[c - 1] < 6);
    const c = free[Math.floor(r() * free.length)];
    /* by click, by digit, and by the arrow keys and Enter, in turn */
    if (turns % 3 === 0) await p.click(`.c4-col[data-col="${c}"]`);
    else if (turns % 3 === 1) await p.keyboard.press(String(c));
    else {
      await p.keyboard.press("Home");
      for (let k = 1; k < c; k++) await p.keyboard.press("ArrowRight");
      await p.keyboard.press("Enter");
    }
    turns++;
    check("game: the move played (" + c + ")", (await position()).slice(0, pos.length + 1), pos + c);
    await settle();
    const now = await position();
    if (now.length === pos.length + 2) {
      const said = await text("#c4-status");
      computerLines.push([pos + c, now[now.length - 1], said]);
    }
  }
  const result = await text("#c4-status");
  check("game: played to its end", await state(), "over");
  check("game: the perfect solver beat random moves", /The winning four: [^.]*\. O wins: the computer beat you\.$/.test(result), true);
  console.log("  the game: " + (await position()) + "; " + result);
  /* Each computer move: the book's as `connect4 play` says it, or a best
   * column of `connect4 analyze`, the nearest the centre. */
  for (const [pos, col, said] of computerLines) {
    const m = said.match(/Computer \(O\) plays (\d), score (-?\d+) \((.*?)\)/);
    if (!m) { check("game: the computer's line at " + pos, said, "Computer (O) plays ..."); continue; }
    check("game: the column announced at " + pos, m[1], col);
    if (/from the book/.test(m[3])) {
      check("game: the book's move at " + pos, "computer " + said.match(/^Computer (\(O\) plays \d, score -?\d+ \([^)]*\))/)[1], playLine(pos));
    } else {
      const a = analyze(pos);
      check("game: a best move at " + pos, [Number(col), Number(m[2])],
            [CENTRE.find((c) => a.best.includes(c)), a.scores[a.best[0] - 1]]);
    }
  }

  /* ---- The winning four drawn ---- */
  const end = await position();
  const win = await p.$$eval(".c4-cell.win", (els) => els.map((e) => [e.getAttribute("data-cell"), e.getAttribute("data-stone")]));
  check("four: four cells of the winner", win.length === 4 && win.every((x) => x[1] === "O"), true);
  const named = result.match(/The winning four: ([^.]*)\./)[1];
  const cells = win.map((x) => x[0].split(",").map(Number));
  const want = cells[0][1] === cells[3][1] ? `row ${cells[0][1]}, columns ${cells[0][0]} to ${cells[3][0]}`
    : cells[0][0] === cells[3][0] ? `column ${cells[0][0]}, rows ${cells[0][1]} to ${cells[3][1]}`
    : `a diagonal from column ${cells[0][0]}, row ${cells[0][1]} to column ${cells[3][0]}, row ${cells[3][1]}`;
  check("four: named as the cells drawn", named, want);
  check("four: the line drawn across them", await p.$$eval("#c4-line line", (l) => l.length), 1);
  check("four: no column can be played", await p.$$eval(".c4-col", (b) => b.every((x) => x.getAttribute("aria-disabled") === "true")), true);

  /* ---- Undo: back to the position before the person's last move ---- */
  await p.click("#c4-undo");
  await settle();
  check("undo: the position before your last move", await position(), end.slice(0, -2));
  check("undo: says so", (await text("#c4-status")).startsWith("Took back your move and the computer's."), true);
  check("undo: the four gone", await p.$$eval(".c4-cell.win", (e) => e.length), 0);
  check("undo: the stones as the position", await p.$$eval(".c4-cell[data-stone]", (e) => e.length), end.length - 2);
  await p.keyboard.press("u");
  await settle();
  check("undo by the key u", await position(), end.slice(0, -4));

  /* ---- Scores and hint on sampled positions, as connect4 analyze ---- */
  const sr = rng(35);
  const samples = [];
  while (samples.length < 4) {
    const h = [0, 0, 0, 0, 0, 0, 0];
    let pos = "";
    const n = 10 + 2 * Math.floor(sr() * 3);
    while (pos.length < n) {
      const c = Math.floor(sr() * 7);
      if (h[c] < 6) { h[c]++; pos += String(c + 1); }
    }
    if (program(["connect4", "analyze", pos]).status === 0) samples.push(pos);
  }
  for (const pos of samples) {
    await p.goto(page + "#moves=" + pos);
    await p.reload();
    await settle();
    check("link: the position " + pos, await position(), pos);
    await p.click("#c4-scores");
    await p.waitForFunction(() => document.querySelectorAll("#c4-score-row [data-score]").length +
                                  document.querySelectorAll('#c4-score-row [aria-label$="full"]').length === 7 &&
                                  document.body.getAttribute("data-c4") === "you", null, { timeout: 120000 });
    const got = await p.$$eval("#c4-score-row span", (s) => s.map((e) => (e.hasAttribute("data-score") ? Number(e.getAttribute("data-score")) : null)));
    const a = analyze(pos);
    check("scores " + pos + " as connect4 analyze", got, a.scores);
    check("scores " + pos + ": the progress line", /every column proved in/.test(await text("#c4-progress")), true);
    await p.click("#c4-hint");
    await p.waitForFunction(() => document.getElementById("c4-hint-line").hasAttribute("data-column") &&
                                  !/searching/.test(document.getElementById("c4-hint-line").textContent), null, { timeout: 120000 });
    const hint = await p.$eval("#c4-hint-line", (e) => [Number(e.getAttribute("data-column")), Number(e.getAttribute("data-score")), e.textContent]);
    const top = a.scores[a.best[0] - 1];
    check("hint " + pos + ": a best column of connect4 analyze", a.best.includes(hint[0]), true);
    check("hint " + pos + ": its score", hint[1], top);
    const words = top > 0 ? /^Hint: \d, score \d+ \(a win for you(, from the book)?\): win in \d+ \(your moves, this one included\)\.$/
      : top < 0 ? /^Hint: \d, score -\d+ \(a loss for you(, from the book)?\): loss in \d+ \(the computer's moves\)\.$/
      : /^Hint: \d, score 0 \(a draw(, from the book)?\)\.$/;
    check("hint " + pos + ": its words (" + hint[2] + ")", words.test(hint[2]), true);
  }

  /* ---- Reload keeps the position, and whose side you play ---- */
  /* (1256557657: 10 stones, past the book of every position; its solve
   * takes 8 M nodes, seconds in the page: time to stop it) */
  await p.goto(page + "#moves=1256557657&you=second");
  await p.reload();
  await p.waitForFunction(() => document.body.getAttribute("data-c4") === "thinking", null, { timeout: 20000 });
  check("link: you play second", await p.$eval("#c4-side", (s) => s.value), "second");
  check("link: the computer searches a position the book lacks", await text("#c4-status"), "Position 1256557657. The computer (X) is thinking\u2026");
  /* the page answers while the worker searches */
  const t0 = Date.now();
  await p.evaluate(() => document.title);
  check("no freeze while searching", Date.now() - t0 < 2000, true);
  await p.waitForFunction(() => /searching/.test(document.getElementById("c4-progress").textContent), null, { timeout: 20000 });
  await p.click("#c4-stop");
  check("stop: the computer waits", await state(), "waiting");
  check("stop: says so", await text("#c4-status"), "Stopped: the computer has not moved. \u201cComputer, move\u201d searches again.");
  check("stop: the position kept", await position(), "1256557657");
  await p.reload();
  await p.waitForFunction(() => document.body.getAttribute("data-c4") === "thinking", null, { timeout: 20000 });
  check("reload keeps the position", await position(), "1256557657");
  await p.keyboard.press("Escape");
  check("stop by Escape", await state(), "waiting");
  /* undo as O: your move alone (the computer had not answered), then
   * yours and its reply */
  await p.keyboard.press("u");
  check("undo as O: your move", [await position(), await state(), await text("#c4-status")],
        ["125655765", "you", "Took back 1 move. Your move (O): a column 1-7."]);
  await p.click("#c4-undo");
  check("undo as O: your move and the reply", [await position(), await state(), await text("#c4-status")],
        ["1256557", "you", "Took back your move and the computer's. Your move (O): a column 1-7."]);

  /* ---- A bad link: a new game saying why ---- */
  /* (typed into the address bar: the page follows the fragment) */
  for (const bad of ["44x", "1111111"]) {
    await p.goto(page + "#moves=" + bad);
    await p.waitForFunction((b) => document.getElementById("c4-status").textContent.includes("'" + b + "'"), bad, { timeout: 20000 });
    const why = program(["connect4", "analyze", bad]).err.replace(/^gamesearch connect4: analyze /, "").trim();
    check("bad link " + bad + ": the program's words", await text("#c4-status"), "The link's position " + why + ". A new game instead.");
    check("bad link " + bad + ": a new game", await position(), "");
  }

  /* ---- The winning four of a set position, and the program's words ---- */
  await p.goto(page + "#moves=1122334");
  await p.reload();
  await settle();
  check("a won position: over", await state(), "over");
  const said = program(["connect4", "play", "--first", "human", "--start", "112233"], "4\nq\n").out;
  const words = [/^The winning four: .*$/m, /^X wins: .*$/m].map((re) => (said.match(re) || ["?"])[0]);
  check("a won position: the program's words", await text("#c4-status"), "Position 1122334. " + words.join(" "));
  check("a won position: the four", await p.$$eval(".c4-cell.win", (e) => e.map((x) => x.getAttribute("data-cell"))),
        ["1,1", "2,1", "3,1", "4,1"]);
  check("a won position: the last move marked", await p.$$eval(".c4-cell.last", (e) => e.map((x) => x.getAttribute("data-cell"))), ["4,1"]);

  /* ---- On a phone: nothing wider than the screen ---- */
  await p.setViewportSize({ width: 375, height: 740 });
  check("phone: the page fits", await p.evaluate(() => document.documentElement.scrollWidth), 375);

  check("no console errors, no requests", t.problems, []);
  await ctx.close();
}

t.run(main);
