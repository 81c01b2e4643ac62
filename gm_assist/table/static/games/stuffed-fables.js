/* gm-assist table view: Stuffed Fables (issue 16).
 * Draws the view model of gm_assist/games/stuffed_fables/view.py: the threat track with its black
 * dice and the monster cards in order, the dice by zone and colour, the stuffies. Every colour is
 * also written as a word and every count as a number. */
(function () {
  "use strict";

  /* Die faces by colour id; unknown colours (renamed by a table) fall back to grey. */
  var FACE = {
    orange: ["#f08a24", "#1c1b18"], green: ["#2f9e4f", "#ffffff"], yellow: ["#f2d027", "#1c1b18"],
    pink: ["#f49ac1", "#1c1b18"], purple: ["#7d4bb0", "#ffffff"], white: ["#fbfaf6", "#1c1b18"],
    black: ["#1f1f1f", "#ffffff"], red: ["#d1372c", "#ffffff"], blue: ["#2f6fd0", "#ffffff"],
  };

  function face(id) { return FACE[id] || ["#9e9e9e", "#1c1b18"]; }

  function render(view, lang, t) {
    var h = window.GM.h;
    var colon = lang === "fr" ? " : " : ": ";
    var names = {};
    view.colours.forEach(function (c) { names[c.id] = t.loc(c.names); });
    function colourName(id) { return names[id] || id; }

    function die(id, text, extra) {
      var f = face(id);
      return h("span", { class: "sf-die" + (extra ? " " + extra : ""), title: colourName(id),
                         style: "background:" + f[0] + ";color:" + f[1] }, text == null ? "" : String(text));
    }

    function zone(title, pool, cls) {
      var chips = pool.dice.length ? pool.dice.map(function (d) {
        return h("li", { class: "sf-chip", "data-colour": d.colour },
          die(d.colour, d.count), h("span", { class: "sf-chip-name" }, colourName(d.colour)));
      }) : [h("li", { class: "sf-empty" }, t("stuffed_fables.table.empty"))];
      return h("section", { class: "gm-card sf-zone " + cls },
        h("h3", {}, title, " ", h("span", { class: "sf-total" }, t("stuffed_fables.table.total", { n: pool.total }))),
        h("ul", { class: "sf-chips" }, chips));
    }

    /* --- the turn ------------------------------------------------------------------------- */
    var head = h("header", { class: "sf-head" },
      h("p", { class: "sf-turn" + (view.current ? " gm-turn" : "") },
        view.current ? t("stuffed_fables.table.turn", { name: view.current }) : t("stuffed_fables.table.no_turn")),
      view.pending === "monsters" ? h("span", { class: "gm-tag sf-pending" }, t("stuffed_fables.table.monster_turn")) : null,
      view.pending === "surge" ? h("span", { class: "gm-tag sf-pending" }, t("stuffed_fables.table.surge")) : null,
      h("p", { class: "sf-next" }, h("strong", {}, t("stuffed_fables.table.next_title") + colon),
        t("stuffed_fables.table.next." + view.next)),
      h("p", { class: "sf-turns" }, t("stuffed_fables.table.turns", { n: view.turns })));

    /* --- the threat track and the monster cards under it ---------------------------------- */
    var bySpace = {};
    view.monsters.forEach(function (m) { bySpace[m.position] = m; });
    var spaces = [];
    for (var i = 1; i <= view.track.spaces; i++) {
      var m = bySpace[i];
      var filled = view.track.with_die.indexOf(i) >= 0;
      var card = null;
      if (m) {
        card = h("div", { class: "sf-monster sf-kind-" + m.kind + (m.next ? " sf-next-monster" : "") + (m.acted ? " sf-acted" : "") },
          h("strong", { class: "sf-monster-name" }, m.name),
          h("span", { class: "gm-tag" }, t("stuffed_fables.table.kind." + m.kind)),
          h("span", { class: "sf-defense" }, m.defense == null ? t("stuffed_fables.table.defense_unknown")
                                                                : t("stuffed_fables.table.defense", { n: m.defense })),
          m.kind === "boss" || m.stuffing ? h("span", { class: "sf-mstuffing" }, t("stuffed_fables.table.stuffing_n", { n: m.stuffing })) : null,
          m.next ? h("span", { class: "sf-flag" }, "▶ " + t("stuffed_fables.table.acts_next")) : null,
          m.acted ? h("span", { class: "sf-flag" }, "✓ " + t("stuffed_fables.table.acted")) : null);
      }
      spaces.push(h("li", { class: "sf-space" + (filled ? " sf-filled" : ""), "data-space": i },
        h("span", { class: "sf-space-n" }, t("stuffed_fables.table.space", { n: i })),
        h("span", { class: "sf-slot" }, filled ? die(view.track.colour, "●", "sf-black") : h("span", { class: "sf-free" }, "")),
        card));
    }
    var check = view.threat_check;
    var track = h("section", { class: "gm-card sf-track" },
      h("h2", {}, t("stuffed_fables.table.threat_track"), " — ",
        h("span", { class: "sf-black-count" }, t("stuffed_fables.table.black_dice", { n: view.track.black }))),
      h("ol", { class: "sf-spaces" }, spaces),
      view.monsters.length ? null : h("p", { class: "sf-muted" }, t("stuffed_fables.table.no_monster")),
      check && view.current && !view.pending ? h("p", { class: "sf-check sf-check-" + check.outcome },
        h("strong", {}, t("stuffed_fables.table.check_title") + colon),
        t("stuffed_fables.table.check." + check.outcome, check)) : null);

    /* --- the dice ----------------------------------------------------------------------------- */
    var zones = [zone(t("stuffed_fables.table.bag"), view.bag, "sf-bag")];
    if (view.hand.total) {
      zones.push(zone(t("stuffed_fables.table.hand") + (view.current ? " — " + view.current : ""), view.hand, "sf-hand"));
    }
    zones.push(zone(t("stuffed_fables.table.discard"), view.discard, "sf-discard"));
    if (view.group_task) {
      var gt = view.group_task;
      zones.push(h("section", { class: "gm-card sf-zone sf-task" },
        h("h3", {}, t("stuffed_fables.table.group_task", { total: gt.total, target: gt.target })),
        window.GM.bar(gt.total, gt.target, "", "sf-task-bar"),
        h("ul", { class: "sf-chips" }, gt.dice.map(function (d) {
          return h("li", { class: "sf-chip" }, die(d.colour, d.count), h("span", { class: "sf-chip-name" }, colourName(d.colour)));
        }))));
    }
    var dice = h("section", { class: "sf-dice" }, h("h2", {}, t("stuffed_fables.table.dice")), h("div", { class: "sf-zones" }, zones));

    /* --- the stuffies ------------------------------------------------------------------------- */
    var cards = view.stuffies.map(function (s) {
      var tokens = [];
      for (var k = 0; k < Math.min(s.stuffing, 12); k++) { tokens.push(h("span", { class: "sf-token" })); }
      var slots = s.slots.map(function (sl) {
        var label = sl.name === "board" ? t("stuffed_fables.table.board") : sl.name;
        return h("li", { class: "sf-stored" + (sl.brave ? " sf-brave" : "") },
          sl.die ? die(sl.die, "") : h("span", { class: "sf-die sf-die-empty" }, ""),
          h("span", {}, label + (sl.brave ? " ★ " + t("stuffed_fables.table.brave") : "") + colon
            + (sl.die ? colourName(sl.die) : t("stuffed_fables.table.empty"))));
      });
      return h("article", { class: "gm-card sf-stuffie" + (s.current ? " sf-current" : "") + (s.unconscious ? " sf-out" : ""),
                            "data-stuffie": s.name },
        h("h3", {}, s.current ? "▶ " : "", s.name,
          s.unconscious ? h("span", { class: "gm-tag sf-unconscious" }, "☾ " + t("stuffed_fables.table.unconscious")) : null),
        h("div", { class: "sf-stuffing" },
          h("span", { class: "sf-label" }, t("stuffed_fables.table.stuffing")),
          h("span", { class: "sf-big" }, String(s.stuffing)),
          h("span", { class: "sf-tokens", "aria-hidden": "true" }, tokens),
          s.recovery_value ? h("span", { class: "sf-muted" }, t("stuffed_fables.table.recovery", { n: s.recovery_value })) : null),
        h("p", { class: "sf-counters" },
          h("span", { class: "sf-heart" }, "♥ " + t("stuffed_fables.table.hearts") + " " + s.hearts),
          h("span", { class: "sf-button" }, "◉ " + t("stuffed_fables.table.buttons") + " " + s.buttons),
          s.sleep_cards ? h("span", {}, t("stuffed_fables.table.sleep_cards", { n: s.sleep_cards })) : null),
        s.conditions.length ? h("p", { class: "sf-conditions" }, s.conditions.map(function (c) {
          return h("span", { class: "gm-tag" }, c);
        })) : null,
        h("div", { class: "sf-slots" }, h("span", { class: "sf-label" }, t("stuffed_fables.table.stored")),
          h("ul", {}, slots)));
    });
    var stuffies = h("section", { class: "sf-stuffies" }, h("h2", {}, t("stuffed_fables.table.stuffies")),
      h("div", { class: "sf-cards" }, cards));

    return h("div", { class: "gm-game sf" }, head, track, stuffies, dice);
  }

  /* What the Voice says: the threat check at the end of each stuffie's turn (minion turn, surge
   * or nothing), a stuffie falling unconscious. */
  function moments(view, t) {
    var out = [];
    if (view.turns > 0 && !view.current) {
      var outcome = view.pending === "monsters" ? "check_monsters" : view.pending === "surge" ? "check_surge" : "check_none";
      out.push({ id: "check:" + view.turns, text: t("stuffed_fables.table.say." + outcome) });
    }
    view.stuffies.forEach(function (s) {
      if (s.unconscious) { out.push({ id: "out:" + s.name, text: t("stuffed_fables.table.say.out", { name: s.name }) }); }
    });
    return out;
  }

  window.GM_GAMES["stuffed-fables"] = { render: render, moments: moments };
})();
