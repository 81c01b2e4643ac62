/* Too Many Bones on the table view: day counter, progress, tyrant, party; in battle the
 * initiative track, the combat mat, the Battle Queue, the round die, arrivals, KO (issue 16).
 * Every number comes from the view model (gm_assist/games/tmb/view.py). */
(function () {
  "use strict";
  var h = window.GM.h;

  function days(view, t) {
    var n = view.days, size = 28, gap = 6, per = Math.min(n, 15);
    var rows = Math.ceil(n / per);
    var svg = h("svg:svg", { class: "tmb-days", viewBox: "0 0 " + (per * (size + gap)) + " " + (rows * (size + gap)),
                             role: "img", "aria-label": t("tmb.table.day", { day: view.day, days: view.days }) });
    for (var i = 1; i <= n; i++) {
      var x = ((i - 1) % per) * (size + gap) + size / 2 + gap / 2;
      var y = Math.floor((i - 1) / per) * (size + gap) + size / 2 + gap / 2;
      var cls = i < view.day ? "past" : (i === view.day ? "today" : "future");
      svg.appendChild(h("svg:circle", { cx: x, cy: y, r: size / 2 - 2, class: "tmb-day " + cls }));
      if (i === view.day || i === n) {
        svg.appendChild(h("svg:text", { x: x, y: y + 5, "text-anchor": "middle", class: "tmb-day-num " + cls }, i));
      } else if (i < view.day) {
        svg.appendChild(h("svg:path", { d: "M" + (x - 6) + " " + y + " l4 5 l8 -10", class: "tmb-day-tick" }));
      }
    }
    return svg;
  }

  function dieFace(battle, t) {
    var fatigue = battle.fatigue;
    var label = fatigue ? "☠" : battle.round_die;
    return h("div", { class: "tmb-die" + (fatigue ? " fatigue" : ""), role: "img",
                      "aria-label": t("tmb.table.round_die") + " " + battle.round_die },
      h("svg:svg", { viewBox: "0 0 60 60" },
        h("svg:rect", { x: 3, y: 3, width: 54, height: 54, rx: 10, class: "tmb-die-face" }),
        h("svg:text", { x: 30, y: 39, "text-anchor": "middle", class: "tmb-die-text" }, label)));
  }

  function unitIcon(u) {
    var shape = u.kind === "gearloc" ? h("svg:circle", { cx: 12, cy: 12, r: 9 })
      : u.tyrant ? h("svg:path", { d: "M12 2 L15 9 L22 9 L16.5 13.5 L18.5 21 L12 16.5 L5.5 21 L7.5 13.5 L2 9 L9 9 Z" })
      : h("svg:rect", { x: 4, y: 4, width: 16, height: 16, transform: "rotate(45 12 12)" });
    return h("svg:svg", { viewBox: "0 0 24 24", class: "tmb-icon " + (u.tyrant ? "tyrant" : u.kind), "aria-hidden": "true" }, shape);
  }

  function kindText(u, t) {
    if (u.kind === "gearloc") { return t("tmb.table.gearloc"); }
    if (u.tyrant) { return t("tmb.table.tyrant_unit"); }
    return t("tmb.table.baddie") + " " + t("tmb.table.points", { points: u.points });
  }

  // what sits on a unit's chip or mat: effect dice, active Def dice, Buff HP, Backup Plan bones
  function onChip(u, t) {
    var tags = Object.keys(u.effects || {}).map(function (e) {
      return h("span", { class: "gm-tag tmb-effect bad", title: t("tmb.table.effect_hint") },
        t("tmb.table.effect_" + e, { n: u.effects[e] }));
    });
    [["shields", "shields_hint"], ["bonus_hp", "bonus_hint"], ["backup", "backup_hint"]].forEach(function (pair) {
      if (u[pair[0]]) {
        tags.push(h("span", { class: "gm-tag tmb-" + pair[0].replace("_", "-"), title: t("tmb.table." + pair[1]) },
          t("tmb.table." + pair[0], { n: u[pair[0]] })));
      }
    });
    return tags.length ? h("span", { class: "tmb-marks" }, tags) : null;
  }

  function track(battle, t) {
    var list = h("ol", { class: "tmb-track" });
    battle.track.forEach(function (u, i) {
      var place = u.position ? t("tmb.table.lane", { lane: u.position.lane }) + " · " + t("tmb.table." + u.position.type)
        : (u.lane ? t("tmb.table.lane", { lane: u.lane }) : "");
      list.appendChild(h("li", { class: "tmb-unit " + u.kind + (u.current ? " current" : "") + (u.played ? " played" : "") +
                                 (u.tie !== null && u.tie !== undefined ? " tied" : ""), "data-unit": u.name },
        h("span", { class: "tmb-order" }, u.current ? "▶" : String(i + 1)),
        unitIcon(u),
        h("span", { class: "tmb-name" }, t.loc(u.label) || u.name,
          u.current ? h("span", { class: "gm-tag tmb-now" }, t("tmb.table.now")) : null,
          u.played ? h("span", { class: "gm-tag tmb-played" }, "✓ " + t("tmb.table.played")) : null,
          u.tie !== null && u.tie !== undefined ? h("span", { class: "gm-tag tmb-tie", title: t("tmb.table.tie_hint") },
                                                    "= " + t("tmb.table.tie", { n: u.tie + 1 })) : null,
          onChip(u, t)),
        h("span", { class: "tmb-kind" }, kindText(u, t), place ? " · " + place : ""),
        h("span", { class: "tmb-ini", title: t("tmb.table.initiative") }, u.initiative == null ? "?" : u.initiative),
        window.GM.bar(u.hp, u.max_hp, t("tmb.table.hp"), "tmb-hp")));
    });
    return list;
  }

  function mat(battle, t) {
    var grid = h("div", { class: "tmb-mat", style: "grid-template-columns: auto repeat(" + battle.lanes + ", minmax(0, 1fr))" });
    grid.appendChild(h("span"));
    for (var lane = 1; lane <= battle.lanes; lane++) { grid.appendChild(h("b", { class: "tmb-mat-head" }, t("tmb.table.lane", { lane: lane }))); }
    ["ranged", "melee"].forEach(function (kind) {
      grid.appendChild(h("b", { class: "tmb-mat-row" }, t("tmb.table." + kind)));
      battle.spots.filter(function (s) { return s.type === kind; }).forEach(function (s) {
        grid.appendChild(h("div", { class: "tmb-spot " + kind + (s.unit ? " taken" : "") }, s.unit ? t.loc(s.label) || s.unit : t("tmb.table.empty")));
      });
    });
    return grid;
  }

  function queue(battle, t) {
    var box = h("div", { class: "tmb-queue" });
    if (!battle.queue.length) { box.appendChild(h("p", { class: "muted" }, t("tmb.table.queue_empty"))); return box; }
    battle.queue.forEach(function (c) {
      box.appendChild(h("span", { class: "tmb-chip p" + c.points + (c.tyrant ? " tyrant" : ""), title: c.name || "" },
        h("b", {}, c.tyrant && c.name ? c.name : c.points),
        c.lane ? h("small", {}, t("tmb.table.lane", { lane: c.lane })) : null));
    });
    return box;
  }

  function party(view, t) {
    return h("div", { class: "tmb-party" }, view.party.map(function (g) {
      return h("div", { class: "gm-card tmb-gearloc" + (g.ko ? " ko" : "") },
        h("div", { class: "tmb-gearloc-name" }, g.name, g.ko ? h("span", { class: "gm-tag bad" }, "✖ " + t("tmb.table.ko")) : null),
        window.GM.bar(g.hp, g.max_hp, t("tmb.table.hp"), "tmb-hp"));
    }));
  }

  function render(view, lang, t) {
    var root = h("div", { class: "tmb" });
    var enc = view.encounter;
    var b = view.battle;
    if (b && b.current) { // whose turn, first on every screen (the four other games have one too)
      root.appendChild(h("p", { class: "tmb-turn gm-turn" }, "▶ " + t("tmb.table.turn_of", { name: t.loc(b.current_label) || b.current })));
    }
    root.appendChild(h("section", { class: "tmb-head" },
      h("div", { class: "gm-card tmb-tyrant" },
        h("small", {}, t("tmb.table.tyrant") + " · " + t("tmb.table.mode." + view.mode)),
        h("div", { class: "tmb-tyrant-name" }, t.loc(view.tyrant.name))),
      h("div", { class: "gm-card tmb-day-card" },
        h("div", { class: "tmb-big" }, t("tmb.table.day", { day: view.day, days: view.days })),
        days(view, t),
        h("small", {}, view.days_left > 1 ? t("tmb.table.days_left", { n: view.days_left })
          : t(view.days_left === 1 ? "tmb.table.days_left_one" : "tmb.table.last_day"))),
      h("div", { class: "gm-card tmb-progress" },
        h("small", {}, t("tmb.table.progress_of", { needed: view.progress_needed })),
        window.GM.bar(view.progress, view.progress_needed, t("tmb.table.progress"), "tmb-prog"),
        view.can_challenge ? h("span", { class: "gm-tag good" }, "✓ " + t("tmb.table.can_challenge")) : null)));
    if (view.won || view.lost) {
      root.appendChild(h("p", { class: "tmb-outcome " + (view.won ? "good" : "bad") }, t(view.won ? "tmb.table.won" : "tmb.table.lost")));
    }
    root.appendChild(h("p", { class: "tmb-phase" }, h("b", {}, t.loc(view.phase_text)),
      enc ? " · " + t("tmb.table.encounter") + (enc.title ? " " + t("tmb.table.encounter_title", { title: enc.title }) : "") + (enc.fight ? " (" + t("tmb.table.fight") + ")" : "") : ""));
    if (b) {
      var head = h("div", { class: "tmb-battle-head" }, dieFace(b, t),
        h("div", {}, h("div", { class: "tmb-big" }, t("tmb.table.round", { round: b.round })),
          b.fatigue ? h("span", { class: "gm-tag bad" }, "☠ " + t("tmb.table.fatigue")) : null,
          b.tyrant_battle ? h("span", { class: "gm-tag" }, t("tmb.table.tyrant_battle")) : null,
          b.outcome ? h("span", { class: "gm-tag " + (b.outcome === "victory" ? "good" : "bad") }, t("tmb.table." + b.outcome)) : null));
      var side = h("div", { class: "tmb-side" },
        h("h3", {}, t("tmb.table.queue"), " ", h("small", {}, t("tmb.table.queue_total", { points: b.queue_points }))),
        queue(b, t),
        b.arrivals_due.length ? h("h3", {}, t("tmb.table.arrivals")) : null,
        b.arrivals_due.length ? h("ul", { class: "tmb-arrivals" }, b.arrivals_due.map(function (a) {
          return h("li", {}, t("tmb.table.arrival", { lane: a.lane, points: a.name || a.points }));
        })) : null,
        b.knocked_out.length ? h("h3", {}, t("tmb.table.knocked_out")) : null,
        b.knocked_out.length ? h("ul", { class: "tmb-ko" }, b.knocked_out.map(function (n) { return h("li", {}, "✖ " + n); })) : null,
        h("h3", {}, t("tmb.table.mat")), mat(b, t));
      root.appendChild(h("section", { class: "tmb-battle" }, head,
        h("div", { class: "tmb-battle-body" },
          h("div", {}, h("h3", {}, t("tmb.table.track")), track(b, t)), side)));
    }
    if (!b || b.closed) { // in battle the track shows the gearlocs' HP
      root.appendChild(h("section", {}, h("h3", {}, t("tmb.table.party")), party(view, t)));
    }
    root.appendChild(h("p", { class: "tmb-next" }, "→ " + t.loc(view.next)));
    return root;
  }

  /* The moments the Voice says (each once, the first time it appears): a knock-out, the end of
   * a battle, the end of the adventure. Whose turn is the page's headline (.gm-turn). */
  function moments(view, t) {
    var out = [];
    var b = view.battle;
    if (b) {
      b.knocked_out.forEach(function (name) { out.push({ id: "ko:" + name, text: t("tmb.table.say.ko", { name: name }) }); });
      if (b.outcome) { out.push({ id: "battle:" + view.day + ":" + b.outcome, text: t("tmb.table.say." + b.outcome) }); }
    }
    if (view.won) { out.push({ id: "won", text: t("tmb.table.say.won") }); }
    if (view.lost) { out.push({ id: "lost", text: t("tmb.table.say.lost") }); }
    return out;
  }

  window.GM_GAMES.tmb = { render: render, moments: moments };
})();
