// Play: a problem's silhouette on the editor's board, the set's pieces in the tray; the server
// checks the player's pieces (POST /api/problems/ID/check) and hints with them kept
// (POST .../hint). The game (pieces, time, hints) is kept in localStorage per problem.
"use strict";

(function (TG) {
  const $ = (id) => document.getElementById(id);
  const HINT_SECONDS = 10;

  const play = {
    problem: null,   // the problem played, or null
    state: null,     // {pieces, seconds, hints, solved}
    loadSet: null,   // set by app.js: loads a set into the editor
    busy: null,      // the AbortController of a running hint, or null
  };
  TG.play = play;

  const storeKey = (id) => `tangram.play.${id}`;
  const path = (suffix) => `/api/problems/${encodeURIComponent(play.problem.id)}/${suffix}`;

  function stored(id) {
    try {
      const s = JSON.parse(localStorage.getItem(storeKey(id)) || "null");
      return s && Array.isArray(s.pieces) ? s : null;
    } catch (e) {
      return null;
    }
  }

  function save() {
    if (!play.problem) return;
    play.state.pieces = TG.editor.playerPieces();
    try {
      localStorage.setItem(storeKey(play.problem.id), JSON.stringify(play.state));
    } catch (e) { /* storage full or off: the game goes on unsaved */ }
  }

  function say(kind, text, extra) {
    const node = $("play-status");
    TG.status(node, kind, text);
    node.classList.add("play-only");
    if (extra) node.append(extra);
  }

  function clockText() {
    const s = Math.floor(play.state.seconds);
    return `${Math.floor(s / 60)}:${String(s % 60).padStart(2, "0")}, hints ${play.state.hints}`;
  }

  let ticker = null;
  function tick() {
    if (!play.problem) return;
    if (!play.state.solved && document.visibilityState === "visible") play.state.seconds += 1;
    $("play-clock").textContent = clockText();
    if (Math.floor(play.state.seconds) % 5 === 0) save();
  }

  function setBusy(on) {
    for (const id of ["play-check", "play-hint", "play-solution"]) $(id).disabled = on;
    $("play-cancel").hidden = !on;
  }

  /// POST .../check; says solved, all placed but not covered (the gaps shown), or how many.
  async function check() {
    if (!play.problem) return;
    const pieces = TG.editor.playerPieces();
    try {
      const v = await TG.api("POST", path("check"), { pieces });
      TG.editor.showGaps(v.all_placed && !v.solved ? v.gaps : []);
      if (v.solved) {
        play.state.solved = true;
        say("ok", `Solved! ${clockText()}.`);
      } else if (v.all_placed) {
        say("error", "Every piece is placed, but the figure is not covered: the red areas are left uncovered." +
            (v.reasons.length ? ` (${v.reasons.join("; ")})` : ""));
      } else {
        say("", `${pieces.length} of ${TG.editor.instances.length} pieces placed.`);
      }
      save();
      $("play-clock").textContent = clockText();
      document.body.dataset.playVerdict = v.solved ? "solved" : v.all_placed ? "uncovered" : "playing";
    } catch (e) {
      say("error", e.message);
    }
  }

  /// POST .../hint with the player's pieces; `whole`: place the whole assembly it comes from.
  async function hint(whole) {
    if (!play.problem || play.busy) return;
    const controller = new AbortController();
    play.busy = controller;
    setBusy(true);
    say("busy", whole ? "Looking for a solution…" : "Looking for a hint…");
    try {
      let pieces = TG.editor.playerPieces();
      let h = await TG.api("POST", path("hint"), { pieces, time_limit: HINT_SECONDS }, controller.signal);
      if (whole && h.kind !== "piece" && h.kind !== "solved") {
        pieces = [];
        h = await TG.api("POST", path("hint"), { pieces, time_limit: HINT_SECONDS }, controller.signal);
      }
      play.state.hints += 1;
      if (h.kind === "piece") {
        if (whole) TG.editor.placePieces(h.assembly, false);
        else TG.editor.placePieces([h.piece], true);
        say("ok", whole ? "One solution." : `Hint: ${h.text}.`);
      } else if (h.kind === "blocked") {
        const back = TG.el("button", { type: "button", id: "play-take-back", text: `Take the ${pieces[h.blocking].piece} back`,
                                       onclick: () => { TG.editor.takeBack(h.blocking); say("", "Taken back."); } });
        say("error", `Hint: ${h.text}.`, back);
      } else {
        say(h.kind === "solved" ? "ok" : "error", h.text);
      }
      save();
    } catch (e) {
      say("error", controller.signal.aborted ? "Cancelled." : e.message);
    } finally {
      play.busy = null;
      setBusy(false);
    }
  }

  /// Plays `problem`: its set in the editor, its figure on the board, the stored game if any.
  play.start = async function (problem) {
    try {
      const figure = await TG.api("GET", `/api/problems/${encodeURIComponent(problem.id)}/play`);
      if (play.problem) save();
      await play.loadSet(problem.set);
      play.problem = problem;
      play.state = stored(problem.id) || { pieces: [], seconds: 0, hints: 0, solved: false };
      document.body.classList.add("playing");
      TG.editor.setFigure(figure);
      TG.editor.placePieces(play.state.pieces, false);
      $("play-title").textContent = `Playing “${problem.name}” (${problem.set})`;
      $("play-clock").textContent = clockText();
      say("", "Drag the pieces from the tray onto the silhouette. R turns, M mirrors; two fingers twist on a touch screen.");
      if (!ticker) ticker = setInterval(tick, 1000);
      $("editor").scrollIntoView({ behavior: "smooth" });
      $("board").focus({ preventScroll: true });
      document.body.dataset.playing = problem.id;
      if (play.state.pieces.length === TG.editor.instances.length) await check();
    } catch (e) {
      TG.status($("library-status"), "error", e.message);
    }
  };

  play.leave = function () {
    if (!play.problem) return;
    save();
    if (play.busy) play.busy.abort();
    play.problem = null;
    document.body.classList.remove("playing");
    delete document.body.dataset.playing;
    TG.editor.setFigure(null);
    TG.editor.clear();
  };

  /// The next problem of the library after the one played (or the first).
  function next() {
    const list = TG.library.problems;
    if (!list.length) return;
    const k = play.problem ? list.findIndex((p) => p.id === play.problem.id) : -1;
    play.start(list[(k + 1) % list.length]);
  }

  /// The same problem for everyone on a given day: the day's number modulo the library's size.
  play.ofTheDay = function () {
    const list = TG.library.problems;
    if (!list.length) return TG.status($("library-status"), "error", "The library is empty: import the masks first.");
    play.start(list[Math.floor(Date.now() / 86400000) % list.length]);
  };

  let pendingCheck = null;
  /// After every change while playing: kept, and checked once every piece is placed.
  play.changed = function () {
    if (!play.problem) return;
    save();
    TG.editor.showGaps([]);
    clearTimeout(pendingCheck);
    if (TG.editor.playerPieces().length === TG.editor.instances.length) pendingCheck = setTimeout(check, 250);
    else document.body.dataset.playVerdict = "playing";
  };

  play.init = function () {
    $("play-check").addEventListener("click", check);
    $("play-hint").addEventListener("click", () => hint(false));
    $("play-solution").addEventListener("click", () => hint(true));
    $("play-cancel").addEventListener("click", () => play.busy && play.busy.abort());
    $("play-next").addEventListener("click", next);
    $("play-leave").addEventListener("click", play.leave);
    $("play-today").addEventListener("click", play.ofTheDay);
    window.addEventListener("pagehide", save);
  };
})(window.TG);
