/* Insomnia on the table view: the race board as a loop of ten spaces with the fence, each sheep,
 * the nightmare, the dream tiles, winks and pillows on the score track, whose turn (issue 16).
 * Every number comes from the view model (gm_assist/games/insomnia/view.py:table_view). */
(function () {
  "use strict";
  var h = window.GM.h;
  var R = 150, C = 200; // ring radius and centre of the 400×400 board

  function spot(space, n, radius) {
    // space 1 just after the fence at the top, clockwise
    var a = ((space - 0.5) / n) * 2 * Math.PI - Math.PI / 2;
    return { x: C + (radius || R) * Math.cos(a), y: C + (radius || R) * Math.sin(a), a: a };
  }

  function initial(name) { return (name || "?").trim().charAt(0).toUpperCase(); }

  function board(view, t) {
    var n = view.spaces;
    var svg = h("svg:svg", { class: "ins-board", viewBox: "0 0 400 400", role: "img", "aria-label": t("insomnia.table.board") });
    svg.appendChild(h("svg:circle", { cx: C, cy: C, r: R, class: "ins-ring" }));
    var tiles = {};
    view.tiles.forEach(function (tile) { tiles[tile.space] = tile; });
    for (var s = 1; s <= n; s++) {
      var p = spot(s, n);
      svg.appendChild(h("svg:circle", { cx: p.x, cy: p.y, r: 30, class: "ins-space" + (tiles[s] ? " tile" : "") }));
      var lab = spot(s, n, R + 44);
      svg.appendChild(h("svg:text", { x: lab.x, y: lab.y + 6, "text-anchor": "middle", class: "ins-num" }, s));
      if (tiles[s]) {
        var star = spot(s, n, R - 46);
        svg.appendChild(h("svg:text", { x: star.x, y: star.y + 6, "text-anchor": "middle", class: "ins-tile-mark" }, "✦"));
      }
    }
    // the fence, between space n and space 1 (at the top)
    svg.appendChild(h("svg:g", { class: "ins-fence" },
      h("svg:line", { x1: C, y1: C - R - 36, x2: C, y2: C - R + 36 }),
      [-24, -8, 8, 24].map(function (dy) {
        return h("svg:line", { x1: C - 7, y1: C - R + dy, x2: C + 7, y2: C - R + dy, class: "ins-rail" });
      })));
    svg.appendChild(h("svg:text", { x: C, y: C - R + 84, "text-anchor": "middle", class: "ins-fence-label" }, t("insomnia.table.fence")));
    // sheep on the board, fanned around their space
    var onSpace = {};
    view.sheep.forEach(function (sh) {
      if (sh.space == null || !sh.in_race) { return; }
      (onSpace[sh.space] = onSpace[sh.space] || []).push(sh);
    });
    Object.keys(onSpace).forEach(function (key) {
      var group = onSpace[key];
      group.forEach(function (sh, i) {
        var p = spot(Number(key), n);
        var off = group.length > 1 ? (i - (group.length - 1) / 2) * 30 : 0;
        var x = p.x + off * Math.cos(p.a + Math.PI / 2), y = p.y + off * Math.sin(p.a + Math.PI / 2);
        svg.appendChild(h("svg:g", { class: "ins-sheep seat" + sh.seat + (sh.status === "scared" ? " scared" : "") +
                                            (sh.active ? " active" : "") },
          h("svg:title", {}, sh.name),
          h("svg:ellipse", { cx: x, cy: y, rx: sh.status === "scared" ? 20 : 15, ry: sh.status === "scared" ? 12 : 18 }),
          h("svg:text", { x: x, y: y + 6, "text-anchor": "middle" }, initial(sh.name))));
      });
    });
    // the nightmare: on its space (inside the ring) or in the centre
    var nm = view.nightmare;
    var q = nm.space == null ? { x: C, y: C } : spot(nm.space, n, R - 2);
    svg.appendChild(h("svg:g", { class: "ins-nightmare" },
      h("svg:title", {}, t("insomnia.table.nightmare") + " " + t.loc(nm.name)),
      h("svg:path", { d: "M" + q.x + " " + (q.y - 20) + " L" + (q.x + 18) + " " + (q.y + 14) + " L" + (q.x - 18) + " " + (q.y + 14) + " Z" }),
      h("svg:text", { x: q.x, y: q.y + 10, "text-anchor": "middle" }, "!")));
    svg.appendChild(h("svg:text", { x: C, y: C + 44, "text-anchor": "middle", class: "ins-centre" },
      nm.space == null ? t.loc(nm.name) : ""));
    return svg;
  }

  function scoreTrack(sh, top) {
    var w = 200;
    var x = function (v) { return 6 + (w - 12) * Math.max(0, Math.min(top, v)) / top; };
    return h("svg:svg", { class: "ins-track", viewBox: "0 0 " + w + " 24", "aria-hidden": "true" },
      h("svg:line", { x1: 6, y1: 12, x2: w - 6, y2: 12, class: "ins-track-line" }),
      h("svg:rect", { x: x(sh.pillow) - 6, y: 2, width: 12, height: 20, rx: 4, class: "ins-pillow" }),
      h("svg:circle", { cx: x(sh.winks), cy: 12, r: 7, class: "ins-winks seat" + sh.seat }));
  }

  function sheepList(view, t) {
    var rows = view.sheep.slice().sort(function (a, b) { return a.turn_order - b.turn_order; });
    return h("ol", { class: "ins-sheep-list" }, rows.map(function (sh) {
      var where = sh.space == null ? t("insomnia.table.start") : t("insomnia.table.space", { space: sh.space });
      return h("li", { class: "gm-card ins-row" + (sh.active ? " active" : "") + (sh.in_race ? "" : " out"), "data-sheep": sh.name },
        h("span", { class: "ins-token seat" + sh.seat, "aria-hidden": "true" }, initial(sh.name)),
        h("span", { class: "ins-who" },
          h("b", {}, sh.name),
          sh.active ? h("span", { class: "gm-tag ins-turn" }, "▶ " + t("insomnia.table.your_turn")) : null,
          sh.first ? h("span", { class: "gm-tag", title: t("insomnia.table.first") }, "★ " + t("insomnia.table.first")) : null,
          sh.can_go_to_bed ? h("span", { class: "gm-tag" }, t("insomnia.table.can_bed")) : null,
          h("br"),
          h("small", {}, where + " · " + t.loc(sh.status_text))),
        h("span", { class: "ins-nums" },
          h("span", {}, t("insomnia.table.winks") + " ", h("b", {}, sh.winks)),
          h("span", {}, t("insomnia.table.pillow") + " ", h("b", {}, sh.pillow)),
          scoreTrack(sh, view.track_top)));
    }));
  }

  function render(view, lang, t) {
    var head = [h("span", { class: "ins-race" }, t("insomnia.table.race", { race: view.race }))];
    if (view.phase !== "race") { head.push(" · ", t.loc(view.phase_text)); }
    if (view.active) { head.push(" · ", h("b", { class: "ins-turn-name gm-turn" }, t("insomnia.table.turn", { name: view.active }))); }
    if (view.resting) { head.push(" · ", t("insomnia.table.resting", { name: view.resting })); }
    var root = h("div", { class: "ins" }, h("p", { class: "ins-head" }, head));
    if (view.winners.length) {
      root.appendChild(h("p", { class: "ins-winners" }, "★ " + t("insomnia.table.winners", { names: view.winners.join(", ") })));
    }
    if (view.solo_score !== null && view.solo_score !== undefined) {
      root.appendChild(h("p", { class: "ins-winners" }, t("insomnia.table.solo_score", { score: view.solo_score, title: view.solo_title })));
    }
    var tiles = view.tiles.map(function (tile) {
      return h("li", {}, "✦ " + t("insomnia.table.space", { space: tile.space }) + " — " +
        (tile.name ? t.loc(tile.name) : t("insomnia.table.tile_unnamed")));
    });
    var nm = view.nightmare;
    root.appendChild(h("div", { class: "ins-body" },
      h("div", { class: "ins-board-box" }, board(view, t),
        h("p", { class: "ins-legend" }, "▲ " + t("insomnia.table.nightmare") + (lang === "fr" ? " : " : ": ") + t.loc(nm.name) + " — " +
          (nm.space == null ? t("insomnia.table.centre") : t("insomnia.table.space", { space: nm.space }))),
        h("p", { class: "ins-legend" }, "┃ " + t("insomnia.table.fence_hint", { winks: view.fence_winks })),
        tiles.length ? h("ul", { class: "ins-tiles" }, tiles) : null),
      h("div", {}, sheepList(view, t),
        h("p", { class: "ins-legend" }, t("insomnia.table.track", { top: view.track_top })))));
    root.appendChild(h("p", { class: "ins-next" }, "→ " + t.loc(view.next)));
    return root;
  }

  /* What the Voice says: the end of a race, the end of the game. */
  function moments(view, t) {
    var out = [];
    if (view.phase !== "race") { out.push({ id: "race:" + view.race, text: t("insomnia.table.say.race_over") }); }
    if (view.finished && view.winners.length) {
      out.push({ id: "over", text: t("insomnia.table.say.game_over", { names: view.winners.join(", ") }) });
    }
    return out;
  }

  window.GM_GAMES.insomnia = { render: render, moments: moments };
})();
