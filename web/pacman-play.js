/*
 * The Pacman page of `gamesearch web` (pacman.html): a game held by the
 * engine (gs.pacman*, web/gs.js), played with the keyboard under the
 * CS188 rules or watched while an agent plays it, a round at a time, with
 * the value of each of Pacman's legal actions beside the maze. This file
 * only draws: every move, random number and value comes from the engine.
 *
 * The page's state for tests and scripts: body[data-pacman] is "loading",
 * "ready" (a game started, waiting), "playing" or "over"; #moves's
 * data-moves the single-agent moves so far, #score's data-score the score.
 */
"use strict";
(function () {
  var el = GS.el, svg = GS.svg, $ = function (id) { return document.getElementById(id); };
  var CELL = 24;
  var KEYS = { ArrowLeft: "West", ArrowRight: "East", ArrowUp: "North", ArrowDown: "South",
               a: "West", d: "East", w: "North", s: "South", A: "West", D: "East", W: "North", S: "South",
               " ": "Stop" };

  var st = null;          /* the engine's last state */
  var board = null;       /* {maze, agents} drawn for the current game */
  var scores = [];        /* [move, score] after each round */
  var timer = null, busy = false, keys = [], round = 0;
  var keyboard = false;   /* KeyboardAgent plays */
  var waiting = false;    /* a keyboard game waits for its first key */

  function status(text) { $("status").textContent = text; }
  function phase(p) { document.body.setAttribute("data-pacman", p); }

  /* ---- Drawing ---- */
  function drawBoard() {
    var b = $("board");
    b.textContent = "";
    var W = st.width, H = st.height;
    b.setAttribute("viewBox", "0 0 " + W * CELL + " " + H * CELL);
    b.setAttribute("width", W * CELL);
    b.setAttribute("height", H * CELL);
    $("boardbox").style.width = (W * CELL + 12) + "px";
    board = { maze: PacDraw.maze(b, st.maze, CELL), agents: PacDraw.agents(b, st.agents.length, CELL, H) };
  }

  function draw() {
    board.maze.show(st.maze);
    st.agents.forEach(function (a, i) { board.agents.place(i, a, round % 2 === 1); });
    var sc = $("score");
    sc.setAttribute("data-score", String(st.score));
    sc.textContent = "SCORE: " + st.score + (st.over ? "   " + st.result.toUpperCase() : "");
    var mv = $("moves");
    mv.setAttribute("data-moves", String(st.moves));
    mv.textContent = "move " + st.moves;
    panel();
    chart();
  }

  /* Pacman's last decision: each legal action's value, the chosen one
   * marked, and what it cost. */
  function panel() {
    var box = $("panel"), d = st.decision;
    box.textContent = "";
    if (!d) {
      el("p", { text: keyboard ? "Press an arrow key (or WASD) to start." : "Pacman has not moved yet." }, box);
      return;
    }
    var agent = $("agent").value;
    el("h2", { text: "Pacman's move " + st.pacmanMoves + ": " + d.action }, box);
    if (!d.values.length) {
      el("p", { "class": "cost", text: agent === "KeyboardAgent" ? "You chose." : agent + " does not value its actions." }, box);
      return;
    }
    var t = el("table", { id: "values" }, box);
    var head = el("tr", {}, t);
    ["action", "value", ""].forEach(function (h) { el("th", { text: h }, head); });
    var vals = d.values.map(function (v) { return v.value; }).filter(function (v) { return v !== null; });
    var lo = Math.min.apply(null, vals), hi = Math.max.apply(null, vals);
    d.values.forEach(function (v) {
      var tr = el("tr", { "data-action": v.action, "data-value": v.value === null ? "" : String(v.value),
                          "class": v.action === d.action ? "chosen" : "" }, t);
      el("td", { text: v.action }, tr);
      el("td", { "class": "v", text: v.value === null ? "not searched" : GS.num(Math.round(v.value * 100) / 100) }, tr);
      var bar = el("td", {}, tr);
      if (v.value !== null)
        el("span", { "class": "bar", style: "width:" + (hi > lo ? 8 + 92 * (v.value - lo) / (hi - lo) : 100) + "px" }, bar);
    });
    el("p", { "class": "cost", id: "cost", "data-nodes": String(d.nodes),
              text: d.nodes.toLocaleString("en") + " nodes" + (d.depth ? ", depth " + d.depth : "") +
                    ", " + (d.ms < 0.1 ? "under 0.1" : GS.num(Number(d.ms.toPrecision(3)))) + " ms" }, box);
  }

  /* The score after each round, against the moves, with its axes. */
  function chart() {
    var c = $("chart"), w = 420, h = 150;
    c.textContent = "";
    c.setAttribute("viewBox", "0 0 " + w + " " + h);
    var last = scores.length ? scores[scores.length - 1][0] : 0;
    var ys = scores.map(function (p) { return p[1]; }).concat([0]);
    var ax = PacDraw.axes(c, { left: 44, right: 16, top: 8, bottom: 30, width: w, height: h },
                          { min: 0, max: Math.max(last, 10), label: "move", integer: true },
                          { min: Math.min.apply(null, ys), max: Math.max.apply(null, ys), label: "score" });
    if (scores.length > 1)
      svg("polyline", { "class": "scoreline", fill: "none", stroke: "#2b6cb0", "stroke-width": 1.5,
                        points: scores.map(function (p) { return ax.x(p[0]).toFixed(1) + "," + ax.y(p[1]).toFixed(1); }).join(" ") }, c);
  }

  /* ---- The game ---- */
  function options() {
    var agent = $("agent").value, o = {
      layout: $("layout").value, agent: agent, ghosts: $("ghosts").value,
      numGhosts: Math.max(0, Math.floor(Number($("numghosts").value) || 0))
    };
    if (/Minimax|AlphaBeta|Expectimax|Champion|MCTS/.test(agent))
      o.depth = Math.max(1, Math.floor(Number($("depth").value) || 1));
    var kind = $("seedkind").value, n = Math.trunc(Number($("seed").value) || 0);
    if (kind === "f") o.fixRandomSeed = true;
    else if (kind === "seeds") o.seeds = n;
    else if (kind === "seed") o.seed = n;
    return o;
  }

  /* The program's command line for the game on the page. */
  function command(o, seed) {
    var a = ["gamesearch pacman", "-p", o.agent];
    if (o.depth !== undefined) a.push("-a", "depth=" + o.depth);
    a.push("-l", o.layout, "-k", String(o.numGhosts), "-g", o.ghosts, seed);
    if (o.agent !== "KeyboardAgent") a.push("-q");
    return a.join(" ");
  }

  function start() {
    pause();
    var o = options();
    keyboard = o.agent === "KeyboardAgent";
    $("depth-label").hidden = o.depth === undefined;
    phase("loading");
    status("Starting a game\u2026");
    return gs.pacmanStart(o).then(function (s) {
      st = s;
      scores = [[0, 0]];
      round = 0;
      keys = [];
      drawBoard();
      draw();
      $("command").textContent = command(o, s.seed);
      waiting = keyboard;
      phase("ready");
      status(keyboard ? "Your game: press an arrow key or WASD to start." : o.agent + " is ready: press Play or Step.");
    }, function (e) { phase("ready"); status(e.message); });
  }

  /* One round: Pacman's move (the keys pressed since the last, for the
   * keyboard), then every ghost's. */
  function step() {
    if (!st || st.over || busy) return Promise.resolve();
    busy = true;
    var k = keys;
    keys = [];
    return gs.pacmanStep({ keys: k }).then(function (s) {
      busy = false;
      st = s;
      round++;
      scores.push([s.moves, s.score]);
      draw();
      if (s.over) {
        pause();
        phase("over");
        status(s.result === "win" ? "Pacman emerges victorious! Score: " + s.score
               : s.result === "loss" ? "Pacman died! Score: " + s.score
               : "Pacman ran out of moves! Score: " + s.score);
      } else {
        phase(timer ? "playing" : "ready");
      }
    }, function (e) { busy = false; pause(); status(e.message); });
  }

  function play() {
    if (!st || st.over || timer) return;
    timer = setInterval(step, 1000 / Number($("speed").value));
    $("play").textContent = "\u23f8 Pause";
    phase("playing");
    if (!keyboard) status($("agent").value + " plays.");
    else status("Playing: steer with the arrows or WASD, space stops, P pauses.");
  }
  function pause() {
    if (timer) clearInterval(timer);
    timer = null;
    $("play").textContent = "\u25b6 Play";
    if (st && !st.over && document.body.getAttribute("data-pacman") === "playing") phase("ready");
  }

  $("play").addEventListener("click", function () { if (timer) pause(); else { waiting = false; play(); } });
  $("step").addEventListener("click", function () { waiting = false; step(); });
  $("speed").addEventListener("change", function () { if (timer) { pause(); play(); } });
  $("new").addEventListener("click", start);
  ["agent", "layout", "ghosts", "numghosts", "seedkind", "seed", "depth"].forEach(function (id) {
    $(id).addEventListener("change", start);
  });

  document.addEventListener("keydown", function (e) {
    if (e.altKey || e.ctrlKey || e.metaKey) return;
    var tag = e.target && e.target.tagName;
    if (tag === "INPUT" || tag === "SELECT" || tag === "TEXTAREA" || tag === "BUTTON" && e.key === " ") return;
    if (e.key === "p" || e.key === "P") {
      e.preventDefault();
      if (timer) pause(); else play();
      return;
    }
    var dir = KEYS[e.key];
    if (!dir || !keyboard || !st || st.over) return;
    e.preventDefault();
    keys.push(dir);
    if (waiting) {          /* the first key starts the game, as in the terminal */
      waiting = false;
      play();
    } else if (!timer) {    /* paused: a key plays one round */
      step();
    }
  });

  gs.ready.then(function () { return gs.pacmanLayouts(); }).then(function (names) {
    names.forEach(function (n) { el("option", { value: n, text: n }, $("layout")); });
    $("layout").value = names.indexOf("crossroads") >= 0 ? "crossroads" : names[0];
    return start();
  }, function (e) { status("The engine did not start: " + e.message); });
})();
