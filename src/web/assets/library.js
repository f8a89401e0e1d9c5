// The problem library: the problems of GET /api/problems with their thumbnails; select one to
// solve it, rename it, delete it (after a confirmation), reopen an editor figure in the editor;
// "Import masks" adds the project's masks/ in one request.
"use strict";

(function (TG) {
  const library = {
    problems: [],
    selectedId: null,
    onSelect: null,   // called with the selected PROBLEM (or null)
    onOpen: null,     // called with a PROBLEM whose design should be opened in the editor
    onPlay: null,     // called with a PROBLEM to play
    sheet: new Set(), // IDs of the problems chosen for the worksheet
  };
  TG.library = library;

  const status = () => document.getElementById("library-status");

  library.refresh = async function () {
    try {
      const data = await TG.api("GET", "/api/problems");
      library.problems = data.problems || [];
      render();
    } catch (e) {
      TG.status(status(), "error", "The library could not be read: " + e.message);
    }
  };

  library.find = (id) => library.problems.find((p) => p.id === id) || null;

  library.select = function (id) {
    library.selectedId = id;
    for (const item of document.querySelectorAll("#problem-list > li")) {
      const on = item.dataset.id === id;
      item.classList.toggle("selected", on);
      item.setAttribute("aria-selected", on ? "true" : "false");
    }
    if (library.onSelect) library.onSelect(library.find(id));
  };

  /// Adds or replaces a problem in the list (after a POST or PATCH) and selects it.
  library.add = function (problem) {
    library.problems = [problem].concat(library.problems.filter((p) => p.id !== problem.id));
    render();
    library.select(problem.id);
  };

  function render() {
    const list = document.getElementById("problem-list");
    list.replaceChildren();
    const el = TG.el;
    if (library.problems.length === 0)
      list.append(el("li", { class: "empty muted", text: "No problems yet: record one in the editor, upload a picture, or import the masks." }));
    for (const p of library.problems) {
      const name = el("span", { class: "problem-name", text: p.name });
      const item = el("li", { "data-id": p.id, tabindex: 0, "aria-selected": "false",
                              "aria-label": "Problem " + p.name });
      const thumb = el("img", { src: `/api/problems/${encodeURIComponent(p.id)}/thumbnail.png`,
                                alt: "silhouette of " + p.name, class: "thumb", loading: "lazy" });
      const meta = el("span", { class: "meta muted small",
                                text: `${p.set} · ${p.source} · ${p.width}×${p.height} px` });
      const buttons = el("span", { class: "item-buttons" },
        el("button", { type: "button", class: "play", text: "Play", "aria-label": `Play ${p.name}`,
                       onclick: (e) => { e.stopPropagation(); if (library.onPlay) library.onPlay(p); } }),
        el("button", { type: "button", class: "rename", text: "Rename",
                       "aria-label": "Rename " + p.name, onclick: (e) => { e.stopPropagation(); rename(p, item); } }),
        el("button", { type: "button", class: "delete", text: "Delete",
                       "aria-label": "Delete " + p.name, onclick: (e) => { e.stopPropagation(); remove(p); } }),
        p.design ? el("button", { type: "button", class: "open", text: "Edit",
                                  "aria-label": "Open " + p.name + " in the editor",
                                  onclick: (e) => { e.stopPropagation(); if (library.onOpen) library.onOpen(p); } }) : null);
      const sheet = el("label", { class: "sheet-pick small", title: "On the printed worksheet" },
        el("input", { type: "checkbox", class: "sheet", "data-id": p.id, checked: library.sheet.has(p.id),
                      "aria-label": `Put ${p.name} on the worksheet`,
                      onclick: (e) => e.stopPropagation(),
                      onchange: (e) => { if (e.target.checked) library.sheet.add(p.id); else library.sheet.delete(p.id); } }),
        " sheet");
      item.append(thumb, el("span", { class: "problem-text" }, name, meta), buttons, sheet);
      item.addEventListener("click", () => library.select(p.id));
      item.addEventListener("keydown", (e) => {
        if (e.target === item && (e.key === "Enter" || e.key === " ")) { e.preventDefault(); library.select(p.id); }
      });
      list.append(item);
    }
    if (library.selectedId && !library.find(library.selectedId)) library.select(null);
    else if (library.selectedId) library.select(library.selectedId);
  }

  function rename(p, item) {
    const text = item.querySelector(".problem-text");
    const input = TG.el("input", { type: "text", value: p.name, class: "rename-input",
                                   "aria-label": "New name for " + p.name, maxlength: 80 });
    let saved = false;
    const save = async () => {
      if (saved) return;
      saved = true;
      const name = input.value.trim();
      if (!name || name === p.name) { render(); return; }
      try {
        const renamed = await TG.api("PATCH", `/api/problems/${encodeURIComponent(p.id)}`, { name });
        const updated = renamed.problem || renamed;
        library.problems = library.problems.map((q) => (q.id === p.id ? updated : q));
        TG.status(status(), "ok", `Renamed to “${updated.name}”.`);
        render();
      } catch (e) {
        TG.status(status(), "error", "Not renamed: " + e.message);
        render();
      }
    };
    input.addEventListener("click", (e) => e.stopPropagation());
    input.addEventListener("keydown", (e) => {
      e.stopPropagation();
      if (e.key === "Enter") { e.preventDefault(); save(); }
      if (e.key === "Escape") { saved = true; render(); }
    });
    input.addEventListener("blur", save, { once: true });
    text.replaceChildren(input);
    input.focus();
    input.select();
  }

  async function remove(p) {
    if (!window.confirm(`Delete the problem “${p.name}”? Its picture and record are removed from the library folder.`))
      return;
    try {
      await TG.api("DELETE", `/api/problems/${encodeURIComponent(p.id)}`);
      library.problems = library.problems.filter((q) => q.id !== p.id);
      TG.status(status(), "ok", `Deleted “${p.name}”.`);
      render();
    } catch (e) {
      TG.status(status(), "error", "Not deleted: " + e.message);
    }
  }

  library.init = function () {
    document.getElementById("refresh-library").addEventListener("click", () => library.refresh());
    document.getElementById("import-masks").addEventListener("click", async (e) => {
      const button = e.currentTarget;
      button.disabled = true;
      TG.status(status(), "busy", "Importing the masks…");
      try {
        const r = await TG.api("POST", "/api/problems/import-masks");
        await library.refresh();
        TG.status(status(), "ok", `Imported ${r.imported} masks` + (r.skipped ? `, skipped ${r.skipped} already in the library.` : "."));
      } catch (err) {
        TG.status(status(), "error", "Masks not imported: " + err.message);
      } finally {
        button.disabled = false;
      }
    });
  };
})(window.TG);
