// The editor: the pieces of a set in a tray, dragged onto the board, turned (45-degree steps,
// 1-degree steps, or freely with the round handle or a Shift-drag), mirrored, and snapped corner
// to corner and corner to edge against the pieces already placed (or to an optional grid).
// "Record problem" rasterises the union of the placed pieces, black on white, into a PNG.
//
// Coordinates: the board's SVG user units are the set's units (those of `polygons` in
// GET /api/sets/NAME), x right, y down. A piece's pose is (x, y) = where its centroid is,
// angle in degrees (clockwise on screen, since y is down), mirror = reflected in its own
// vertical axis before turning.
"use strict";

(function (TG) {
  const SNAP_PX = 9;         // snapping distance on screen, in CSS pixels
  const RECORD_SIDE_PX = 200; // the set's whole area, as a square, is this many pixels a side
  const RECORD_MARGIN_PX = 24;

  const editor = {
    set: null,          // the set document (with polygons, colors)
    instances: [],      // one per piece copy: {id, piece, local, color, x, y, angle, mirror, placed, slot}
    selected: null,     // the selected instance or null
    layout: null,       // {unit, trayW, boardW, boardH, trayX, grid}, in set units
    svg: null,
    layers: null,
    onChange: null,     // called after every change of the figure
    figure: null,       // play: {outer, holes, width, height} in set units, drawn under the pieces
    gaps: [],           // play: parts of the figure left uncovered, drawn over it
  };
  TG.editor = editor;

  // ---- Poses ----

  function worldPoints(inst, pose) {
    const p = pose || inst;
    const a = (p.angle * Math.PI) / 180, c = Math.cos(a), s = Math.sin(a);
    return inst.local.map(([lx, ly]) => {
      const mx = p.mirror ? -lx : lx;
      return [p.x + c * mx - s * ly, p.y + s * mx + c * ly];
    });
  }
  editor.worldPoints = worldPoints;

  function radius(local) {
    return Math.max(...local.map(([x, y]) => Math.hypot(x, y)));
  }

  /// Set units per CSS pixel on screen now.
  function unitsPerPixel() {
    const m = editor.svg.getScreenCTM();
    return m ? 1 / Math.hypot(m.a, m.b) : 0.01;
  }

  function toWorld(event) {
    const m = editor.svg.getScreenCTM().inverse();
    const p = new DOMPoint(event.clientX, event.clientY).matrixTransform(m);
    return [p.x, p.y];
  }

  // ---- Loading a set ----

  /// Loads a set document (GET /api/sets/NAME) into the editor: every copy of every piece in
  /// the tray. `design`, when given, places pieces as recorded ({pieces: [{piece, x, y, angle,
  /// mirror}]}).
  editor.load = function (set, design) {
    editor.set = set;
    editor.instances = [];
    editor.selected = null;
    let id = 0;
    for (const piece of set.pieces) {
      const outline = set.polygons && set.polygons[piece.name];
      if (!outline) continue;
      const c = TG.centroid(outline);
      const local = outline.map(([x, y]) => [x - c[0], y - c[1]]);
      for (let k = 0; k < (piece.count || 1); k++) {
        editor.instances.push({
          id: id++, piece: piece.name, local: local, area: Math.abs(TG.signedArea(outline)),
          // The colours of the PNG pictures, keyed by the legend's labels ("large-triangle 1/2"
          // for a piece the set has twice).
          color: (set.colors || {})[`${piece.name} ${k + 1}/${piece.count}`] || TG.colorOf(set.colors, piece.name),
          x: 0, y: 0, angle: 0, mirror: false, placed: false, slot: null,
        });
      }
    }
    layout();
    if (design && Array.isArray(design.pieces)) placeOnBoard(design.pieces, 0, 0);
    render();
    changed();
  };

  /// Puts pieces given as poses ({piece, x, y, angle, mirror}, moved by dx, dy) on the board,
  /// each on a copy of its shape not placed yet.
  function placeOnBoard(pieces, dx, dy) {
    const used = new Set(editor.instances.filter((i) => i.placed).map((i) => i.id));
    for (const d of pieces) {
      const inst = editor.instances.find((i) => i.piece === d.piece && !used.has(i.id));
      if (!inst) continue;
      used.add(inst.id);
      Object.assign(inst, { x: +d.x + dx, y: +d.y + dy, angle: +d.angle || 0, mirror: !!d.mirror, placed: true });
    }
  }

  /// The board on the left, the tray on the right. The tray is packed in shelves: each piece at
  /// its own bounding box (unturned), rows as wide as two of the widest pieces.
  function layout() {
    const insts = editor.instances;
    const total = insts.reduce((s, i) => s + i.area, 0) || 1;
    const unit = Math.sqrt(total);
    const pad = 0.08 * unit;
    const boxes = insts.map((i) => {
      const xs = i.local.map((p) => p[0]), ys = i.local.map((p) => p[1]);
      return { x0: Math.min(...xs), y0: Math.min(...ys), w: Math.max(...xs) - Math.min(...xs), h: Math.max(...ys) - Math.min(...ys) };
    });
    const trayW = 2 * Math.max(...boxes.map((b) => b.w)) + 3 * pad;
    let x = pad, y = pad, rowH = 0;
    const slots = boxes.map((b) => {
      if (x > pad && x + b.w + pad > trayW) { x = pad; y += rowH + pad; rowH = 0; }
      const slot = [x - b.x0, y - b.y0];
      x += b.w + pad;
      rowH = Math.max(rowH, b.h);
      return slot;
    });
    const trayH = y + rowH + pad;
    const fig = editor.figure;
    const boardH = Math.max(trayH, 2.6 * unit, fig ? fig.height : 0);
    const boardW = Math.max(3.6 * unit, 1.2 * boardH, fig ? fig.width : 0);
    if (fig) { fig.ox = (boardW - fig.width) / 2; fig.oy = (boardH - fig.height) / 2; }
    const name = editor.set.name;
    // The grid: the polyominoes' and the Stomachion's unit, otherwise an eighth of the side of
    // the set's area as a square (a quarter of a tangram's small triangle's leg).
    const grid = (name === "pentominoes" || name === "stomachion") ? 1 : unit / 8;
    editor.layout = { unit, trayW, boardW, boardH, trayX: boardW, grid };
    insts.forEach((inst, k) => {
      inst.slot = [boardW + slots[k][0], slots[k][1]];
      toTray(inst, true);
    });
  }

  function toTray(inst, resetAngle) {
    inst.placed = false;
    inst.x = inst.slot[0];
    inst.y = inst.slot[1];
    if (resetAngle) { inst.angle = 0; inst.mirror = false; }
  }

  // ---- Drawing ----

  function render() {
    const svg = editor.svg, L = editor.layout;
    svg.replaceChildren();
    if (!L) return;
    const trayW = L.trayW;
    svg.setAttribute("viewBox", `0 0 ${L.boardW + trayW} ${L.boardH}`);
    const el = TG.el;
    svg.append(el("rect", { x: 0, y: 0, width: L.boardW, height: L.boardH, class: "board-bg" }));
    svg.append(el("rect", { x: L.boardW, y: 0, width: trayW, height: L.boardH, class: "tray-bg" }));
    const grid = el("g", { class: "grid", id: "grid-lines" });
    if (document.getElementById("grid").checked) {
      for (let x = L.grid; x < L.boardW; x += L.grid)
        grid.append(el("line", { x1: x, y1: 0, x2: x, y2: L.boardH }));
      for (let y = L.grid; y < L.boardH; y += L.grid)
        grid.append(el("line", { x1: 0, y1: y, x2: L.boardW, y2: y }));
    }
    svg.append(grid);
    const label = el("text", { x: L.boardW + trayW - 0.04 * L.unit, y: L.boardH - 0.05 * L.unit, class: "tray-label", "font-size": 0.1 * L.unit, "text-anchor": "end" });
    label.textContent = "tray";
    svg.append(label);
    if (editor.figure) svg.append(figurePath(editor.figure, "figure"));
    editor.layers = { gaps: el("g", { id: "gaps" }), pieces: el("g", { id: "pieces" }), handles: el("g", { id: "handles" }) };
    svg.append(editor.layers.gaps, editor.layers.pieces, editor.layers.handles);
    drawGaps();
    for (const inst of editor.instances) {
      inst.node = el("polygon", {
        class: "piece", "data-id": inst.id, "data-piece": inst.piece, fill: inst.color,
        "vector-effect": "non-scaling-stroke",
      });
      const title = el("title");
      title.textContent = inst.piece;
      inst.node.append(title);
      inst.node.addEventListener("pointerdown", (e) => startDrag(e, inst, e.shiftKey ? "rotate" : "move"));
      editor.layers.pieces.append(inst.node);
      draw(inst);
    }
    drawHandle();
  }

  /// One path of rings (set units, the picture's frame) moved to where the figure lies.
  function figurePath(fig, cls, rings) {
    const d = (rings || fig.outer.concat(fig.holes)).map((ring) =>
      "M" + ring.map(([x, y]) => (x + fig.ox).toFixed(5) + "," + (y + fig.oy).toFixed(5)).join("L") + "Z").join("");
    return TG.el("path", { d, class: cls, "fill-rule": "evenodd", "vector-effect": "non-scaling-stroke" });
  }

  function drawGaps() {
    const layer = editor.layers && editor.layers.gaps;
    if (!layer) return;
    layer.replaceChildren();
    if (editor.figure && editor.gaps.length) layer.append(figurePath(editor.figure, "gap", editor.gaps));
  }

  /// Play: the figure (rings in set units, the picture's frame) under the pieces, and the
  /// pieces snapping to its corners and edges too; null ends it.
  editor.setFigure = function (figure) {
    editor.figure = figure;
    editor.gaps = [];
    layout();
    render();
    changed();
  };

  /// Play: the uncovered parts of the figure to show (rings as the figure's).
  editor.showGaps = function (gaps) {
    editor.gaps = gaps || [];
    drawGaps();
  };

  /// Play: the placed pieces as the server reads them, in the picture's frame.
  editor.playerPieces = function () {
    const fig = editor.figure || { ox: 0, oy: 0 };
    return editor.instances.filter((i) => i.placed).map((i) => {
      const p = pose(i);
      return { piece: p.piece, x: p.x - fig.ox, y: p.y - fig.oy, angle: p.angle, mirror: p.mirror };
    });
  };

  /// Play: places pieces given in the picture's frame ({piece, x, y, angle, mirror}); the
  /// others go back to the tray unless `keep`.
  editor.placePieces = function (pieces, keep) {
    const fig = editor.figure || { ox: 0, oy: 0 };
    if (!keep) for (const inst of editor.instances) toTray(inst, true);
    placeOnBoard(pieces, fig.ox, fig.oy);
    for (const inst of editor.instances) draw(inst);
    drawHandle();
    changed();
  };

  /// Play: the placed instance at `index` of playerPieces() back to the tray.
  editor.takeBack = function (index) {
    const inst = editor.instances.filter((i) => i.placed)[index];
    if (!inst) return;
    toTray(inst, true);
    draw(inst); drawHandle(); changed();
  };

  function draw(inst) {
    inst.node.setAttribute("points", worldPoints(inst).map((p) => p[0].toFixed(5) + "," + p[1].toFixed(5)).join(" "));
    inst.node.setAttribute("data-placed", inst.placed ? "true" : "false");
    inst.node.setAttribute("data-pose", JSON.stringify(pose(inst)));
    inst.node.classList.toggle("selected", editor.selected === inst);
  }

  function drawHandle() {
    const layer = editor.layers && editor.layers.handles;
    if (!layer) return;
    layer.replaceChildren();
    const inst = editor.selected;
    if (!inst) return;
    const r = radius(inst.local), u = unitsPerPixel();
    const hx = inst.x, hy = inst.y - r - 14 * u;
    layer.append(TG.el("line", { x1: inst.x, y1: inst.y, x2: hx, y2: hy, class: "handle-line",
                                 "vector-effect": "non-scaling-stroke" }));
    const handle = TG.el("circle", { cx: hx, cy: hy, r: 7 * u, class: "handle", id: "rotate-handle",
                                     "vector-effect": "non-scaling-stroke" });
    const title = TG.el("title");
    title.textContent = "Drag to turn freely";
    handle.append(title);
    handle.addEventListener("pointerdown", (e) => startDrag(e, inst, "rotate"));
    layer.append(handle);
  }

  function pose(inst) {
    return { piece: inst.piece, x: +inst.x.toFixed(6), y: +inst.y.toFixed(6),
             angle: +normAngle(inst.angle).toFixed(6), mirror: inst.mirror };
  }

  function normAngle(a) { return ((a % 360) + 360) % 360; }

  function select(inst) {
    const before = editor.selected;
    editor.selected = inst;
    if (before && before.node) draw(before);
    if (inst) draw(inst);
    drawHandle();
    updateButtons();
  }

  function changed() {
    updateButtons();
    const placed = editor.instances.filter((i) => i.placed);
    const area = placed.reduce((s, i) => s + i.area, 0);
    const total = editor.instances.reduce((s, i) => s + i.area, 0);
    const status = document.getElementById("editor-status");
    status.textContent = `${placed.length} of ${editor.instances.length} pieces placed, area ` +
      `${+area.toFixed(4)} of ${+total.toFixed(4)} square set units.` +
      (editor.selected ? ` Selected: ${editor.selected.piece}.` : "");
    if (editor.onChange) editor.onChange();
  }

  function updateButtons() {
    const none = !editor.selected;
    for (const id of ["rotate-left", "rotate-right", "rotate-minus", "rotate-plus", "remove"])
      document.getElementById(id).disabled = none;
    document.getElementById("mirror").disabled = none || (editor.set && editor.set.mirror === false);
    // A problem is the figure of the whole set: recorded once every piece is on the board.
    const placed = editor.instances.filter((i) => i.placed).length, all = editor.instances.length;
    const record = document.getElementById("record");
    record.disabled = all === 0 || placed < all;
    record.title = record.disabled ? `Place every piece to record the figure (${placed} of ${all} placed)` : "";
  }

  // ---- Snapping ----

  /// The translation that brings the piece at `pose` onto the others: a corner onto a corner,
  /// else a corner onto an edge (either way round), else (with the grid on) a corner onto a grid
  /// point; [0, 0] when nothing is within `tol` set units.
  function snapOffset(inst, p, tol) {
    const mine = worldPoints(inst, p);
    const useGrid = document.getElementById("grid").checked;
    if (document.getElementById("snap").checked) {
      const others = editor.instances.filter((o) => o.placed && o !== inst).map((o) => worldPoints(o));
      const fig = editor.figure;
      if (fig) for (const ring of fig.outer.concat(fig.holes)) others.push(ring.map(([x, y]) => [x + fig.ox, y + fig.oy]));
      let best = null, bestD = tol;
      for (const poly of others)
        for (const w of poly)
          for (const v of mine) {
            const d = TG.distance(v, w);
            if (d < bestD) { bestD = d; best = [w[0] - v[0], w[1] - v[1]]; }
          }
      if (best) return best;
      bestD = tol;
      for (const poly of others) {
        for (const v of mine)
          for (let k = 0; k < poly.length; k++) {
            const q = TG.nearestOnSegment(v, poly[k], poly[(k + 1) % poly.length]);
            const d = TG.distance(v, q);
            if (d < bestD) { bestD = d; best = [q[0] - v[0], q[1] - v[1]]; }
          }
        for (const w of poly)
          for (let k = 0; k < mine.length; k++) {
            const q = TG.nearestOnSegment(w, mine[k], mine[(k + 1) % mine.length]);
            const d = TG.distance(w, q);
            if (d < bestD) { bestD = d; best = [w[0] - q[0], w[1] - q[1]]; }
          }
      }
      if (best) return best;
    }
    if (useGrid) {
      const g = editor.layout.grid;
      let best = null, bestD = tol;
      for (const v of mine) {
        const q = [Math.round(v[0] / g) * g, Math.round(v[1] / g) * g];
        const d = TG.distance(v, q);
        if (d < bestD) { bestD = d; best = [q[0] - v[0], q[1] - v[1]]; }
      }
      if (best) return best;
    }
    return [0, 0];
  }

  // ---- Dragging ----

  let drag = null;
  const pointers = new Map(); // pointerId -> [clientX, clientY], for the two-finger twist

  /// The set's rotation step (degrees): what the buttons, keys and a twist turn by.
  function turnStep() {
    return (editor.set && editor.set.rotations && +editor.set.rotations.step_deg) || 45;
  }

  function pointerAngle() {
    const [a, b] = [...pointers.values()];
    return (Math.atan2(b[1] - a[1], b[0] - a[0]) * 180) / Math.PI;
  }

  /// A second finger down while a piece is dragged: the two fingers turn it (a twist).
  function twistDown(event) {
    pointers.set(event.pointerId, [event.clientX, event.clientY]);
    if (drag && pointers.size === 2 && !drag.twist) {
      drag.twist = { a0: pointerAngle(), angle0: drag.inst.angle };
      event.preventDefault();
      event.stopPropagation();
    }
  }

  function twistMove(event) {
    if (!pointers.has(event.pointerId)) return;
    pointers.set(event.pointerId, [event.clientX, event.clientY]);
    if (!drag || !drag.twist || pointers.size < 2) return;
    drag.inst.angle = normAngle(drag.twist.angle0 + pointerAngle() - drag.twist.a0);
    draw(drag.inst);
    drawHandle();
  }

  function twistUp(event) {
    pointers.delete(event.pointerId);
    if (drag && drag.twist && pointers.size < 2) {
      const step = turnStep();
      drag.inst.angle = normAngle(Math.round(drag.inst.angle / step) * step);
      drag.twist = null;
      draw(drag.inst);
      drawHandle();
      changed();
    }
  }

  function startDrag(event, inst, mode) {
    if (event.button !== 0) return;
    event.preventDefault();
    event.stopPropagation();
    editor.svg.focus({ preventScroll: true });
    select(inst);
    // The dragged piece on top of the others.
    editor.layers.pieces.append(inst.node);
    const start = toWorld(event);
    drag = { inst, mode, start, x0: inst.x, y0: inst.y, angle0: inst.angle, moved: false,
             pointer: event.pointerId };
    editor.svg.setPointerCapture(event.pointerId);
  }

  function moveDrag(event) {
    if (!drag || event.pointerId !== drag.pointer) return;
    const p = toWorld(event), inst = drag.inst;
    if (drag.mode === "rotate") {
      const a0 = Math.atan2(drag.start[1] - drag.y0, drag.start[0] - drag.x0);
      const a1 = Math.atan2(p[1] - drag.y0, p[0] - drag.x0);
      let angle = drag.angle0 + ((a1 - a0) * 180) / Math.PI;
      // Near a multiple of 45 degrees (within 3), exactly on it while snapping is on.
      const near = Math.round(angle / 45) * 45;
      if (document.getElementById("snap").checked && Math.abs(angle - near) < 3) angle = near;
      inst.angle = normAngle(angle);
    } else {
      const target = { x: drag.x0 + p[0] - drag.start[0], y: drag.y0 + p[1] - drag.start[1],
                       angle: inst.angle, mirror: inst.mirror };
      const inBoard = target.x < editor.layout.boardW;
      const off = inBoard ? snapOffset(inst, target, SNAP_PX * unitsPerPixel()) : [0, 0];
      inst.x = target.x + off[0];
      inst.y = target.y + off[1];
    }
    drag.moved = true;
    draw(inst);
    drawHandle();
  }

  function endDrag(event) {
    if (!drag || event.pointerId !== drag.pointer) return;
    const inst = drag.inst;
    if (drag.mode === "move" && drag.moved) {
      if (inst.x >= editor.layout.boardW) toTray(inst, false);
      else {
        inst.placed = true;
        // Kept on the board.
        const L = editor.layout;
        inst.x = Math.max(0, Math.min(L.boardW, inst.x));
        inst.y = Math.max(0, Math.min(L.boardH, inst.y));
      }
    }
    drag = null;
    draw(inst);
    drawHandle();
    changed();
  }

  // ---- Commands on the selected piece ----

  function rotate(delta) {
    const inst = editor.selected;
    if (!inst) return;
    inst.angle = normAngle(Math.round((inst.angle + delta) * 1e9) / 1e9);
    draw(inst); drawHandle(); changed();
  }

  function mirror() {
    const inst = editor.selected;
    if (!inst || editor.set.mirror === false) return;
    inst.mirror = !inst.mirror;
    draw(inst); drawHandle(); changed();
  }

  function remove() {
    const inst = editor.selected;
    if (!inst) return;
    toTray(inst, true);
    draw(inst); drawHandle(); changed();
  }

  function nudge(dx, dy, big) {
    const inst = editor.selected;
    if (!inst || !inst.placed) return;
    const step = (big ? 20 : 2) * unitsPerPixel();
    inst.x += dx * step; inst.y += dy * step;
    draw(inst); drawHandle(); changed();
  }

  /// The selected tray piece onto the board's middle (the figure's, while playing), snapped:
  /// for the keyboard, which then moves it with the arrows.
  function toBoard() {
    const inst = editor.selected;
    if (!inst || inst.placed) return;
    const L = editor.layout;
    const target = { x: L.boardW / 2, y: L.boardH / 2, angle: inst.angle, mirror: inst.mirror };
    const off = snapOffset(inst, target, 0.25 * L.unit);
    inst.x = target.x + off[0];
    inst.y = target.y + off[1];
    inst.placed = true;
    draw(inst); drawHandle(); changed();
  }

  /// Selects the next (or previous) piece, for the keyboard.
  function cycle(step) {
    const list = editor.instances, n = list.length;
    if (n === 0) return;
    const k = editor.selected ? list.indexOf(editor.selected) : (step > 0 ? -1 : 0);
    select(list[(k + step + n) % n]);
    changed();
  }

  editor.clear = function () {
    for (const inst of editor.instances) toTray(inst, true);
    select(null);
    for (const inst of editor.instances) draw(inst);
    changed();
  };

  /// The design recorded with a problem: the set and the pose of every placed piece.
  editor.design = function () {
    return { set: editor.set.name, pieces: editor.instances.filter((i) => i.placed).map(pose) };
  };

  /// The figure's area in square set units (the placed pieces' areas, overlaps not counted out).
  editor.placedArea = function () {
    return editor.instances.filter((i) => i.placed).reduce((s, i) => s + i.area, 0);
  };

  /// The union of the placed pieces, black on white, as a PNG Blob: the set's whole area as a
  /// square is RECORD_SIDE_PX a side (so the tangram's unit square is 200 px), with a white
  /// margin. The polygons are filled as one path, all turned the same way round, with the
  /// non-zero rule, so that shared edges leave no light seam and overlaps no hole.
  editor.rasterise = function () {
    const placed = editor.instances.filter((i) => i.placed);
    if (placed.length === 0) return Promise.reject(new Error("place some pieces on the board first"));
    const scale = RECORD_SIDE_PX / editor.layout.unit;
    const polys = placed.map((i) => {
      const w = worldPoints(i);
      return TG.signedArea(w) < 0 ? w.slice().reverse() : w;
    });
    const xs = polys.flat().map((p) => p[0]), ys = polys.flat().map((p) => p[1]);
    const x0 = Math.min(...xs), y0 = Math.min(...ys);
    const width = Math.ceil((Math.max(...xs) - x0) * scale) + 2 * RECORD_MARGIN_PX;
    const height = Math.ceil((Math.max(...ys) - y0) * scale) + 2 * RECORD_MARGIN_PX;
    const canvas = document.createElement("canvas");
    canvas.width = width; canvas.height = height;
    const ctx = canvas.getContext("2d");
    ctx.fillStyle = "#ffffff";
    ctx.fillRect(0, 0, width, height);
    ctx.fillStyle = "#000000";
    ctx.beginPath();
    for (const poly of polys) {
      poly.forEach(([x, y], k) => {
        const px = RECORD_MARGIN_PX + (x - x0) * scale, py = RECORD_MARGIN_PX + (y - y0) * scale;
        if (k === 0) ctx.moveTo(px, py); else ctx.lineTo(px, py);
      });
      ctx.closePath();
    }
    ctx.fill("nonzero");
    return new Promise((resolve, reject) =>
      canvas.toBlob((blob) => (blob ? resolve(blob) : reject(new Error("the picture could not be made"))), "image/png"));
  };

  // ---- Wiring ----

  editor.init = function () {
    const svg = document.getElementById("board");
    editor.svg = svg;
    svg.addEventListener("pointerdown", twistDown, { capture: true });
    svg.addEventListener("pointermove", twistMove, { capture: true });
    svg.addEventListener("pointerup", twistUp, { capture: true });
    svg.addEventListener("pointercancel", twistUp, { capture: true });
    svg.addEventListener("pointermove", moveDrag);
    svg.addEventListener("pointerup", endDrag);
    svg.addEventListener("pointercancel", endDrag);
    svg.addEventListener("pointerdown", (e) => { if (e.target === svg || e.target.tagName === "rect") select(null); changed(); });
    svg.addEventListener("keydown", (e) => {
      if (e.ctrlKey || e.metaKey || e.altKey) return;
      const handled = {
        r: () => rotate(turnStep()), R: () => rotate(-turnStep()), ",": () => rotate(-1), ".": () => rotate(1),
        m: () => mirror(), M: () => mirror(), Delete: () => remove(), Backspace: () => remove(),
        ArrowLeft: () => nudge(-1, 0, e.shiftKey), ArrowRight: () => nudge(1, 0, e.shiftKey),
        ArrowUp: () => nudge(0, -1, e.shiftKey), ArrowDown: () => nudge(0, 1, e.shiftKey),
        Enter: () => toBoard(),
        Escape: () => { select(null); changed(); },
        n: () => cycle(1), p: () => cycle(-1),
      }[e.key];
      if (handled) { e.preventDefault(); handled(); }
    });
    document.getElementById("rotate-left").addEventListener("click", () => rotate(-turnStep()));
    document.getElementById("rotate-right").addEventListener("click", () => rotate(turnStep()));
    document.getElementById("rotate-minus").addEventListener("click", () => rotate(-1));
    document.getElementById("rotate-plus").addEventListener("click", () => rotate(1));
    document.getElementById("mirror").addEventListener("click", mirror);
    document.getElementById("remove").addEventListener("click", remove);
    document.getElementById("clear").addEventListener("click", () => editor.clear());
    document.getElementById("grid").addEventListener("change", () => { render(); });
    window.addEventListener("resize", drawHandle);
    updateButtons();
  };
})(window.TG);
