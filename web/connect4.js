/*
 * The Connect Four page (`gamesearch web`: connect4.html): a person
 * against the perfect solver, the engine of web/gs.js (WebAssembly) in a
 * worker.
 *
 * The computer's move, and a hint: the book's move (gs.c4BookMove) when
 * the shipped book holds the position, else every column's score
 * (gs.c4Analyze, with a progress line and a stop) and the best column,
 * equal scores going to the column nearest the centre, the right one first
 * at equal distance (the book's order, games/connect4/solver.c). Scores
 * are Pons's, for the player to move, as `gamesearch connect4 analyze`
 * prints them; what a hint says is the words of `connect4 play`.
 *
 * The URL's fragment holds the game: #moves=4453 (the columns played),
 * and &you=second when the person plays O. The page's own rules (drop,
 * four in a row, full board) follow include/gamesearch/connect4.h.
 *
 * For the tests: body[data-c4] is "loading" (the engine starting), "you"
 * (the person's turn), "thinking"
 * (a search for the computer under way), "waiting" (the computer's turn,
 * no search: stopped or failed) or "over"; #c4-board[data-moves] the
 * position; cells carry data-stone and the classes last and win.
 */
(function () {
  "use strict";
  var D0 = GS.data();
  if (!D0 || !D0.connect4) return;
  var W = 7, H = 6, CELLS = W * H;
  /* Columns (0-based) nearest the centre first, the right one first at
   * equal distance: the order the book's answer takes. */
  var CENTRE = [3, 4, 2, 5, 1, 6, 0];
  var $ = function (id) { return document.getElementById(id); };
  var boardEl = $("c4-board"), statusEl = $("c4-status"), hintEl = $("c4-hint-line");
  var progressEl = $("c4-progress"), scoreRow = $("c4-score-row"), side = $("c4-side");
  var btn = { undo: $("c4-undo"), hint: $("c4-hint"), scores: $("c4-scores"), go: $("c4-go"),
              stop: $("c4-stop"), nw: $("c4-new") };

  var moves = [];          /* columns played, 0-based */
  var you = 0;             /* the person's side: 0 X (first), 1 O */
  var showScores = false;
  var cursor = 3;          /* the column the arrow keys choose */
  var job = null;          /* the search under way: {ctl, kind} */
  var cache = new Map();   /* position -> 7 scores (null: full column) */
  var proofs = new Map();  /* position -> its progress line, once done */
  var ready = false;
  var partial = null;      /* {pos, scores}: the columns proved so far */

  /* ---- The rules ---- */
  function heights(ms) {
    var h = [0, 0, 0, 0, 0, 0, 0];
    ms.forEach(function (c) { h[c]++; });
    return h;
  }
  /* grid[c][r]: 0 empty, 1 X, 2 O; r 0 the bottom. */
  function grid(ms) {
    var g = [], h = [0, 0, 0, 0, 0, 0, 0];
    for (var c = 0; c < W; c++) g.push([0, 0, 0, 0, 0, 0]);
    ms.forEach(function (c, i) { g[c][h[c]++] = i % 2 + 1; });
    return g;
  }
  /* A line of four of `who`, its cells ordered from the leftmost (for a
   * column, the lowest), or null. */
  function fourOf(g, who) {
    var dirs = [[1, 0], [0, 1], [1, 1], [1, -1]];
    for (var d = 0; d < dirs.length; d++)
      for (var c = 0; c < W; c++)
        for (var r = 0; r < H; r++) {
          var line = [];
          for (var k = 0; k < 4; k++) {
            var cc = c + k * dirs[d][0], rr = r + k * dirs[d][1];
            if (cc < 0 || cc >= W || rr < 0 || rr >= H || g[cc][rr] !== who) break;
            line.push([cc, rr]);
          }
          if (line.length === 4) return line;
        }
    return null;
  }
  /* How ms ends: {winner: 0 X | 1 O, line} or {winner: -1} (a draw) or
   * null (the game goes on). */
  function outcome(ms) {
    if (!ms.length) return null;
    var g = grid(ms), who = (ms.length - 1) % 2;
    var line = fourOf(g, who + 1);
    if (line) return { winner: who, line: line };
    return ms.length === CELLS ? { winner: -1 } : null;
  }
  /* The columns of text checked as gs_c4_parse checks them, with its
   * words, but a finished game taken (the page shows it): the list, or
   * {error, at} (at: the 1-based character). */
  function parse(text) {
    var ms = [], h = [0, 0, 0, 0, 0, 0, 0];
    for (var i = 0; i < text.length; i++) {
      var ch = text[i];
      if (!/[1-7]/.test(ch)) return { error: "'" + ch + "' is not a column (columns are 1-7)", at: i + 1 };
      if (outcome(ms)) return { error: "the game is over before this move", at: i + 1 };
      var c = Number(ch) - 1;
      if (h[c] === H) return { error: "column " + ch + " is full", at: i + 1 };
      h[c]++;
      ms.push(c);
    }
    return ms;
  }
  var key = function (ms) { return ms.map(function (c) { return c + 1; }).join(""); };
  var mark = function (p) { return p === 0 ? "X" : "O"; };
  var toMove = function () { return moves.length % 2; };

  /*
   * What a score means for the player to move in a position of n stones:
   * "win in N" (N: the player's own moves, this one included, until its
   * four), "loss in N" (N: the opponent's moves until its four) or
   * "draw" (gs_c4_moves_to_end's stones, counted by player).
   */
  function meaning(score, n) {
    if (score === 0) return { word: "a draw", n: 0 };
    var t = Math.abs(score), a = CELLS + 1 - 2 * t, b = CELLS - 2 * t;
    /* the stones before the deciding one: the mover's parity for a win */
    var m = (a % 2 === n % 2) === (score > 0) ? a : b;
    var stones = m + 1 - n;
    return score > 0 ? { word: "win", n: (stones + 1) / 2 } : { word: "loss", n: stones / 2 };
  }
  /* The best column of 7 scores: the highest, nearest the centre. */
  function best(scores) {
    var top = null;
    CENTRE.forEach(function (c) {
      if (scores[c] !== null && (top === null || scores[c] > scores[top])) top = c;
    });
    return top;
  }

  /* ---- Drawing ---- */
  var cols = [], cells = [], scoreEls = [];
  function build() {
    for (var c = 0; c < W; c++) {
      var b = GS.el("button", { type: "button", "class": "c4-col", "data-col": String(c + 1) }, boardEl);
      cells.push([]);
      for (var r = 0; r < H; r++)
        cells[c].push(GS.el("span", { "class": "c4-cell", "data-cell": (c + 1) + "," + (r + 1) }, b));
      b.addEventListener("click", (function (col) { return function () { cursor = col; human(col); }; })(c));
      b.addEventListener("focus", (function (col) { return function () { cursor = col; drawCursor(); }; })(c));
      cols.push(b);
      scoreEls.push(GS.el("span", { id: "c4-score-" + (c + 1) }, scoreRow));
    }
  }
  function drawCursor() {
    cols.forEach(function (b, c) { b.classList.toggle("cursor", c === cursor); });
  }
  function draw() {
    var g = grid(moves), h = heights(moves), end = outcome(moves);
    var last = moves.length ? moves[moves.length - 1] : -1;
    var winSet = {};
    if (end && end.line) end.line.forEach(function (p) { winSet[p[0] + "," + p[1]] = true; });
    for (var c = 0; c < W; c++) {
      for (var r = 0; r < H; r++) {
        var e = cells[c][r], v = g[c][r];
        if (v) e.setAttribute("data-stone", v === 1 ? "X" : "O"); else e.removeAttribute("data-stone");
        e.classList.toggle("last", c === last && r === h[c] - 1);
        e.classList.toggle("win", !!winSet[c + "," + r]);
      }
      var free = H - h[c];
      cols[c].setAttribute("aria-label", "Column " + (c + 1) + ": " +
        (free ? free + " empty cell" + (free > 1 ? "s" : "") : "full") +
        (c === last ? ", the last move" : ""));
      /* (aria-disabled, not disabled: the arrow keys move the focus
       * over every column) */
      cols[c].setAttribute("aria-disabled", String(!free || !!end || toMove() !== you ||
                                                   !!(job && job.kind === "computer")));
    }
    drawCursor();
    var old = $("c4-line");
    if (old) old.remove();
    if (end && end.line) {
      var s = GS.svg("svg", { id: "c4-line", viewBox: "0 0 7 6", preserveAspectRatio: "none",
                              "aria-hidden": "true" }, boardEl);
      var a = end.line[0], z = end.line[3];
      GS.svg("line", { x1: a[0] + 0.5, y1: H - a[1] - 0.5, x2: z[0] + 0.5, y2: H - z[1] - 0.5,
                       "vector-effect": "non-scaling-stroke" }, s);
    }
    boardEl.setAttribute("data-moves", key(moves));
    drawScores();
    var busy = !!job;
    btn.stop.disabled = !busy;
    btn.hint.disabled = !ready || !!end || toMove() !== you;
    btn.go.hidden = !!end || toMove() === you || (busy && job.kind === "computer");
    btn.go.disabled = !ready;
    document.body.setAttribute("data-c4", !ready ? "loading" : end ? "over" : toMove() === you ? "you"
                               : busy && job.kind === "computer" ? "thinking" : "waiting");
    var link = "#moves=" + key(moves) + (you ? "&you=second" : "");
    $("c4-link").setAttribute("href", link);
    /* (the fragment is the page's once it has read it) */
    if (ready && location.hash !== link) history.replaceState(null, "", link);
  }
  /* The scores under the columns: the position's when known, else those
   * proved so far; the best marked once every column is known. */
  function drawScores() {
    scoreRow.hidden = !showScores;
    var pos = key(moves), done = cache.get(pos);
    var sc = done || (partial && partial.pos === pos ? partial.scores : []);
    var top = done ? done[best(done)] : null;
    for (var c = 0; c < W; c++) {
      var e = scoreEls[c], v = outcome(moves) ? undefined : sc[c];
      e.textContent = v === undefined ? "" : v === null ? "\u00b7" : GS.num(v);
      e.className = v === undefined || v === null ? "" : v > 0 ? "win" : v < 0 ? "loss" : "draw";
      if (done && v === top) e.classList.add("best");
      if (v === undefined || v === null) e.removeAttribute("data-score");
      else e.setAttribute("data-score", String(v));
      e.setAttribute("aria-label", "column " + (c + 1) + ": " +
        (v === undefined ? "not known" : v === null ? "full" : "score " + v));
    }
  }
  function say(text) { statusEl.textContent = text; }

  /* ---- Searches: one at a time; a new one stops the one before ---- */
  function stopJob() {
    if (!job) return;
    job.ctl.abort();
    job = null;
  }
  function startJob(kind) {
    stopJob();
    job = { ctl: new AbortController(), kind: kind, pos: key(moves) };
    return job;
  }
  function current(j) { return job === j; }

  /* Every column's score of the position now, from the cache or the
   * worker, the progress line following it: a promise of the 7 scores. */
  function analyze(j) {
    var pos = key(moves);
    if (cache.has(pos)) {
      progressEl.textContent = proofs.get(pos);
      return Promise.resolve(cache.get(pos));
    }
    var t0 = performance.now(), lines = [];
    partial = { pos: pos, scores: [] };
    var tick = function () {
      var s = ((performance.now() - t0) / 1000).toFixed(1);
      progressEl.textContent = lines.join("\n") + (lines.length ? "\n" : "") + "searching\u2026 " + s + " s";
    };
    tick();
    var timer = setInterval(function () { if (current(j)) tick(); }, 200);
    return gs.c4Analyze(pos, {
      signal: j.ctl.signal,
      onProgress: function (p) {
        if (!current(j)) return;
        partial.scores[p.column] = p.score;
        if (p.score !== null)
          lines.push("column " + (p.column + 1) + ": " + p.score + ", " +
                     ((performance.now() - t0) / 1000).toFixed(3) + " s");
        drawScores();
        tick();
      }
    }).then(function (scores) {
      cache.set(pos, scores);
      progressEl.textContent = lines.join("\n") + "\nevery column proved in " +
        ((performance.now() - t0) / 1000).toFixed(3) + " s";
      proofs.set(pos, progressEl.textContent);
      return scores;
    }).finally(function () { clearInterval(timer); });
  }

  /* The best move for the player to move now: {column, score, book}. */
  function choose(j) {
    var pos = key(moves);
    progressEl.textContent = "";
    return gs.c4BookMove(pos).then(function (b) {
      if (!current(j)) throw abortError();
      if (b) {
        progressEl.textContent = "from the book: no search";
        return { column: b.column - 1, score: b.score, book: true };
      }
      return analyze(j).then(function (sc) {
        var c = best(sc);
        return { column: c, score: sc[c], book: false };
      });
    });
  }
  function abortError() { var e = new Error("stopped"); e.name = "AbortError"; return e; }
  function failed(e) {
    if (e && e.name === "AbortError") return;
    say("The search failed: " + (e && e.message || e) + ".");
  }

  /* ---- The game ---- */
  function play(c) {
    moves.push(c);
    hintEl.textContent = "";
    draw();
  }
  /* Says how the game ended, or whose turn it is; starts the computer. */
  function next(said) {
    var end = outcome(moves);
    if (end) {
      var text = end.winner < 0 ? "Draw."
        : mark(end.winner) + " wins: " + (end.winner === you ? "you beat the computer." : "the computer beat you.");
      /* the program's words, in its order: the four, then who won */
      if (end.line) {
        var a = end.line[0], z = end.line[3];
        text = "The winning four: " + (a[1] === z[1] ? "row " + (a[1] + 1) + ", columns " + (a[0] + 1) + " to " + (z[0] + 1)
          : a[0] === z[0] ? "column " + (a[0] + 1) + ", rows " + (a[1] + 1) + " to " + (z[1] + 1)
          : "a diagonal from column " + (a[0] + 1) + ", row " + (a[1] + 1) + " to column " + (z[0] + 1) + ", row " + (z[1] + 1)) +
          ". " + text;
      }
      say((said ? said + " " : "") + text);
      draw();
      return;
    }
    if (toMove() === you) {
      say((said ? said + " " : "") + "Your move (" + mark(you) + "): a column 1-7.");
      draw();
      if (showScores) scores();
      return;
    }
    computer(said);
  }
  function computer(said) {
    if (!ready) { draw(); return; }
    var j = startJob("computer"), me = mark(toMove());
    say((said ? said + " " : "") + "The computer (" + me + ") is thinking\u2026");
    draw();
    choose(j).then(function (m) {
      if (!current(j)) return;
      job = null;
      var w = meaning(m.score, moves.length);
      var line = "Computer (" + me + ") plays " + (m.column + 1) + ", score " + m.score + " (" +
        (m.score > 0 ? "a win for " + me : m.score < 0 ? "a loss for " + me : "a draw") +
        (m.book ? ", from the book" : "") + ")" + (w.n ? ": " + w.word + " in " + w.n : "") + ".";
      play(m.column);
      next(line);
    }, function (e) {
      if (!current(j)) return;
      job = null;
      say(e && e.name === "AbortError"
        ? "Stopped: the computer has not moved. \u201cComputer, move\u201d searches again."
        : "The search failed: " + (e && e.message || e) + ".");
      draw();
    });
  }
  function human(c) {
    if (!ready || (job && job.kind === "computer") || outcome(moves) || toMove() !== you ||
        heights(moves)[c] >= H) return;
    stopJob();   /* a hint or the scores of the position left */
    play(c);
    next("You play " + (c + 1) + ".");
  }
  function undo() {
    stopJob();
    var n = 0;
    /* back to the person's last move, that move included */
    if (moves.some(function (x, i) { return i % 2 === you; }))
      while (moves.length) {
        moves.pop();
        n++;
        if (moves.length % 2 === you) break;
      }
    hintEl.textContent = "";
    progressEl.textContent = "";
    var said = n === 0 ? "Nothing to undo: you have not moved yet."
      : n === 2 ? "Took back your move and the computer's."
      : "Took back " + n + " move" + (n === 1 ? "" : "s") + ".";
    next(said);
  }
  function hint() {
    if (!ready || outcome(moves) || toMove() !== you) return;
    var j = startJob("hint"), n = moves.length;
    hintEl.textContent = "Hint: searching\u2026";
    hintEl.removeAttribute("data-column");
    draw();
    choose(j).then(function (m) {
      if (!current(j)) return;
      job = null;
      var w = meaning(m.score, n);
      hintEl.textContent = "Hint: " + (m.column + 1) + ", score " + m.score + " (" +
        (m.score > 0 ? "a win for you" : m.score < 0 ? "a loss for you" : "a draw") +
        (m.book ? ", from the book" : "") + ")" +
        (w.word === "win" ? ": win in " + w.n + " (your moves, this one included)"
         : w.word === "loss" ? ": loss in " + w.n + " (the computer's moves)" : "") + ".";
      hintEl.setAttribute("data-column", String(m.column + 1));
      hintEl.setAttribute("data-score", String(m.score));
      draw();
      if (showScores) scores();
    }, function (e) {
      if (!current(j)) return;
      job = null;
      hintEl.textContent = e && e.name === "AbortError" ? "Hint stopped." : "";
      failed(e);
      draw();
    });
  }
  function scores() {
    if (!ready || outcome(moves) || job) return;
    if (cache.has(key(moves))) { draw(); return; }
    var j = startJob("scores");
    draw();
    analyze(j).then(function () {
      if (!current(j)) return;
      job = null;
      draw();
    }, function (e) {
      if (!current(j)) return;
      job = null;
      failed(e);
      draw();
    });
  }
  function stop() {
    if (!job) return;
    var kind = job.kind;
    stopJob();
    progressEl.textContent += "\nstopped";
    if (kind === "hint") hintEl.textContent = "Hint stopped.";
    if (kind === "computer") say("Stopped: the computer has not moved. \u201cComputer, move\u201d searches again.");
    draw();
  }
  function newGame(ms, side2) {
    stopJob();
    moves = ms || [];
    you = side2 === undefined ? (side.value === "second" ? 1 : 0) : side2;
    side.value = you ? "second" : "first";
    hintEl.textContent = "";
    progressEl.textContent = "";
    next(ms && ms.length ? "Position " + key(ms) + "." : "New game: you play " + mark(you) + ".");
  }

  /* The fragment's game, or a new game saying what was wrong with it. */
  function fromFragment() {
    var q = new URLSearchParams(location.hash.replace(/^#/, ""));
    var text = q.get("moves") || "", who = q.get("you") === "second" ? 1 : 0;
    var ms = parse(text);
    if (!Array.isArray(ms)) {
      newGame([], who);
      say("The link's position '" + text + "', character " + ms.at + ": " + ms.error + ". A new game instead.");
      return;
    }
    newGame(ms, who);
  }

  /* ---- Controls ---- */
  btn.nw.addEventListener("click", function () { newGame([]); });
  side.addEventListener("change", function () { newGame([]); });
  btn.undo.addEventListener("click", undo);
  btn.hint.addEventListener("click", hint);
  btn.scores.addEventListener("click", function () {
    showScores = !showScores;
    btn.scores.setAttribute("aria-pressed", String(showScores));
    btn.scores.textContent = showScores ? "Hide scores" : "Show scores";
    btn.scores.setAttribute("aria-label", showScores ? "Hide the scores" : "Show every column's score");
    draw();
    if (showScores) scores();
  });
  btn.go.addEventListener("click", function () { if (!job && !outcome(moves) && toMove() !== you) computer(); });
  btn.stop.addEventListener("click", stop);
  window.addEventListener("hashchange", function () {
    if (location.hash !== $("c4-link").getAttribute("href")) fromFragment();
  });
  document.addEventListener("keydown", function (e) {
    if (e.altKey || e.ctrlKey || e.metaKey) return;
    var t = e.target && e.target.tagName;
    if (t === "INPUT" || t === "SELECT" || t === "TEXTAREA") return;
    var k = e.key;
    if (/^[1-7]$/.test(k)) { cursor = Number(k) - 1; drawCursor(); human(cursor); }
    else if (k === "ArrowLeft" || k === "ArrowRight") {
      cursor = (cursor + (k === "ArrowLeft" ? W - 1 : 1)) % W;
      if (document.activeElement && document.activeElement.classList.contains("c4-col")) cols[cursor].focus();
      drawCursor();
    } else if (k === "Home" || k === "End") {
      cursor = k === "Home" ? 0 : W - 1;
      if (document.activeElement && document.activeElement.classList.contains("c4-col")) cols[cursor].focus();
      drawCursor();
    } else if (k === "Enter" && (t === "BODY" || e.target.classList.contains("c4-col"))) human(cursor);
    else if (k === "u") undo();
    else if (k === "h") hint();
    else if (k === "s") btn.scores.click();
    else if (k === "n") newGame([]);
    else if (k === "Escape") stop();
    else return;
    e.preventDefault();
  });

  build();
  say("Starting the engine\u2026");
  draw();
  gs.ready.then(function () {
    ready = true;
    fromFragment();
  }, function (e) { say("The engine could not start: " + (e && e.message || e) + "."); });
})();
