// The page's start: the list of sets, the editor's set, recording and uploading problems, and the
// links between the editor, the library and the solve panel.
"use strict";

(function (TG) {
  const $ = (id) => document.getElementById(id);
  const sets = new Map(); // name -> set document, fetched once

  async function loadSet(name, design) {
    let set = sets.get(name);
    if (!set) {
      set = await TG.api("GET", `/api/sets/${encodeURIComponent(name)}`);
      sets.set(name, set);
    }
    $("set-select").value = name;
    $("set-title").textContent = set.title || "";
    TG.editor.load(set, design);
  }

  function blobToBase64(blob) {
    return new Promise((resolve, reject) => {
      const reader = new FileReader();
      reader.onload = () => resolve(String(reader.result).replace(/^data:[^,]*,/, ""));
      reader.onerror = () => reject(new Error("the file could not be read"));
      reader.readAsDataURL(blob);
    });
  }

  /// POST /api/problems; shows the notes and warnings the server returned, or its one line.
  async function postProblem(name, blob, source, design) {
    const node = $("record-status");
    TG.status(node, "busy", source === "upload" ? "Uploading…" : "Recording…");
    try {
      const body = { name, set: TG.editor.set.name, png: await blobToBase64(blob), source };
      if (design) body.design = design;
      const reply = await TG.api("POST", "/api/problems", body);
      const problem = reply.problem;
      TG.status(node, "ok", `Recorded “${problem.name}” (${problem.width}×${problem.height} px, set ${problem.set}).`,
                [["warning", problem.warnings], ["note", problem.notes]]);
      TG.library.add(problem);
      return problem;
    } catch (e) {
      TG.status(node, "error", e.message);
      return null;
    }
  }

  async function record() {
    const name = $("problem-name").value.trim() || "figure";
    let blob;
    try {
      blob = await TG.editor.rasterise();
    } catch (e) {
      TG.status($("record-status"), "error", e.message);
      return;
    }
    const design = TG.editor.design();
    design.area = +TG.editor.placedArea().toFixed(9);
    await postProblem(name, blob, "editor", design);
  }

  async function upload() {
    const file = $("upload-file").files[0];
    if (!file) {
      TG.status($("record-status"), "error", "Choose a picture to upload first.");
      return;
    }
    const name = file.name.replace(/\.[^.]*$/, "") || "upload";
    await postProblem(name, file, "upload", null);
  }

  async function init() {
    TG.editor.init();
    TG.library.init();
    TG.solve.init();
    TG.play.init();
    TG.figures.init();
    TG.worksheet.init();
    TG.play.loadSet = (name) => loadSet(name);
    TG.editor.onChange = () => TG.play.changed();
    TG.library.onPlay = (problem) => TG.play.start(problem);
    TG.library.onSelect = (problem) => TG.solve.setProblem(problem);
    TG.library.onOpen = async (problem) => {
      try {
        await loadSet(problem.design.set || problem.set, problem.design);
        $("problem-name").value = problem.name;
        $("editor").scrollIntoView({ behavior: "smooth" });
      } catch (e) {
        TG.status($("record-status"), "error", e.message);
      }
    };
    $("record").addEventListener("click", record);
    $("upload").addEventListener("click", upload);
    $("set-select").addEventListener("change", (e) => {
      loadSet(e.target.value).catch((err) => TG.status($("record-status"), "error", err.message));
    });
    try {
      const data = await TG.api("GET", "/api/sets");
      const select = $("set-select");
      for (const s of data.sets)
        select.append(TG.el("option", { value: s.name, text: `${s.name} (${s.pieces} pieces${s.curved ? ", curved" : ""})` }));
      if (data.sets.length) await loadSet(data.sets.some((s) => s.name === "tangram") ? "tangram" : data.sets[0].name);
    } catch (e) {
      const node = $("app-error");
      node.textContent = "The piece sets could not be read: " + e.message;
      node.hidden = false;
    }
    await TG.library.refresh();
    document.body.dataset.ready = "true";
  }

  document.addEventListener("DOMContentLoaded", init);
})(window.TG);
