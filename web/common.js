/*
 * gamesearch pages: what every page shares. The page's data is the JSON of
 * <script type="application/json" id="gs-data">; GS.stepper drives a replay
 * of N steps with the keys ArrowRight/ArrowLeft/Home/End, buttons and
 * play/pause at a chosen speed.
 */
"use strict";
var GS = (function () {
  var SVGNS = "http://www.w3.org/2000/svg";

  function data() {
    return JSON.parse(document.getElementById("gs-data").textContent);
  }

  /* An element: tag, attributes (text: its text content), parent. */
  function make(ns, tag, attrs, parent) {
    var e = ns ? document.createElementNS(ns, tag) : document.createElement(tag);
    for (var k in attrs || {}) {
      if (attrs[k] === undefined || attrs[k] === null) continue;
      if (k === "text") e.textContent = attrs[k];
      else e.setAttribute(k, attrs[k]);
    }
    if (parent) parent.appendChild(e);
    return e;
  }
  function el(tag, attrs, parent) { return make(null, tag, attrs, parent); }
  function svg(tag, attrs, parent) { return make(SVGNS, tag, attrs, parent); }

  /* A number as people read it: at most 10 significant digits, infinities
   * as the symbol. */
  function num(v) {
    if (v === null || v === undefined) return "";
    /* a utility vector (max^n), one number an agent */
    if (Array.isArray(v)) return "(" + v.map(num).join(", ") + ")";
    if (v === Infinity) return "+\u221e";
    if (v === -Infinity) return "\u2212\u221e";
    var s = String(Number(v.toPrecision(10)));
    return s.replace(/^-/, "\u2212");
  }

  /* A window's edge (alpha, beta) as the program's trace writes it: 8
   * significant digits, and 0 within 1e-7 of 0, which hides Star1's
   * widening of its windows by a billionth of the bounds' size. */
  function numWindow(v) {
    if (v === null || v === undefined) return "";
    if (Math.abs(v) < 1e-7) v = 0;
    if (v === Infinity || v === -Infinity) return num(v);
    return String(Number(v.toPrecision(8))).replace(/^-/, "\u2212");
  }

  /*
   * A stepper in `box`: buttons |< < > >| and play/pause with a speed, the
   * keys, and "step K of N". show(k) is called with the step, 0 .. N.
   */
  function stepper(box, show) {
    var st = { step: 0, count: 0, timer: null, enabled: true };
    var bar = el("div", { "class": "gs-stepper" }, box);
    function button(label, title, id, fn) {
      var b = el("button", { type: "button", title: title, id: id, text: label }, bar);
      b.addEventListener("click", fn);
      return b;
    }
    button("\u21e4 Start", "Start (Home)", "gs-home", function () { go(0); });
    button("\u25c0 Back", "Previous step (ArrowLeft)", "gs-prev", function () { go(st.step - 1); });
    var play = button("\u25b6 Play", "Play or pause", "gs-play", function () { toggle(); });
    button("Next \u25b6", "Next step (ArrowRight)", "gs-next", function () { go(st.step + 1); });
    button("End \u21e5", "End (End)", "gs-end", function () { go(st.count); });
    var lab = el("label", { text: " speed " }, bar);
    var speed = el("select", { id: "gs-speed" }, lab);
    [0.5, 1, 2, 4, 8].forEach(function (s) {
      el("option", { value: String(s), text: s + " steps/s" }, speed);
    });
    speed.value = "2";
    speed.addEventListener("change", function () { if (st.timer) { stop(); start(); } });
    var where = el("span", { "class": "gs-where", id: "gs-where" }, bar);

    function go(k) {
      if (!bar.isConnected) { stop(); return; }   /* a page drawn afresh */
      k = Math.max(0, Math.min(st.count, k));
      st.step = k;
      where.textContent = "step " + k + " of " + st.count;
      if (k === st.count) stop();
      show(k);
    }
    function start() {
      if (st.step >= st.count) go(0);
      play.textContent = "\u23f8 Pause";
      st.timer = setInterval(function () { go(st.step + 1); },
                             1000 / Number(speed.value));
    }
    function stop() {
      if (st.timer) clearInterval(st.timer);
      st.timer = null;
      play.textContent = "\u25b6 Play";
    }
    function toggle() { if (st.timer) stop(); else start(); }
    document.addEventListener("keydown", function (e) {
      if (!st.enabled || !bar.isConnected || e.altKey || e.ctrlKey || e.metaKey) return;
      var t = e.target && e.target.tagName;
      if (t === "INPUT" || t === "SELECT" || t === "TEXTAREA") return;
      var to = { ArrowRight: st.step + 1, ArrowLeft: st.step - 1,
                 Home: 0, End: st.count }[e.key];
      if (to === undefined) return;
      e.preventDefault();
      go(to);
    });
    return {
      bar: bar,
      reset: function (count, k) { stop(); st.count = count; go(k || 0); },
      go: go,
      step: function () { return st.step; },
      count: function () { return st.count; },
      enable: function (on) { stop(); st.enabled = on; bar.hidden = !on; }
    };
  }

  return { data: data, el: el, svg: svg, num: num, numWindow: numWindow, stepper: stepper };
})();
