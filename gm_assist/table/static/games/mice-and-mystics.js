/* gm-assist table view: Mice and Mystics (issue 16).
 * Draws the view model of gm_assist/games/mice_and_mystics/view.py (table_view): the initiative
 * track top to bottom with the current card marked, the cheese wheel, the hourglass, each mouse's
 * counters and conditions, the heroic feats. Counts are always written as numbers. */
(function () {
  "use strict";

  var SVG = "http://www.w3.org/2000/svg";

  /* The cheese wheel: `size` wedges, the first `cheese` filled, the count written in the middle. */
  function wheel(cheese, size) {
    var svg = document.createElementNS(SVG, "svg");
    svg.setAttribute("viewBox", "-50 -50 100 100");
    svg.setAttribute("class", "mm-wheel-svg");
    svg.setAttribute("aria-hidden", "true");
    for (var i = 0; i < size; i++) {
      var a0 = (2 * Math.PI * i) / size - Math.PI / 2;
      var a1 = (2 * Math.PI * (i + 1)) / size - Math.PI / 2;
      var path = document.createElementNS(SVG, "path");
      path.setAttribute("d", "M0 0 L" + (46 * Math.cos(a0)).toFixed(2) + " " + (46 * Math.sin(a0)).toFixed(2)
        + " A46 46 0 0 1 " + (46 * Math.cos(a1)).toFixed(2) + " " + (46 * Math.sin(a1)).toFixed(2) + " Z");
      path.setAttribute("class", i < cheese ? "mm-wedge mm-wedge-on" : "mm-wedge");
      svg.appendChild(path);
    }
    var hole = document.createElementNS(SVG, "circle");
    hole.setAttribute("r", "19");
    hole.setAttribute("class", "mm-hub");
    svg.appendChild(hole);
    var text = document.createElementNS(SVG, "text");
    text.setAttribute("class", "mm-hub-text");
    text.setAttribute("text-anchor", "middle");
    text.setAttribute("dominant-baseline", "central");
    text.textContent = String(cheese);
    svg.appendChild(text);
    return svg;
  }

  function render(view, lang, t) {
    var h = window.GM.h;
    var K = "mice_and_mystics.table.";
    var current = null;
    view.track.forEach(function (card) { if (card.current) { current = card; } });

    var head = h("header", { class: "mm-head" },
      h("p", { class: "mm-where" }, t(K + "chapter_tile", { chapter: view.chapter, tile: view.tile }),
        view.tile_name ? " — " + view.tile_name : ""),
      view.round ? h("p", { class: "mm-round" }, t(K + "round", { n: view.round })) : null,
      current ? h("p", { class: "mm-turn gm-turn" }, "▶ " + t(K + "turn", { name: t.loc(current.label) })) : null);

    /* --- initiative track -------------------------------------------------------------------- */
    var cards = view.track.map(function (card, i) {
      return h("li", { class: "mm-card mm-" + card.kind + (card.current ? " mm-current" : ""), "data-card": card.name },
        h("span", { class: "mm-pos" }, String(i + 1)),
        h("span", { class: "mm-card-body" },
          h("strong", { class: "mm-card-name" }, t.loc(card.label)),
          h("span", { class: "mm-card-kind" }, card.kind === "mouse" ? "🐭 " + t(K + "mouse") : "⚔ " + t(K + "enemy"),
            card.minions != null ? " · " + t(K + "on_tile", { n: card.minions }) : "",
            card.kind === "mouse" && card.owner === view.runner ? " · " + t(K + "runner") : "")),
        card.current ? h("span", { class: "mm-now" }, "▶ " + t(K + "now")) : null);
    });
    var track = h("section", { class: "gm-card mm-track" }, h("h2", {}, t(K + "initiative")),
      cards.length ? h("ol", { class: "mm-cards" }, cards) : h("p", { class: "mm-muted" }, t(K + "no_track")));

    /* --- cheese wheel and hourglass ---------------------------------------------------------- */
    var w = view.wheel;
    var glass = view.hourglass;
    var clock = h("section", { class: "gm-card mm-clock" },
      h("div", { class: "mm-wheel" }, h("h2", {}, t(K + "wheel")), wheel(w.cheese, w.size),
        h("p", { class: "mm-big" }, t(K + "cheese_of", { n: w.cheese, size: w.size })),
        h("p", { class: w.surged ? "mm-muted" : "mm-warn" }, w.surged ? "✓ " + t(K + "surged") : "⚠ " + t(K + "not_surged"))),
      h("div", { class: "mm-glass" }, h("h2", {}, t(K + "hourglass")),
        h("p", { class: "mm-big" }, t(K + "page", { page: glass.page })),
        glass.end_page ? window.GM.bar(glass.page, glass.end_page, "", "mm-glass-bar") : null,
        h("p", {}, glass.end_page ? t(K + "end_page", { page: glass.end_page }) : t(K + "end_unknown"))));

    /* --- mice -------------------------------------------------------------------------------- */
    var featName = {};
    view.feats.forEach(function (f) { featName[f.id] = t.loc(f.name); });
    var mice = view.mice.map(function (m) {
      function counter(cls, icon, key, n) {
        return h("span", { class: "mm-counter " + cls + (n ? "" : " mm-zero") }, icon + " " + t(K + key) + " ",
          h("strong", {}, String(n)));
      }
      return h("article", { class: "gm-card mm-mouse" + (m.current ? " mm-current" : ""), "data-mouse": m.name },
        h("h3", {}, m.current ? "▶ " : "", m.name, m.runner ? h("span", { class: "gm-tag" }, t(K + "runner")) : null),
        h("p", { class: "mm-counters" }, counter("mm-wounds", "✚", "wounds", m.wounds),
          counter("mm-poison", "☠", "poison", m.poison), counter("mm-cheese", "◆", "cheese", m.cheese)),
        h("p", { class: "mm-conditions" }, m.conditions.length ? m.conditions.map(function (c) {
          return h("span", { class: "gm-tag mm-condition mm-cond-" + c.id }, t.loc(c.name));
        }) : h("span", { class: "mm-muted" }, t(K + "no_condition"))),
        m.feats.length ? h("p", { class: "mm-mouse-feats" }, m.feats.map(function (id) {
          return h("span", { class: "gm-tag mm-feat-tag" }, "★ " + (featName[id] || id));
        })) : null);
    });
    var miceBox = h("section", { class: "mm-mice" }, h("h2", {}, t(K + "mice")), h("div", { class: "mm-mice-grid" }, mice));

    /* --- heroic feats ------------------------------------------------------------------------ */
    var feats = h("section", { class: "gm-card mm-feats" }, h("h2", {}, t(K + "feats")),
      h("ul", {}, view.feats.map(function (f) {
        return h("li", { class: f.mouse ? "mm-feat mm-claimed" : "mm-feat" },
          h("span", { class: "mm-star", "aria-hidden": "true" }, f.mouse ? "★" : "☆"),
          h("strong", {}, t.loc(f.name)), " — ",
          f.mouse ? t(K + "claimed_by", { mouse: f.mouse }) : h("span", { class: "mm-muted" }, t(K + "unclaimed")));
      })));

    return h("div", { class: "gm-game mm" }, head, track, clock, miceBox, feats);
  }

  /* What the Voice says: a minion card's turn, the cheese wheel's surge. */
  function moments(view, t) {
    var out = [];
    view.track.forEach(function (card) {
      if (card.current && card.kind === "enemy") {
        out.push({ id: "minions:" + view.round + ":" + view.turn, text: t("mice_and_mystics.table.say.minions", { name: t.loc(card.label) }) });
      }
    });
    if (view.wheel.surged) {
      out.push({ id: "surge:" + view.chapter + ":" + view.tile, text: t("mice_and_mystics.table.say.surge") });
    }
    return out;
  }

  window.GM_GAMES["mice-and-mystics"] = { render: render, moments: moments };
})();
