/* gm-assist table view: the shared screen's moments (issue 34). What changed glows for a few
 * seconds and is told to screen readers; the Voice says whose turn it is and the moments a table
 * must not miss. `window.GM_LIVE(page)` -> {before, mark, listen, sayTurn}; `page` gives `t`,
 * `voice()` (the switch) and `lang()`. Loaded before app.js, which calls it on every drawing. */
(function () {
  "use strict";
  var HIGHLIGHT_MS = 4000;

  window.GM_LIVE = function (page) {
    /* --- what changed: every value that moved glows for a few seconds (issue 34) ---------------- *
     * A value is a leaf of the drawing (an element holding only text); its identity is its path
     * from #main, through the data-* names the renderers give (a unit, a sheep, a stuffie…). */
    var lit = {}; // path -> time until which it glows
    function pathOf(node, main) {
      var parts = [];
      while (node && node !== main) {
        var names = [];
        for (var i = 0; i < node.attributes.length; i++) {
          var a = node.attributes[i];
          if (a.name.indexOf("data-") === 0) { names.push(a.name + "=" + a.value); }
        }
        var part = node.tagName;
        if (names.length) { part += "[" + names.join(",") + "]"; }
        else {
          var n = 0, sib = node;
          while ((sib = sib.previousElementSibling)) { if (sib.tagName === node.tagName) { n++; } }
          part += ":" + n;
        }
        parts.push(part);
        node = node.parentElement;
      }
      return parts.reverse().join("/");
    }
    function leaves(main) {
      var out = {};
      var all = main.querySelectorAll("*");
      for (var i = 0; i < all.length; i++) {
        var el = all[i];
        if (el.childElementCount || el.closest("[data-no-highlight]")) { continue; }
        var text = (el.textContent || "").trim();
        if (text) { out[pathOf(el, main)] = { text: text, el: el }; }
      }
      return out;
    }
    function currents(main) {
      var out = {};
      var all = main.querySelectorAll("[class]");
      for (var i = 0; i < all.length; i++) {
        var cls = " " + all[i].getAttribute("class") + " ";
        if (/[ -](current|active) /.test(cls)) { out[pathOf(all[i], main)] = all[i]; }
      }
      return out;
    }
    function seen(main, key) { return { key: key, leaves: leaves(main), currents: currents(main) }; }
    function mark(main, before, key) {
      var now = Date.now();
      var said = [];
      if (before && key && before.key === key && Object.keys(before.leaves).length) {
        var after = leaves(main);
        Object.keys(after).forEach(function (path) {
          var old = before.leaves[path];
          if (old && old.text !== after[path].text) {
            lit[path] = now + HIGHLIGHT_MS;
            said.push(after[path].text);
          }
        });
        var turn = currents(main);
        Object.keys(turn).forEach(function (path) { if (!before.currents[path]) { lit[path] = now + HIGHLIGHT_MS; } });
      } else {
        lit = {}; // a first drawing, another session or language: nothing "changed"
      }
      var next = 0;
      Object.keys(lit).forEach(function (path) {
        if (lit[path] <= now) { delete lit[path]; return; }
        next = next ? Math.min(next, lit[path]) : lit[path];
      });
      var found = main.querySelectorAll("*");
      for (var i = 0; i < found.length; i++) {
        if (lit[pathOf(found[i], main)]) { found[i].classList.add("gm-changed"); }
      }
      if (said.length) { announce(page.t("table.page.changed", { what: said.slice(0, 6).join(", ") })); }
      if (next) { setTimeout(unlight, next - now + 20); }
    }
    function unlight() {
      var main = document.getElementById("main");
      var now = Date.now();
      var found = main.querySelectorAll(".gm-changed");
      for (var i = 0; i < found.length; i++) {
        var until = lit[pathOf(found[i], main)];
        if (!until || until <= now) { found[i].classList.remove("gm-changed"); }
      }
    }

    /* --- Voice: the moments a table must not miss, said aloud (issue 34) -------------------------- *
     * Whose turn (the game's .gm-turn headline) when it changes, and each moment a game's renderer
     * lists (`moments(view, t)`: a surge, a minion turn, a threat check, a knock-out, the end of a
     * race or a battle) the first time it appears. The browser's own speech synthesis: nothing to
     * install, offline on phones and tablets. The first drawing, a language switch or another
     * session set what is known without saying it. */
    var heard = null; // {key: session|lang, turn: text, ids: {id: true}}
    function momentsNow(doc, main) {
      var t = page.t;
      var turn = main.querySelector(".gm-turn");
      var out = { turn: turn ? turn.textContent.replace(/^[▶\s]+/, "").trim() : "", list: [] };
      var renderer = doc && doc.session && window.GM_GAMES[doc.session.game];
      if (doc && doc.view && renderer && renderer.moments) {
        try { out.list = renderer.moments(doc.view, t) || []; } catch (err) { out.list = []; }
      }
      return out;
    }
    function listen(main, doc, key) {
      var now = momentsNow(doc, main);
      var lines = [];
      if (heard && heard.key === key && key) {
        if (now.turn && now.turn !== heard.turn) { lines.push(now.turn); }
        now.list.forEach(function (m) { if (!heard.ids[m.id]) { lines.push(m.text); } });
      }
      var ids = {};
      now.list.forEach(function (m) { ids[m.id] = true; });
      heard = { key: key, turn: now.turn, ids: ids };
      if (lines.length && page.voice()) { speak(lines.join(" ")); }
    }
    function speak(text) {
      var synth = window.speechSynthesis;
      if (!synth || !window.SpeechSynthesisUtterance) { return; }
      var line = new window.SpeechSynthesisUtterance(text);
      line.lang = page.lang() === "fr" ? "fr-FR" : "en-GB";
      synth.speak(line);
    }

    /* A polite live region: screen readers hear what changed, the board itself is not re-read. */
    function announce(text) {
      var region = document.getElementById("announce");
      region.textContent = "";
      region.textContent = text;
    }

    return {
      before: seen,
      mark: mark,
      listen: listen,
      sayTurn: function () { if (heard && heard.turn) { speak(heard.turn); } },
    };
  };
})();
