/*
 * The Pacman replay page of `gamesearch pacman --html`. Its data (gs-data):
 *   {layout, pacman, ghostKind, agents, dirs: ["West", "Stop", ...],
 *    maze: rows, top row first ('%' wall, '.' food, 'o' capsule),
 *    games: [{result, score, training,
 *             start: [i, x2, y2, dir, scared, ...] for every agent,
 *             moves: [[agent, action, score, i, x2, y2, dir, scared, ...
 *                      for each agent the move changed], ...],
 *             decisions: [[action, nodes, depth, ms, [actions], [values]],
 *                         ...] one for each of Pacman's moves, or none]}]}
 * Positions are doubled (x2 = 2x, so that a scared ghost's half steps are
 * whole), y counted from the bottom as pacman.py counts it.
 */
"use strict";
(function () {
  var D = GS.data(), el = GS.el, svg = GS.svg;
  var CELL = 24, H = D.maze.length, W = H ? D.maze[0].length : 0;

  var board = document.getElementById("board");
  board.setAttribute("width", W * CELL);
  board.setAttribute("height", H * CELL);
  board.setAttribute("viewBox", "0 0 " + W * CELL + " " + H * CELL);
  document.getElementById("title").textContent = "gamesearch: " + D.pacman +
    " on " + D.layout + ", " + (D.agents - 1) + " " + D.ghostKind +
    (D.agents === 2 ? "" : "s");

  /* The maze as pacman.py's graphics draw it (web/pacman-maze.js); the
   * food and capsules as items to hide once eaten. */
  var food = PacDraw.maze(board, D.maze, CELL).items;
  var agents = PacDraw.agents(board, D.agents, CELL, H);

  /* ---- One game, its frames computed once when it is chosen ---- */
  var game = null, frames = [];
  function cellOf(x2, y2) {
    if (x2 % 2 || y2 % 2) return -1;
    return (H - 1 - y2 / 2) * W + x2 / 2;
  }
  function load(gi) {
    game = D.games[gi];
    var now = [], k, j;
    for (j = 0; j < game.start.length; j += 5) now[game.start[j]] = game.start.slice(j + 1, j + 5);
    var eatenAt = {}, pacman = 0, decision = -1;
    frames = [{ agents: now, score: 0, agent: -1, action: -1, decision: -1, pacman: -1 }];
    for (k = 0; k < game.moves.length; k++) {
      var mv = game.moves[k];
      now = now.slice();
      for (j = 3; j < mv.length; j += 5) now[mv[j]] = mv.slice(j + 1, j + 5);
      if (mv[0] === 0) {
        decision = pacman < game.decisions.length ? pacman : -1;
        pacman++;
        var cell = cellOf(now[0][0], now[0][1]);
        if (cell >= 0 && food[cell] && !(cell in eatenAt)) eatenAt[cell] = k + 1;
      }
      frames.push({ agents: now, score: mv[2], agent: mv[0], action: mv[1],
                    decision: decision, pacman: mv[0] === 0 ? pacman : -1 });
    }
    game.eatenAt = eatenAt;
    var scrub = document.getElementById("scrub");
    scrub.max = String(game.moves.length);
    stepper.reset(game.moves.length, 0);
  }

  function place(i, a, k) {
    agents.place(i, { x2: a[0], y2: a[1], dir: D.dirs[a[2]], scared: a[3] }, k % 2 === 1);
  }

  function show(k) {
    var f = frames[k];
    for (var i = 0; i < f.agents.length; i++) place(i, f.agents[i], k);
    for (var cell in food) {
      var at = game.eatenAt[cell];
      food[cell].setAttribute("visibility", at !== undefined && at <= k ? "hidden" : "visible");
    }
    document.getElementById("score").textContent = "SCORE: " + f.score +
      (k === frames.length - 1 ? "   " + game.result.toUpperCase() : "");
    var mv = document.getElementById("move");
    mv.setAttribute("data-move", String(k));
    mv.textContent = "move " + k + " of " + (frames.length - 1) +
      (f.agent > 0 ? ": ghost " + f.agent + " " : f.agent === 0 ? ": Pacman " : "") +
      (f.agent >= 0 ? D.dirs[f.action] : "");
    document.getElementById("scrub").value = String(k);
    panel(f);
  }

  /* What the search thought at Pacman's move (or at his last one). */
  function panel(f) {
    var box = document.getElementById("panel");
    box.textContent = "";
    if (!game.decisions.length) {
      el("p", { text: "No search to show: " + (D.pacman.match(/Minimax|AlphaBeta|Expectimax|Champion|Reflex/)
        ? "a replayed record keeps only the moves." : D.pacman + " does not search.") }, box);
      return;
    }
    if (f.decision < 0) { el("p", { text: "Pacman has not moved yet." }, box); return; }
    var d = game.decisions[f.decision];
    el("h2", { text: f.agent === 0 ? "Pacman's move " + (f.decision + 1)
                                    : "Pacman's last move (" + (f.decision + 1) + ")",
               "class": f.agent === 0 ? "" : "old" }, box);
    var t = el("table", { id: "values" }, box);
    var head = el("tr", {}, t);
    ["action", "value", ""].forEach(function (h) { el("th", { text: h }, head); });
    var vals = d[5].filter(function (v) { return v !== null; });
    var lo = Math.min.apply(null, vals), hi = Math.max.apply(null, vals);
    d[4].forEach(function (a, n) {
      var v = d[5][n];
      var tr = el("tr", { "data-action": D.dirs[a], "data-value": v === null ? "" : String(v),
                          "class": a === d[0] ? "chosen" : "" }, t);
      el("td", { text: D.dirs[a] }, tr);
      el("td", { "class": "v", text: v === null ? "not searched" : GS.num(Math.round(v * 100) / 100) }, tr);
      var bar = el("td", {}, tr);
      if (v !== null)
        el("span", { "class": "bar", style: "width:" + (hi > lo ? 8 + 112 * (v - lo) / (hi - lo) : 120) + "px" }, bar);
    });
    el("p", { "class": "cost", id: "cost", "data-nodes": String(d[1]),
              text: "chose " + D.dirs[d[0]] + ": " + d[1].toLocaleString("en") + " nodes, depth " +
                    d[2] + ", " + GS.num(Number(d[3].toPrecision(3))) + " ms" }, box);
  }

  /* ---- A batch: the record, a game picker, the scores ---- */
  var counted = D.games.filter(function (g) { return !g.training; });
  var wins = counted.filter(function (g) { return g.result === "win"; }).length;
  var mean = counted.reduce(function (s, g) { return s + g.score; }, 0) / (counted.length || 1);
  document.getElementById("record").textContent = counted.length === 1
    ? "one game: " + (wins ? "a win" : "a " + counted[0].result) + ", score " + counted[0].score
    : counted.length + " games: " + wins + " won, " + (counted.length - wins) + " lost (" +
      Math.round(100 * wins / (counted.length || 1)) + "%), mean score " + GS.num(Number(mean.toFixed(1)));
  var picker = document.getElementById("game");
  var bars = [];
  if (D.games.length > 1) {
    document.getElementById("batch").hidden = false;
    var chart = document.getElementById("scores"), cw = 480, ch = 130, n = D.games.length;
    chart.setAttribute("viewBox", "0 0 " + cw + " " + ch);
    var all = D.games.map(function (g) { return g.score; });
    var ax = PacDraw.axes(chart, { left: 44, right: 16, top: 8, bottom: 30, width: cw, height: ch },
                          { min: .5, max: n + .5, label: "game", integer: true },
                          { min: Math.min.apply(null, all.concat([0])), max: Math.max.apply(null, all.concat([0])),
                            label: "score" });
    var zero = ax.y(0), bw = ax.x(1.5) - ax.x(.5);
    D.games.forEach(function (g, gi) {
      el("option", { value: String(gi), text: "game " + (gi + 1) + ": " + g.result + ", " + g.score +
                                              (g.training ? " (training)" : "") }, picker);
      var y = ax.y(g.score);
      var b = svg("rect", { x: ax.x(gi + 1) - bw * .4, width: Math.max(1, bw * .8), y: Math.min(y, zero),
                            height: Math.max(1, Math.abs(zero - y)), fill: g.result === "win" ? "#2f9e44" : "#e03131",
                            "data-game": gi }, chart);
      svg("title", { text: "game " + (gi + 1) + ": " + g.result + ", score " + g.score }, b);
      b.addEventListener("click", function () { choose(gi); });
      bars.push(b);
    });
    picker.addEventListener("change", function () { choose(Number(picker.value)); });
  }
  function choose(gi) {
    picker.value = String(gi);
    bars.forEach(function (b, n) { b.setAttribute("class", n === gi ? "current" : ""); });
    load(gi);
  }

  var stepper = GS.stepper(document.getElementById("controls"), show);
  /* One move counter: #move says which move and who made it. */
  var where = stepper.bar.querySelector(".gs-where");
  if (where) where.parentNode.removeChild(where);
  var speed = document.getElementById("gs-speed");
  [16, 32].forEach(function (s) { el("option", { value: String(s), text: s + " steps/s" }, speed); });
  speed.value = "8";
  document.getElementById("scrub").addEventListener("input", function (e) {
    stepper.go(Number(e.target.value));
  });
  choose(0);
})();
