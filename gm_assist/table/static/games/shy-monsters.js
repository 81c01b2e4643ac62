/* gm-assist table view: Shy Monsters (issue 16).
 * Draws the view model of gm_assist/games/shy_monsters/view.py (table_view), which holds only what
 * the hero may know: face-down tiles arrive as "hidden" with no content, so nothing here can show
 * them. The floor as a grid (rows and columns numbered as in `reveal ROW,COL`), the hero, the skills,
 * the monsters beside the play area and the referee's last answers. */
(function () {
  "use strict";

  var SWATCH = { purple: "#7b3fa0", orange: "#e67e22", green: "#2e8b3a", red: "#c0392b", blue: "#2f6fd0",
                 teal: "#138f8f" };
  var LETTER = { entrance: "E", exit: "X", corridor: "C" };

  function render(view, lang, t) {
    var h = window.GM.h;
    var K = "shy_monsters.table.";
    function colourName(id) { return view.colours[id] ? t.loc(view.colours[id]) : id; }

    var head = h("header", { class: "shy-head" },
      h("p", { class: "shy-floor" }, t(K + "floor", { floor: view.floor, floors: view.floors })),
      h("p", { class: "shy-cleared" }, t(K + "cleared", { n: view.floors_cleared })),
      h("p", { class: "shy-mode" }, t(K + view.mode)),
      h("p", { class: "shy-next shy-" + view.outcome }, t(view.next.key, view.next.params)));

    /* --- the floor -------------------------------------------------------------------------- */
    var board;
    if (view.waiting_for_floor || !view.rows) {
      board = h("section", { class: "gm-card shy-board" }, h("p", { class: "shy-waiting" }, t(K + "waiting")));
    } else {
      var cells = [h("span", { class: "shy-corner" }, "")];
      for (var c = 1; c <= view.cols; c++) { cells.push(h("span", { class: "shy-index" }, String(c))); }
      view.grid.forEach(function (row, r) {
        cells.push(h("span", { class: "shy-index" }, String(r + 1)));
        row.forEach(function (cell) {
          var kind = cell.tile;
          var label = "";
          var mark = "";
          var style = null;
          if (kind === "hidden") { label = t(K + "hidden"); mark = "?"; }
          else if (kind === "monster") {
            label = colourName(cell.colour) + (cell.killed ? " — " + t(K + "killed") : "");
            mark = cell.killed ? "✖" : "◆";
            style = "--shy-monster:" + (SWATCH[cell.colour] || "#777");
          } else if (kind !== "none") { label = t(K + kind); mark = LETTER[kind]; }
          var where = t(K + "cell", { row: cell.row, col: cell.col });
          cells.push(h("div", { class: "shy-cell shy-" + kind + (cell.killed ? " shy-killed" : "") + (cell.hero ? " shy-has-hero" : ""),
                                style: style, "data-row": cell.row, "data-col": cell.col, "data-tile": kind,
                                title: kind === "none" ? null : where + " — " + label },
            kind === "none" ? null : h("span", { class: "shy-mark", "aria-hidden": "true" }, mark),
            kind === "none" || kind === "hidden" ? null : h("span", { class: "shy-label" }, label),
            cell.hero ? h("span", { class: "shy-hero" }, h("span", { class: "shy-pawn", "aria-hidden": "true" }, "☻"),
                                                       h("span", { class: "shy-hero-word" }, t(K + "hero"))) : null));
        });
      });
      board = h("section", { class: "gm-card shy-board" },
        h("div", { class: "shy-grid", style: "--cols:" + view.cols + ";--rows:" + view.rows }, cells),
        h("p", { class: "shy-note" }, t(K + "hidden_note")));
    }

    /* --- hero's side: skills, tiles to turn over ------------------------------------------- */
    function skill(name) {
      var st = view.skills[name];
      return h("li", { class: "shy-skill shy-skill-" + st },
        h("strong", {}, t(K + name)), " ", h("span", { class: "gm-tag" }, (st === "used" ? "✗ " : st === "declared" ? "! " : "✓ ") + t(K + "skill." + st)));
    }
    var side = h("section", { class: "gm-card shy-side" },
      h("h2", {}, t(K + "skills")),
      h("ul", { class: "shy-skills" }, skill("attack"), skill("jump")),
      view.reveals_due ? h("p", { class: "shy-reveals" }, t(K + "reveals_due", { n: view.reveals_due })) : null,
      h("h2", {}, t(K + "beside")),
      h("p", {}, t(K + "face_up") + (lang === "fr" ? " : " : ": "),
        view.shown_monsters.length ? view.shown_monsters.map(function (id) {
          return h("span", { class: "shy-chip", style: "--shy-monster:" + (SWATCH[id] || "#777") }, "◆ " + colourName(id));
        }) : t(K + "none")),
      h("p", {}, t(K + "set_aside", { n: view.set_aside })));

    var answers = h("section", { class: "gm-card shy-answers" }, h("h2", {}, t(K + "answers")),
      h("ol", {}, view.events.map(function (e) { return h("li", { "data-event": e.key }, t.loc(e.text)); })));

    return h("div", { class: "gm-game shy" }, head, board, side, answers);
  }

  /* What the Voice says: the end of the game. */
  function moments(view, t) {
    if (view.outcome === "hero-won") { return [{ id: "won", text: t("shy_monsters.table.say.won") }]; }
    if (view.outcome === "hero-died") { return [{ id: "died", text: t("shy_monsters.table.say.died") }]; }
    return [];
  }

  window.GM_GAMES["shy-monsters"] = { render: render, moments: moments };
})();
