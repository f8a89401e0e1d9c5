// The worksheet: the problems chosen in the library, silhouettes only, to print; their answers
// (one assembly each, from POST /api/problems/ID/hint with nothing placed) on a page of their own.
"use strict";

(function (TG) {
  const $ = (id) => document.getElementById(id);
  const ANSWER_SECONDS = 10;

  /// An SVG of `problem`'s silhouette (its picture) and, with `pieces` (the play API's poses),
  /// the pieces drawn over it in the set's colours.
  function figure(problem, play, set, pieces) {
    const w = play.width, h = play.height;
    const svg = TG.el("svg", { viewBox: `0 0 ${w} ${h}`, class: "sheet-figure", role: "img",
                               "aria-label": (pieces ? "answer: " : "silhouette: ") + problem.name });
    const rings = play.outer.concat(play.holes);
    svg.append(TG.el("path", { d: rings.map((r) => "M" + r.map((p) => p.join(",")).join("L") + "Z").join(""),
                               "fill-rule": "evenodd", fill: "#000" }));
    for (const p of pieces || []) {
      const outline = set.polygons[p.piece];
      const c = TG.centroid(outline);
      // The editor's own posing: the outline about its centroid, mirrored, turned, moved.
      const pts = TG.editor.worldPoints({ local: outline.map(([x, y]) => [x - c[0], y - c[1]]) }, p);
      svg.append(TG.el("polygon", { points: pts.map((q) => q.join(",")).join(" "), fill: TG.colorOf(set.colors, p.piece),
                                    stroke: "#000", "stroke-width": 0.01 }));
    }
    return svg;
  }

  async function make() {
    const node = $("library-status");
    const chosen = TG.library.problems.filter((p) => TG.library.sheet.has(p.id));
    if (!chosen.length) return TG.status(node, "error", "Tick “sheet” on the problems to print first.");
    TG.status(node, "busy", `Making a worksheet of ${chosen.length} problem(s), answers included…`);
    try {
      const sets = new Map();
      const items = [];
      for (const p of chosen) {
        if (!sets.has(p.set)) sets.set(p.set, await TG.api("GET", `/api/sets/${encodeURIComponent(p.set)}`));
        const play = await TG.api("GET", `/api/problems/${encodeURIComponent(p.id)}/play`);
        const hint = await TG.api("POST", `/api/problems/${encodeURIComponent(p.id)}/hint`,
                                  { pieces: [], time_limit: ANSWER_SECONDS });
        items.push({ p, play, set: sets.get(p.set), answer: hint.kind === "piece" ? hint.assembly : null });
      }
      const sheet = $("worksheet");
      const puzzles = TG.el("section", { class: "sheet-puzzles" }, TG.el("h2", { text: "Tangram worksheet" }));
      const answers = TG.el("section", { class: "sheet-answers" }, TG.el("h2", { text: "Answers" }));
      items.forEach(({ p, play, set, answer }, k) => {
        const caption = `${k + 1}. ${p.name} (${set.pieces.length} shapes of ${p.set})`;
        puzzles.append(TG.el("figure", { class: "sheet-item" }, figure(p, play, set, null),
                             TG.el("figcaption", { text: caption })));
        answers.append(TG.el("figure", { class: "sheet-item" },
                             answer ? figure(p, play, set, answer) : TG.el("p", { text: "(no answer found in time)" }),
                             TG.el("figcaption", { text: `${k + 1}. ${p.name}` })));
      });
      sheet.replaceChildren(puzzles, answers);
      document.body.classList.add("printing");
      TG.status(node, "ok", `Worksheet of ${items.length} problem(s) ready: printing.`);
      document.body.dataset.worksheet = String(items.length);
      if (!navigator.webdriver) window.print();
    } catch (e) {
      TG.status(node, "error", e.message);
    }
  }

  TG.worksheet = {
    init() {
      $("worksheet-button").addEventListener("click", make);
      window.addEventListener("afterprint", () => document.body.classList.remove("printing"));
    },
    make,
  };
})(window.TG);
