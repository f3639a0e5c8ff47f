#!/usr/bin/env node
/*
 * The replay page of `gamesearch pacman --html` in a real browser: Debian's
 * chromium, driven by playwright-core. Usage: node pacman_page.js GAMESEARCH
 * SOURCE_DIR. Exit 0 when every check passes, 1 when one fails, 77
 * (skipped, saying why) when chromium or tests/browser/node_modules is
 * missing.
 */
"use strict";
const fs = require("fs");
const path = require("path");
const { execFileSync } = require("child_process");

const { chromiumOrSkip, test } = require("./harness");

const [gamesearch, srcdir] = process.argv.slice(2);
if (!gamesearch || !srcdir) { console.error("usage: pacman_page.js GAMESEARCH SOURCE_DIR"); process.exit(2); }
const chromium = chromiumOrSkip();
const t = test("gs-pacman-");
const { tmp, check } = t;

function gs(args) {
  return execFileSync(gamesearch, args, { stdio: ["ignore", "pipe", "inherit"],
                                          env: { ...process.env, GAMESEARCH_LAYOUTS: path.join(srcdir, "layouts") } }).toString();
}

async function main() {
  const played = path.join(tmp, "played.html"), replayed = path.join(tmp, "replayed.html");
  const rec = path.join(tmp, "games.rec"), json = path.join(tmp, "games.json");
  const game = ["pacman", "-p", "AlphaBetaAgent", "-a", "depth=2", "-l", "crossroads", "-k", "1", "-q", "-n", "3", "--seeds", "7"];
  gs(game.concat(["--html", played, "--record", rec, "--json", json]));
  gs(["pacman", "--replay", rec, "-q", "--html", replayed]);
  const results = JSON.parse(fs.readFileSync(json, "utf8")).games;
  // The value of Pacman's first decision, as the engine counts it: minimax
  // to 2 rounds (4 plies) from the start, ghosts minimising, the score.
  const start = JSON.parse(gs(["compare", "pacman", "crossroads", "--ghosts", "1", "--depth", "4-4",
                               "--algo", "minimax", "--json"])).rows[0];

  const { ctx, p } = await t.open(chromium, { width: 1200, height: 800 });
  const move = () => p.$eval("[data-move]", (e) => Number(e.getAttribute("data-move")));
  const key = (k) => p.keyboard.press(k);
  const food = () => p.$$eval("circle.food", (els) => els.filter((e) => e.getAttribute("visibility") !== "hidden").length);
  const values = () => p.$$eval("[data-action]", (els) => els.map((e) => [e.getAttribute("data-action"),
                                                                         e.getAttribute("data-value"),
                                                                         e.classList.contains("chosen")]));

  /* ---- The played games: the maze, the moves, the search's values ---- */
  await p.goto("file://" + played);
  check("title", await p.textContent("#title"), "gamesearch: AlphaBetaAgent on crossroads, 1 RandomGhost");
  check("the maze: walls as outlines (no beads, no lines), food and capsules",
        [await p.$$eval("#board path.walls", (e) => e.length), await p.$$eval("#board line", (e) => e.length),
         await food(), await p.$$eval("circle.capsule", (e) => e.length)], [1, 0, 81, 4]);
  check("one move counter", await p.$$eval("#move, .gs-where", (e) => e.length), 1);
  check("Home: move 0", await move(), 0);
  check("before any move, no search", await p.textContent("#panel"), "Pacman has not moved yet.");
  await key("ArrowRight");
  check("ArrowRight: move 1", await move(), 1);
  const first = await values();
  check("Pacman's first move: every legal action, one chosen",
        [first.map((v) => v[0]).join(" "), first.filter((v) => v[2]).length], ["West Stop East", 1]);
  const best = Math.max(...first.map((v) => Number(v[1])));
  const chosen = first.find((v) => v[2]);
  check("the chosen action has the best value", Number(chosen[1]), best);
  check("its value is the engine's minimax value at 4 plies", best, start.value);
  check("the chosen action is the move played", await p.textContent("#move"), "move 1 of " +
        (await p.$eval("#scrub", (e) => e.max)) + ": Pacman " + chosen[0]);
  check("nodes searched", Number(await p.$eval("#cost", (e) => e.getAttribute("data-nodes"))) > 0, true);
  await key("ArrowRight");
  check("a ghost's move keeps Pacman's last decision", [await move(), (await values()).length,
        await p.$eval("#panel h2", (e) => e.textContent)], [2, 3, "Pacman's last move (1)"]);
  await key("ArrowLeft");
  check("ArrowLeft: back to move 1", await move(), 1);
  await key("End");
  const moves = Number(await p.$eval("#scrub", (e) => e.max));
  check("End: the last move, the game's score", [await move(), await p.textContent("#score")],
        [moves, "SCORE: " + results[0].score + "   " + (results[0].win ? "WIN" : "LOSS")]);
  check("food eaten along the way", (await food()) < 81, true);
  await key("Home");
  check("Home: move 0, the food back", [await move(), await food()], [0, 81]);
  await p.$eval("#scrub", (e) => { e.value = "5"; e.dispatchEvent(new Event("input")); });
  check("the scrubber", await move(), 5);
  await p.click("#gs-play");
  await p.waitForFunction(() => Number(document.querySelector("[data-move]").getAttribute("data-move")) >= 8);
  await p.click("#gs-play");
  check("play, then pause", (await move()) >= 8, true);

  /* ---- The batch: record, picker, scores ---- */
  const wins = results.filter((g) => g.win).length;
  check("the record", await p.textContent("#record"),
        "3 games: " + wins + " won, " + (3 - wins) + " lost (" + Math.round(100 * wins / 3) + "%), mean score " +
        String(Math.round(results.reduce((s, g) => s + g.score, 0) / 3 * 10) / 10).replace(/^-/, "\u2212"));
  check("a bar for each game", await p.$$eval("#scores rect", (e) => e.length), 3);
  check("the scores' axes: games 1 to 3, the score labelled",
        [await p.$$eval("#scores .axes text", (e) => e.map((t) => t.textContent).filter((x) => /^[123]$|^game$|^score$/.test(x)))],
        [["1", "2", "3", "game", "score"]]);
  await p.selectOption("#game", "2");
  check("picking game 3 starts it", [await move(), await p.$eval("#scrub", (e) => Number(e.max))],
        [0, results[2].moves]);
  await p.click("#scores rect[data-game='1']");
  check("clicking a bar picks its game", [await p.$eval("#game", (e) => e.value), await move()], ["1", 0]);
  await key("End");
  check("game 2's end", await p.textContent("#score"), "SCORE: " + results[1].score + "   " + (results[1].win ? "WIN" : "LOSS"));

  /* ---- A replayed record: the same games, without the search ---- */
  await p.goto("file://" + replayed);
  await key("End");
  check("replay: the same game", [await move(), await p.textContent("#score")],
        [moves, "SCORE: " + results[0].score + "   " + (results[0].win ? "WIN" : "LOSS")]);
  check("replay: no search to show", await p.textContent("#panel"),
        "No search to show: a replayed record keeps only the moves.");

  /* ---- On a phone: nothing wider than the screen ---- */
  await p.setViewportSize({ width: 375, height: 740 });
  check("phone: the page fits", await p.evaluate(() => document.documentElement.scrollWidth), 375);

  check("no console errors, no requests", t.problems, []);
  await ctx.close();
}

t.run(main);
