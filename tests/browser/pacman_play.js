#!/usr/bin/env node
/*
 * The Pacman page of `gamesearch web --out DIR` (pacman.html) in a real
 * browser, held to the native program: the page loads with no console
 * error and no request; games with fixed seeds and agents, played by the
 * engine in the page (gs.pacman*) and by the page's own controls, end with
 * exactly the score and the number of moves of `gamesearch pacman` with
 * the same options; Pacman's first decision is valued as the engine's
 * minimax; a few keys move Pacman as the CS188 keyboard agent does; on a
 * phone's width the whole maze shows.
 * Usage: node pacman_play.js GAMESEARCH SOURCE_DIR
 * Exit 0 when every check passes, 1 when one fails, 77 (skipped, saying
 * why) when chromium or tests/browser/node_modules is missing. A program
 * without the WebAssembly engine passes, saying so (tests/test_web.sh
 * holds it to its message).
 */
"use strict";
const fs = require("fs");
const path = require("path");
const { spawnSync } = require("child_process");

const { chromiumOrSkip, test } = require("./harness");

const [gamesearch, srcdir] = process.argv.slice(2);
if (!gamesearch || !srcdir) { console.error("usage: pacman_play.js GAMESEARCH SOURCE_DIR"); process.exit(2); }
const chromium = chromiumOrSkip();
const t = test("gs-pacplay-");
const { tmp, check } = t;

function program(args) {
  const r = spawnSync(gamesearch, args, { encoding: "utf8",
                                          env: { ...process.env, GAMESEARCH_LAYOUTS: path.join(srcdir, "layouts") } });
  return { status: r.status, out: r.stdout, err: r.stderr };
}

/* The program's game 1 for these options: {score, moves, result}. */
function programGame(args) {
  const json = path.join(tmp, "game.json");
  const r = program(["pacman", ...args, "-q", "-n", "1", "--json", json]);
  if (r.status !== 0) throw new Error("gamesearch pacman " + args.join(" ") + ": " + r.err);
  const g = JSON.parse(fs.readFileSync(json, "utf8")).games[0];
  return { score: g.score, moves: g.moves, result: g.result.toLowerCase() };
}

/* The games both play: the page's options and the program's. */
const GAMES = [
  [{ agent: "AlphaBetaAgent", depth: 2, fixRandomSeed: true }, ["-p", "AlphaBetaAgent", "-a", "depth=2", "-f"]],
  [{ agent: "ExpectimaxAgent", depth: 2, seed: 7, ghosts: "DirectionalGhost", numGhosts: 1 },
   ["-p", "ExpectimaxAgent", "-a", "depth=2", "--seed", "7", "-g", "DirectionalGhost", "-k", "1"]],
  [{ agent: "MinimaxAgent", depth: 1, seeds: 3, layout: "arena" },
   ["-p", "MinimaxAgent", "-a", "depth=1", "--seeds", "3", "-l", "arena"]],
  [{ agent: "ReflexAgent", seed: "18446744073709551615", layout: "fortress" },
   ["-p", "ReflexAgent", "--seed", "18446744073709551615", "-l", "fortress"]],
  [{ agent: "GreedyAgent", seeds: -12, maxMoves: 40 }, ["-p", "GreedyAgent", "--seeds", "-12", "--max-moves", "40"]],
];

async function main() {
  const site = path.join(tmp, "site");
  fs.mkdirSync(site);
  const w = program(["web", "--out", site]);
  if (w.status === 2 && /no WebAssembly engine/.test(w.err)) {
    console.log("the Pacman page not tested: this build has no WebAssembly engine");
    return;
  }
  check("web: exit status", w.status, 0);
  console.log("  pacman.html: " + fs.statSync(path.join(site, "pacman.html")).size + " bytes");

  const { ctx, p } = await t.open(chromium, { width: 1200, height: 900 });
  const ready = () => p.waitForSelector("body[data-pacman=ready]", { timeout: 20000 });
  const state = () => p.evaluate(() => gs.pacmanState());

  await p.goto("file://" + path.join(site, "index.html"));
  check("index: links the Pacman page", await p.$eval("#link-pacman", (a) => a.getAttribute("href")), "pacman.html");
  await p.click("#link-pacman");
  await ready();
  check("the built-in mazes", await p.$$eval("#layout option", (o) => o.map((e) => e.value)),
        ["arena", "corridor", "crossroads", "fortress", "labyrinth", "spiral"]);
  check("the maze: walls as outlines, food and capsules",
        [await p.$$eval("#board path.walls", (e) => e.length), await p.$$eval("#board line, #board circle:not(.food):not(.capsule)", (e) => e.length),
         await p.$$eval("circle.food", (e) => e.length), await p.$$eval("circle.capsule", (e) => e.length)],
        [1, 8, 81, 4]);   /* the circles left: the two ghosts' eyes */
  check("one move counter", await p.$$eval("#moves, .gs-where, [data-move]", (e) => e.length), 1);

  /* ---- Games in the engine, against the program ---- */
  for (const [options, args] of GAMES) {
    const want = programGame(args);
    const got = await p.evaluate(async (o) => {
      let s = await gs.pacmanStart(o);
      while (!s.over) s = await gs.pacmanStep();
      return { score: s.score, moves: s.moves, result: s.result };
    }, options);
    check("gs.pacman " + args.join(" "), got, want);
  }

  /* ---- Bad options: the program's messages, status 2 ---- */
  await p.evaluate(() => gs.pacmanStart({ agent: "GreedyAgent", seed: 1 }));
  const refused = (o) => p.evaluate((x) => gs.pacmanStart(x).then(() => "answered", (e) => [e.status, e.message]), o);
  const programSays = (args) => program(["pacman", "-q", ...args]).err.trim().replace(/^gamesearch pacman: /, "");
  fs.writeFileSync(path.join(tmp, "bad.lay"), "%%%\n%PX\n%%%\n");
  for (const [o, args] of [
    [{ agent: "Foo" }, ["-p", "Foo"]],
    [{ agent: "GreedyAgent", ghosts: "Foo" }, ["-p", "GreedyAgent", "-g", "Foo"]],
    [{ agent: "AlphaBetaAgent", args: "depth=x" }, ["-p", "AlphaBetaAgent", "-a", "depth=x"]],
  ]) check("refused as the program: " + args.join(" "), await refused(o), [2, programSays(args)]);
  check("a layout's error: its line and column", await refused({ agent: "GreedyAgent", layout: "%%%\n%PX\n%%%\n" }),
        [2, programSays(["-p", "GreedyAgent", "-l", path.join(tmp, "bad.lay")]).replace(path.join(tmp, "bad.lay") + ":", "")]);
  check("an unknown layout", await refused({ layout: "smallClassic" }),
        [2, "no layout named 'smallClassic' here (built in: arena corridor crossroads fortress labyrinth spiral; or give a layout's text)"]);
  check("a seed out of range", await refused({ seed: "18446744073709551616" }),
        [2, "pacmanStart: seed needs a whole number from -9223372036854775808 to 18446744073709551615, not '18446744073709551616'"]);
  check("two seeds", await refused({ seed: 1, fixRandomSeed: true }),
        [2, "pacmanStart: seed and fixRandomSeed both set the random seed: give one"]);
  check("a refused start leaves the game under way", await p.evaluate(() => gs.pacmanStep().then((st) => [st.pacmanMoves, st.agents.length])),
        [1, 3]);
  check("a key that is none", await p.evaluate(() => gs.pacmanStep({ keys: ["Up"] }).then(() => "answered", (e) => [e.status, e.message])),
        [2, "pacmanStep: 'Up' is not a key: West, East, North, South or Stop"]);

  /* ---- The page's own game: options chosen, played to the end ---- */
  await p.reload();
  await ready();
  await p.selectOption("#agent", "ExpectimaxAgent");
  await ready();
  await p.fill("#depth", "2");
  await p.selectOption("#ghosts", "DirectionalGhost");
  await p.selectOption("#seedkind", "seeds");
  await p.fill("#seed", "5");
  await p.click("#new");
  await ready();
  check("the command line shown", await p.textContent("#command"),
        "gamesearch pacman -p ExpectimaxAgent -a depth=2 -l crossroads -k 4 -g DirectionalGhost --seeds 5 -q");
  await p.selectOption("#speed", "100");
  await p.click("#play");
  await p.waitForSelector("body[data-pacman=over]", { timeout: 120000 });
  const end = programGame(["-p", "ExpectimaxAgent", "-a", "depth=2", "-g", "DirectionalGhost", "--seeds", "5"]);
  check("the page's game: the program's score and moves",
        [Number(await p.$eval("#score", (e) => e.dataset.score)), Number(await p.$eval("#moves", (e) => e.dataset.moves))],
        [end.score, end.moves]);
  check("its end said", await p.textContent("#status"),
        (end.result === "win" ? "Pacman emerges victorious! Score: " : "Pacman died! Score: ") + end.score);
  check("the score chart: a line and its axes",
        [await p.$$eval("#chart polyline.scoreline", (e) => e.length), await p.$$eval("#chart .axes text", (e) => e.length > 4)],
        [1, true]);

  /* ---- Pacman's first decision: each legal action's value ---- */
  await p.selectOption("#agent", "MinimaxAgent");
  await ready();
  await p.fill("#numghosts", "1");
  await p.selectOption("#seedkind", "seed");
  await p.fill("#seed", "1");
  await p.click("#new");
  await ready();
  await p.click("#step");
  await p.waitForSelector("#values");
  const values = await p.$$eval("#values [data-action]", (els) => els.map((e) => [e.dataset.action, Number(e.dataset.value), e.classList.contains("chosen")]));
  const start = JSON.parse(program(["compare", "pacman", "crossroads", "--ghosts", "1", "--depth", "4-4",
                                    "--algo", "minimax", "--json"]).out).rows[0];
  check("the first decision: every legal action, one chosen", [values.map((v) => v[0]).join(" "), values.filter((v) => v[2]).length],
        ["West Stop East", 1]);
  check("the chosen value is the engine's minimax value at 4 plies", values.find((v) => v[2])[1], start.value);

  /* ---- The keyboard: a few keys, no ghosts ---- */
  await p.selectOption("#agent", "KeyboardAgent");
  await ready();
  await p.fill("#numghosts", "0");
  await p.click("#new");
  await ready();
  check("keyboard: waits for a key", await p.textContent("#panel"), "Press an arrow key (or WASD) to start.");
  await p.click("#step");           /* a round with no key: Pacman stays */
  await p.waitForFunction(() => document.querySelector("#moves").dataset.moves === "1");
  await p.evaluate(() => document.activeElement.blur());
  const seen = [];
  const at = async () => { const s = await state(); seen.push([s.agents[0].x2, s.agents[0].y2, s.agents[0].dir, s.score, s.moves]); };
  await at();
  for (const k of ["ArrowLeft", "w", "ArrowRight", " "]) {
    const before = seen.length;
    await p.keyboard.press(k);
    await p.waitForFunction((n) => Number(document.querySelector("#moves").dataset.moves) === n, before + 1);
    await at();
  }
  /* Left eats a dot; Up is walled, so Pacman keeps going west as
   * keyboardAgents.py does; Right goes back over the eaten dot; space stops
   * him (a stop keeps the heading, as pacman.py's Configuration does). */
  check("keyboard: the moves", seen, [[24, 6, "Stop", -1, 1], [22, 6, "West", 8, 2], [20, 6, "West", 17, 3],
                                      [22, 6, "East", 16, 4], [22, 6, "East", 15, 5]]);
  check("keyboard: the page follows, no values for keys", [await p.$eval("#score", (e) => e.dataset.score), await p.textContent("#moves"),
        await p.$$eval("#values", (e) => e.length), await p.textContent("#panel p")],
        ["15", "move 5", 0, "You chose."]);

  /* In real time, as in the terminal: the first key starts the game, Pacman
   * keeps going, P pauses. */
  await p.click("#new");
  await ready();
  await p.evaluate(() => document.activeElement.blur());
  await p.keyboard.press("ArrowLeft");
  await p.waitForSelector("body[data-pacman=playing]");
  await p.waitForFunction(() => Number(document.querySelector("#moves").dataset.moves) >= 3);
  await p.keyboard.press("p");
  await p.waitForSelector("body[data-pacman=ready]");
  const paused = await state();
  check("keyboard in real time: the first key starts, Pacman keeps going west, P pauses",
        [paused.agents[0].dir, paused.agents[0].y2, paused.moves >= 3, await p.textContent("#play")],
        ["West", 6, true, "\u25b6 Play"]);

  /* ---- On a phone: the whole maze on the screen ---- */
  await p.setViewportSize({ width: 375, height: 740 });
  await p.selectOption("#layout", "labyrinth");
  await ready();
  check("phone: nothing wider than the screen", await p.evaluate(() => document.documentElement.scrollWidth), 375);
  const box = await p.$eval("#board", (b) => { const r = b.getBoundingClientRect(); return [r.left, r.right]; });
  check("phone: the maze within the screen", box[0] >= 0 && box[1] <= 375, true);

  check("no console errors, no requests", t.problems, []);
  await ctx.close();
}

t.run(main);
