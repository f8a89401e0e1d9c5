// Shared by the page's scripts: the request helper, element helpers and plane geometry.
// Everything here is plain JavaScript run by the browser as it is (no build step), and talks to
// the server only through docs/web-api.md.
"use strict";

window.TG = window.TG || {};

(function (TG) {
  // The library's token (tangram serve prints the page's address with ?token=...), kept for the
  // tab and taken out of the address bar.
  TG.token = (function () {
    const given = new URLSearchParams(location.search).get("token");
    if (given) {
      try { sessionStorage.setItem("tangram.token", given); } catch (e) { /* private mode */ }
      history.replaceState(null, "", location.pathname);
      return given;
    }
    try { return sessionStorage.getItem("tangram.token"); } catch (e) { return null; }
  })();

  /// A request to the server: JSON in and out. Resolves to the parsed body (null for 204);
  /// rejects with an Error whose message is the server's one-line `error` when it sent one.
  TG.api = async function (method, path, body, signal) {
    const init = { method: method, headers: {}, signal: signal };
    if (TG.token) init.headers["X-Tangram-Token"] = TG.token;
    if (body !== undefined) {
      init.headers["Content-Type"] = "application/json";
      init.body = JSON.stringify(body);
    }
    let response;
    try {
      response = await fetch(path, init);
    } catch (e) {
      throw new Error("the server cannot be reached (" + e.message + ")");
    }
    if (response.status === 204) return null;
    const text = await response.text();
    let data = null;
    try { data = text ? JSON.parse(text) : null; } catch (e) { data = null; }
    if (!response.ok) {
      const line = data && typeof data.error === "string" ? data.error
                 : response.status + " " + response.statusText;
      const error = new Error(line);
      error.status = response.status;
      throw error;
    }
    return data;
  };

  /// document.createElement with attributes (`class`, `text`, on* handlers, others as attributes)
  /// and children.
  TG.el = function (tag, attrs, ...children) {
    const svg = ["svg", "g", "polygon", "line", "circle", "rect", "path", "text", "title"].includes(tag);
    const node = svg ? document.createElementNS("http://www.w3.org/2000/svg", tag)
                     : document.createElement(tag);
    for (const [key, value] of Object.entries(attrs || {})) {
      if (value === undefined || value === null || value === false) continue;
      if (key === "text") node.textContent = value;
      else if (key.startsWith("on")) node.addEventListener(key.slice(2), value);
      else node.setAttribute(key, value === true ? "" : String(value));
    }
    for (const child of children) {
      if (child !== null && child !== undefined)
        node.append(typeof child === "string" ? document.createTextNode(child) : child);
    }
    return node;
  };

  /// Shows a message in a status element: kind "ok", "error" or "busy"; lines an array of
  /// extra lines (notes, warnings) shown under it.
  TG.status = function (node, kind, message, lines) {
    node.replaceChildren();
    // The kind replaces the last one; the node's other classes stay.
    node.classList.remove("ok", "error", "busy", "warning");
    node.classList.add("status");
    if (kind) node.classList.add(kind);
    if (kind === "error") node.setAttribute("role", "alert");
    else node.removeAttribute("role");
    if (message) node.append(TG.el("p", { class: "status-line", text: message }));
    for (const [label, items] of lines || []) {
      if (!items || items.length === 0) continue;
      const list = TG.el("ul", { class: label });
      for (const item of items) list.append(TG.el("li", { text: label + ": " + item }));
      node.append(list);
    }
  };

  // ---- Geometry (plain [x, y] arrays) ----

  /// Signed area (shoelace); positive when the vertices run anticlockwise in a y-up frame.
  TG.signedArea = function (poly) {
    let a = 0;
    for (let i = 0; i < poly.length; i++) {
      const [x0, y0] = poly[i], [x1, y1] = poly[(i + 1) % poly.length];
      a += x0 * y1 - x1 * y0;
    }
    return a / 2;
  };

  /// Centroid of a simple polygon (area-weighted).
  TG.centroid = function (poly) {
    let a = 0, cx = 0, cy = 0;
    for (let i = 0; i < poly.length; i++) {
      const [x0, y0] = poly[i], [x1, y1] = poly[(i + 1) % poly.length];
      const w = x0 * y1 - x1 * y0;
      a += w; cx += (x0 + x1) * w; cy += (y0 + y1) * w;
    }
    if (Math.abs(a) < 1e-12) {
      const n = poly.length;
      return [poly.reduce((s, p) => s + p[0], 0) / n, poly.reduce((s, p) => s + p[1], 0) / n];
    }
    return [cx / (3 * a), cy / (3 * a)];
  };

  /// Is point p inside the polygon (even-odd ray casting)?
  TG.inside = function (poly, p) {
    let inside = false;
    for (let i = 0, j = poly.length - 1; i < poly.length; j = i++) {
      const [xi, yi] = poly[i], [xj, yj] = poly[j];
      if ((yi > p[1]) !== (yj > p[1]) && p[0] < ((xj - xi) * (p[1] - yi)) / (yj - yi) + xi)
        inside = !inside;
    }
    return inside;
  };

  /// The point of segment ab nearest to p.
  TG.nearestOnSegment = function (p, a, b) {
    const dx = b[0] - a[0], dy = b[1] - a[1];
    const len2 = dx * dx + dy * dy;
    let t = len2 > 0 ? ((p[0] - a[0]) * dx + (p[1] - a[1]) * dy) / len2 : 0;
    t = Math.max(0, Math.min(1, t));
    return [a[0] + t * dx, a[1] + t * dy];
  };

  TG.distance = function (p, q) { return Math.hypot(p[0] - q[0], p[1] - q[1]); };

  /// Draws polygons (each {polygon, color}) onto a 2D context, scaled by `scale`.
  TG.drawPolygons = function (ctx, items, scale, alpha) {
    ctx.save();
    ctx.lineJoin = "round";
    for (const item of items) {
      const poly = item.polygon;
      if (!poly || poly.length < 3) continue;
      ctx.beginPath();
      ctx.moveTo(poly[0][0] * scale, poly[0][1] * scale);
      for (let i = 1; i < poly.length; i++) ctx.lineTo(poly[i][0] * scale, poly[i][1] * scale);
      ctx.closePath();
      ctx.globalAlpha = alpha === undefined ? 0.85 : alpha;
      ctx.fillStyle = item.color || "#888";
      ctx.fill();
      ctx.globalAlpha = 1;
      ctx.strokeStyle = item.stroke || "#222";
      ctx.lineWidth = 1;
      ctx.stroke();
    }
    ctx.restore();
  };

  /// A colour for a piece name from the set's `colors` (grey when the set has none for it).
  TG.colorOf = function (colors, piece) {
    return (colors && colors[piece]) || "#9a9a9a";
  };
})(window.TG);
