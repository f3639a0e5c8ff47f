/*
 * gs.js: gamesearch's engine in the browser, the same C code as the
 * program compiled to WebAssembly (wasm/gs_wasm.c), behind one small API
 * on window.gs. Ready when the promise gs.ready resolves:
 *
 *   gs.version                       the library's version ("0.4.0")
 *   gs.algorithms                    the names solveTree's algo takes
 *   gs.solveTree(text, {algo, rule, depth})
 *       the object `gamesearch tree --json` prints for the tree `text`
 *       (either syntax): algo one of gs.algorithms: "minimax",
 *       "alphabeta", "expectimax", "pvs", "mtdf", "sss", "maxn" or
 *       "paranoid" (default: alpha-beta, or a CS188 test file's own;
 *       "mcts", "brs", "pns" and "dfpn" are refused with the program's
 *       sentence, as `tree --json` refuses them), rule
 *       "textbook" (default: prune when a value equals the bound) or
 *       "strict" (--no-prune-equal), depth in rounds (default: the file's)
 *   gs.treePage(text, {algo, rule, depth})
 *       the data `gamesearch tree --html` puts in its page (web/tree.js):
 *       the tree's nodes and a traced search of each algorithm; the same
 *       options and errors as solveTree
 *   gs.randomTree(spec)              the text of `gamesearch tree --random SPEC`
 *   gs.c4Analyze(moves, {onProgress, signal})
 *       what `gamesearch connect4 analyze MOVES` prints: an array of 7
 *       scores for the player to move, null for a full column; moves is a
 *       string of column digits ("4453") or an array of columns (1-7).
 *       onProgress({column, nodes, score}) is called as each column is
 *       scored (score null for a full column).
 *       The tree lab's smaller module (gs-tree.js) has no Connect Four:
 *       there it rejects with status 2.
 *   gs.c4BookMove(moves)
 *       the move `gamesearch connect4 play` takes from its book without a
 *       search: {column (1-7), score (for the player to move)} when the
 *       shipped book holds the position and a column that gets its score
 *       (the nearest the centre of those it holds), else null.
 *   gs.stop()                        stops the search under way
 *   gs.pacmanLayouts()               the names of the built-in layouts
 *                                    (layouts/ of the source: "crossroads", ...)
 *   gs.pacmanStart({layout, numGhosts, ghosts, agent, depth, args, seed,
 *                   seeds, fixRandomSeed, maxMoves})
 *       starts a game of Pacman held by the engine, as `gamesearch pacman`
 *       would play it with -l layout (a built-in name, default
 *       "crossroads", or a layout's text), -k numGhosts (4), -g ghosts
 *       ("RandomGhost" or "DirectionalGhost"), -p agent (default
 *       "KeyboardAgent"; any -p name), -a args ("depth=2,...") or depth
 *       alone, --max-moves maxMoves, and its seed: fixRandomSeed (-f),
 *       seed N (--seed N) or seeds N (--seeds N: the stream of game 1);
 *       with none, a --seed chosen at random. Answers the state (below).
 *   gs.pacmanStep({keys})            plays a round: Pacman's move (the
 *       agent's decision; for KeyboardAgent, keys: the directions pressed
 *       since the last step, "West", "East", "North", "South" or "Stop",
 *       none to keep going), then every ghost's. Answers the state after.
 *   gs.pacmanState()                 the state of the game under way
 *
 *   A Pacman state: {width, height, maze: rows top first ('%' wall, '.'
 *   food, 'o' capsule, ' '), agents: [{x2, y2, dir, scared}] (Pacman
 *   first; positions doubled, y from the bottom), score, food, capsules,
 *   moves (single-agent moves, as --json counts them), pacmanMoves, nodes,
 *   over, result ("win", "loss", "stopped" or null), legal (Pacman's
 *   actions), step: [[agent, action], ...] the last round, decision:
 *   {action, nodes, depth, ms, values: [{action, value}]} Pacman's last,
 *   each legal action's value as the agent backed it up (null: not
 *   searched; none from the agents that do not value their actions),
 *   seed: the seed option of the program ("--seed 7", "-f")}.
 *
 * Every function returns a promise. A bad input rejects it with an Error
 * whose message is the program's (with "LINE:COLUMN: " before it when it
 * has a place) and whose fields are status (2: bad input, 1: failed,
 * 0: stopped), line and column. A stopped search (gs.stop(), or the
 * signal's abort) rejects with name "AbortError"; so do the requests
 * waiting behind it.
 *
 * The searches run in a Web Worker, so that a page never freezes. A page
 * opened from disk (file://) may neither fetch the module nor start a
 * worker from a file: the module is inlined below (base64, at build time:
 * cmake/wasm-bundle.cmake), and the worker starts from a blob: URL made of
 * workerMain's source. A search in WebAssembly cannot be interrupted from
 * outside, so stopping ends the worker; the next request starts another.
 */
(function (global) {
  "use strict";

  const WASM_BASE64 = "@GS_WASM_BASE64@";

  /* ---- The worker: everything in this function runs in it. ---- */
  function workerMain(scope) {
    let exports = null, ctx = 0, pac = 0, current = 0, bytes = null;
    const enc = new TextEncoder(), dec = new TextDecoder();
    let stderr = "";

    const mem = () => new Uint8Array(exports.memory.buffer);
    const view = () => new DataView(exports.memory.buffer);

    /* The few WASI calls the C library makes: the clocks the searches
     * time themselves with, and writes to standard error (an assert that
     * failed), kept for the error the request then rejects with. */
    const wasi = {
      clock_time_get(id, precision, out) {
        const ns = id === 0 ? BigInt(Date.now()) * 1000000n
                            : BigInt(Math.round(performance.now() * 1e6));
        view().setBigUint64(out, ns, true);
        return 0;
      },
      fd_write(fd, iovs, n, written) {
        const v = view();
        let total = 0;
        for (let i = 0; i < n; i++) {
          const p = v.getUint32(iovs + 8 * i, true), len = v.getUint32(iovs + 8 * i + 4, true);
          if (fd === 2) stderr += dec.decode(mem().subarray(p, p + len));
          total += len;
        }
        v.setUint32(written, total, true);
        return 0;
      },
      fd_close() { return 0; },
      fd_seek() { return 70; /* ESPIPE: no files here */ },
      fd_pread() { return 8; /* EBADF: no files here */ },
      fd_fdstat_get() { return 8; /* EBADF */ },
    };
    const gsImports = {
      progress(column, nodes, score) {
        scope.postMessage({ id: current, progress: { column, nodes, score: Number.isNaN(score) ? null : score } });
      },
    };

    /* A string into the module's memory: [pointer, bytes]; NUL-ended. */
    function put(s) {
      const b = enc.encode(s);
      const p = exports.gsw_alloc(b.length + 1);
      if (!p) throw new Error("out of memory");
      const m = mem();
      m.set(b, p);
      m[p + b.length] = 0;
      return [p, b.length];
    }
    function answer() {
      const p = exports.gsw_out(ctx), n = exports.gsw_out_len(ctx);
      return dec.decode(mem().subarray(p, p + n));
    }
    /* The module's status and answer as the reply's fields. */
    function reply(status) {
      if (status === 0) return { ok: true, text: answer() };
      return { ok: false, status, message: answer(),
               line: exports.gsw_error_line(ctx), column: exports.gsw_error_column(ctx) };
    }
    const NO_PACMAN = { ok: false, status: 2, line: 0, column: 0,
                        message: "this page's engine has no Pacman (it is the tree lab's)" };
    /* reply() for the Pacman game's context. */
    function pacReply(status) {
      const p = exports.gsw_pac_out(pac), n = exports.gsw_pac_out_len(pac);
      const text = dec.decode(mem().subarray(p, p + n));
      if (status === 0) return { ok: true, text };
      return { ok: false, status, message: text,
               line: exports.gsw_pac_error_line(pac), column: exports.gsw_pac_error_column(pac) };
    }
    function withStrings(strings, fn) {
      const held = strings.map(put);
      try { return fn(held); } finally { held.forEach(([p]) => exports.gsw_free(p)); }
    }

    const ops = {
      init(b) {
        bytes = b;
        const module = new WebAssembly.Module(bytes);
        /* Any other system call the library's file code links in answers
         * ENOSYS: a page has no files. */
        for (const i of WebAssembly.Module.imports(module))
          if (i.module === "wasi_snapshot_preview1" && !(i.name in wasi))
            wasi[i.name] = () => 52;
        const instance = new WebAssembly.Instance(module, { wasi_snapshot_preview1: wasi, gs: gsImports });
        exports = instance.exports;
        exports._initialize();
        ctx = exports.gsw_new();
        /* The tree lab's module (gs-tree.js) has no Pacman. */
        pac = exports.gsw_pac_new ? exports.gsw_pac_new() : 0;
        if (!ctx || (exports.gsw_pac_new && !pac)) throw new Error("out of memory");
        const p = exports.gsw_version();
        const m = mem();
        let end = p;
        while (m[end]) end++;
        return { ok: true, text: dec.decode(m.subarray(p, end)) };
      },
      solveTree(text, algo, strict, depth) {
        return withStrings([text, algo], ([[t, n], [a]]) =>
          reply(exports.gsw_tree_solve(ctx, t, n, a, strict ? 1 : 0, depth)));
      },
      treePage(text, algo, strict, depth) {
        return withStrings([text, algo], ([[t, n], [a]]) =>
          reply(exports.gsw_tree_page(ctx, t, n, a, strict ? 1 : 0, depth)));
      },
      randomTree(spec) {
        return withStrings([spec], ([[s]]) => reply(exports.gsw_tree_random(ctx, s)));
      },
      c4Analyze(moves) {
        /* the tree lab's module (gs-tree.js) has no Connect Four */
        if (!exports.gsw_c4_analyze)
          return { ok: false, status: 2, line: 0, column: 0,
                   message: "this page's engine has no Connect Four (it is the tree lab's)" };
        return withStrings([moves], ([[s, n]]) => reply(exports.gsw_c4_analyze(ctx, s, n)));
      },
      c4BookMove(moves) {
        if (!exports.gsw_c4_book_move)
          return { ok: false, status: 2, line: 0, column: 0,
                   message: "this page's engine has no Connect Four (it is the tree lab's)" };
        return withStrings([moves], ([[s, n]]) => reply(exports.gsw_c4_book_move(ctx, s, n)));
      },
      pacmanLayouts() {
        if (!pac) return NO_PACMAN;
        return pacReply(exports.gsw_pac_layouts(pac)); },
      pacmanStart(layout, numGhosts, ghosts, agent, args, seed, digest, maxMoves) {
        if (!pac) return NO_PACMAN;
        return withStrings([layout, ghosts, agent, args, seed], ([[l, ln], [g], [a], [x], [s, sn]]) => {
          let d = 0;
          if (digest) {
            d = exports.gsw_alloc(64);
            if (!d) throw new Error("out of memory");
            mem().set(digest, d);
          }
          try {
            return pacReply(exports.gsw_pac_start(pac, l, ln, numGhosts, g, a, x, s, sn, d, maxMoves));
          } finally { if (d) exports.gsw_free(d); }
        });
      },
      pacmanStep(keys) { if (!pac) return NO_PACMAN; return pacReply(exports.gsw_pac_step(pac, keys)); },
      pacmanState() { if (!pac) return NO_PACMAN; return pacReply(exports.gsw_pac_state(pac)); },
    };

    scope.onmessage = (e) => {
      const { id, op, args } = e.data;
      current = id;
      stderr = "";
      let r;
      try {
        r = ops[op](...args);
      } catch (err) {
        /* A trap (an assert that failed, memory that could not grow, the
         * stack run out) leaves the module's own stack and heap as they
         * were mid-call: the next request gets a fresh instance. */
        const text = String(err && err.message || err);
        const why = /call stack/i.test(text) ? "the search ran out of the browser's stack" : text;
        r = { ok: false, status: 1, message: stderr.trim() || why };
        if (op !== "init") ops.init(bytes);
      }
      scope.postMessage(Object.assign({ id }, r));
    };
  }

  /* ---- The page's side ---- */
  const ALGOS = ["minimax", "alphabeta", "expectimax", "pvs", "mtdf", "sss", "maxn", "paranoid"];
  /* the program's other names, which the module refuses in its words */
  const REFUSED = ["mcts", "brs", "pns", "dfpn"];
  const RULES = { textbook: false, strict: true };

  let bytes = null;           /* the module, decoded once */
  let worker = null;          /* the worker, started on demand */
  let nextId = 1;
  const pending = new Map();  /* id -> {resolve, reject, onProgress} */

  function decode(b64) {
    const s = atob(b64), out = new Uint8Array(s.length);
    for (let i = 0; i < s.length; i++) out[i] = s.charCodeAt(i);
    return out;
  }

  function abortError(why) {
    const e = new Error(why);
    e.name = "AbortError";
    e.status = 0;
    return e;
  }

  /* The worker, started with the module on first use and after a stop. */
  function start() {
    const src = "(" + workerMain.toString() + ")(self);";
    const url = URL.createObjectURL(new Blob([src], { type: "text/javascript" }));
    worker = new Worker(url);
    URL.revokeObjectURL(url);
    worker.onmessage = (e) => {
      const m = e.data, p = pending.get(m.id);
      if (!p) return;
      if (m.progress) { if (p.onProgress) p.onProgress(m.progress); return; }
      pending.delete(m.id);
      if (m.ok) { p.resolve(m.text); return; }
      const err = new Error((m.line ? m.line + ":" + m.column + ": " : "") + m.message);
      err.status = m.status;
      err.line = m.line || 0;
      err.column = m.column || 0;
      p.reject(err);
    };
    worker.onerror = (e) => {
      e.preventDefault();
      const err = new Error("the engine failed: " + (e.message || "the worker stopped"));
      err.status = 1;
      err.line = err.column = 0;
      endWorker(err);
    };
    return call("init", [bytes.slice()]).then((version) => { gs.version = version; return version; });
  }

  /* Sends a request to the worker: a promise of its answer's text. */
  function call(op, args, options) {
    const o = options || {};
    if (!worker) start().catch(() => {});   /* (its failure fails this call too) */
    return new Promise((resolve, reject) => {
      const id = nextId++;
      pending.set(id, { resolve, reject, onProgress: o.onProgress });
      if (o.signal) {
        if (o.signal.aborted) { stop(); return; }
        o.signal.addEventListener("abort", () => { if (pending.has(id)) stop(); }, { once: true });
      }
      worker.postMessage({ id, op, args });
    });
  }

  /* Ends the worker: every request sent rejects with err. */
  function endWorker(err) {
    if (worker) worker.terminate();
    worker = null;
    const waiting = Array.from(pending.values());
    pending.clear();
    waiting.forEach((p) => p.reject(err));
  }

  function stop() { endWorker(abortError("stopped")); }

  function badError(message) {
    const e = new Error(message);
    e.status = 2;
    e.line = e.column = 0;
    return e;
  }
  function badOption(message) { return Promise.reject(badError(message)); }

  /* The checked arguments of solveTree and treePage, or a rejected promise. */
  function treeArgs(name, text, options) {
    const o = options || {};
    const algo = o.algo === undefined ? "" : o.algo;
    const rule = o.rule === undefined ? "textbook" : o.rule;
    const depth = o.depth === undefined ? null : o.depth;
    if (typeof text !== "string") return badOption(name + ": the tree must be a string");
    if (algo !== "" && ALGOS.indexOf(algo) < 0 && REFUSED.indexOf(algo) < 0)
      return badOption(name + ": algo '" + algo + "' is not one of " + ALGOS.join(", "));
    if (!Object.prototype.hasOwnProperty.call(RULES, rule))
      return badOption(name + ": rule '" + rule + "' is not \"textbook\" or \"strict\"");
    if (depth !== null && !(Number.isInteger(depth) && depth >= 0 && depth <= 1000000))
      return badOption(name + ": depth must be a whole number of rounds from 0 to 1000000");
    return [text, algo, RULES[rule], depth === null ? -1 : depth];
  }

  function solveTree(text, options) {
    const a = treeArgs("solveTree", text, options);
    return Array.isArray(a) ? call("solveTree", a, options).then(JSON.parse) : a;
  }

  function treePage(text, options) {
    const a = treeArgs("treePage", text, options);
    return Array.isArray(a) ? call("treePage", a, options).then(JSON.parse) : a;
  }

  function randomTree(spec) {
    if (typeof spec !== "string") return badOption("randomTree: the spec must be a string");
    return call("randomTree", [spec]);
  }

  function c4Analyze(moves, options) {
    let text = moves === undefined ? "" : moves;
    if (Array.isArray(text)) text = text.join("");
    if (typeof text !== "string") return badOption("c4Analyze: moves must be a string of columns or an array");
    return call("c4Analyze", [text], options).then((t) => JSON.parse(t).scores);
  }

  function c4BookMove(moves) {
    let text = moves === undefined ? "" : moves;
    if (Array.isArray(text)) text = text.join("");
    if (typeof text !== "string") return badOption("c4BookMove: moves must be a string of columns or an array");
    return call("c4BookMove", [text]).then((t) => {
      const r = JSON.parse(t);
      return r.column === null ? null : r;
    });
  }

  /* ---- Pacman ---- */
  const PAC_KEYS = { West: 1, East: 2, North: 4, South: 8, Stop: 16 };   /* GS_PAC_KEY_* */
  let pacSeed = "";

  function pacmanLayouts() { return call("pacmanLayouts", []).then(JSON.parse); }

  /* The seed's text and, for a string seed, its SHA-512 digest (WebCrypto:
   * the module has none), as random.seed(str) digests it. */
  function pacmanSeed(o) {
    const given = ["seed", "seeds", "fixRandomSeed"].filter((k) => o[k] !== undefined && o[k] !== false);
    if (given.length > 1) return Promise.reject(badError("pacmanStart: " + given.join(" and ") + " both set the random seed: give one"));
    /* --seed's and --seeds's range: any whole number of 64 bits, signed or not. */
    const whole = (v) => {
      if (!((typeof v === "number" && Number.isSafeInteger(v)) || (typeof v === "string" && /^\s*[-+]?[0-9]+\s*$/.test(v)))) return false;
      const n = BigInt(String(v).trim());
      return n >= -(2n ** 63n) && n < 2n ** 64n;
    };
    const range = " needs a whole number from -9223372036854775808 to 18446744073709551615, not '";
    let text, option;
    if (o.fixRandomSeed) { text = "cs188"; option = "-f"; }
    else if (o.seeds !== undefined) {
      if (!whole(o.seeds)) return Promise.reject(badError("pacmanStart: seeds" + range + o.seeds + "'"));
      const n = BigInt(String(o.seeds).trim());
      text = n + ":1"; option = "--seeds " + n;
    } else {
      if (o.seed !== undefined && !whole(o.seed)) return Promise.reject(badError("pacmanStart: seed" + range + o.seed + "'"));
      const n = o.seed !== undefined ? String(o.seed).trim() : String(Math.floor(Math.random() * 4294967296));
      return Promise.resolve({ text: n, digest: null, option: "--seed " + n });
    }
    const b = new TextEncoder().encode(text);
    return crypto.subtle.digest("SHA-512", b).then((d) => ({ text, digest: new Uint8Array(d), option }));
  }

  function pacState(text) {
    const st = JSON.parse(text);
    st.seed = pacSeed;
    return st;
  }

  function pacmanStart(options) {
    const o = options || {};
    const layout = o.layout === undefined ? "crossroads" : o.layout;
    const k = o.numGhosts === undefined ? 4 : o.numGhosts;
    const maxMoves = o.maxMoves === undefined ? 0 : o.maxMoves;
    if (typeof layout !== "string") return badOption("pacmanStart: layout must be a string: a built-in layout's name or a layout's text");
    for (const f of ["ghosts", "agent", "args"])
      if (o[f] !== undefined && typeof o[f] !== "string") return badOption("pacmanStart: " + f + " must be a string");
    if (!(Number.isInteger(k) && k >= 0 && k <= 1000000))
      return badOption("pacmanStart: numGhosts needs a whole number of ghosts from 0 to 1000000, not '" + k + "'");
    if (!(Number.isInteger(maxMoves) && maxMoves >= 0 && maxMoves <= 1000000000))
      return badOption("pacmanStart: maxMoves needs a whole number of moves from 1 to 1000000000 (0: no limit), not '" + maxMoves + "'");
    if (o.depth !== undefined && !(Number.isInteger(o.depth) && o.depth >= 1 && o.depth <= 1000))
      return badOption("pacmanStart: depth must be a whole number of rounds from 1 to 1000, not '" + o.depth + "'");
    let args = o.args === undefined ? "" : o.args;
    if (o.depth !== undefined) args = (args ? args + "," : "") + "depth=" + o.depth;
    return pacmanSeed(o).then((seed) =>
      call("pacmanStart", [layout, k, o.ghosts || "RandomGhost", o.agent || "KeyboardAgent", args,
                           seed.text, seed.digest, maxMoves]).then((t) => { pacSeed = seed.option; return pacState(t); }));
  }

  function pacmanStep(options) {
    const keys = (options && options.keys) || [];
    let bits = 0;
    for (const k of keys) {
      if (!(k in PAC_KEYS)) return badOption("pacmanStep: '" + k + "' is not a key: West, East, North, South or Stop");
      bits |= PAC_KEYS[k];
    }
    return call("pacmanStep", [bits]).then(pacState);
  }

  function pacmanState() { return call("pacmanState", []).then(pacState); }

  const gs = { version: undefined, algorithms: ALGOS.slice(), solveTree, treePage, randomTree, c4Analyze,
               c4BookMove, stop, pacmanLayouts, pacmanStart, pacmanStep, pacmanState };
  bytes = decode(WASM_BASE64);
  gs.ready = start().then(() => gs);
  global.gs = gs;
  if (typeof module === "object" && module.exports) module.exports = gs;
})(typeof self !== "undefined" ? self : this);
