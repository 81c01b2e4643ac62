/* gm-assist table view: the generic shell (issue 16).
 * Receives the snapshot (see docs/table-view.md) on /events, draws the status screens, the journal,
 * and hands the game's `view` to window.GM_GAMES[game].render(view, lang, t).
 * No external resource: everything is served by gm-assist. */
(function () {
  "use strict";
  var STORE = window.localStorage;
  var params = new URLSearchParams(window.location.search);
  var token = params.get("token");
  var state = {
    lang: params.get("lang") || read("gm-lang") || window.GM_LANG || "en",
    theme: read("gm-theme") || "auto",
    doc: window.GM_INITIAL || null,
    online: false,
  };

  function read(key) { try { return STORE.getItem(key); } catch (e) { return null; } }
  function write(key, value) { try { STORE.setItem(key, value); } catch (e) { /* private mode */ } }

  function esc(text) {
    return String(text == null ? "" : text).replace(/[&<>"']/g, function (c) {
      return { "&": "&amp;", "<": "&lt;", ">": "&gt;", '"': "&quot;", "'": "&#39;" }[c];
    });
  }

  /* A bilingual value {en, fr} in the page's language (other values unchanged). */
  function loc(value, lang) {
    if (value && typeof value === "object" && !Array.isArray(value) && ("en" in value || "fr" in value)) {
      return value[lang || state.lang] || value.en || value.fr || "";
    }
    return value;
  }

  function t(key, values) {
    var table = window.GM_STRINGS[state.lang] || {};
    var text = table[key];
    if (text == null) { text = (window.GM_STRINGS.en || {})[key]; }
    if (text == null) { return key; }
    if (!values) { return text; }
    return text.replace(/\{(\w+)\}/g, function (all, name) {
      return name in values ? String(loc(values[name])) : all;
    });
  }
  t.loc = function (value) { return loc(value); };
  t.lang = function () { return state.lang; };

  /* h("div", {class: "x"}, child, "text") -> HTMLElement; children may be nodes, strings or arrays. */
  function h(tag, attrs) {
    var svg = tag.indexOf("svg:") === 0;
    var node = svg ? document.createElementNS("http://www.w3.org/2000/svg", tag.slice(4))
                   : document.createElement(tag);
    Object.keys(attrs || {}).forEach(function (name) {
      var value = attrs[name];
      if (value === null || value === undefined || value === false) { return; }
      node.setAttribute(name, value === true ? "" : String(value));
    });
    for (var i = 2; i < arguments.length; i++) { append(node, arguments[i]); }
    return node;
  }
  function append(node, child) {
    if (child === null || child === undefined || child === false) { return; }
    if (Array.isArray(child)) { child.forEach(function (c) { append(node, c); }); return; }
    node.appendChild(typeof child === "object" ? child : document.createTextNode(String(child)));
  }

  /* A labelled bar: value out of max, with the numbers written (colour is never the only signal). */
  function bar(value, max, label, kind) {
    var known = typeof value === "number" && typeof max === "number" && max > 0;
    var pct = known ? Math.max(0, Math.min(100, (100 * value) / max)) : 0;
    var text = known ? value + " / " + max : (value == null ? "?" : String(value));
    return h("div", { class: "gm-bar " + (kind || ""), role: "meter", "aria-label": label || "",
                      "aria-valuenow": known ? value : null, "aria-valuemin": 0, "aria-valuemax": known ? max : null },
      h("span", { class: "gm-bar-fill", style: "width:" + pct.toFixed(1) + "%" }),
      h("span", { class: "gm-bar-text" }, (label ? label + " " : "") + text));
  }

  function screen(kind, title, text) {
    var icon = { no_session: "◌", damaged: "⚠", finished: "⚑" }[kind] || "•";
    return h("section", { class: "gm-screen gm-screen-" + kind },
      h("div", { class: "gm-screen-icon", "aria-hidden": "true" }, icon),
      h("h2", {}, title), text ? h("p", {}, text) : null);
  }

  function generic(doc) {
    var pre = h("pre", { class: "gm-raw" }, JSON.stringify(doc.state, null, 1).slice(0, 6000));
    return h("section", { class: "gm-generic" }, h("p", {}, t("table.page.view_missing")), pre);
  }

  function gameNode(doc) {
    var game = doc.session && doc.session.game;
    var renderer = window.GM_GAMES[game];
    if (!doc.view || !renderer) { return generic(doc); }
    try {
      var out = renderer.render(doc.view, state.lang, t);
      if (typeof out === "string") {
        var box = h("div", { class: "gm-game" });
        box.innerHTML = out;
        return box;
      }
      return out;
    } catch (err) {
      if (window.console) { console.error(err); }
      return generic(doc);
    }
  }

  function draw() {
    var doc = state.doc;
    var root = document.documentElement;
    root.lang = state.lang;
    root.setAttribute("data-theme", state.theme);
    document.getElementById("lang").textContent = t("table.page.language");
    document.getElementById("lang").title = t("table.page.language_hint");
    var statsLink = document.getElementById("stats");
    statsLink.textContent = t("table.stats.link");
    statsLink.href = "/stats?lang=" + state.lang;
    var dark = state.theme === "dark" || (state.theme === "auto" && window.matchMedia &&
               window.matchMedia("(prefers-color-scheme: dark)").matches);
    var themeButton = document.getElementById("theme");
    themeButton.textContent = dark ? "☀ " + t("table.page.theme_light") : "☾ " + t("table.page.theme_dark");
    themeButton.title = t("table.page.theme_hint");
    var link = document.getElementById("link");
    link.textContent = state.online ? "" : (doc ? t("table.page.offline") : t("table.page.connecting"));
    link.className = "link" + (state.online ? "" : " offline");
    var main = document.getElementById("main");
    main.textContent = "";
    var title = t("table.page.title");
    if (!doc) { main.appendChild(screen("no_session", t("table.page.connecting"), "")); return; }
    root.setAttribute("data-status", doc.status);
    root.setAttribute("data-changes", doc.session ? doc.session.changes : "");
    if (doc.session) {
      title = doc.session.name + " — " + t("core.games." + doc.session.game.replace(/-/g, "_"));
      main.setAttribute("data-game", doc.session.game);
    } else {
      main.removeAttribute("data-game");
    }
    document.getElementById("title").textContent = title;
    document.title = title;
    if (doc.status === "no_session") {
      main.appendChild(screen("no_session", t("table.screen.no_session_title"), loc(doc.problem)));
    } else if (doc.status === "damaged" || doc.status === "missing") {
      main.appendChild(screen("damaged", t("table.screen." + doc.status + "_title"), loc(doc.problem)));
    } else {
      if (doc.status === "finished") { main.appendChild(screen("finished", t("table.screen.finished_title"), "")); }
      main.appendChild(gameNode(doc));
    }
    drawJournal(doc);
  }

  function drawJournal(doc) {
    var box = document.getElementById("journal");
    box.textContent = "";
    if (!doc.journal || !doc.journal.length) { box.hidden = true; return; }
    box.hidden = false;
    box.appendChild(h("h2", {}, t("table.page.journal")));
    box.appendChild(h("ol", {}, doc.journal.map(function (item) {
      var time = (item.time || "").slice(11, 16);
      return h("li", {}, h("time", {}, time), " ", loc(item.text));
    })));
  }

  var source = null;
  var retry = null;
  function connect() {
    if (retry) { clearTimeout(retry); retry = null; }
    if (source) { source.close(); }
    source = new EventSource("/events" + (token ? "?token=" + encodeURIComponent(token) : ""));
    source.onopen = function () { state.online = true; };
    source.onmessage = function (event) {
      try { state.doc = JSON.parse(event.data); } catch (e) { return; }
      state.online = true;
      draw();
    };
    source.onerror = function () {
      state.online = false;
      draw();
      if (source.readyState === 2) { retry = setTimeout(connect, 2000); } // closed: start again
    };
  }

  window.GM = {
    esc: esc, h: h, bar: bar, loc: loc, t: t,
    start: function () {
      document.getElementById("lang").onclick = function () {
        state.lang = state.lang === "fr" ? "en" : "fr";
        write("gm-lang", state.lang);
        draw();
      };
      document.getElementById("theme").onclick = function () {
        var dark = document.getElementById("theme").textContent.indexOf("☀") === 0;
        state.theme = dark ? "light" : "dark";
        write("gm-theme", state.theme);
        draw();
      };
      draw();
      connect();
      // after a sleep or a long pause, make sure the stream is alive and up to date
      document.addEventListener("visibilitychange", function () {
        if (!document.hidden && (!source || source.readyState === 2)) { connect(); }
      });
    },
  };
})();
