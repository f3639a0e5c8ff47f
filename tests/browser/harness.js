/*
 * What the browser tests and figure scripts share: Debian's chromium
 * driven by playwright-core (which never downloads a browser here), a
 * fresh profile in a temporary directory, checks that count, and a page
 * that may load nothing but its own file.
 */
"use strict";
const fs = require("fs");
const os = require("os");
const path = require("path");

const CHROMIUM = process.env.GS_CHROMIUM || "/usr/bin/chromium";
const ARGS = ["--headless", "--no-sandbox", "--disable-gpu", "--disable-quic", "--no-first-run",
              "--disable-background-networking", "--disable-component-update", "--disable-sync"];

function skip(why) { console.log("skipped: " + why); process.exit(77); }

/* playwright-core's chromium, or exit 77 saying what is missing. */
function chromiumOrSkip() {
  if (!fs.existsSync(CHROMIUM)) skip(CHROMIUM + " not found (apt-get install chromium)");
  try {
    return require(path.join(__dirname, "node_modules", "playwright-core")).chromium;
  } catch (e) {
    return skip("playwright-core not installed (cd tests/browser && npm ci)");
  }
}

/* A browser with a fresh profile under tmp. */
function launch(chromium, tmp, viewport) {
  return chromium.launchPersistentContext(path.join(tmp, "profile"), {
    executablePath: CHROMIUM, headless: true, args: ARGS, viewport,
  });
}

/*
 * A test: its checks, a temporary directory, and a browser page that may
 * load only the .html files of that directory; whatever else it asks for,
 * and every console error or warning, lands in `problems`.
 */
function test(prefix) {
  const t = {
    failures: 0, passes: 0, problems: [],
    tmp: fs.mkdtempSync(path.join(os.tmpdir(), prefix)),
    check(what, got, want) {
      const g = JSON.stringify(got), w = JSON.stringify(want);
      if (g === w) { t.passes++; return; }
      t.failures++;
      console.log("FAIL " + what + "\n  got:  " + g + "\n  want: " + w);
    },
    async open(chromium, viewport) {
      const ctx = await launch(chromium, t.tmp, viewport);
      await ctx.route("**/*", (route) => {
        const url = route.request().url();
        if (url.startsWith("file://" + t.tmp + "/") && url.endsWith(".html")) return route.continue();
        t.problems.push("request " + url);
        return route.abort();
      });
      const p = ctx.pages()[0] || await ctx.newPage();
      p.on("console", (m) => {
        if (m.type() === "error" || m.type() === "warning") t.problems.push("console " + m.type() + ": " + m.text());
      });
      p.on("pageerror", (e) => t.problems.push("page error: " + e.message));
      return { ctx, p };
    },
    /* Runs main, then says how it went and exits 0 or 1. */
    run(main) {
      main().catch((e) => { t.failures++; console.log("FAIL " + (e && e.stack || e)); })
        .finally(() => {
          fs.rmSync(t.tmp, { recursive: true, force: true });
          console.log(t.passes + " passed, " + t.failures + " failed");
          process.exit(t.failures ? 1 : 0);
        });
    },
  };
  return t;
}

module.exports = { chromiumOrSkip, launch, test, skip };
