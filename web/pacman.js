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
  var COLOURS = ["#e60000", "#004de6", "#fa6912", "#1abfb3", "#ff9900", "#6621e8"];
  var SCARED = "#2b3bff", FLASH = "#ffffff";
  var GHOST = [[0, .3], [.25, .75], [.5, .3], [.75, .75], [.75, -.5], [.5, -.75],
               [-.5, -.75], [-.75, -.5], [-.75, .75], [-.5, .3], [-.25, .75]];
  var ANGLE = { East: 0, North: -90, West: 180, South: 90 };
  var STEP = { East: [1, 0], West: [-1, 0], North: [0, -1], South: [0, 1], Stop: [0, 0] };

  var board = document.getElementById("board");
  board.setAttribute("width", W * CELL);
  board.setAttribute("height", H * CELL);
  board.setAttribute("viewBox", "0 0 " + W * CELL + " " + H * CELL);
  document.getElementById("title").textContent = "gamesearch: " + D.pacman +
    " on " + D.layout + ", " + (D.agents - 1) + " " + D.ghostKind +
    (D.agents === 2 ? "" : "s");

  /* The maze: blue lines joining wall cells along open space, as
   * pacman.py's graphics outline the walls; food and capsules white. */
  function isWall(x, y) { return y < 0 || y >= H || x < 0 || x >= W || D.maze[y][x] === "%"; }
  function open(x, y) { return !isWall(x, y); }
  var walls = svg("g", { stroke: "#0033ff", "stroke-width": 4, "stroke-linecap": "round",
                         fill: "#0033ff" }, board);
  var food = {};   /* cell index (row * W + x, top row 0) -> its element */
  var items = svg("g", { fill: "#fff" }, board);
  for (var y = 0; y < H; y++) {
    for (var x = 0; x < W; x++) {
      var cx = (x + .5) * CELL, cy = (y + .5) * CELL, c = D.maze[y][x];
      if (c === "%") {
        var edge = false;
        for (var dy = -1; dy <= 1; dy++) for (var dx = -1; dx <= 1; dx++) edge = edge || open(x + dx, y + dy);
        if (!edge) continue;
        svg("circle", { cx: cx, cy: cy, r: 2 }, walls);
        if (x + 1 < W && isWall(x + 1, y) &&
            (open(x, y - 1) || open(x + 1, y - 1) || open(x, y + 1) || open(x + 1, y + 1)))
          svg("line", { x1: cx, y1: cy, x2: cx + CELL, y2: cy }, walls);
        if (y + 1 < H && isWall(x, y + 1) &&
            (open(x - 1, y) || open(x - 1, y + 1) || open(x + 1, y) || open(x + 1, y + 1)))
          svg("line", { x1: cx, y1: cy, x2: cx, y2: cy + CELL }, walls);
      } else if (c === "." || c === "o") {
        food[y * W + x] = svg("circle", { cx: cx, cy: cy, r: c === "." ? CELL * .1 : CELL * .25,
                                          "class": c === "." ? "food" : "capsule" }, items);
      }
    }
  }

  /* The agents: Pacman yellow with his mouth the way he goes, the ghosts
   * in pacman.py's colours with eyes looking their way. */
  var r = CELL * .42, m = Math.PI / 6;
  var agents = [];
  for (var i = 0; i < D.agents; i++) {
    var g = svg("g", { "class": i ? "ghost" : "pacman", "data-agent": i }, board);
    if (i === 0) {
      svg("path", { fill: "#ffff3d", d: "M0,0 L" + r * Math.cos(m) + "," + (-r * Math.sin(m)) +
                    " A" + r + "," + r + " 0 1 0 " + r * Math.cos(m) + "," + r * Math.sin(m) + " Z" }, g);
      agents.push({ g: g });
    } else {
      var s = CELL * .55;
      var body = svg("polygon", { points: GHOST.map(function (p) { return p[0] * s + "," + p[1] * s; }).join(" ") }, g);
      var eyes = [-.3, .3].map(function (ex) {
        svg("circle", { cx: ex * s, cy: -.3 * s, r: .22 * s, fill: "#fff" }, g);
        return svg("circle", { cx: ex * s, cy: -.3 * s, r: .1 * s, fill: "#000" }, g);
      });
      agents.push({ g: g, body: body, eyes: eyes, s: s, colour: COLOURS[(i - 1) % COLOURS.length] });
    }
  }

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
    var A = agents[i], sx = (a[0] / 2 + .5) * CELL, sy = (H - 1 - a[1] / 2 + .5) * CELL;
    var dir = D.dirs[a[2]];
    if (i === 0) {
      if (dir !== "Stop") A.angle = ANGLE[dir];
      A.g.setAttribute("transform", "translate(" + sx + " " + sy + ") rotate(" + (A.angle || 0) + ")");
      return;
    }
    A.g.setAttribute("transform", "translate(" + sx + " " + sy + ")");
    var scared = a[3] > 0, flash = scared && a[3] <= 8 && k % 2 === 1;
    A.body.setAttribute("fill", !scared ? A.colour : flash ? FLASH : SCARED);
    A.g.setAttribute("data-scared", String(a[3]));
    var d = STEP[dir] || [0, 0];
    A.eyes.forEach(function (e, n) {
      e.setAttribute("cx", ((n ? .3 : -.3) + d[0] * .1) * A.s);
      e.setAttribute("cy", (-.3 + d[1] * .1) * A.s);
    });
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
    var chart = document.getElementById("scores"), cw = 480, ch = 70;
    chart.setAttribute("viewBox", "0 0 " + cw + " " + ch);
    var top = Math.max(0, Math.max.apply(null, D.games.map(function (g) { return g.score; })));
    var bottom = Math.min(0, Math.min.apply(null, D.games.map(function (g) { return g.score; })));
    var span = top - bottom || 1, zero = 4 + (ch - 8) * top / span, bw = cw / D.games.length;
    D.games.forEach(function (g, gi) {
      el("option", { value: String(gi), text: "game " + (gi + 1) + ": " + g.result + ", " + g.score +
                                              (g.training ? " (training)" : "") }, picker);
      var h = (ch - 8) * Math.abs(g.score) / span;
      var b = svg("rect", { x: gi * bw + bw * .1, width: Math.max(1, bw * .8), y: g.score >= 0 ? zero - h : zero,
                            height: Math.max(1, h), fill: g.result === "win" ? "#2f9e44" : "#e03131",
                            "data-game": gi }, chart);
      svg("title", { text: "game " + (gi + 1) + ": " + g.result + ", score " + g.score }, b);
      b.addEventListener("click", function () { choose(gi); });
      bars.push(b);
    });
    svg("line", { x1: 0, x2: cw, y1: zero, y2: zero, stroke: "#999" }, chart);
    picker.addEventListener("change", function () { choose(Number(picker.value)); });
  }
  function choose(gi) {
    picker.value = String(gi);
    bars.forEach(function (b, n) { b.setAttribute("class", n === gi ? "current" : ""); });
    load(gi);
  }

  var stepper = GS.stepper(document.getElementById("controls"), show);
  var speed = document.getElementById("gs-speed");
  [16, 32].forEach(function (s) { el("option", { value: String(s), text: s + " steps/s" }, speed); });
  speed.value = "8";
  document.getElementById("scrub").addEventListener("input", function (e) {
    stepper.go(Number(e.target.value));
  });
  choose(0);
})();
