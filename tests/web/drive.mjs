// Drives the web player in Debian's Chromium (headless, playwright-core, no network) and prints what a
// user would see as one JSON document. Run by tests/web/test_*.py and scripts/bench_web.py:
//
//   node tests/web/drive.mjs '{"page": "/abs/page.html", "viewport": [390, 844], "actions": [...]}'
//
// The page is ready when "ready" (a CSS selector; default: the player's html[data-ready=true]) matches.
// Every request that is not file:// is aborted and reported under "network". Actions (each adds its
// answer to "results", in order):
//   {"do": "seeded", "dam": ID, "seed": N}            breach to the end with seeded dice: the JSON log
//   {"do": "step", "button": "step-forward"|"step-back"}  one click: the status line and the log lines
//   {"do": "typed", "dam": ID, "dice": [..]}          type each die asked for, to the end: prompts and JSON log
//   {"do": "keyboard", "seed": N, "forward": K}       by keyboard alone: Tab to the seed, type it, Tab to "Forward
//                                                      a turn", Enter K times, Tab to a log line, Enter
//   {"do": "flood", "seed": N}                        the flash flood's JSON log
//   {"do": "montecarlo", "runs": N}                   the worker's chances (and its own milliseconds)
//   {"do": "axe"}                                     axe-core's violations (id, impact, nodes)
//   {"do": "screenshot", "path": P}                   a PNG of the page as it is
//   {"do": "pan", "frames": N}                        drag the map for N animation frames: frames per second
//   {"do": "timing"}                                  first paint and load (Chromium's performance entries)
//   {"do": "text", "selector": S}                     the textContent of the first match
import { readFileSync } from "node:fs";
import { createRequire } from "node:module";
import { chromium } from "playwright-core";

const require = createRequire(import.meta.url);
const job = JSON.parse(process.argv[2]);
const FLAGS = ["--headless", "--no-sandbox", "--disable-gpu", "--disable-quic", "--no-first-run",
  "--disable-background-networking", "--disable-component-update", "--disable-sync"];

const browser = await chromium.launch({ executablePath: process.env.CHROMIUM ?? "/usr/bin/chromium", args: FLAGS, headless: true });
const out = { network: [], errors: [], results: [] };
try {
  const context = await browser.newContext({ viewport: { width: job.viewport?.[0] ?? 1280, height: job.viewport?.[1] ?? 800 } });
  await context.route(/^(?!file:)/, (route) => { out.network.push(route.request().url()); return route.abort(); });
  const page = await context.newPage();
  page.on("pageerror", (e) => out.errors.push(String(e)));
  page.on("console", (m) => { if (m.type() === "error") out.errors.push(m.text()); });
  await page.goto("file://" + job.page);
  await page.waitForSelector(job.ready ?? "html[data-ready=true]", { timeout: 20000 });
  out.title = await page.title();
  for (const a of job.actions ?? []) out.results.push(await act(page, a));
} catch (e) {
  out.errors.push(String(e.stack ?? e));
} finally {
  await browser.close();
}
console.log(JSON.stringify(out));

async function logLines(page) {
  return page.$$eval("#log .log-line", (bs) => bs.map((b) => b.textContent));
}

async function act(page, a) {
  switch (a.do) {
    case "seeded": {
      await page.selectOption("#dam", a.dam);
      await page.check("#dice-seeded");
      await page.fill("#seed", String(a.seed));
      await page.click("#breach-start");
      await page.click("#step-end");
      return { json: await page.textContent("#json-log"), status: await page.textContent("#status"), lines: await logLines(page) };
    }
    case "step": {
      await page.click("#" + a.button);
      return { status: await page.textContent("#status"), lines: await logLines(page) };
    }
    case "typed": {
      await page.selectOption("#dam", a.dam);
      await page.check("#dice-typed");
      const prompts = [];
      await page.click("#step-end");
      for (const v of a.dice) {
        if (await page.isHidden("#die-form")) break;
        prompts.push(await page.textContent("#die-purpose"));
        await page.fill("#die", String(v));
        await page.click("#die-enter");
        if (await page.isHidden("#die-form") && await page.isEnabled("#step-end")) await page.click("#step-end");
      }
      return { prompts, asking: await page.isVisible("#die-form"), json: await page.textContent("#json-log"), status: await page.textContent("#status") };
    }
    case "typed-forward": {  // {"do": "typed-forward", "dam": ID, "dice": [..]}: Forward a turn, typing each die asked
      await page.selectOption("#dam", a.dam);
      await page.check("#dice-typed");
      const seen = [];
      const dice = [...a.dice];
      for (let i = 0; i < 200 && await page.isEnabled("#step-forward"); i++) {
        await page.click("#step-forward");
        while (await page.isVisible("#die-form") && dice.length) {
          await page.fill("#die", String(dice.shift()));
          await page.click("#die-enter");
        }
        seen.push({ status: await page.textContent("#status"), lines: (await logLines(page)).length, asking: await page.isVisible("#die-form") });
        if (seen.at(-1).asking) break;
      }
      return { seen, json: await page.textContent("#json-log") };
    }
    case "collapse-typed": {  // {"do": "collapse-typed", "damage": D, "dice": "3, 2", "seeded": true?}: the collapse roll from dice thrown
      if (!a.seeded) await page.check("#dice-typed");  // seeded: the breach's choice left as it opens
      if (!(await page.isVisible("#collapse-run"))) await page.click("#collapse-box > summary");
      await page.fill("#collapse-damage", a.damage == null ? "" : String(a.damage));
      await page.fill("#collapse-dice", a.dice);
      await page.click("#collapse-run");
      return { status: await page.textContent("#collapse-status"), json: await page.textContent("#collapse-json"), lines: await page.$$eval("#collapse-log li", (l) => l.map((x) => x.textContent)) };
    }
    case "phone": {  // {"do": "phone", "seed": N, "forward": K}: Forward K times, then tap the first log line
      const box = async (sel) => page.locator(sel).first().boundingBox();
      const inView = (b, h) => !!b && b.y >= 0 && b.y + b.height <= h;
      const h = page.viewportSize().height;
      await page.fill("#seed", String(a.seed));
      for (let i = 0; i < a.forward; i++) await page.click("#step-forward");
      const map = await box("#viewport"), status = await box("#status"), newest = await box("#log li:last-child");
      const afterForward = { map: inView(map, h), status: inView(status, h) && status.y >= map.y + map.height,
        newest: inView(newest, h) && newest.y >= map.y + map.height, forward: inView(await box("#step-forward"), h) };
      // the map dragged far away, then a line tapped at the bottom of the page
      await page.mouse.move(map.x + 50, map.y + 50); await page.mouse.down();
      await page.mouse.move(map.x + 50 - 2000, map.y + 50 - 1500, { steps: 5 }); await page.mouse.up();
      await page.locator("#log .log-line").last().evaluate((e) => e.scrollIntoView({ block: "end" }));
      await page.locator("#log .log-line").last().click();
      const map2 = await box("#viewport"), marks = await page.locator("#marks").boundingBox();
      const tapped = { map: inView(map2, h), outline: !!marks && marks.x >= map2.x && marks.x + marks.width <= map2.x + map2.width
        && marks.y >= map2.y && marks.y + marks.height <= map2.y + map2.height };
      const hint = await page.$eval("#hint", (e) => ({ hidden: e.hidden, opacity: getComputedStyle(e).opacity }));
      await page.waitForTimeout(1800);
      const hintLater = await page.$eval("#hint", (e) => e.hidden);
      await page.click("#reset-view");
      return { afterForward, tapped, hint, hintLater, transform: await page.$eval("#map", (e) => e.style.transform) };
    }
    case "gallery-layout": {  // each filter's label beside its box, and whether "no match" is said
      const pairs = await page.$$eval("#filters label", (ls) => ls.map((l) => {
        const a = l.getBoundingClientRect(), b = document.getElementById(l.htmlFor).getBoundingClientRect();
        return { label: l.textContent, sameLine: a.top < b.bottom && b.top < a.bottom, before: a.right <= b.left + 1 };
      }));
      return { pairs, noMatch: await page.isVisible("#no-match") ? await page.textContent("#no-match") : null };
    }
    case "drawn": {  // what the breach's overlay draws: washed-out bridges and cut roads, and the bridges faded
      return page.evaluate(() => ({
        bridgesOut: [...document.querySelectorAll("[data-bridge-out]")].map((x) => x.getAttribute("data-bridge-out")),
        roadsCut: [...document.querySelectorAll("[data-road-cut]")].map((x) => x.getAttribute("data-road-cut")),
        faded: [...document.querySelectorAll("#map [data-bridge][opacity]")].map((x) => x.getAttribute("data-bridge")),
      }));
    }
    case "seed-box": {  // {"do": "seed-box", "first": S, "forward": K, "value": V}: K steps with seed S, then V typed, Forward once
      await page.check("#dice-seeded");
      if (a.first != null) await page.fill("#seed", a.first);
      for (let i = 0; i < (a.forward ?? 0); i++) await page.click("#step-forward");
      await page.fill("#seed", a.value);
      await page.locator("#seed").dispatchEvent("change");
      const changed = await page.textContent("#status");
      await page.click("#step-forward");
      return { changed, status: await page.textContent("#status") };
    }
    case "keyboard": {
      await page.focus("body");
      const tabTo = async (test) => {
        for (let i = 0; i < 60; i++) {
          await page.keyboard.press("Tab");
          if (await page.evaluate(test)) return true;
        }
        return false;
      };
      const reached = { seed: await tabTo(() => document.activeElement?.id === "seed") };
      await page.keyboard.press("Control+A");
      await page.keyboard.type(String(a.seed));
      reached.forward = await tabTo(() => document.activeElement?.id === "step-forward");
      for (let i = 0; i < a.forward; i++) await page.keyboard.press("Enter");
      reached.line = await tabTo(() => document.activeElement?.classList.contains("log-line"));
      const focused = () => page.evaluate(() => document.activeElement?.textContent);
      const first = await focused();
      await page.keyboard.press("ArrowUp");
      const up = await focused();
      await page.keyboard.press("Home");
      await page.keyboard.press("Enter");
      const marked = await page.textContent("#marked");
      await page.keyboard.press("Tab");  // one tab stop: the next Tab leaves the log
      const leftLog = !(await page.evaluate(() => document.activeElement?.classList.contains("log-line")));
      return { reached, status: await page.textContent("#status"), lines: await logLines(page), focus: { first, up, leftLog },
               marked, json: await page.textContent("#json-log") };
    }
    case "collapse": {  // {"do": "collapse", "seed": N, "damage": D}: the collapse roll's status and JSON
      await page.fill("#seed", String(a.seed));
      await page.click("#collapse-box > summary");
      await page.fill("#collapse-damage", String(a.damage));
      await page.click("#collapse-run");
      return { status: await page.textContent("#collapse-status"), json: await page.textContent("#collapse-json"), lines: await page.$$eval("#collapse-log li", (l) => l.map((x) => x.textContent)) };
    }
    case "sewer": {  // {"do": "sewer", "press": "flood-run"|"flood-reset"|null, "seed": N}: what the flood section shows
      if (a.seed != null) await page.fill("#flood-seed", String(a.seed));
      if (a.press) await page.click("#" + a.press);
      return { status: await page.textContent("#flood-status"), json: await page.textContent("#flood-json"),
               lines: await page.$$eval("#flood-log li", (l) => l.map((x) => x.textContent)),
               names: await page.$$eval("text[data-model-name]", (t) => t.map((x) => x.textContent)),
               models: await page.$$eval("circle[data-model]", (c) => c.map((x) => [x.getAttribute("cx"), x.getAttribute("cy")])) };
    }
    case "flood": {
      await page.fill("#flood-seed", String(a.seed));
      await page.click("#flood-run");
      return { json: await page.textContent("#flood-json"), status: await page.textContent("#flood-status") };
    }
    case "montecarlo": {
      await page.fill("#mc-runs", String(a.runs));
      await page.click("#mc-run");
      // polled from here: the page's Content-Security-Policy forbids the eval that waitForFunction needs
      for (let i = 0; i < 1200 && !(await page.textContent("#mc-json")); i++) await page.waitForTimeout(100);
      return { json: await page.textContent("#mc-json"), ms: Number(await page.getAttribute("#mc-json", "data-ms")), progress: await page.getAttribute("#mc-progress", "value"), heat: await page.$$eval("#heat path", (p) => p.length), key: await page.textContent("#heat-key") };
    }
    case "axe": {
      await page.addScriptTag({ content: readFileSync(require.resolve("axe-core/axe.min.js"), "utf8") });
      const r = await page.evaluate(() => self.axe.run(document, { resultTypes: ["violations"] }));
      return r.violations.map((v) => ({ id: v.id, impact: v.impact, help: v.help, nodes: v.nodes.map((n) => n.target.join(" ")).slice(0, 5) }));
    }
    case "screenshot":
      await page.screenshot({ path: a.path, fullPage: !!a.full });
      return { path: a.path };
    case "pan": {
      const box = await page.locator("#viewport").boundingBox();
      return page.evaluate(async ({ frames, box }) => {
        const vp = document.getElementById("viewport");
        const opts = (x, y) => ({ pointerId: 1, clientX: x, clientY: y, bubbles: true, isPrimary: true });
        let x = box.x + box.width / 2, y = box.y + box.height / 2;
        vp.dispatchEvent(new PointerEvent("pointerdown", opts(x, y)));
        const times = [];
        await new Promise((done) => {
          const frame = (t) => {
            times.push(t);
            x += 3; y += 2;
            vp.dispatchEvent(new PointerEvent("pointermove", opts(x, y)));
            if (times.length > frames) done(); else requestAnimationFrame(frame);
          };
          requestAnimationFrame(frame);
        });
        vp.dispatchEvent(new PointerEvent("pointerup", opts(x, y)));
        const gaps = times.slice(1).map((t, i) => t - times[i]).sort((p, q) => p - q);
        return { frames, median_ms: gaps[Math.floor(gaps.length / 2)], fps: 1000 / gaps[Math.floor(gaps.length / 2)] };
      }, { frames: a.frames ?? 120, box });
    }
    case "timing":
      return page.evaluate(() => {
        const paint = performance.getEntriesByType("paint").find((p) => p.name === "first-paint");
        const contentful = performance.getEntriesByType("paint").find((p) => p.name === "first-contentful-paint");
        const nav = performance.getEntriesByType("navigation")[0];
        return { first_paint_ms: paint?.startTime ?? null, first_contentful_paint_ms: contentful?.startTime ?? null, load_ms: nav?.loadEventEnd ?? null };
      });
    case "text":
      return page.textContent(a.selector);
    case "scroll":  // {"do": "scroll", "selector": S}: bring it into view (for a screenshot)
      await page.locator(a.selector).evaluate((e) => e.scrollIntoView({ block: "start" }));
      return null;
    case "fill":  // type into a field: {"do": "fill", "selector": S, "value": V}; then the gallery's counts
      await page.fill(a.selector, a.value);
      return { shown: await page.textContent("#shown"), visible: await page.$$eval(".card:not([hidden]) h2", (h) => h.map((x) => x.textContent)) };
    case "select":  // {"do": "select", "selector": S, "value": V}
      await page.selectOption(a.selector, a.value);
      return { shown: await page.textContent("#shown"), visible: await page.$$eval(".card:not([hidden]) h2", (h) => h.map((x) => x.textContent)) };
    default:
      throw new Error(`unknown action ${a.do}`);
  }
}
