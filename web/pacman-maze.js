/*
 * What the two Pacman pages draw alike (web/pacman.js, the replay of
 * `gamesearch pacman --html`, and web/pacman-play.js, the game played in
 * the browser): the maze as pacman.py's graphics draw it, the agents, and
 * a chart with its axes. Uses GS (common.js).
 *
 *   PacDraw.maze(svg, rows, cell)    draws the maze of `rows` (top row
 *       first: '%' wall, '.' food, 'o' capsule) into svg: walls as
 *       rounded blue outlines around the wall cells, the path that
 *       graphicsDisplay.py's drawWalls traces quadrant by quadrant; the
 *       food and capsules white. Returns {items: cell index (row * width
 *       + x) -> its circle, show(rows): each item shown as rows say}.
 *   PacDraw.agents(svg, n, cell, height)  Pacman and n - 1 ghosts, with
 *       place(i, {x2, y2, dir, scared}, flash): positions doubled, y from
 *       the bottom; a ghost scared blue, white when flash.
 *   PacDraw.axes(svg, box, x, y)     a chart's frame in the svg's
 *       viewBox: ticks and labels of the x and y ranges ({min, max, label,
 *       integer}), returns {x(v), y(v)} to place values.
 */
"use strict";
var PacDraw = (function () {
  var svg = GS.svg;
  var WALL = "#0033ff", WALL_RADIUS = 0.15;   /* graphicsDisplay.py's */
  var COLOURS = ["#e60000", "#004de6", "#fa6912", "#1abfb3", "#ff9900", "#6621e8"];
  var SCARED = "#2b3bff", FLASH = "#ffffff";
  var GHOST = [[0, .3], [.25, .75], [.5, .3], [.75, .75], [.75, -.5], [.5, -.75],
               [-.5, -.75], [-.75, -.5], [-.75, .75], [-.5, .3], [-.25, .75]];
  var ANGLE = { East: 0, North: -90, West: 180, South: 90 };
  var STEP = { East: [1, 0], West: [-1, 0], North: [0, -1], South: [0, 1], Stop: [0, 0] };

  function f(v) { return String(Math.round(v * 100) / 100); }

  /* A quarter circle of radius r about (ox, oy) from p to q, as a path. */
  function arc(ox, oy, r, p, q) {
    var cross = (p[0] - ox) * (q[1] - oy) - (p[1] - oy) * (q[0] - ox);
    return "M" + f(p[0]) + "," + f(p[1]) + " A" + f(r) + "," + f(r) + " 0 0 " +
           (cross > 0 ? 1 : 0) + " " + f(q[0]) + "," + f(q[1]);
  }
  function line(p, q) { return "M" + f(p[0]) + "," + f(p[1]) + " L" + f(q[0]) + "," + f(q[1]); }

  function maze(board, rows, cell) {
    var H = rows.length, W = H ? rows[0].length : 0, R = WALL_RADIUS * cell, half = cell / 2;
    /* Outside the maze is no wall, as drawWalls's isWall says. */
    function wall(x, y) { return y >= 0 && y < H && x >= 0 && x < W && rows[y][x] === "%"; }
    var d = [];
    for (var y = 0; y < H; y++) {
      for (var x = 0; x < W; x++) {
        if (!wall(x, y)) continue;
        var cx = (x + .5) * cell, cy = (y + .5) * cell;
        /* Each quadrant, (dx, dy) on the screen (dy 1 is south). */
        for (var dy = -1; dy <= 1; dy += 2) {
          for (var dx = -1; dx <= 1; dx += 2) {
            var h = wall(x + dx, y), v = wall(x, y + dy), diag = wall(x + dx, y + dy);
            if (!v && !h)        /* a corner of the wall: the inner circle */
              d.push(arc(cx, cy, R, [cx + dx * R, cy], [cx, cy + dy * R]));
            if (v && !h)         /* the wall goes on north or south */
              d.push(line([cx + dx * R, cy], [cx + dx * R, cy + dy * half]));
            if (!v && h)         /* it goes on east or west */
              d.push(line([cx, cy + dy * R], [cx + dx * half, cy + dy * R]));
            if (v && h && !diag) {   /* an inside corner: the outer circle */
              var ox = cx + dx * 2 * R, oy = cy + dy * 2 * R;
              d.push(arc(ox, oy, R, [cx + dx * R, oy], [ox, cy + dy * R]));
              d.push(line([ox, cy + dy * R], [cx + dx * half, cy + dy * R]));
              d.push(line([cx + dx * R, oy], [cx + dx * R, cy + dy * half]));
            }
          }
        }
      }
    }
    svg("path", { "class": "walls", d: d.join(" "), fill: "none", stroke: WALL,
                  "stroke-width": Math.max(1.5, cell / 12), "stroke-linecap": "round" }, board);
    var items = {};
    var g = svg("g", { fill: "#fff" }, board);
    for (y = 0; y < H; y++) {
      for (x = 0; x < W; x++) {
        var c = rows[y][x];
        if (c === "." || c === "o")
          items[y * W + x] = svg("circle", { cx: (x + .5) * cell, cy: (y + .5) * cell,
                                             r: c === "." ? cell * .1 : cell * .25,
                                             "class": c === "." ? "food" : "capsule" }, g);
      }
    }
    return {
      items: items,
      show: function (now) {
        for (var k in items) {
          var ch = now[Math.floor(k / W)][k % W];
          items[k].setAttribute("visibility", ch === "." || ch === "o" ? "visible" : "hidden");
        }
      }
    };
  }

  function agents(board, n, cell, H) {
    var r = cell * .42, m = Math.PI / 6, list = [];
    for (var i = 0; i < n; i++) {
      var g = svg("g", { "class": i ? "ghost" : "pacman", "data-agent": i }, board);
      if (i === 0) {
        svg("path", { fill: "#ffff3d", d: "M0,0 L" + r * Math.cos(m) + "," + (-r * Math.sin(m)) +
                      " A" + r + "," + r + " 0 1 0 " + r * Math.cos(m) + "," + r * Math.sin(m) + " Z" }, g);
        list.push({ g: g });
      } else {
        var s = cell * .55;
        var body = svg("polygon", { points: GHOST.map(function (p) { return p[0] * s + "," + p[1] * s; }).join(" ") }, g);
        var eyes = [-.3, .3].map(function (ex) {
          svg("circle", { cx: ex * s, cy: -.3 * s, r: .22 * s, fill: "#fff" }, g);
          return svg("circle", { cx: ex * s, cy: -.3 * s, r: .1 * s, fill: "#000" }, g);
        });
        list.push({ g: g, body: body, eyes: eyes, s: s, colour: COLOURS[(i - 1) % COLOURS.length] });
      }
    }
    function place(i, a, flash) {
      var A = list[i], sx = (a.x2 / 2 + .5) * cell, sy = (H - 1 - a.y2 / 2 + .5) * cell;
      if (i === 0) {
        if (a.dir !== "Stop") A.angle = ANGLE[a.dir];
        A.g.setAttribute("transform", "translate(" + f(sx) + " " + f(sy) + ") rotate(" + (A.angle || 0) + ")");
        return;
      }
      A.g.setAttribute("transform", "translate(" + f(sx) + " " + f(sy) + ")");
      var scared = a.scared > 0;
      A.body.setAttribute("fill", !scared ? A.colour : flash && a.scared <= 8 ? FLASH : SCARED);
      A.g.setAttribute("data-scared", String(a.scared));
      var d = STEP[a.dir] || [0, 0];
      A.eyes.forEach(function (e, k) {
        e.setAttribute("cx", ((k ? .3 : -.3) + d[0] * .1) * A.s);
        e.setAttribute("cy", (-.3 + d[1] * .1) * A.s);
      });
    }
    return { place: place };
  }

  /* Round tick values from lo to hi, about n of them. */
  function ticks(lo, hi, n, integer) {
    var span = hi - lo || 1, raw = span / n, p = Math.pow(10, Math.floor(Math.log10(raw)));
    var step = [1, 2, 5, 10].map(function (k) { return k * p; }).filter(function (s) { return s >= raw; })[0];
    if (integer) step = Math.max(1, Math.round(step));
    var out = [];
    for (var v = Math.ceil(lo / step) * step; v <= hi + 1e-9; v += step) out.push(Math.round(v * 1e6) / 1e6);
    return out;
  }

  function axes(chart, box, X, Y) {
    var left = box.left, right = box.width - box.right, top = box.top, bottom = box.height - box.bottom;
    var xs = X.max > X.min ? X : { min: X.min, max: X.min + 1 };
    var ys = Y.max > Y.min ? Y : { min: Y.min - 1, max: Y.min + 1 };
    /* The y range out to round ticks, so that no value touches the frame. */
    var yt = ticks(ys.min, ys.max, 4, true), ystep = yt.length > 1 ? yt[1] - yt[0] : 1;
    ys = { min: Math.floor(ys.min / ystep) * ystep, max: Math.ceil(ys.max / ystep) * ystep };
    function px(v) { return left + (right - left) * (v - xs.min) / (xs.max - xs.min); }
    function py(v) { return bottom - (bottom - top) * (v - ys.min) / (ys.max - ys.min); }
    var g = svg("g", { "class": "axes", "font-size": 10, fill: "#444" }, chart);
    svg("line", { x1: left, x2: left, y1: top, y2: bottom, stroke: "#888" }, g);
    svg("line", { x1: left, x2: right, y1: bottom, y2: bottom, stroke: "#888" }, g);
    ticks(ys.min, ys.max, 4, true).forEach(function (v) {
      svg("line", { x1: left - 3, x2: right, y1: f(py(v)), y2: f(py(v)), stroke: v === 0 ? "#999" : "#e4e4e4" }, g);
      svg("text", { x: left - 5, y: f(py(v) + 3), "text-anchor": "end", text: GS.num(v) }, g);
    });
    ticks(xs.min, xs.max, Math.max(2, Math.floor((right - left) / 60)), X.integer).forEach(function (v) {
      svg("line", { x1: f(px(v)), x2: f(px(v)), y1: bottom, y2: bottom + 3, stroke: "#888" }, g);
      svg("text", { x: f(px(v)), y: bottom + 13, "text-anchor": "middle", text: GS.num(v) }, g);
    });
    if (X.label) svg("text", { x: (left + right) / 2, y: box.height - 2, "text-anchor": "middle", text: X.label }, g);
    if (Y.label) svg("text", { x: 10, y: (top + bottom) / 2, "text-anchor": "middle",
                               transform: "rotate(-90 10 " + (top + bottom) / 2 + ")", text: Y.label }, g);
    return { x: px, y: py };
  }

  return { maze: maze, agents: agents, axes: axes, ticks: ticks };
})();
