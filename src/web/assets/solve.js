// The solve panel: the CLI's options, Solve and Stop, the queue position, the progress line,
// the search drawn as it goes ("Show thinking": the `step` events over the problem's picture)
// and the solutions as they come, each with links to its JSON, PNG and SVG.
// Polygons from the server are in the problem picture's pixels; the canvas shows the picture
// scaled by `view.scale`.
"use strict";

(function (TG) {
  const MAX_VIEW_W = 560, MAX_VIEW_H = 420;

  const solve = {
    problem: null,     // the selected PROBLEM
    colors: {},        // piece name -> colour, from the problem's set
    current: null,     // {id, source: EventSource, solutions: Map, done: bool, stopping: bool}
  };
  TG.solve = solve;

  const view = { image: null, scale: 1 };
  const $ = (id) => document.getElementById(id);

  // ---- The picture ----

  function drawBackground(ctx) {
    const canvas = ctx.canvas;
    ctx.fillStyle = "#ffffff";
    ctx.fillRect(0, 0, canvas.width, canvas.height);
    if (view.image) {
      ctx.save();
      ctx.globalAlpha = 0.3;
      ctx.drawImage(view.image, 0, 0, canvas.width, canvas.height);
      ctx.restore();
    }
  }

  function drawAssembly(pieces) {
    const ctx = $("solve-canvas").getContext("2d");
    drawBackground(ctx);
    TG.drawPolygons(ctx, (pieces || []).map((p) => ({ polygon: p.polygon, color: TG.colorOf(solve.colors, p.piece) })), view.scale);
  }

  async function showProblem(problem) {
    const canvas = $("solve-canvas");
    view.image = null;
    if (!problem) {
      canvas.width = 480; canvas.height = 360;
      drawBackground(canvas.getContext("2d"));
      return;
    }
    view.scale = Math.min(MAX_VIEW_W / problem.width, MAX_VIEW_H / problem.height, 2);
    canvas.width = Math.max(1, Math.round(problem.width * view.scale));
    canvas.height = Math.max(1, Math.round(problem.height * view.scale));
    const image = new Image();
    image.src = `/api/problems/${encodeURIComponent(problem.id)}/image.png`;
    try { await image.decode(); view.image = image; } catch (e) { view.image = null; }
    if (solve.problem === problem) drawAssembly([]);
  }

  // ---- Selecting a problem ----

  solve.setProblem = async function (problem) {
    // The same problem again (the library was refreshed, or it was renamed): the picture and the
    // solutions drawn stay.
    const same = solve.problem && problem && solve.problem.id === problem.id;
    solve.problem = problem;
    $("solve-button").disabled = !problem || isRunning();
    const notes = $("problem-notes");
    notes.replaceChildren();
    if (!problem) {
      $("solve-problem").textContent = "Select a problem in the library.";
      showProblem(null);
      return;
    }
    $("solve-problem").textContent = `Problem “${problem.name}” (set ${problem.set}, ${problem.width}×${problem.height} px, ${problem.source}).`;
    for (const n of problem.notes || []) notes.append(TG.el("span", { class: "note", text: "note: " + n }), TG.el("br"));
    for (const w of problem.warnings || []) notes.append(TG.el("span", { class: "warning", text: "warning: " + w }), TG.el("br"));
    if (same) return;
    if (!isRunning()) {
      // The last solve's results belong to the problem it solved.
      $("solution-list").replaceChildren();
      setOutcome("", "");
      delete $("solve-outcome").dataset.outcome;
      $("solve-progress").textContent = "";
    }
    if (problem.design && typeof problem.design.area === "number") $("opt-area").value = String(problem.design.area);
    try {
      const set = await TG.api("GET", `/api/sets/${encodeURIComponent(problem.set)}`);
      solve.colors = set.colors || {};
    } catch (e) {
      solve.colors = {};
    }
    await showProblem(problem);
  };

  /// Is the run's problem the one shown?
  function showing(run) { return !!(solve.problem && solve.problem.id === run.problem.id); }

  function isRunning() { return !!(solve.current && !solve.current.done); }

  // ---- Options ----

  /// OPTIONS of POST /api/solves from the form (docs/web-api.md).
  solve.options = function () {
    const rotation = $("opt-rotation").value.trim();
    const number = Number(rotation);
    const options = {
      strategy: $("opt-strategy").value,
      search: $("opt-search").value,
      rotation_step: rotation === "" || rotation === "auto" ? "auto" : (Number.isFinite(number) ? number : rotation),
      reflection: $("opt-reflection").checked,
      time_limit: Number($("opt-time").value),
      solutions: document.querySelector('input[name="opt-solutions"]:checked').value,
      use: $("opt-use").value,
      show_thinking: $("opt-thinking").checked,
    };
    // As the CLI's options: --max-solutions with --all or --use, not --unique; --up-to-symmetry
    // with --all or --unique; --prefer with --use and one solution.
    const several = options.solutions !== "one";
    if (options.solutions === "all" || (options.use !== "exact" && !several)) options.max_solutions = Number($("opt-max").value);
    if (several && $("opt-symmetry").checked) options.up_to_symmetry = true;
    if (options.use !== "exact" && $("opt-area").value !== "") options.figure_area = Number($("opt-area").value);
    if (options.use !== "exact" && !several) options.prefer = $("opt-prefer").value;
    return options;
  };

  function updateAreaField() {
    $("opt-area-label").hidden = $("opt-use").value === "exact";
    $("opt-prefer-label").hidden = $("opt-use").value === "exact";
  }

  // ---- Running ----

  function setOutcome(kind, text) {
    const node = $("solve-outcome");
    node.textContent = text;
    node.className = kind;
    if (kind === "error") node.setAttribute("role", "alert"); else node.removeAttribute("role");
  }

  async function start() {
    const problem = solve.problem;
    if (!problem || isRunning()) return;
    setOutcome("", "");
    delete $("solve-outcome").dataset.outcome;
    $("solve-progress").textContent = "";
    $("solve-queue").textContent = "";
    $("solution-list").replaceChildren();
    drawAssembly([]);
    $("solve-button").disabled = true;
    let reply;
    try {
      reply = await TG.api("POST", "/api/solves", { problem: problem.id, options: solve.options() });
    } catch (e) {
      setOutcome("error", "Not started: " + e.message);
      $("solve-button").disabled = !solve.problem;
      return;
    }
    const run = { id: reply.id, problem, solutions: new Map(), done: false, stopping: false, source: null };
    solve.current = run;
    $("solve-canvas").dataset.solve = run.id;
    showQueue(reply.position);
    $("stop-button").disabled = false;
    listen(run);
  }

  function showQueue(position) {
    const node = $("solve-queue");
    node.dataset.position = String(position);
    node.textContent = position > 0 ? `Queued: position ${position} (waiting for a running solve to finish).` : "Running.";
  }

  function plural(n, word) { return `${n} ${word}${n === 1 ? "" : "s"}`; }

  function listen(run) {
    const source = new EventSource(`/api/solves/${encodeURIComponent(run.id)}/events`);
    run.source = source;
    const data = (e) => { try { return JSON.parse(e.data); } catch (err) { return {}; } };
    source.addEventListener("queued", (e) => showQueue(data(e).position));
    source.addEventListener("started", () => showQueue(0));
    source.addEventListener("progress", (e) => {
      const p = data(e);
      $("solve-progress").textContent =
        `${plural(p.pieces_placed, "piece")} placed · ${plural(p.placements, "placement")} · ` +
        `${plural(p.backtracks, "backtrack")} · ${plural(p.solutions, "solution")} · ${Number(p.seconds).toFixed(1)} s`;
    });
    source.addEventListener("step", (e) => {
      const s = data(e);
      if (run !== solve.current || !showing(run)) return;
      drawAssembly(s.assembly);
      $("solve-canvas").dataset.step = String(s.step);
    });
    source.addEventListener("solution", (e) => addSolution(run, data(e)));
    source.addEventListener("done", (e) => finish(run, data(e)));
    source.addEventListener("error", () => {
      // EventSource reconnects by itself; the server sends the solutions so far again (listed
      // once, by index). A closed stream after `done` is the normal end.
      if (!run.done && source.readyState === EventSource.CLOSED)
        setOutcome("error", "The connection to the server was lost.");
    });
  }

  function addSolution(run, s) {
    if (run.solutions.has(s.index)) return;
    run.solutions.set(s.index, s);
    if (run !== solve.current) return;
    const n = s.index;
    const base = `/api/solves/${encodeURIComponent(run.id)}/solutions/${n}`;
    const stem = `${run.problem.id}-solution-${n + 1}`;
    const canvas = TG.el("canvas", { class: "solution-thumb", "aria-hidden": "true" });
    const scale = Math.min(120 / run.problem.width, 90 / run.problem.height);
    canvas.width = Math.max(1, Math.round(run.problem.width * scale));
    canvas.height = Math.max(1, Math.round(run.problem.height * scale));
    const ctx = canvas.getContext("2d");
    ctx.fillStyle = "#fff";
    ctx.fillRect(0, 0, canvas.width, canvas.height);
    TG.drawPolygons(ctx, s.pieces.map((p) => ({ polygon: p.polygon, color: TG.colorOf(solve.colors, p.piece) })), scale, 1);
    const coverage = typeof s.coverage === "number" ? ` (coverage ${(100 * s.coverage).toFixed(1)}%)` : "";
    const item = TG.el("li", { "data-index": n },
      canvas,
      TG.el("span", { class: "solution-text" },
        TG.el("span", { text: `Solution ${n + 1}: ${s.pieces.length} pieces${coverage}` }),
        TG.el("span", { class: "links" },
          TG.el("a", { href: base + ".json", download: stem + ".json", class: "json", text: "JSON" }), " ",
          TG.el("a", { href: base + ".png", download: stem + ".png", class: "png", text: "PNG" }), " ",
          TG.el("a", { href: base + ".svg", download: stem + ".svg", class: "svg", text: "SVG" }))));
    item.addEventListener("click", (e) => { if (e.target.tagName !== "A" && showing(run)) drawAssembly(s.pieces); });
    const list = $("solution-list");
    const after = [...list.children].find((li) => Number(li.dataset.index) > n);
    list.insertBefore(item, after || null);
    if ((!$("opt-thinking").checked || run.done) && showing(run)) drawAssembly(s.pieces);
  }

  function finish(run, d) {
    run.done = true;
    if (run.source) run.source.close();
    if (run !== solve.current) return;
    $("stop-button").disabled = true;
    $("solve-button").disabled = !solve.problem;
    $("solve-queue").textContent = "";
    const words = {
      solved: "Solved", "time-limit": "Time limit reached", exhausted: "Search exhausted",
      impossible: "Impossible", stopped: "Stopped", failed: "Failed",
    };
    const n = d.solutions || 0;
    // The server's line adds what the outcome and the time do not say ("not solved (time
    // limit ...)"); "solved in 0.03 s" would only repeat them.
    const said = d.message && !/^([^:]*: )?solved in [0-9.]+ s/.test(d.message) ? d.message : "";
    const seconds = Number(d.seconds || 0);
    const text = `${words[d.outcome] || d.outcome}: ${n} solution${n === 1 ? "" : "s"} in ` +
                 `${seconds.toFixed(seconds < 10 ? 2 : 1)} s` + (said ? ` — ${said}` : "");
    setOutcome(d.outcome === "failed" ? "error" : "outcome-" + d.outcome, text);
    $("solve-outcome").dataset.outcome = d.outcome;
    const first = run.solutions.get(0);
    if (first && showing(run)) drawAssembly(first.pieces);
  }

  async function stop() {
    const run = solve.current;
    if (!run || run.done) return;
    run.stopping = true;
    $("stop-button").disabled = true;
    setOutcome("", "Stopping…");
    try {
      await TG.api("POST", `/api/solves/${encodeURIComponent(run.id)}/stop`);
    } catch (e) {
      if (!run.done) { setOutcome("error", "Not stopped: " + e.message); $("stop-button").disabled = false; }
    }
  }

  solve.init = function () {
    $("solve-options").addEventListener("submit", (e) => { e.preventDefault(); start(); });
    $("stop-button").addEventListener("click", stop);
    $("opt-use").addEventListener("change", updateAreaField);
    updateAreaField();
    showProblem(null);
    // A page that goes away stops its solve at once (a beacon survives the page); a dropped
    // connection without it is stopped after the server's grace.
    window.addEventListener("pagehide", () => {
      const run = solve.current;
      if (!run) return;
      if (run.source) run.source.close();
      if (!run.done && !run.stopping) navigator.sendBeacon(`/api/solves/${encodeURIComponent(run.id)}/stop`);
    });
  };
})(window.TG);
