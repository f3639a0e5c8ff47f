/*
 * The tree lab (`gamesearch web`: tree-lab.html): the tree page of
 * tree.js, drawn from a tree typed in the page and searched there by the
 * engine (gs.js, WebAssembly). Its data is {"lab": true}; on any other
 * page this does nothing.
 *
 * The URL's fragment carries what is shown, so that a link hands out an
 * exercise: tree=TEXT or spec=SPEC&seed=N (the tree of `gamesearch tree
 * --random SPEC,seed=N`), then algo=ALGO[:RULE], depth=N,
 * mode=watch|practice and ab=1 (practice asks alpha and beta too). The trees typed that parse are kept in
 * localStorage ("gamesearch.lab.trees", the newest first) until "Forget"
 * clears them.
 */
(function () {
  "use strict";
  var D0 = GS.data();
  if (!D0 || !D0.lab) return;
  var $ = function (id) { return document.getElementById(id); };
  var SEED_TREE = "# The alpha-beta lab tree: value 5, A -> D -> L, pruned I J O\n" +
    "['A', ['B', ('E', 3), ('F', 12), ('G', 8)],\n" +
    "      ['C', ('H', 2), ('I', 4), ('J', 6)],\n" +
    "      ['D', ('K', 14), ('L', 5), ['M', ('N', 7), ('O', 2)]]]\n";
  var STORE = "gamesearch.lab.trees", KEEP = 20;
  var text = $("lab-text"), algo = $("lab-algo"), depth = $("lab-depth");
  var spec = $("lab-spec"), seed = $("lab-seed"), saved = $("lab-saved");
  var error = $("lab-error"), answer = $("lab-answer"), link = $("lab-link");
  var mode = "watch";
  var windows = false;   /* practice asks alpha and beta */
  var random = null;     /* {spec, seed} while the tree is that random one */
  var asked = 0;         /* the latest request: older answers are dropped */
  var timer = null;

  $("lab").hidden = false;
  $("view").hidden = true;
  document.title = "gamesearch: tree lab";

  /* ---- Kept trees ---- */
  function load() {
    try { return JSON.parse(localStorage.getItem(STORE)) || []; } catch (e) { return []; }
  }
  function keep(t) {
    if (!t.trim()) return;
    var list = load().filter(function (s) { return s !== t; });
    list.unshift(t);
    try { localStorage.setItem(STORE, JSON.stringify(list.slice(0, KEEP))); } catch (e) { /* full or refused */ }
    listSaved();
  }
  function listSaved() {
    var list = load();
    saved.textContent = "";
    GS.el("option", { value: "", text: list.length ? "(choose one)" : "(none yet)" }, saved);
    list.forEach(function (t, i) {
      var first = t.split("\n").filter(function (l) { return l.trim() && l.trim()[0] !== "#"; })[0] || t;
      GS.el("option", { value: String(i), text: first.slice(0, 60) }, saved);
    });
  }
  saved.addEventListener("change", function () {
    var t = load()[Number(saved.value)];
    if (saved.value === "" || t === undefined) return;
    text.value = t;
    random = null;
    solve();
  });
  $("lab-forget").addEventListener("click", function () {
    try { localStorage.removeItem(STORE); } catch (e) { /* refused */ }
    listSaved();
  });

  /* ---- The fragment ---- */
  function options() {
    var a = algo.value.split(":"), o = { algo: a[0], rule: a[1] || "textbook" };
    if (depth.value !== "") o.depth = Number(depth.value);
    return o;
  }
  function fragment() {
    var q = new URLSearchParams();
    if (random) { q.set("spec", random.spec); q.set("seed", random.seed); }
    else q.set("tree", text.value);
    q.set("algo", algo.value);
    if (depth.value !== "") q.set("depth", depth.value);
    q.set("mode", mode);
    if (windows) q.set("ab", "1");
    return "#" + q.toString();
  }
  function updateLink() {
    var f = fragment();
    link.href = f;
    try { history.replaceState(null, "", f); } catch (e) { /* some file:// pages refuse */ }
  }
  /* Reads the fragment; returns what it asks to draw, or null. */
  function fromFragment() {
    var q = new URLSearchParams(location.hash.slice(1));
    if (q.has("algo") && algo.querySelector('option[value="' + q.get("algo") + '"]')) algo.value = q.get("algo");
    if (q.has("depth")) depth.value = q.get("depth");
    if (q.get("mode") === "practice") mode = "practice";
    windows = q.get("ab") === "1";
    if (q.has("spec")) return { spec: q.get("spec"), seed: q.get("seed") || "0" };
    if (q.has("tree")) return { tree: q.get("tree") };
    return null;
  }

  /* ---- Searching ---- */
  function failed(e) {
    $("view").hidden = true;
    answer.textContent = "";
    error.textContent = e.message;
    error.setAttribute("data-line", e.line || 0);
    error.setAttribute("data-column", e.column || 0);
  }
  function solve() {
    var my = ++asked, t = text.value, o = options();
    clearTimeout(timer);
    if (!t.trim()) {
      failed({ message: "Type a tree, paste one, or draw a new practice tree." });
      return Promise.resolve();
    }
    return Promise.all([gs.solveTree(t, o), gs.treePage(t, o)]).then(function (r) {
      if (my !== asked) return;
      keep(t);
      var a = r[0], d = r[1];
      error.textContent = "";
      answer.textContent = "value " + GS.num(a.value) + ", best move " +
        (a.best === null ? "none" : a.best) + ", pruned " +
        (a.pruned.length ? a.pruned.join(" ") : "none") + " (" + a.nodes + " nodes, " +
        a.leaves + " leaves)";
      d.title = random ? "random " + random.spec + ",seed=" + random.seed : "Tree lab";
      d.practice = mode === "practice";
      d.practiceWindows = windows;
      GS.treeView(d);
      updateLink();
    }, function (e) {
      if (my === asked && e.name !== "AbortError") failed(e);
    });
  }
  function later() {
    clearTimeout(timer);
    timer = setTimeout(solve, 250);
  }
  text.addEventListener("input", function () { random = null; later(); });
  algo.addEventListener("change", solve);
  depth.addEventListener("input", later);
  /* The page's own mode buttons: the link follows them. */
  document.addEventListener("change", function (e) {
    if (e.target && e.target.id === "practice-ab") {
      windows = e.target.checked;
      updateLink();
    }
  });
  document.addEventListener("click", function (e) {
    var id = e.target && e.target.id;
    if (id === "mode-watch" || id === "mode-practice" || id === "replay") {
      mode = id === "mode-practice" ? "practice" : "watch";
      updateLink();
    }
  });

  /* A random tree: the spec's with this seed. */
  function draw(r) {
    var s = r.spec.replace(/(^|,)seed=[^,]*/g, "").replace(/^,/, "");
    return gs.randomTree(s + (s ? "," : "") + "seed=" + r.seed).then(function (t) {
      random = { spec: s, seed: String(r.seed) };
      spec.value = s;
      seed.value = random.seed;
      text.value = t;
      return solve();
    }, failed);
  }
  $("lab-new").addEventListener("click", function () {
    var n = seed.value === "" ? Math.floor(Math.random() * 1000000) : Number(seed.value) + (random ? 1 : 0);
    mode = "practice";
    draw({ spec: spec.value, seed: n });
  });

  /* The algorithms the engine has (gs.algorithms), alpha-beta under each
   * pruning rule. */
  function listAlgorithms() {
    var names = { "alphabeta:textbook": "alpha-beta, prune on \u2265 and \u2264 (Star1 with bounds)",
                  "alphabeta:strict": "alpha-beta, prune on > and < only (CS188)",
                  pvs: "PVS (NegaScout)", mtdf: "MTD(f)", sss: "SSS*",
                  maxn: "max^n (trees of vectors)", paranoid: "paranoid (trees of vectors)" };
    gs.algorithms.forEach(function (a) {
      (a === "alphabeta" ? ["alphabeta:textbook", "alphabeta:strict"] : [a]).forEach(function (v) {
        GS.el("option", { value: v, text: names[v] || a }, algo);
      });
    });
    algo.value = "alphabeta:textbook";
  }

  listSaved();
  gs.ready.then(function () {
    listAlgorithms();
    var f = fromFragment();
    if (f && f.spec) return draw(f);
    text.value = f ? f.tree : load()[0] || SEED_TREE;
    return solve();
  }).then(function () { document.body.setAttribute("data-lab", "ready"); });
  window.addEventListener("hashchange", function () {
    if (location.hash === fragment()) return;
    var f = fromFragment();
    if (f && f.spec) draw(f);
    else if (f) { text.value = f.tree; random = null; solve(); }
  });
})();
