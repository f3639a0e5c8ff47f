/*
 * gamesearch tree --html: draws an explicit game tree and replays the
 * searches of it step by step, or lets a student practise one.
 *
 * The data (written by the program):
 *   title, practice (start in practice mode), initial (index of the run
 *   shown first), bounds ([lo, hi] or null: the tree's value range),
 *   tree: {root, cutoff (plies, 0 = none), nodes: [{name, value?,
 *          children: [{node, action, p?}]}]},
 *   runs: [{key, label, rule ("textbook" | "strict" | null), agents (roles
 *           in turn order as this algorithm searches them), value, best,
 *           action, pv (names, root first), nodes, leaves, passes (the
 *           times the search entered the root: MTD(f) and SSS* search in
 *           passes), trace}]
 * and each trace event is {event: "enter" | "leave" | "prune", node,
 * parent, alpha, beta (null = infinite), value, bound (leave)}.
 * (A tree of utility vectors: a value may be a list, one number an agent,
 * for the leaves and in the max^n run; num() shows it as a tuple.)
 *
 * Every node element is <g data-node=NAME data-state=S>, S one of
 * unvisited (not reached yet), current (entered, not left: on the path of
 * the search; the deepest one, where the search is, also has
 * data-focus="true"), done (left, its value backed up) and pruned (cut
 * off). Every edge is <g data-parent=P data-child=C data-state=S>, S one
 * of unvisited, done (followed) and pruned (crossed out).
 */
(function () {
  "use strict";
  var view = document.getElementById("view"), VIEW = view.innerHTML;

/* Draws the page for the data D, afresh (the lab calls it again for each
 * tree). */
GS.treeView = function (D) {
  view.innerHTML = VIEW;
  view.hidden = false;
  var T = D.tree;
  var el = GS.el, svg = GS.svg, num = GS.num, numWin = GS.numWindow;
  var LE = "\u2264", GE = "\u2265";

  /* ---- The tree as drawn: nodes down to the cutoff, each once ---- */
  var byName = {};
  T.nodes.forEach(function (n, i) { byName[n.name] = i; });
  var N = T.nodes.length;
  var ply = new Array(N).fill(-1), owner = new Array(N).fill(-1);
  var order = [byName[T.root]];
  ply[order[0]] = 0;
  for (var h = 0; h < order.length; h++) {
    var v = order[h], n = T.nodes[v];
    if (isCut(v)) continue;
    n.children.forEach(function (c) {
      var ci = byName[c.node];
      if (ply[ci] < 0) { ply[ci] = ply[v] + 1; owner[ci] = v; order.push(ci); }
    });
  }
  function isCut(v) {
    return T.nodes[v].children.length === 0 || (T.cutoff > 0 && ply[v] >= T.cutoff);
  }
  function drawnKids(v) { return isCut(v) ? [] : T.nodes[v].children; }

  /* x: leaves in slots left to right, a parent over its first and last
   * child it owns (the first parent a breadth-first walk meets). */
  var x = new Array(N).fill(0), slot = 0, height = 0;
  (function place(v) {
    var own = drawnKids(v).map(function (c) { return byName[c.node]; })
      .filter(function (ci, k, a) { return owner[ci] === v && a.indexOf(ci) === k; });
    own.forEach(place);
    height = Math.max(height, ply[v]);
    if (own.length) x[v] = (x[own[0]] + x[own[own.length - 1]]) / 2;
    else x[v] = slot++;
  })(order[0]);

  var SX = 70, SY = 120, PAD = 48;
  function px(v) { return PAD + x[v] * SX; }
  function py(v) { return PAD - 10 + ply[v] * SY; }

  /* ---- The picture ---- */
  var drawing = document.getElementById("drawing");
  var W = PAD * 2 + (slot - 1) * SX + 40, H = PAD + height * SY + 70;
  /* a group, not an image: in practice it holds the answers' fields,
   * which a screen reader must reach */
  var root = svg("svg", { width: W, height: H, viewBox: "0 0 " + W + " " + H,
                          role: "group", "aria-label": "the game tree" }, drawing);
  /* Fitted to the width (as on a phone) when wider than the page; the
   * button shows it at its own size, to scroll, and back. */
  var zoom = document.getElementById("gs-zoom");
  function fitted(on) {
    drawing.classList.toggle("actual", !on);
    zoom.textContent = on ? "Actual size" : "Fit to width";
    zoom.setAttribute("aria-pressed", on ? "false" : "true");
  }
  zoom.hidden = W <= drawing.clientWidth;
  fitted(true);
  zoom.addEventListener("click", function () { fitted(drawing.classList.contains("actual")); });
  var edgeLayer = svg("g", {}, root), nodeLayer = svg("g", {}, root);

  /* ---- Export: the drawing as it stands, made standalone ---- */
  /* The page's style of each element written into it, the fields and
   * what is not shown left out, on a white ground. */
  var STYLED = ["fill", "stroke", "stroke-width", "stroke-dasharray", "opacity", "font-size",
                "font-weight", "font-family", "text-anchor", "dominant-baseline", "paint-order"];
  function standaloneSVG() {
    var copy = root.cloneNode(true);
    var from = root.querySelectorAll("*"), to = copy.querySelectorAll("*"), gone = [];
    for (var i = 0; i < from.length; i++) {
      var cs = getComputedStyle(from[i]), t = to[i];
      if (cs.display === "none" || t.tagName === "foreignObject" ||
          t.getAttribute("class") === "hit") { gone.push(t); continue; }
      t.setAttribute("style", STYLED.map(function (k) {
        return k + ":" + cs.getPropertyValue(k);
      }).join(";"));
      ["tabindex", "role", "aria-pressed", "aria-label"].forEach(function (a) { t.removeAttribute(a); });
    }
    gone.forEach(function (t) { if (t.parentNode) t.parentNode.removeChild(t); });
    var rs = getComputedStyle(root);
    copy.setAttribute("xmlns", "http://www.w3.org/2000/svg");
    copy.setAttribute("style", "font-family:" + rs.fontFamily + ";font-size:" + rs.fontSize);
    copy.removeAttribute("role");
    var ground = svg("rect", { width: W, height: H, fill: "#fff" });
    copy.insertBefore(ground, copy.firstChild);
    copy.insertBefore(svg("title", { text: D.title || "game tree" }), copy.firstChild);
    return '<?xml version="1.0" encoding="UTF-8"?>\n' +
           new XMLSerializer().serializeToString(copy) + "\n";
  }
  /* The PNG: the SVG drawn on a canvas at twice its size. */
  function pngBlob() {
    return new Promise(function (resolve, reject) {
      var img = new Image();
      img.onload = function () {
        var c = el("canvas", { width: 2 * W, height: 2 * H });
        c.getContext("2d").drawImage(img, 0, 0, 2 * W, 2 * H);
        c.toBlob(function (b) { if (b) resolve(b); else reject(new Error("no PNG")); }, "image/png");
      };
      img.onerror = function () { reject(new Error("the drawing did not load as an image")); };
      img.src = "data:image/svg+xml;charset=utf-8," + encodeURIComponent(standaloneSVG());
    });
  }
  function fileName(ext) {
    return ((D.title || "tree").replace(/[^A-Za-z0-9._-]+/g, "-").replace(/^-+|-+$/g, "") ||
            "tree") + ext;
  }
  function save(blob, name) {
    var url = URL.createObjectURL(blob);
    var a = el("a", { href: url, download: name }, document.body);
    a.click();
    document.body.removeChild(a);
    setTimeout(function () { URL.revokeObjectURL(url); }, 10000);
  }
  document.getElementById("gs-svg").addEventListener("click", function () {
    save(new Blob([standaloneSVG()], { type: "image/svg+xml" }), fileName(".svg"));
  });
  document.getElementById("gs-png").addEventListener("click", function () {
    pngBlob().then(function (b) { save(b, fileName(".png")); },
                   function (e) { status.textContent = e.message; });
  });
  GS.treeExport = { svg: standaloneSVG, png: pngBlob };
  var nodeEl = {}, edgeEl = {}, edges = [], answers = {};
  var vectors = T.nodes.some(function (n) { return Array.isArray(n.value); });

  function short(s) { return s.length > 9 ? s.slice(0, 8) + "\u2026" : s; }
  function ekey(p, c) { return p + "\u0000" + c; }

  order.forEach(function (v) {
    drawnKids(v).forEach(function (c) {
      var ci = byName[c.node], key = ekey(T.nodes[v].name, c.node);
      if (edgeEl[key]) return;
      var x1 = px(v), y1 = py(v) + 20, x2 = px(ci), y2 = py(ci) - 20;
      var g = svg("g", { "class": "edge", "data-parent": T.nodes[v].name,
                         "data-child": c.node, "data-state": "unvisited",
                         role: "button", tabindex: "-1", "aria-pressed": "false",
                         "aria-label": "edge " + T.nodes[v].name + " to " + c.node +
                                       ": cut off?" }, edgeLayer);
      svg("line", { "class": "vis", x1: x1, y1: y1, x2: x2, y2: y2 }, g);
      svg("line", { "class": "hit", x1: x1, y1: y1, x2: x2, y2: y2 }, g);
      var label = [];
      if (c.action !== c.node) label.push(short(c.action));
      if (c.p !== undefined && c.p !== null) label.push(num(c.p));
      /* Below the parent's value (which ends EDGE_TEXT pixels under it):
       * the action a little past the middle, beside the line on its upper
       * side; the cross further down on the line, the reason under it. */
      var at = function (f) { return [x1 + (x2 - x1) * f, y1 + (y2 - y1) * f]; };
      var lp = at(0.5), xp = at(0.72);
      if (label.length)
        svg("text", { "class": "label", x: lp[0] + (x2 > x1 ? -7 : 7), y: lp[1] + 4,
                      "text-anchor": x2 > x1 ? "end" : "start", text: label.join(" ") }, g);
      svg("text", { "class": "cut", x: xp[0], y: xp[1] + 8, text: "\u2715" }, g);
      svg("text", { "class": "mark", x: xp[0], y: xp[1] + 8, text: "\u2715" }, g);
      var cmp = svg("text", { "class": "cmp", x: xp[0], y: xp[1] + 22 }, g);
      g.addEventListener("click", function () { toggleMark(g); });
      /* a click does not focus the edge: focus would scroll the drawing
       * between the press and the release, and the click be lost */
      g.addEventListener("mousedown", function (e) { e.preventDefault(); });
      g.addEventListener("keydown", function (e) {
        if (e.key !== "Enter" && e.key !== " ") return;
        e.preventDefault();
        toggleMark(g);
      });
      edgeEl[key] = { g: g, cmp: cmp, parent: v, child: ci };
      edges.push(edgeEl[key]);
    });
  });

  order.forEach(function (v) {
    var n = T.nodes[v];
    var g = svg("g", { "class": "node", "data-node": n.name, "data-state": "unvisited",
                       transform: "translate(" + px(v) + "," + py(v) + ")" }, nodeLayer);
    svg("title", { text: n.name }, g);
    var shape = svg("g", {}, g);
    svg("text", { "class": "name", x: 0, y: 0, text: short(n.name) }, g);
    var leaf = isCut(v);
    var given = leaf && n.value !== undefined && n.value !== null;
    var val = svg("text", { "class": "val" + (given ? " leafval" : ""), x: 0, y: 33,
                            text: given ? num(n.value) : "" }, g);
    var win = svg("text", { "class": "win", x: 26, y: -14 }, g);
    var truth = svg("text", { "class": "truth", x: 0, y: 62 }, g);
    nodeEl[n.name] = { g: g, shape: shape, val: val, win: win, truth: truth,
                       leaf: leaf, given: given, v: v };
    if (!leaf) {
      /* a tree of vectors asks for a vector: a wider field */
      var wide = vectors ? 80 : 46;
      var fo = svg("foreignObject", { x: -wide / 2, y: 22, width: wide, height: 24,
                                      "class": "answer-box" }, g);
      var input = el("input", { "class": "answer", type: "text",
                                inputmode: vectors ? "text" : "decimal",
                                "data-node": n.name, "aria-label": "value of " + n.name +
                                (vectors ? " (a vector: one number an agent)" : ""),
                                autocomplete: "off" }, fo);
      if (vectors) input.style.width = wide + "px";
      var abBox = svg("foreignObject", { x: 24, y: -25, width: 42, height: 42,
                                         "class": "ab-box" }, g);
      var ab = ["alpha", "beta"].map(function (w) {
        return el("input", { "class": "ab", type: "text", "data-node": n.name, "data-ab": w,
                             placeholder: w === "alpha" ? "\u03b1" : "\u03b2",
                             "aria-label": w + " at " + n.name, autocomplete: "off" }, abBox);
      });
      answers[n.name] = { input: input, box: fo, alpha: ab[0], beta: ab[1], abBox: abBox };
    }
  });

  /* Shapes depend on the run: expectimax searches MIN agents as chance. */
  function roleAt(run, p) { return run.agents[p % run.agents.length]; }
  function drawShapes(run) {
    order.forEach(function (v) {
      var s = nodeEl[T.nodes[v].name].shape, role = roleAt(run, ply[v]);
      s.textContent = "";
      if (role === "max") svg("rect", { "class": "shape", x: -22, y: -17, width: 44, height: 34 }, s);
      else if (role === "min") svg("circle", { "class": "shape", r: 20 }, s);
      else svg("polygon", { "class": "shape", points: "0,-23 25,0 0,23 -25,0" }, s);
      nodeEl[T.nodes[v].name].role = role;
    });
  }

  /* ---- Replaying a trace up to step k ---- */
  var run = D.runs[D.initial || 0];

  function fmtBound(v, bound) {
    return (bound === "lower" ? GE + " " : bound === "upper" ? LE + " " : "") + num(v);
  }
  function inf(a, sign) { return a === null || a === undefined ? sign * Infinity : a; }
  function probOf(p, c) {
    var kids = T.nodes[byName[p]].children, k;
    for (k = 0; k < kids.length; k++)
      if (kids[k].node === c) return kids[k].p !== undefined && kids[k].p !== null
                                   ? kids[k].p : 1 / kids.length;
    return 0;
  }

  /* Why `parent` cut: its value so far against its window. */
  function comparison(ev, role, seen) {
    var a = inf(ev.alpha, -1), b = inf(ev.beta, 1);
    var strict = run.rule === "strict";
    /* max^n cuts by the utilities' sum, not by a window */
    if (run.key === "maxn") return "shallow pruning: the agent above cannot gain here";
    var vals = seen.map(function (s) { return s.v; });
    if (role === "max" && vals.length)
      return "v = " + num(Math.max.apply(null, vals)) + (strict ? " > " : " " + GE + " ") +
             "\u03b2 = " + numWin(b);
    if (role === "min" && vals.length)
      return "v = " + num(Math.min.apply(null, vals)) + (strict ? " < " : " " + LE + " ") +
             "\u03b1 = " + numWin(a);
    if (role === "chance" && D.bounds) {
      var sum = 0, mass = 0;
      seen.forEach(function (s) { var p = probOf(ev.parent, s.c); sum += p * s.v; mass += p; });
      var hi = sum + (1 - mass) * D.bounds[1], lo = sum + (1 - mass) * D.bounds[0];
      if (hi <= a) return "E " + LE + " " + num(hi) + " " + LE + " \u03b1 = " + numWin(a);
      if (lo >= b) return "E " + GE + " " + num(lo) + " " + GE + " \u03b2 = " + numWin(b);
    }
    return "\u03b1 = " + numWin(a) + ", \u03b2 = " + numWin(b);
  }

  /*
   * The bound a node's value is shown with. The search calls a value that
   * fell outside its window a bound (fail-soft: <= alpha, >= beta) even
   * when every child was searched; then the value is exact when the child
   * that gave it was, and no child was cut off: such a MAX node shows 2,
   * not <= 2.
   */
  function shownBound(ev, role, seen, cut, kids) {
    if (cut || seen.length !== kids || !ev.bound || ev.bound === "exact") return ev.bound;
    if ((role === "max" && ev.bound === "upper") || (role === "min" && ev.bound === "lower")) {
      var by = seen.some(function (c) { return c.b === "exact" && c.v === ev.value; });
      var rest = seen.every(function (c) {
        return c.b === "exact" || (c.b === ev.bound &&
                                   (role === "max" ? c.v <= ev.value : c.v >= ev.value));
      });
      if (by && rest) return "exact";
    }
    return ev.bound;
  }

  /*
   * The picture's state after the first k events of the run's trace. In
   * an alpha-beta run a MAX or MIN node's window changes as each child's
   * value comes back (alpha = max(alpha, v) at MAX, beta = min(beta, v) at
   * MIN), at that step, as the search's next child window then shows;
   * a value that cuts off returns at once, as in the textbooks'
   * pseudocode, and leaves the window as it was. The practice of alpha
   * and beta grades by the same convention.
   */
  function replay(k) {
    var s = { state: {}, value: {}, win: {}, stack: [], seen: {}, edge: {}, cmp: {}, cmpAt: {},
              cut: {}, boundAt: {}, narrowAt: {} };
    var ab = /^alphabeta/.test(run.key);
    for (var i = 0; i < k; i++) {
      var ev = run.trace[i], top = s.stack[s.stack.length - 1];
      var a = inf(ev.alpha, -1), b = inf(ev.beta, 1);
      if (ev.event === "enter") {
        s.stack.push(ev.node);
        s.state[ev.node] = "current";
        s.win[ev.node] = [a, b];
        s.seen[ev.node] = [];
        delete s.cut[ev.node];
        delete s.value[ev.node];
        if (top !== undefined) {
          s.edge[ekey(top, ev.node)] = "done";
          var tr = roleAt(run, s.stack.length - 2);
          if (tr === "max" || tr === "min") s.win[top] = [a, b];
        }
      } else if (ev.event === "leave") {
        s.stack.pop();
        s.state[ev.node] = "done";
        var bound = shownBound(ev, roleAt(run, s.stack.length), s.seen[ev.node] || [],
                               s.cut[ev.node], drawnKids(byName[ev.node]).length);
        s.boundAt[i] = bound;
        s.value[ev.node] = fmtBound(ev.value, bound);
        var up = s.stack[s.stack.length - 1];
        if (up !== undefined) {
          s.seen[up].push({ c: ev.node, v: ev.value, b: bound });
          /* A value that cuts off (by the run's rule) returns at once:
           * the window stays as it was. */
          var ur = roleAt(run, s.stack.length - 1), w = s.win[up];
          var cuts = w && (run.rule === "strict"
                           ? (ur === "max" ? ev.value > w[1] : ev.value < w[0])
                           : (ur === "max" ? ev.value >= w[1] : ev.value <= w[0]));
          if (ab && w && cuts && (ur === "max" || ur === "min")) {
            s.narrowAt[i] = up + " cuts off and keeps its window";
          } else if (ab && w && ur === "max" && ev.value > w[0]) {
            s.win[up] = [ev.value, w[1]];
            s.narrowAt[i] = "now " + up + ": \u03b1 = " + numWin(ev.value);
          } else if (ab && w && ur === "min" && ev.value < w[1]) {
            s.win[up] = [w[0], ev.value];
            s.narrowAt[i] = "now " + up + ": \u03b2 = " + numWin(ev.value);
          }
        }
      } else if (ev.event === "prune") {
        var key = ekey(ev.parent, ev.node);
        s.edge[key] = "pruned";
        s.cut[ev.parent] = true;
        var at = s.stack.lastIndexOf(ev.parent);
        var pr = roleAt(run, at < 0 ? ply[byName[ev.parent]] : at);
        s.cmp[key] = comparison(ev, pr, s.seen[ev.parent] || []);
        s.cmpAt[i] = s.cmp[key];
        if (!(ab && (pr === "max" || pr === "min"))) s.win[ev.parent] = [a, b];
        greySubtree(s, byName[ev.node]);
      }
    }
    return s;
  }
  function greySubtree(s, v) {
    var todo = [v];
    while (todo.length) {
      var u = todo.pop(), name = T.nodes[u].name;
      if (s.state[name] && s.state[name] !== "unvisited") continue;
      s.state[name] = "pruned";
      drawnKids(u).forEach(function (c) { todo.push(byName[c.node]); });
    }
  }

  function describe(ev, i, all) {
    var w = "\u03b1 = " + numWin(inf(ev.alpha, -1)) + ", \u03b2 = " + numWin(inf(ev.beta, 1));
    if (ev.event === "enter")
      return "enter " + ev.node + (ev.parent !== undefined && ev.parent !== null
                                   ? " from " + ev.parent : "") + " with " + w;
    if (ev.event === "leave")
      return "leave " + ev.node + ": value " + fmtBound(ev.value, all.boundAt[i]) +
             (all.narrowAt[i] ? "; " + all.narrowAt[i] : "");
    return "prune " + ev.node + " at " + ev.parent + ": " + all.cmpAt[i];
  }

  /* ---- Showing a step ---- */
  var status = document.getElementById("status"), log = document.getElementById("log");
  var practising = false;

  function show(k) {
    var s = practising ? replay(0) : replay(k), end = !practising && k === run.trace.length;
    var focus = s.stack[s.stack.length - 1];
    var onPath = {};
    s.stack.forEach(function (n) { onPath[n] = true; });
    var pv = {};
    if (end) (run.pv || []).forEach(function (n) { pv[n] = true; });
    order.forEach(function (v) {
      var name = T.nodes[v].name, e = nodeEl[name];
      e.g.setAttribute("data-state", s.state[name] || "unvisited");
      if (name === focus) e.g.setAttribute("data-focus", "true");
      else e.g.removeAttribute("data-focus");
      if (!e.given) e.val.textContent = s.value[name] || "";
      var w = onPath[name] && s.win[name];
      e.win.textContent = w ? "\u03b1 " + numWin(w[0]) + "  \u03b2 " + numWin(w[1]) : "";
      e.g.classList.toggle("pv", !!pv[name]);
    });
    var pvIndex = {}, shown = {};
    (end ? run.pv || [] : []).forEach(function (n, i) { pvIndex[n] = i; });
    edges.forEach(function (ed) {
      var p = T.nodes[ed.parent].name, c = T.nodes[ed.child].name, key = ekey(p, c);
      var st = s.edge[key] || "unvisited";
      ed.g.setAttribute("data-state", st);
      /* one comparison per cut: on the first edge it crossed out */
      var text = s.cmp[key] || "";
      if (text && shown[p] === text) text = "";
      else if (text) shown[p] = text;
      ed.cmp.textContent = text;
      ed.g.classList.toggle("grey", st === "unvisited" && s.state[c] === "pruned");
      ed.g.classList.toggle("pv", pvIndex[p] !== undefined && pvIndex[c] === pvIndex[p] + 1);
    });
    if (practising) return;
    Array.prototype.forEach.call(log.children, function (li, i) {
      li.className = i === k - 1 ? "now" : "";
    });
    if (k > 0 && log.children[k - 1]) {
      var li = log.children[k - 1];
      if (li.offsetTop < log.scrollTop || li.offsetTop > log.scrollTop + log.clientHeight - 20)
        log.scrollTop = li.offsetTop - log.clientHeight / 2;
    }
    if (k === 0) status.textContent = "Press \u2192 (or Play) to start the search.";
    else if (!end) status.textContent = "Step " + k + ": " + log.children[k - 1].textContent;
    else status.innerHTML = "";
    if (end) {
      var r = el("span", { "class": "result",
                           text: "value " + num(run.value) + ", best move " +
                                 (run.best === null || run.best === undefined ? "none"
                                  : run.best + (run.action !== run.best ? " (action " + run.action + ")" : "")) },
                 status);
      r.id = "result";
      status.appendChild(document.createTextNode(
        "; principal variation " + (run.pv || []).join(" \u2192 ")));
    }
  }

  /* ---- The algorithms, side by side ---- */
  var algos = document.getElementById("algos");
  var table = el("table", {}, algos);
  var head = el("tr", {}, el("thead", {}, table));
  ["algorithm", "nodes", "leaves", "value"].forEach(function (t) { el("th", { text: t }, head); });
  var body = el("tbody", {}, table), rows = [];
  D.runs.forEach(function (r, i) {
    var tr = el("tr", { "data-run": r.key, title: "show " + r.label }, body);
    el("td", {}, tr).appendChild(el("button", { type: "button",
      text: r.label + (r.passes > 1 ? " (" + r.passes + " passes)" : "") }));
    el("td", { "class": "count", text: String(r.nodes) }, tr);
    el("td", { "class": "count", text: String(r.leaves) }, tr);
    el("td", { "class": "value", text: num(r.value) }, tr);
    tr.addEventListener("click", function () { select(i); });
    rows.push(tr);
  });

  var stepper = GS.stepper(document.getElementById("watch"), show);

  function select(i) {
    var atEnd = stepper.step() === stepper.count() && stepper.count() > 0;
    run = D.runs[i];
    rows.forEach(function (tr, j) { tr.className = i === j ? "sel" : ""; });
    drawShapes(run);
    log.textContent = "";
    var all = replay(run.trace.length);
    run.trace.forEach(function (ev, j) {
      var li = el("li", { text: describe(ev, j, all), tabindex: "0",
                          title: "show step " + (j + 1) }, log);
      li.addEventListener("click", function () { stepper.go(j + 1); });
      li.addEventListener("keydown", function (e) {
        if (e.key === "Enter" || e.key === " ") { e.preventDefault(); stepper.go(j + 1); }
      });
    });
    document.getElementById("practice-what").textContent =
      "Practice " + run.label + ": click each edge you think is cut off (click again to take " +
      "it back; from the keyboard, Tab to it and press Enter), type the value each node " +
      "backs up" + (vectors ? " (a vector as 3, 1, 2)" : "") + " (leave it empty when the " +
      "search never reaches the node), then Check.";
    if (practising) clearChecks();
    if (abBox) askWindows(askAB);
    stepper.reset(run.trace.length, atEnd ? run.trace.length : 0);
  }

  /* ---- Practice ---- */
  function toggleMark(g) {
    if (!practising) return;
    if (g.getAttribute("data-mark") === "pruned") g.removeAttribute("data-mark");
    else g.setAttribute("data-mark", "pruned");
    g.setAttribute("aria-pressed", g.hasAttribute("data-mark") ? "true" : "false");
    g.removeAttribute("data-check");
  }
  function clearChecks() {
    edges.forEach(function (ed) { ed.g.removeAttribute("data-check"); });
    Object.keys(answers).forEach(function (n) {
      [answers[n].input, answers[n].alpha, answers[n].beta].forEach(function (i) {
        i.removeAttribute("data-check");
        i.removeAttribute("title");
      });
      nodeEl[n].truth.textContent = "";
    });
    document.getElementById("score").textContent = "";
    document.getElementById("replay").hidden = true;
  }
  /* A value typed: a number (a bound's sign ignored), or for a vector
   * numbers apart by commas or spaces, in brackets or not; null when
   * empty, NaN when not a number. */
  function parseAnswer(t, vector) {
    t = t.trim().replace(/^(<=|>=|\u2264|\u2265|<|>)\s*/, "").replace(/\u2212/g, "-");
    if (t === "") return null;
    if (!vector) return Number(t);
    var parts = t.replace(/^[(\[]\s*|\s*[)\]]$/g, "").split(/\s*[,;\s]\s*/);
    return parts.map(function (x) { return x === "" ? NaN : Number(x); });
  }
  function sameValue(said, truth) {
    var near = function (a, b) { return Math.abs(a - b) <= 1e-9 * Math.max(1, Math.abs(b)); };
    if (Array.isArray(truth))
      return Array.isArray(said) && said.length === truth.length &&
             said.every(function (x, i) { return near(x, truth[i]); });
    return !Array.isArray(said) && said !== null && near(said, truth);
  }
  /* An alpha or beta typed: a number, or inf, infinity or \u221e with
   * its sign; compared as the page writes windows (8 digits). */
  function parseWindow(t) {
    t = t.trim().replace(/\u2212/g, "-").toLowerCase();
    if (t === "") return null;
    var m = /^([+-]?)(inf|infinity|\u221e)$/.exec(t);
    if (m) return m[1] === "-" ? -Infinity : Infinity;
    return Number(t);
  }
  /* The runs whose windows are asked: alpha-beta by either rule (Star1
   * at chance nodes), whose trace is one pass with a window a node. */
  function asksWindows(r) { return /^alphabeta/.test(r.key); }
  function check() {
    var s = replay(run.trace.length), right = 0, total = 0;
    var finals = {};
    run.trace.forEach(function (ev, i) {
      if (ev.event === "leave") finals[ev.node] = { value: ev.value, bound: s.boundAt[i] };
    });
    edges.forEach(function (ed) {
      var key = ekey(T.nodes[ed.parent].name, T.nodes[ed.child].name);
      var truth = s.edge[key] === "pruned", said = ed.g.getAttribute("data-mark") === "pruned";
      if (!truth && !said) { ed.g.removeAttribute("data-check"); return; }
      total++;
      if (truth === said) right++;
      ed.g.setAttribute("data-check", truth === said ? "right" : "wrong");
    });
    var windows = askAB && asksWindows(run);
    Object.keys(answers).forEach(function (n) {
      var a = answers[n], f = finals[n];
      var said = parseAnswer(a.input.value, f ? Array.isArray(f.value) : vectors);
      var ok = f ? sameValue(said, f.value) : said === null;
      var why = [];
      if (!f && said === null) a.input.removeAttribute("data-check");
      else {
        total++;
        if (ok) right++;
        a.input.setAttribute("data-check", ok ? "right" : "wrong");
        if (!ok) why.push(f ? "is " + fmtBound(f.value, f.bound) : "not reached");
      }
      /* alpha and beta as they stand when the search leaves the node */
      [["alpha", 0], ["beta", 1]].forEach(function (q) {
        var box = a[q[0]];
        if (!windows) { box.removeAttribute("data-check"); return; }
        var w = f && s.win[n], typed = parseWindow(box.value);
        if (!w && typed === null) { box.removeAttribute("data-check"); return; }
        var good = w ? typed !== null && numWin(typed) === numWin(w[q[1]]) : false;
        total++;
        if (good) right++;
        box.setAttribute("data-check", good ? "right" : "wrong");
        if (!good) {
          var truth = w ? (q[1] ? "\u03b2 " : "\u03b1 ") + numWin(w[q[1]]) : "not reached";
          box.setAttribute("title", truth);
          if (w) why.push(truth);
        }
      });
      nodeEl[n].truth.textContent = why.join(", ");
    });
    document.getElementById("score").textContent = right + " of " + total + " right";
    document.getElementById("replay").hidden = false;
  }
  function setMode(p) {
    practising = p;
    document.body.classList.toggle("practice", p);
    /* the edges are controls only in practice */
    edges.forEach(function (ed) { ed.g.setAttribute("tabindex", p ? "0" : "-1"); });
    document.getElementById("mode-watch").className = p ? "" : "on";
    document.getElementById("mode-practice").className = p ? "on" : "";
    document.getElementById("practice-bar").hidden = !p;
    log.hidden = p;
    Object.keys(answers).forEach(function (n) { answers[n].box.style.display = p ? "" : "none"; });
    askWindows(askAB);
    Array.prototype.forEach.call(document.querySelectorAll("#algos .count, #algos .value"),
                                 function (td) { td.style.visibility = p ? "hidden" : ""; });
    stepper.enable(!p);
    if (p) {
      clearChecks();
      status.textContent = "";
    }
    stepper.go(0);
  }
  document.getElementById("mode-watch").addEventListener("click", function () { setMode(false); });
  document.getElementById("mode-practice").addEventListener("click", function () { setMode(true); });
  document.getElementById("check").addEventListener("click", check);
  function unmark() {
    edges.forEach(function (ed) {
      ed.g.removeAttribute("data-mark");
      ed.g.setAttribute("aria-pressed", "false");
    });
  }
  document.getElementById("clear").addEventListener("click", function () {
    unmark();
    Object.keys(answers).forEach(function (n) {
      answers[n].input.value = answers[n].alpha.value = answers[n].beta.value = "";
    });
    clearChecks();
  });
  document.getElementById("replay").addEventListener("click", function () {
    clearChecks();
    unmark();
    setMode(false);
  });

  /* ---- Practice with alpha and beta ---- */
  var abBox = document.getElementById("practice-ab"), abRule = document.getElementById("ab-rule");
  var askAB = !!D.practiceWindows;
  /* Asks (or stops asking) alpha and beta at every inner node: only of
   * a run that has one window a node (asksWindows). */
  function askWindows(on) {
    askAB = on;
    var can = asksWindows(run);
    abBox.checked = on;
    abBox.disabled = !can;
    var live = practising && on && can;
    document.body.classList.toggle("ask-ab", live);
    Object.keys(answers).forEach(function (n) {
      answers[n].alpha.disabled = answers[n].beta.disabled = !live;
    });
    abRule.hidden = !(practising && on);
    abRule.textContent = !can
      ? "\u03b1 and \u03b2 are asked of alpha-beta only (either rule): choose it above."
      : "\u03b1 and \u03b2 (in the fields right of each node): the window as it stands " +
        "when the search leaves the node. At a MAX node \u03b1 rises to each child's value " +
        "that does not cut off; at a MIN node \u03b2 falls to it; a value that cuts off " +
        "returns at once and leaves the window as it was; a chance node keeps the window it " +
        "was entered with. Type inf or -inf for \u00b1\u221e; leave a node the search never " +
        "reaches empty. Leaves have no \u03b1 or \u03b2 to give.";
    if (practising) clearChecks();
  }
  abBox.addEventListener("change", function () { askWindows(abBox.checked); });

  document.getElementById("title").textContent = D.title || "gamesearch";
  document.title = "gamesearch: " + (D.title || "game tree");
  select(D.initial || 0);
  setMode(!!D.practice);
};

  var D0 = GS.data();
  if (!D0.lab) GS.treeView(D0);
})();
