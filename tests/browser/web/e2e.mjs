// End-to-end test of the page of `tangram serve` in headless Chromium (puppeteer-core), run by
// tests/browser/check-web.sh, which starts the server. Every scenario acts as a person would
// (the mouse drags pieces, keys turn them, buttons are pressed, links are downloaded) and checks
// a real outcome: the recorded picture is a filled square, the downloaded solution passes
// `tangram verify`, Stop gives the outcome `stopped` (not the time limit's), a closed tab's
// queued solve is stopped at once by its beacon, a bad upload shows the CLI's own line.
//
//   node e2e.mjs --url URL --tangram PATH --work DIR --masks DIR --sets DIR
//                [--screenshots DIR] [--chromium PATH]
// (--sets: the repository's src/io/sets/, whose tangram.json has the square's assembly.)
//
// Exit status 0 when every check passed, 1 otherwise (the failed check is printed).
import { execFile } from "node:child_process";
import { promisify } from "node:util";
import fs from "node:fs";
import path from "node:path";
import zlib from "node:zlib";
import puppeteer from "puppeteer-core";

const run = promisify(execFile);

// ---- Arguments ----
const args = {};
for (let i = 2; i < process.argv.length; i += 2) {
  const key = process.argv[i].replace(/^--/, "");
  args[key] = process.argv[i + 1];
}
for (const required of ["url", "tangram", "work", "masks", "sets"]) {
  if (!args[required]) {
    console.error(`e2e: missing --${required}`);
    process.exit(2);
  }
}
const base = args.url.replace(/\/$/, "");
const work = args.work;
const shots = args.screenshots || null;
const chromium = args.chromium || "/usr/bin/chromium";
const downloads = path.join(work, "downloads");
fs.mkdirSync(downloads, { recursive: true });
if (shots) fs.mkdirSync(shots, { recursive: true });

// ---- Checks ----
let passed = 0;
function check(condition, what, detail) {
  if (!condition) {
    const error = new Error(`FAILED: ${what}${detail !== undefined ? ` (${detail})` : ""}`);
    error.check = true;
    throw error;
  }
  passed++;
  console.log(`ok ${passed} - ${what}`);
}
/// A precondition: fails like check, prints nothing when it holds.
function need(condition, what, detail) {
  if (!condition) check(false, what, detail);
}
const sleep = (ms) => new Promise((r) => setTimeout(r, ms));

async function api(method, p, body) {
  const response = await fetch(base + p, {
    method, headers: body ? { "Content-Type": "application/json" } : {},
    body: body ? JSON.stringify(body) : undefined,
  });
  const text = await response.text();
  let data = null;
  try { data = JSON.parse(text); } catch (e) { data = text; }
  return { status: response.status, data };
}

async function screenshot(page, name) {
  if (!shots) return;
  await page.screenshot({ path: path.join(shots, `web-${name}.png`), fullPage: true });
  console.log(`# screenshot docs/web-${name}.png`);
}

// ---- A PNG writer (8-bit grey), for the pictures the test uploads ----
const crcTable = Array.from({ length: 256 }, (_, n) => {
  let c = n;
  for (let k = 0; k < 8; k++) c = c & 1 ? 0xedb88320 ^ (c >>> 1) : c >>> 1;
  return c >>> 0;
});
function crc32(buffer) {
  let c = 0xffffffff;
  for (const b of buffer) c = crcTable[(c ^ b) & 0xff] ^ (c >>> 8);
  return (c ^ 0xffffffff) >>> 0;
}
function greyPng(width, height, dark) {
  const raw = Buffer.alloc((width + 1) * height);
  for (let y = 0; y < height; y++)
    for (let x = 0; x < width; x++) raw[y * (width + 1) + 1 + x] = dark(x, y) ? 0 : 255;
  const chunk = (type, data) => {
    const length = Buffer.alloc(4); length.writeUInt32BE(data.length);
    const body = Buffer.concat([Buffer.from(type, "latin1"), data]);
    const crc = Buffer.alloc(4); crc.writeUInt32BE(crc32(body));
    return Buffer.concat([length, body, crc]);
  };
  const header = Buffer.alloc(13);
  header.writeUInt32BE(width, 0); header.writeUInt32BE(height, 4);
  header[8] = 8; header[9] = 0; header[10] = 0; header[11] = 0; header[12] = 0;
  return Buffer.concat([Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]),
                        chunk("IHDR", header), chunk("IDAT", zlib.deflateSync(raw)), chunk("IEND", Buffer.alloc(0))]);
}

// ---- Geometry for building the set's own figure ----
function centroid(poly) {
  let a = 0, cx = 0, cy = 0;
  for (let i = 0; i < poly.length; i++) {
    const [x0, y0] = poly[i], [x1, y1] = poly[(i + 1) % poly.length];
    const w = x0 * y1 - x1 * y0;
    a += w; cx += (x0 + x1) * w; cy += (y0 + y1) * w;
  }
  return [cx / (3 * a), cy / (3 * a)];
}
/// The pose (angle a multiple of 45 degrees, mirror) that turns the outline, centred on its
/// centroid, into `vertices` (as a set of points): the editor's convention (mirror x first, then
/// turn clockwise on screen by angle).
function poseFor(outline, vertices) {
  const c = centroid(outline), target = centroid(vertices);
  const local = outline.map(([x, y]) => [x - c[0], y - c[1]]);
  for (const mirror of [false, true])
    for (let angle = 0; angle < 360; angle += 45) {
      const a = (angle * Math.PI) / 180, co = Math.cos(a), si = Math.sin(a);
      const moved = local.map(([x, y]) => {
        const mx = mirror ? -x : x;
        return [target[0] + co * mx - si * y, target[1] + si * mx + co * y];
      });
      const fits = vertices.every((v) => moved.some((m) => Math.hypot(m[0] - v[0], m[1] - v[1]) < 1e-6)) &&
                   moved.length === vertices.length;
      if (fits) return { angle, mirror, x: target[0], y: target[1] };
    }
  return null;
}

// ---- The page ----
async function openPage(browser) {
  const page = await browser.newPage();
  await page.setViewport({ width: 1400, height: 1000 });
  page.errors = [];
  page.on("pageerror", (e) => page.errors.push(e.message));
  // Failed requests (a 400 for a bad upload, on purpose) are logged as console errors too; those
  // are checked by the scenarios, not here.
  page.on("console", (m) => {
    if (m.type() === "error" && !/Failed to load resource/.test(m.text())) page.errors.push(m.text());
  });
  page.outside = [];
  page.on("request", (r) => {
    const u = r.url();
    if (!u.startsWith(base) && !u.startsWith("data:") && !u.startsWith("blob:")) page.outside.push(u);
  });
  await page.goto(base + "/", { waitUntil: "load" });
  await page.waitForSelector("body[data-ready]", { timeout: 15000 });
  return page;
}

/// Screen (CSS pixel) position of a point in the board's set units.
async function toScreen(page, p) {
  return page.evaluate(([x, y]) => {
    const svg = document.getElementById("board");
    const q = new DOMPoint(x, y).matrixTransform(svg.getScreenCTM());
    return [q.x, q.y];
  }, p);
}

async function pieceState(page, id) {
  return page.$eval(`#board polygon[data-id="${id}"]`, (n) => ({
    pose: JSON.parse(n.getAttribute("data-pose")), placed: n.getAttribute("data-placed") === "true",
  }));
}

/// Drags tray pieces with the mouse into the set's own figure (its `assembly`), turning each with
/// the R key (45 degrees) and mirroring it with M as needed, while it is still in the tray. The
/// mouse goes to whole pixels and each drop is a little off (up to 2 px each way, as a hand's
/// would be): the snapping must bring the pieces together exactly.
async function buildAssembly(page, set) {
  const used = new Set();
  const sloppy = [[2, -1.5], [-2, 1], [1.5, 2], [-1, -2], [2, 2], [-2, -1], [1, -2]];
  const whole = ([x, y]) => [Math.round(x), Math.round(y)];
  const offset = [0.9, 0.6]; // the figure near the board's middle, in set units
  // Each piece dropped next to one already placed (sharing a corner with it), as a person
  // builds a figure: a piece dropped alone has nothing to snap to.
  const order = [set.assembly[0]];
  const rest = set.assembly.slice(1);
  const touches = (a, b) => a.vertices.some((p) => b.vertices.some((q) => Math.hypot(p[0] - q[0], p[1] - q[1]) < 1e-9));
  while (rest.length) {
    const k = rest.findIndex((e) => order.some((o) => touches(e, o)));
    need(k >= 0, "the set's figure is connected corner to corner");
    order.push(rest.splice(k, 1)[0]);
  }
  for (const entry of order) {
    const outline = set.polygons[entry.piece];
    const target = poseFor(outline, entry.vertices);
    need(target, `a pose of ${entry.piece} in steps of 45 degrees gives its place in the figure`);
    const ids = await page.$$eval(`#board polygon[data-piece="${entry.piece}"][data-placed="false"]`,
                                  (ns) => ns.map((n) => n.getAttribute("data-id")));
    const id = ids.find((i) => !used.has(i));
    need(id !== undefined, `a ${entry.piece} is left in the tray`);
    used.add(id);
    // Select it in the tray (a click at its centroid: the tangram's pieces are convex), then turn.
    let state = await pieceState(page, id);
    let at = await toScreen(page, [state.pose.x, state.pose.y]);
    await page.mouse.click(at[0], at[1]);
    for (let k = 0; k < target.angle / 45; k++) await page.keyboard.press("r");
    if (target.mirror) await page.keyboard.press("m");
    state = await pieceState(page, id);
    need(Math.abs(state.pose.angle - target.angle) < 1e-6 && state.pose.mirror === target.mirror,
          `${entry.piece} turned to ${target.angle} degrees${target.mirror ? ", mirrored" : ""} by keys`);
    // Drag it to its place; the snapping takes care of the last fraction of a pixel.
    at = whole(await toScreen(page, [state.pose.x, state.pose.y]));
    const exact = await toScreen(page, [target.x + offset[0], target.y + offset[1]]);
    const off = sloppy[used.size - 1];
    const to = whole([exact[0] + off[0], exact[1] + off[1]]);
    await page.mouse.move(at[0], at[1]);
    await page.mouse.down();
    for (let s = 1; s <= 8; s++)
      await page.mouse.move(Math.round(at[0] + ((to[0] - at[0]) * s) / 8), Math.round(at[1] + ((to[1] - at[1]) * s) / 8));
    await page.mouse.up();
    state = await pieceState(page, id);
    const scale = await page.evaluate(() => document.getElementById("board").getScreenCTM().a);
    check(state.placed && Math.hypot(state.pose.x - target.x - offset[0], state.pose.y - target.y - offset[1]) * scale < 5,
          `${entry.piece}: turned by keys (${target.angle} degrees${target.mirror ? ", mirrored" : ""}), ` +
          `dragged from the tray onto the board, within 5 px of its place`, JSON.stringify(state.pose));
    if (used.size === 3) {  // a part of the figure is no problem to record
      const record = await page.$eval("#record", (n) => ({ disabled: n.disabled, title: n.title }));
      check(record.disabled && /3 of 7 placed/.test(record.title),
            "Record problem is disabled, and says why, with 3 of 7 pieces placed", JSON.stringify(record));
    }
  }
  const enabled = await page.$eval("#record", (n) => !n.disabled);
  check(enabled, "Record problem is enabled once every piece is placed");
}

/// Drags the tray's `piece` (turned by R and M keys first) to the pose `target` of the play API
/// (the picture's frame, set units), dropped a pixel or two off.
async function dragToPlay(page, target, sloppy) {
  const fig = await page.evaluate(() => ({ ox: TG.editor.figure.ox, oy: TG.editor.figure.oy }));
  const ids = await page.$$eval(`#board polygon[data-piece="${target.piece}"][data-placed="false"]`,
                                (ns) => ns.map((n) => n.getAttribute("data-id")));
  need(ids.length > 0, `a ${target.piece} is left in the tray`);
  const id = ids[0];
  let state = await pieceState(page, id);
  let at = await toScreen(page, [state.pose.x, state.pose.y]);
  await page.mouse.click(at[0], at[1]);
  const turns = Math.round(target.angle / 45) % 8;
  need(Math.abs(turns * 45 - target.angle) < 1e-6 || Math.abs(target.angle - 360) < 1e-6,
       `${target.piece} at a multiple of 45 degrees`, target.angle);
  for (let k = 0; k < turns; k++) await page.keyboard.press("r");
  if (target.mirror) await page.keyboard.press("m");
  state = await pieceState(page, id);
  at = await toScreen(page, [state.pose.x, state.pose.y]);
  const exact = await toScreen(page, [target.x + fig.ox, target.y + fig.oy]);
  const to = [Math.round(exact[0] + sloppy[0]), Math.round(exact[1] + sloppy[1])];
  await page.mouse.move(Math.round(at[0]), Math.round(at[1]));
  await page.mouse.down();
  for (let s = 1; s <= 8; s++)
    await page.mouse.move(Math.round(at[0] + ((to[0] - at[0]) * s) / 8), Math.round(at[1] + ((to[1] - at[1]) * s) / 8));
  await page.mouse.up();
  return pieceState(page, id);
}

async function playSquare(page) {
  const list = (await api("GET", "/api/problems")).data.problems;
  const square = list.find((p) => p.name === "01-square");
  need(square, "masks/01 is in the library");
  await page.click(`#problem-list > li[data-id="${square.id}"] button.play`);
  await page.waitForFunction((id) => document.body.dataset.playing === id, { timeout: 20000 }, square.id);
  const outline = await page.$$eval("#board path.figure", (ns) => ns.length);
  check(outline === 1, "Play shows the silhouette of masks/01 on the board, the pieces in the tray");
  // An assembly to aim at: the solution the server would show (a hint with nothing placed).
  const first = (await api("POST", `/api/problems/${square.id}/hint`, { pieces: [], time_limit: 20 })).data;
  need(first.kind === "piece" && first.assembly.length === 7, "the server has a solution of masks/01", JSON.stringify(first));
  const sloppy = [[1.5, -1], [-1, 1.5], [1, 1], [-1.5, -1], [1, -1.5], [-1, 1], [1.5, 1.5]];
  for (let k = 0; k < 3; k++) await dragToPlay(page, first.assembly[k], sloppy[k]);
  const placed3 = await page.evaluate(() => TG.editor.playerPieces().length);
  check(placed3 === 3, "three pieces dragged onto the silhouette by the mouse", placed3);
  await screenshot(page, "play");
  await page.click("#play-hint");
  await page.waitForFunction(() => /Hint:/.test(document.getElementById("play-status").textContent), { timeout: 60000 });
  const afterHint = await page.evaluate(() => TG.editor.playerPieces());
  check(afterHint.length === 4, "Hint places one more piece and keeps the three", JSON.stringify(afterHint));
  // The rest, as an assembly that keeps the four pieces on the board.
  const rest = (await api("POST", `/api/problems/${square.id}/hint`, { pieces: afterHint, time_limit: 20 })).data;
  need(rest.kind === "piece", "an assembly keeps the four pieces", JSON.stringify(rest));
  for (let k = 4; k < 7; k++) await dragToPlay(page, rest.assembly[k], sloppy[k]);
  await page.waitForFunction(() => document.body.dataset.playVerdict === "solved", { timeout: 20000 })
    .catch(() => {});
  const said = await page.$eval("#play-status", (n) => n.textContent);
  check(/Solved!/.test(said), "the page says solved once the last piece is dragged in place", said);
  const mine = await page.evaluate(() => TG.editor.playerPieces());
  const verdict = (await api("POST", `/api/problems/${square.id}/check`, { pieces: mine })).data;
  check(verdict.solved === true && verdict.all_placed === true, "the server's check accepts the pieces on the page",
        JSON.stringify(verdict));
  await screenshot(page, "play-solved");
  // The game is kept across a reload.
  await page.reload({ waitUntil: "load" });
  await page.waitForSelector("body[data-ready]", { timeout: 15000 });
  const kept = await page.evaluate((id) => JSON.parse(localStorage.getItem(`tangram.play.${id}`)), square.id);
  check(kept && kept.pieces.length === 7 && kept.solved === true && kept.hints === 1,
        "the game (pieces, solved, hints used) is kept in the browser across a reload", JSON.stringify(kept));
}

async function newFigures(page) {
  await page.evaluate(() => { document.getElementById("new-figures").open = true; });
  const before = (await api("GET", "/api/problems")).data.problems.length;
  await page.select("#gen-set", "tangram");
  await page.$eval("#gen-count", (n) => { n.value = "2"; });
  await page.click("#generate-button");
  await page.waitForFunction(() => /Generated:/.test(document.getElementById("library-status").textContent), { timeout: 60000 });
  const list = (await api("GET", "/api/problems")).data.problems;
  const made = list.filter((p) => p.source === "generated");
  check(list.length === before + 2 && made.length === 2, "Generate puzzles adds two puzzles with one solution each to the library",
        await page.$eval("#library-status", (n) => n.textContent));
  await page.click("#convex-button");
  await page.waitForFunction(() => !document.getElementById("convex-view").hidden, { timeout: 60000 });
  const shown = await page.$$eval("#convex-list > li", (ns) => ns.map((n) => n.dataset.figure));
  check(shown.length === 13 && shown.includes("square"), "Convex figures lists the Tangram's 13 convex figures", shown.join(" "));
  await screenshot(page, "convex");
  await page.click('#convex-list > li[data-figure="triangle"] button');
  await page.waitForFunction(() => /Added/.test(document.getElementById("library-status").textContent), { timeout: 20000 });
  const triangle = (await api("GET", "/api/problems")).data.problems.find((p) => p.source === "convex");
  check(triangle && triangle.name === "tangram convex triangle", "Add puts the convex triangle into the library", triangle && triangle.name);
  await page.click(`#problem-list > li[data-id="${triangle.id}"] button.play`);
  await page.waitForFunction((id) => document.body.dataset.playing === id, { timeout: 20000 }, triangle.id);
  check(true, "the convex triangle opens in play");
  await page.click("#play-leave");
}

async function phone(browser) {
  const page = await browser.newPage();
  page.errors = [];
  page.on("pageerror", (e) => page.errors.push(e.message));
  await page.setViewport({ width: 390, height: 844, isMobile: true, hasTouch: true, deviceScaleFactor: 2 });
  await page.goto(base + "/", { waitUntil: "load" });
  await page.waitForSelector("body[data-ready]", { timeout: 15000 });
  const width = await page.evaluate(() => document.documentElement.scrollWidth);
  check(width <= 391, "at 390 px wide the page does not scroll sideways", width);
  const square = (await api("GET", "/api/problems")).data.problems.find((p) => p.name === "01-square");
  // A fresh game: the desktop's solved one is another browser's storage only by chance.
  await page.evaluate((id) => localStorage.removeItem(`tangram.play.${id}`), square.id);
  await page.tap(`#problem-list > li[data-id="${square.id}"] button.play`);
  await page.waitForFunction((id) => document.body.dataset.playing === id, { timeout: 20000 }, square.id);
  const fig = await page.evaluate(() => ({ x: TG.editor.figure.ox + TG.editor.figure.width / 2,
                                            y: TG.editor.figure.oy + TG.editor.figure.height / 2 }));
  const id = await page.$eval('#board polygon[data-piece="square"]', (n) => n.getAttribute("data-id"));
  let state = await pieceState(page, id);
  // The board in view, the page's smooth scroll to it over.
  await page.evaluate(() => document.getElementById("board").scrollIntoView());
  await sleep(1500);
  const from2 = await toScreen(page, [state.pose.x, state.pose.y]);
  const to2 = await toScreen(page, [fig.x, fig.y]);
  const finger = await page.touchscreen.touchStart(from2[0], from2[1]);
  for (let s = 1; s <= 8; s++) await finger.move(from2[0] + ((to2[0] - from2[0]) * s) / 8, from2[1] + ((to2[1] - from2[1]) * s) / 8);
  // A second finger beside the first, turned a quarter round it: the twist.
  const r = 40;
  const second = await page.touchscreen.touchStart(to2[0] + r, to2[1]);
  for (let s = 1; s <= 6; s++) {
    const a = (Math.PI / 2) * (s / 6);
    await second.move(to2[0] + r * Math.cos(a), to2[1] + r * Math.sin(a));
  }
  await second.end();
  await finger.end();
  state = await pieceState(page, id);
  check(state.placed, "a finger drags the square from the tray onto the silhouette", JSON.stringify(state.pose));
  check(Math.abs(((state.pose.angle % 90) + 90) % 90) < 1e-6 && Math.abs(state.pose.angle - 90) < 1e-6,
        "a two-finger twist of a quarter turn turns it by 90 degrees, settled on the set's step", state.pose.angle);
  await page.tap("#play-hint");
  await page.waitForFunction(() => /Hint:|no assembly/.test(document.getElementById("play-status").textContent), { timeout: 60000 });
  const said = await page.$eval("#play-status", (n) => n.textContent);
  check(/Hint:/.test(said), "a tap on Hint gives a hint on the phone", said);
  await page.evaluate(() => window.scrollTo(0, 0));
  // The phone's screen, not the whole page.
  if (shots) await page.screenshot({ path: path.join(shots, "web-play-phone.png") });
  check(page.errors.length === 0, "no script errors on the phone", page.errors.join(" | "));
  await page.close();
}

async function keyboardOnly(page) {
  const square = (await api("GET", "/api/problems")).data.problems.find((p) => p.name === "01-square");
  await page.evaluate((id) => localStorage.removeItem(`tangram.play.${id}`), square.id);
  await page.click(`#problem-list > li[data-id="${square.id}"] button.play`);
  await page.waitForFunction((id) => document.body.dataset.playing === id, { timeout: 20000 }, square.id);
  // Reached by Tab from the play bar, as a keyboard user reaches it.
  await page.focus("#play-leave");
  let tabs = 0;
  while (tabs < 40 && (await page.evaluate(() => document.activeElement && document.activeElement.id)) !== "board") {
    await page.keyboard.press("Tab");
    tabs++;
  }
  check(tabs < 40, "Tab from the play bar reaches the board", tabs);
  await page.keyboard.press("n");
  await page.keyboard.press("Enter");
  await page.keyboard.down("Shift");
  await page.keyboard.press("ArrowRight");
  await page.keyboard.up("Shift");
  await page.keyboard.press("r");
  const placed = await page.evaluate(() => TG.editor.playerPieces());
  check(placed.length === 1 && Math.abs(placed[0].angle - 45) < 1e-6,
        "the keyboard alone selects a piece (N), puts it on the board (Enter), moves (Shift+arrow) and turns it (R)",
        JSON.stringify(placed));
  const focus = await page.evaluate(() => document.activeElement && document.activeElement.id);
  check(focus === "board", "the board keeps the keyboard's focus", focus);
  await page.click("#play-leave");
}

async function worksheet(page) {
  const list = (await api("GET", "/api/problems")).data.problems;
  const chosen = ["01-square", "02-page9-11"].map((n) => list.find((p) => p.name === n));
  need(chosen.every(Boolean), "masks/01 and masks/02 are in the library");
  for (const p of chosen) await page.click(`input.sheet[data-id="${p.id}"]`);
  await page.click("#worksheet-button");
  await page.waitForFunction(() => document.body.dataset.worksheet === "2", { timeout: 60000 });
  const dom = await page.evaluate(() => ({
    puzzles: document.querySelectorAll("#worksheet .sheet-puzzles figure").length,
    answers: document.querySelectorAll("#worksheet .sheet-answers figure").length,
    pieces: document.querySelectorAll("#worksheet .sheet-answers polygon").length,
    shownPieces: document.querySelectorAll("#worksheet .sheet-puzzles polygon").length }));
  check(dom.puzzles === 2 && dom.answers === 2 && dom.pieces === 14 && dom.shownPieces === 0,
        "the worksheet holds two silhouettes without pieces, then two answers of seven pieces each", JSON.stringify(dom));
  const pdf = Buffer.from(await page.pdf({ format: "A4", printBackground: true }));
  const pages = (pdf.toString("latin1").match(/\/Type\s*\/Page[^s]/g) || []).length;
  fs.writeFileSync(path.join(work, "worksheet.pdf"), pdf);
  check(pages === 2, "printed, the worksheet is two pages: the silhouettes, then the answers", pages);
  await page.evaluate(() => document.body.classList.remove("printing"));
}

/// Free turns, the mirror button, N to select and Delete back to the tray, on the current set's
/// first piece: dragged onto the board, turned by its round handle (a quarter turn less a little,
/// so that no 45-degree snap applies), then by a Shift-drag of the piece itself, then mirrored.
async function freeTurns(page) {
  const id = await page.$eval("#board polygon.piece", (n) => n.getAttribute("data-id"));
  await page.$eval("#board", (n) => n.focus());
  await page.keyboard.press("Escape");
  await page.keyboard.press("n");
  let state = await pieceState(page, id);
  need(await page.$eval(`#board polygon[data-id="${id}"]`, (n) => n.classList.contains("selected")), "N selects the first piece");
  const boardH = await page.evaluate(() => Number(document.getElementById("board").getAttribute("viewBox").split(" ")[3]));
  let at = await toScreen(page, [state.pose.x, state.pose.y]);
  const to = await toScreen(page, [boardH * 0.5, boardH * 0.5]);
  await page.mouse.move(at[0], at[1]);
  await page.mouse.down();
  await page.mouse.move((at[0] + to[0]) / 2, (at[1] + to[1]) / 2);
  await page.mouse.move(to[0], to[1]);
  await page.mouse.up();
  state = await pieceState(page, id);
  need(state.placed, "the first piece is on the board");
  const centre = await toScreen(page, [state.pose.x, state.pose.y]);
  const handle = await page.$eval("#rotate-handle", (n) => { const r = n.getBoundingClientRect(); return [r.x + r.width / 2, r.y + r.height / 2]; });
  // The handle is straight above the centre; move it to 80 degrees clockwise (screen) around it.
  const r = Math.hypot(handle[0] - centre[0], handle[1] - centre[1]);
  const a = (-90 + 80) * Math.PI / 180;
  await page.mouse.move(handle[0], handle[1]);
  await page.mouse.down();
  for (const f of [0.3, 0.6, 1]) {
    const b = (-90 + 80 * f) * Math.PI / 180;
    await page.mouse.move(centre[0] + r * Math.cos(b), centre[1] + r * Math.sin(b));
  }
  await page.mouse.move(centre[0] + r * Math.cos(a), centre[1] + r * Math.sin(a));
  await page.mouse.up();
  state = await pieceState(page, id);
  check(Math.abs(state.pose.angle - 80) < 1.5, "the round handle turns a piece freely (80 degrees)", state.pose.angle);
  // Shift-drag on the piece: a further turn about its centroid. Grab it far from the centroid
  // (for the angle's precision), 70% of the way to its farthest corner (inside: it is convex).
  const inside = await page.$eval(`#board polygon[data-id="${id}"]`, (n, c) => {
    const pts = n.getAttribute("points").trim().split(/\s+/).map((p) => p.split(",").map(Number));
    const far = pts.reduce((a, b) => (Math.hypot(b[0] - c[0], b[1] - c[1]) > Math.hypot(a[0] - c[0], a[1] - c[1]) ? b : a));
    return [c[0] + 0.7 * (far[0] - c[0]), c[1] + 0.7 * (far[1] - c[1])];
  }, [state.pose.x, state.pose.y]);
  const grab = await toScreen(page, inside);
  const g = Math.atan2(grab[1] - centre[1], grab[0] - centre[0]), gr = Math.hypot(grab[0] - centre[0], grab[1] - centre[1]);
  await page.keyboard.down("Shift");
  await page.mouse.move(grab[0], grab[1]);
  await page.mouse.down();
  for (const f of [0.5, 1]) {
    const b = g + (20 * f * Math.PI) / 180;
    await page.mouse.move(centre[0] + gr * Math.cos(b), centre[1] + gr * Math.sin(b));
  }
  await page.mouse.up();
  await page.keyboard.up("Shift");
  state = await pieceState(page, id);
  check(Math.abs(state.pose.angle - 100) < 3, "a Shift-drag turns the piece about its centroid (20 degrees more)", state.pose.angle);
  const before = await page.$eval(`#board polygon[data-id="${id}"]`, (n) => n.getAttribute("points"));
  await page.click("#mirror");
  state = await pieceState(page, id);
  const after = await page.$eval(`#board polygon[data-id="${id}"]`, (n) => n.getAttribute("points"));
  check(state.pose.mirror === true && before !== after, "the Mirror button mirrors the selected piece");
  await page.$eval("#board", (n) => n.focus());
  await page.keyboard.press("Delete");
  state = await pieceState(page, id);
  check(!state.placed && state.pose.angle === 0 && !state.pose.mirror, "Delete sends it back to the tray, unturned");
}

/// The grid (the pentominoes' unit): a piece dropped 3 px off a grid point has every corner on
/// the grid; then back to the tray, the grid off.
async function gridSnap(page) {
  await page.click("#grid");
  need(await page.$$eval("#grid-lines line", (ns) => ns.length) > 0, "Grid draws the grid");
  const id = await page.$eval("#board polygon.piece", (n) => n.getAttribute("data-id"));
  let state = await pieceState(page, id);
  const corner = await page.$eval(`#board polygon[data-id="${id}"]`, (n) => n.getAttribute("points").trim().split(/\s+/)[0].split(",").map(Number));
  // Grabbed at its centroid (inside the F pentomino).
  const at = (await toScreen(page, [state.pose.x, state.pose.y])).map(Math.round);
  // Where its first corner would land on the grid point (6, 4), and 3 px right and 2 px up of that.
  const goal = await toScreen(page, [6 + state.pose.x - corner[0], 4 + state.pose.y - corner[1]]);
  const to = [Math.round(goal[0] + 3), Math.round(goal[1] - 2)];
  await page.mouse.move(at[0], at[1]);
  await page.mouse.down();
  await page.mouse.move((at[0] + to[0]) / 2, (at[1] + to[1]) / 2);
  await page.mouse.move(to[0], to[1]);
  await page.mouse.up();
  state = await pieceState(page, id);
  const points = await page.$eval(`#board polygon[data-id="${id}"]`, (n) => n.getAttribute("points").trim().split(/\s+/).map((p) => p.split(",").map(Number)));
  const worst = Math.max(...points.flat().map((v) => Math.abs(v - Math.round(v))));
  check(state.placed && worst < 2e-5, "with the grid on, a piece dropped 3 px off snaps every corner onto the grid", `off by ${worst}`);
  await page.$eval("#board", (n) => n.focus());
  await page.keyboard.press("Delete");
  await page.click("#grid");
}

/// Dark pixels and their bounding box in a picture the page can load (drawn on a canvas).
async function measurePicture(page, url) {
  return page.evaluate(async (u) => {
    const image = new Image();
    image.src = u;
    await image.decode();
    const canvas = document.createElement("canvas");
    canvas.width = image.naturalWidth; canvas.height = image.naturalHeight;
    const ctx = canvas.getContext("2d");
    ctx.drawImage(image, 0, 0);
    const d = ctx.getImageData(0, 0, canvas.width, canvas.height).data;
    let dark = 0, x0 = Infinity, y0 = Infinity, x1 = -1, y1 = -1;
    for (let y = 0; y < canvas.height; y++)
      for (let x = 0; x < canvas.width; x++) {
        const i = 4 * (y * canvas.width + x);
        if (0.299 * d[i] + 0.587 * d[i + 1] + 0.114 * d[i + 2] < 128) {
          dark++; x0 = Math.min(x0, x); y0 = Math.min(y0, y); x1 = Math.max(x1, x); y1 = Math.max(y1, y);
        }
      }
    return { width: canvas.width, height: canvas.height, dark, box: [x0, y0, x1 - x0 + 1, y1 - y0 + 1] };
  }, url);
}

async function problemItem(page, name) {
  return page.waitForFunction((n) => [...document.querySelectorAll("#problem-list > li")]
    .find((li) => li.querySelector(".problem-name") && li.querySelector(".problem-name").textContent === n), {}, name);
}

async function selectProblem(page, id) {
  await page.click(`#problem-list > li[data-id="${id}"]`);
  await page.waitForFunction((i) => document.getElementById("solve-problem").textContent.includes("Problem") &&
    !document.getElementById("solve-button").disabled && document.querySelector(`#problem-list > li.selected[data-id="${i}"]`), {}, id);
}

async function setOptions(page, o) {
  await page.select("#opt-strategy", o.strategy || "dt");
  await page.select("#opt-search", o.search || "ours");
  await page.$eval("#opt-time", (n, v) => { n.value = v; }, String(o.time_limit || 60));
  await page.$eval("#opt-thinking", (n, v) => { n.checked = v; }, !!o.show_thinking);
  await page.$eval(`input[name="opt-solutions"][value="${o.solutions || "one"}"]`, (n) => { n.checked = true; });
}

async function waitOutcome(page, seconds) {
  try {
    await page.waitForSelector("#solve-outcome[data-outcome]", { timeout: seconds * 1000 });
  } catch (e) {
    check(false, `the solve ends within ${seconds} s`, await page.$eval("#solve-outcome", (n) => n.textContent));
  }
  return page.$eval("#solve-outcome", (n) => ({ outcome: n.dataset.outcome, text: n.textContent }));
}

async function downloadLink(page, selector, name) {
  const target = path.join(downloads, name);
  fs.rmSync(target, { force: true });
  await page.click(selector);
  for (let t = 0; t < 100; t++) {
    if (fs.existsSync(target) && fs.statSync(target).size > 0) {
      await sleep(100);
      return target;
    }
    await sleep(100);
  }
  throw Object.assign(new Error(`FAILED: ${name} was not downloaded by clicking ${selector}`), { check: true });
}

// ---- Scenarios ----
async function main() {
  const browser = await puppeteer.launch({
    executablePath: chromium,
    headless: true,
    args: ["--headless", "--no-sandbox", "--disable-gpu", "--disable-quic", "--no-first-run",
           "--disable-background-networking", "--disable-component-update", "--disable-sync",
           `--user-data-dir=${path.join(work, "profile")}`],
  });
  let page = null;
  try {
    page = await openPage(browser);
    const cdp = await page.createCDPSession();
    await cdp.send("Browser.setDownloadBehavior", { behavior: "allow", downloadPath: downloads });
    page.on("dialog", (d) => d.accept());

    // 1. The editor: the tangram's square from its seven pieces, by mouse and keys.
    const sets = await page.$$eval("#set-select option", (os) => os.map((o) => o.value));
    check(sets.includes("tangram") && sets.includes("pentominoes") && sets.includes("stomachion"),
          "the set list offers the tangram, the pentominoes and the Stomachion", sets.join(","));
    await page.select("#set-select", "tangram");
    await page.waitForFunction(() => document.querySelectorAll("#board polygon.piece").length === 7);
    const set = (await api("GET", "/api/sets/tangram")).data;
    set.assembly = JSON.parse(fs.readFileSync(path.join(args.sets, "tangram.json"), "utf8")).assembly;
    await buildAssembly(page, set);
    const placed = await page.$$eval('#board polygon[data-placed="true"]', (ns) => ns.length);
    check(placed === 7, "all seven pieces are on the board", placed);
    // Every corner on the board, moved by the figure's top-left, is a corner of the set's own
    // square assembly (to 2e-5 set units; the board's points are written with 5 decimals).
    const corners = await page.evaluate(() => [...document.querySelectorAll('#board polygon[data-placed="true"]')]
      .flatMap((n) => n.getAttribute("points").trim().split(/\s+/).map((p) => p.split(",").map(Number))));
    const x0 = Math.min(...corners.map((p) => p[0])), y0 = Math.min(...corners.map((p) => p[1]));
    const assemblyCorners = set.assembly.flatMap((e) => e.vertices);
    const worst = Math.max(...corners.map(([x, y]) => Math.min(...assemblyCorners.map((q) => Math.hypot(x - x0 - q[0], y - y0 - q[1])))));
    check(worst < 2e-5, "snapping closed the gaps: every corner is exactly where the set's square has one", `off by ${worst} units`);
    await page.$eval("#problem-name", (n) => { n.value = ""; });
    await page.type("#problem-name", "Square from the editor");
    await screenshot(page, "editor");

    // 2. Record it: the library lists it with its thumbnail; the picture is a filled square.
    await page.click("#record");
    await page.waitForSelector("#record-status.ok, #record-status.error", { timeout: 20000 });
    const recordText = await page.$eval("#record-status", (n) => n.textContent);
    check(await page.$("#record-status.ok"), "Record problem is accepted by the server", recordText);
    await problemItem(page, "Square from the editor");
    const listed = (await api("GET", "/api/problems")).data.problems;
    const square = listed.find((p) => p.name === "Square from the editor");
    check(square && square.source === "editor" && square.set === "tangram" && square.design &&
          square.design.pieces.length === 7, "the problem is recorded with source editor, set tangram and its 7 poses");
    await page.waitForFunction((id) => {
      const img = document.querySelector(`#problem-list > li[data-id="${id}"] img.thumb`);
      return img && img.complete && img.naturalWidth > 0;
    }, { timeout: 10000 }, square.id);
    check(true, "its thumbnail is shown in the library");
    const picture = await measurePicture(page, `/api/problems/${square.id}/image.png`);
    const [, , bw, bh] = picture.box;
    check(Math.abs(bw - 200) <= 3 && Math.abs(bh - 200) <= 3,
          "the recorded picture's figure is the unit square at 200 px a side", `${bw} x ${bh}`);
    check(picture.dark >= 0.995 * bw * bh, "the square is filled: no seams between the pieces",
          `${picture.dark} dark of ${bw * bh}`);
    await screenshot(page, "library");

    // 3. Solve it; the solution listed; its JSON downloaded by clicking its link passes verify.
    await selectProblem(page, square.id);
    await setOptions(page, { time_limit: 60 });
    await page.click("#solve-button");
    const solved = await waitOutcome(page, 90);
    check(solved.outcome === "solved", "the square is solved", solved.text);
    // One time, said once: "Solved: 1 solution in 0.03 s", not "... in 0.0 s — solved in 0.03 s".
    check(/^Solved: 1 solution in \d+\.\d\d s$/.test(solved.text),
          "the outcome says the solve's time once, to the hundredth of a second", solved.text);
    const solutions = await page.$$eval("#solution-list > li", (ns) => ns.length);
    check(solutions >= 1, "the solution is listed", solutions);
    const jsonFile = await downloadLink(page, "#solution-list > li:first-child a.json", `${square.id}-solution-1.json`);
    const pngFile = await downloadLink(page, "#solution-list > li:first-child a.png", `${square.id}-solution-1.png`);
    const svgFile = await downloadLink(page, "#solution-list > li:first-child a.svg", `${square.id}-solution-1.svg`);
    const solution = JSON.parse(fs.readFileSync(jsonFile, "utf8"));
    check(solution.format === "tangram-solution/1" && solution.solved === true && solution.pieces.length === 7,
          "the downloaded JSON is a solved tangram-solution/1 with 7 pieces");
    check(fs.readFileSync(pngFile).subarray(0, 8).equals(Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a])),
          "the downloaded PNG is a PNG");
    check(/<svg[\s>]/.test(fs.readFileSync(svgFile, "utf8")), "the downloaded SVG is an SVG");
    const imageFile = path.join(work, `${square.id}.png`);
    fs.writeFileSync(imageFile, Buffer.from(await (await fetch(`${base}/api/problems/${square.id}/image.png`)).arrayBuffer()));
    let verify;
    try {
      verify = await run(args.tangram, ["verify", imageFile, jsonFile]);
      verify.code = 0;
    } catch (e) {
      verify = e;
    }
    check(verify.code === 0, "tangram verify accepts the downloaded solution with the recorded picture",
          `${(verify.stdout || "").trim()} ${(verify.stderr || "").trim()}`);
    await screenshot(page, "solved");

    // 4. Rename it (the ID stays).
    await page.click(`#problem-list > li[data-id="${square.id}"] button.rename`);
    await page.waitForSelector("#problem-list input.rename-input");
    await page.$eval("#problem-list input.rename-input", (n) => { n.value = ""; });
    await page.type("#problem-list input.rename-input", "Unit square");
    await page.keyboard.press("Enter");
    await problemItem(page, "Unit square");
    const renamed = (await api("GET", `/api/problems/${square.id}`)).data;
    check(renamed.name === "Unit square" && renamed.id === square.id, "rename keeps the ID and changes the name", renamed.name);

    // 5. Upload a bad file: the CLI's own line is shown.
    const badFile = path.join(work, "not-a-picture.png");
    fs.writeFileSync(badFile, "hello, this is not a picture\n");
    let cliLine = "";
    try {
      await run(args.tangram, ["solve", badFile, "-q", "--time-limit", "5"]);
    } catch (e) {
      cliLine = (e.stderr || "").trim().split("\n")[0];
    }
    check(cliLine.length > 0, "the CLI refuses the bad file with a line", cliLine);
    const fileInput = await page.$("#upload-file");
    const uploadLabel = await page.$eval("#upload-file", (n) => n.closest("label").textContent + " " + n.accept);
    check(/PNG/.test(uploadLabel) && /JPEG/.test(uploadLabel) && /image\/\*/.test(uploadLabel),
          "the upload's label names every format the server reads, and the picker offers them", uploadLabel);
    await fileInput.uploadFile(badFile);
    await page.click("#upload");
    await page.waitForSelector("#record-status.error", { timeout: 10000 });
    const badText = await page.$eval("#record-status .status-line", (n) => n.textContent);
    // The CLI's reason, after its "cannot read pattern PATH:" part (the server's file has another
    // name): the page must show the same words.
    const reason = cliLine.replace(/^.*?: (?=not an image)/, "").replace(/\s+$/, "");
    check(/not an image/.test(reason) && badText.includes(reason), "the page shows the CLI's one-line message for a bad upload",
          `page: "${badText}" cli: "${cliLine}"`);
    check(await page.$eval("#record-status", (n) => n.getAttribute("role") === "alert"), "the error is announced (role alert)");
    const empty = path.join(work, "white.png");
    fs.writeFileSync(empty, greyPng(60, 40, () => false));
    let emptyLine = "";
    try { await run(args.tangram, ["solve", empty, "-q"]); } catch (e) { emptyLine = (e.stderr || "").trim().split("\n")[0]; }
    await fileInput.uploadFile(empty);
    await page.click("#upload");
    await page.waitForFunction(() => document.querySelector("#record-status.error .status-line") &&
      /puzzle pixels/.test(document.querySelector("#record-status .status-line").textContent), { timeout: 10000 });
    const emptyText = await page.$eval("#record-status .status-line", (n) => n.textContent);
    check(emptyLine.includes("no puzzle pixels") && emptyText.includes("no puzzle pixels (dark, opaque pixels) in the image"),
          "a picture without a figure gets the CLI's line too", `page: "${emptyText}" cli: "${emptyLine}"`);
    await screenshot(page, "upload-error");
    // A picture the CLI reads with warnings (a speck dropped, a pinhole filled): recorded, the
    // warnings shown as the CLI words them.
    const speck = path.join(work, "speck.png");
    fs.writeFileSync(speck, greyPng(240, 240, (x, y) =>
      (x >= 20 && x < 220 && y >= 20 && y < 220 && !(x >= 100 && x < 103 && y >= 100 && y < 103)) ||
      (x >= 228 && x < 232 && y >= 228 && y < 232)));
    let speckLines = [];
    try {
      const r = await run(args.tangram, ["solve", speck, "-q", "--time-limit", "5"]);
      speckLines = r.stderr.trim().split("\n");
    } catch (e) { speckLines = (e.stderr || "").trim().split("\n"); }
    const warnings = speckLines.filter((l) => l.startsWith("tangram: warning: ")).map((l) => l.replace("tangram: warning: ", ""));
    await fileInput.uploadFile(speck);
    await page.click("#upload");
    await page.waitForSelector("#record-status.ok", { timeout: 20000 });
    const shown = await page.$$eval("#record-status li", (ns) => ns.map((n) => n.textContent));
    check(warnings.length === 2 && warnings.every((w) => shown.includes("warning: " + w)),
          "an upload read with warnings is recorded and shows the CLI's warnings (a speck dropped, a pinhole filled)",
          `page: ${JSON.stringify(shown)} cli: ${JSON.stringify(warnings)}`);

    // 6. Upload a disc for the Stomachion (a long search), solve it with Show thinking, see the
    // steps drawn, queue a second solve from a second tab, close that tab (its solve is
    // stopped), then press Stop (outcome stopped).
    const disc = path.join(work, "disc.png");
    fs.writeFileSync(disc, greyPng(240, 240, (x, y) => (x - 120) ** 2 + (y - 120) ** 2 < 100 ** 2));
    await page.select("#set-select", "stomachion");
    await page.waitForFunction(() => document.querySelectorAll("#board polygon.piece").length === 14);
    await freeTurns(page);
    await fileInput.uploadFile(disc);
    await page.click("#upload");
    await page.waitForSelector("#record-status.ok", { timeout: 20000 });
    const discProblem = (await api("GET", "/api/problems")).data.problems.find((p) => p.name === "disc");
    check(discProblem && discProblem.set === "stomachion" && discProblem.source === "upload",
          "the disc is uploaded as a Stomachion problem");
    await selectProblem(page, discProblem.id);
    await setOptions(page, { time_limit: 300, show_thinking: true });
    await page.click("#solve-button");
    await page.waitForFunction(() => Number(document.getElementById("solve-canvas").dataset.step || 0) > 0, { timeout: 30000 });
    const colours = await page.evaluate(() => {
      const c = document.getElementById("solve-canvas");
      const d = c.getContext("2d").getImageData(0, 0, c.width, c.height).data;
      let coloured = 0;
      for (let i = 0; i < d.length; i += 4) if (Math.max(d[i], d[i + 1], d[i + 2]) - Math.min(d[i], d[i + 1], d[i + 2]) > 60) coloured++;
      return coloured;
    });
    check(colours > 500, "Show thinking draws the search's pieces over the problem", `${colours} coloured pixels`);
    await page.waitForFunction(() => /placements/.test(document.getElementById("solve-progress").textContent), { timeout: 10000 });
    check(true, "the progress line shows the search's counts");
    // A few more steps for the picture (not a check).
    await page.waitForFunction(() => Number((/([\d.]+) s$/.exec(document.getElementById("solve-progress").textContent) || [0, 0])[1]) >= 2,
                               { timeout: 10000 }).catch(() => {});
    await screenshot(page, "thinking");

    const second = await openPage(browser);
    await selectProblem(second, square.id);
    await second.click("#solve-button");
    await second.waitForFunction(() => Number(document.getElementById("solve-queue").dataset.position || 0) >= 1, { timeout: 10000 });
    const queueText = await second.$eval("#solve-queue", (n) => n.textContent);
    check(/position 1/.test(queueText), "a second solve waits, its queue position shown", queueText);
    await screenshot(second, "queue");
    const queuedId = await second.$eval("#solve-canvas", (n) => n.dataset.solve);
    await second.close();
    let queued = null;
    for (let t = 0; t < 40; t++) {
      queued = (await api("GET", `/api/solves/${queuedId}`)).data;
      if (queued.state === "done") break;
      await sleep(500);
    }
    check(queued.state === "done" && queued.outcome === "stopped" && queued.stopped_by === "request",
          "closing its tab stops the queued solve at once (its beacon, not the server's grace)",
          JSON.stringify(queued));

    const running = await page.$eval("#solve-outcome", (n) => n.dataset.outcome || "");
    check(running === "", "the long solve is still running", running);
    // The solve's time limit is 300 s: only Stop gives the outcome `stopped`, and the 60 s wait
    // is a bound against a hang, not a measure of speed (the time taken is printed only).
    const stopAt = Date.now();
    await page.click("#stop-button");
    const stopped = await waitOutcome(page, 60);
    const took = (Date.now() - stopAt) / 1000;
    check(stopped.outcome === "stopped", `Stop stops the search: outcome stopped ${took.toFixed(2)} s after the click`,
          stopped.text);
    await screenshot(page, "stopped");

    // 7. All solutions, some pieces: a 4 x 5 rectangle of pentominoes (20 px cells) with
    // solutions all, use subset, figure area 20, at most 6: the solutions listed as they come,
    // each with its links.
    const rect = path.join(work, "rectangle.png");
    fs.writeFileSync(rect, greyPng(5 * 20 + 40, 4 * 20 + 40, (x, y) => x >= 20 && x < 120 && y >= 20 && y < 100));
    await page.select("#set-select", "pentominoes");
    await page.waitForFunction(() => document.querySelectorAll("#board polygon.piece").length === 12);
    await gridSnap(page);
    await fileInput.uploadFile(rect);
    await page.click("#upload");
    await page.waitForFunction(() => /“rectangle”/.test(document.getElementById("record-status").textContent), { timeout: 20000 });
    const rectProblem = (await api("GET", "/api/problems")).data.problems.find((p) => p.name === "rectangle");
    await selectProblem(page, rectProblem.id);
    await setOptions(page, { time_limit: 60, solutions: "all" });
    await page.select("#opt-use", "subset");
    await page.$eval("#opt-area", (n) => { n.value = "20"; });
    await page.$eval("#opt-max", (n) => { n.value = "6"; });
    await page.click("#solve-button");
    const listedAll = await waitOutcome(page, 60);
    const items = await page.$$eval("#solution-list > li", (ns) => ns.map((n) => ({
      index: Number(n.dataset.index), links: [...n.querySelectorAll("a")].map((a) => a.getAttribute("href")) })));
    check(items.length === 6 && items.every((it, k) => it.index === k && it.links.length === 3),
          "all solutions, subset of the pentominoes, at most 6: six solutions listed in order, each with JSON, PNG and SVG links",
          `${listedAll.text}; ${JSON.stringify(items.map((i) => i.index))}`);
    const last = (await api("GET", items[5].links[0])).data;
    check(last && last.format === "tangram-solution/1" && last.pieces.length === 4,
          "the sixth solution's JSON has four pentominoes", last && last.pieces && last.pieces.length);
    await screenshot(page, "all-solutions");
    await page.select("#opt-use", "exact");
    await page.$eval('input[name="opt-solutions"][value="one"]', (n) => { n.checked = true; });

    // 8. Import masks: one click adds every picture of masks/; a second adds none.
    const masks = fs.readdirSync(args.masks).filter((f) => f.endsWith(".png")).length;
    const before = await page.$$eval("#problem-list > li[data-id]", (ns) => ns.length);
    await page.click("#import-masks");
    await page.waitForFunction(() => /Imported/.test(document.getElementById("library-status").textContent), { timeout: 60000 });
    const importText = await page.$eval("#library-status", (n) => n.textContent);
    await page.waitForFunction((n) => document.querySelectorAll("#problem-list > li[data-id]").length === n, { timeout: 10000 }, before + masks);
    check(importText.startsWith(`Imported ${masks} masks`), `Import masks adds the ${masks} masks`, importText);
    await page.click("#import-masks");
    await page.waitForFunction((n) => document.getElementById("library-status").textContent.includes(`skipped ${n}`), { timeout: 60000 }, masks);
    check(true, "a second import skips them all");
    await page.evaluate(() => window.scrollTo(0, 0));
    await screenshot(page, "masks");

    // 9. Delete (after the confirmation) the disc.
    await page.click(`#problem-list > li[data-id="${discProblem.id}"] button.delete`);
    await page.waitForFunction((id) => !document.querySelector(`#problem-list > li[data-id="${id}"]`), { timeout: 10000 }, discProblem.id);
    check((await api("GET", `/api/problems/${discProblem.id}`)).status === 404, "a deleted problem is gone from the library");

    // 10. The editor reopens a recorded design.
    await page.click(`#problem-list > li[data-id="${square.id}"] button.open`);
    await page.waitForFunction(() => document.querySelectorAll('#board polygon[data-placed="true"]').length === 7, { timeout: 10000 });
    check(await page.$eval("#set-select", (n) => n.value === "tangram"), "Edit reopens the square's seven pieces in the editor");

    // 11. Play masks/01: three pieces dragged onto the silhouette, a hint, the rest dragged;
    // the page says solved, and so does the server's check of the pieces the page shows.
    await playSquare(page);

    // 12. New figures: two puzzles made to order join the library; the Tangram's convex figures
    // are listed, and one is added and played.
    await newFigures(page);

    // 13. A phone (390 x 844, touch): a piece dragged by a finger, turned by a two-finger twist,
    // a hint by a tap; then the keyboard alone places a piece.
    await phone(browser);
    await keyboardOnly(page);

    // 14. A worksheet of two problems printed to PDF: silhouettes, then the answers on a page
    // of their own.
    await worksheet(page);

    check(page.outside.length === 0, "the page fetched nothing from outside the server", page.outside.join(" "));
    check(page.errors.length === 0, "no script errors", page.errors.join(" | "));
  } catch (e) {
    if (page) {
      const failure = path.join(work, "failure.png");
      await page.screenshot({ path: failure, fullPage: true }).catch(() => {});
      console.error(`# the page at the failure: ${failure}`);
    }
    throw e;
  } finally {
    await browser.close();
  }
  console.log(`e2e: all ${passed} checks passed`);
}

main().catch((e) => {
  console.error(e.check ? e.message : e);
  process.exit(1);
});
