// New figures from a set, into the library: puzzles made to order (POST /api/problems/generate)
// and the set's convex figures (GET /api/sets/NAME/convex), each added with one click.
"use strict";

(function (TG) {
  const $ = (id) => document.getElementById(id);
  const figures = {};
  TG.figures = figures;

  function busy(on) {
    for (const id of ["generate-button", "convex-button"]) $(id).disabled = on;
  }

  async function generate() {
    const node = $("library-status");
    const body = { set: $("gen-set").value, count: +$("gen-count").value, style: $("gen-style").value,
                   holes: $("gen-holes").checked, seed: Math.floor(Math.random() * 1e9) };
    busy(true);
    TG.status(node, "busy", `Making ${body.count} ${body.set} puzzles with one solution each…`);
    try {
      const reply = await TG.api("POST", "/api/problems/generate", body);
      for (const p of reply.problems.slice().reverse()) TG.library.add(p);
      TG.status(node, "ok", `Generated: ${reply.summary}`);
    } catch (e) {
      TG.status(node, "error", e.message);
    } finally {
      busy(false);
    }
  }

  /// One convex figure drawn in a small SVG, with its name, sides and an Add button.
  function figureItem(set, f) {
    const xs = f.corners.map((c) => c[0]), ys = f.corners.map((c) => c[1]);
    const x0 = Math.min(...xs), y0 = Math.min(...ys);
    const w = Math.max(...xs) - x0 || 1, h = Math.max(...ys) - y0 || 1, pad = 0.08 * Math.max(w, h);
    const svg = TG.el("svg", { viewBox: `${x0 - pad} ${y0 - pad} ${w + 2 * pad} ${h + 2 * pad}`, width: 72, height: 72,
                               role: "img", "aria-label": f.name });
    svg.append(TG.el("polygon", { points: f.corners.map((c) => c.join(",")).join(" "), class: "convex-figure" }));
    const add = TG.el("button", { type: "button", text: "Add", "aria-label": `Add the ${f.name} to the library`,
      onclick: async () => {
        try {
          const reply = await TG.api("POST", `/api/sets/${encodeURIComponent(set)}/convex/${encodeURIComponent(f.name)}`, {});
          TG.library.add(reply.problem);
          TG.status($("library-status"), "ok", `Added “${reply.problem.name}”.`);
        } catch (e) {
          TG.status($("library-status"), "error", e.message);
        }
      } });
    return TG.el("li", { "data-figure": f.name }, svg, TG.el("span", { class: "small", text: `${f.name}: ${f.sides}` }), add);
  }

  async function convex() {
    const set = $("gen-set").value, node = $("library-status"), list = $("convex-list");
    busy(true);
    TG.status(node, "busy", `Finding every convex figure of ${set}…`);
    try {
      const reply = await TG.api("GET", `/api/sets/${encodeURIComponent(set)}/convex`);
      list.replaceChildren(...reply.figures.map((f) => figureItem(set, f)));
      $("convex-view").hidden = false;
      $("convex-title").textContent = reply.summary + (reply.complete ? "" : " (not every candidate decided)");
      TG.status(node, "ok", reply.summary);
    } catch (e) {
      TG.status(node, "error", e.message);
    } finally {
      busy(false);
    }
  }

  figures.init = async function () {
    $("generate-button").addEventListener("click", generate);
    $("convex-button").addEventListener("click", convex);
    $("convex-close").addEventListener("click", () => { $("convex-view").hidden = true; });
    try {
      const data = await TG.api("GET", "/api/sets");
      for (const s of data.sets) if (!s.curved) $("gen-set").append(TG.el("option", { value: s.name, text: s.name }));
      $("gen-set").value = "tangram";
    } catch (e) { /* app.js reports an unreachable server */ }
  };
})(window.TG);
