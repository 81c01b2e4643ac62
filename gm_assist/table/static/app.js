/* gm-assist table view: the generic shell (issue 16).
 * Receives the snapshot (see docs/table-view.md) on /events, draws the status screens, the journal,
 * and hands the game's `view` to window.GM_GAMES[game].render(view, lang, t).
 * No external resource: everything is served by gm-assist. */
(function () {
  "use strict";
  var STORE = window.localStorage;
  var params = new URLSearchParams(window.location.search);
  var token = params.get("token");
  var playing = params.get("play") === "1" && !!token; // the play link: this screen may act (issue 33)
  var SERVER_LANG = window.GM_LANG || "en";
  var LANG_KEY = "gm-lang-choice";
  var SCALE_KEY = "gm-text-scale:" + window.screen.width + "x" + window.screen.height;
  var SCALES = [0.7, 0.8, 0.9, 1, 1.15, 1.3, 1.5, 1.75, 2];
  var state = {
    lang: params.get("lang") || chosenLang() || SERVER_LANG,
    theme: read("gm-theme") || "auto",
    doc: window.GM_INITIAL || null,
    link: "connecting", // "live" once the stream answers, "lost" when it drops
    scale: Number(read(SCALE_KEY)) || 1,
    voice: read("gm-voice") === "on",
  };

  function read(key) { try { return STORE.getItem(key); } catch (e) { return null; } }
  function write(key, value) { try { STORE.setItem(key, value); } catch (e) { /* private mode */ } }

  /* The language the page's switch chose on this link, while the server still opens in the same
   * language as when it was chosen: a server started with another --lang wins (issue 34). */
  function chosenLang() {
    var saved = null;
    try { saved = JSON.parse(read(LANG_KEY) || "null"); } catch (e) { saved = null; }
    if (saved && saved.server === SERVER_LANG && (saved.lang === "en" || saved.lang === "fr")) { return saved.lang; }
    return null;
  }

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
  var LIVE = window.GM_LIVE({ t: t, voice: function () { return state.voice; }, lang: function () { return state.lang; } });
  var GUIDED = null; // the guided mode, on a play link only (guided.js): made once h() is defined

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
    var name = (label ? label + " " : "") + text;
    return h("div", { class: "gm-bar " + (kind || ""), role: known ? "meter" : "img", "aria-label": name,
                      "aria-valuenow": known ? value : null, "aria-valuemin": known ? 0 : null, "aria-valuemax": known ? max : null },
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
    link.textContent = state.link === "connecting" && !doc ? t("table.page.connecting") : "";
    drawControls();
    if (GUIDED) { GUIDED.tabs(); }
    drawLive(doc);
    var main = document.getElementById("main");
    var key = doc && doc.session ? doc.session.id + "|" + state.lang : null;
    var before = state.link === "lost" ? null : LIVE.before(main, key);
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
    drawPlay(doc);
    LIVE.mark(main, before, key);
    LIVE.listen(main, doc, key);
  }

  /* --- the play link: Undo and Redo through the acting API (issue 33) ------------------------- */
  var playNote = "";
  function drawPlay(doc) {
    var box = document.getElementById("play");
    var ok = playing && doc && doc.session && doc.version != null &&
             (doc.status === "ok" || doc.status === "finished");
    box.hidden = !ok;
    if (!ok) { return; }
    box.setAttribute("aria-label", t("table.play.title"));
    var last = doc.journal && doc.journal.length ? loc(doc.journal[0].text) : null;
    var undo = document.getElementById("undo");
    undo.textContent = last ? t("table.play.undo_what", { label: last }) : t("table.play.undo");
    undo.disabled = !last;
    document.getElementById("redo").textContent = t("table.play.redo");
    document.getElementById("play-note").textContent = playNote;
  }

  function act(path) {
    var doc = state.doc;
    if (!doc || doc.version == null) { return; }
    playNote = "";
    fetch(path, {
      method: "POST",
      headers: { "Authorization": "Bearer " + token, "Content-Type": "application/json" },
      body: JSON.stringify({ version: doc.version }),
    }).then(function (response) {
      return response.json().then(function (body) { return { status: response.status, body: body }; });
    }).then(function (answer) {
      if (answer.status !== 200) {
        playNote = answer.status === 409 ? t("table.play.stale") : loc(answer.body.error);
      }
      return refresh();
    }).catch(function () { playNote = t("table.page.not_live_title"); draw(); });
  }

  function refresh() {
    return fetch("/state.json" + (token ? "?token=" + encodeURIComponent(token) : ""))
      .then(function (response) { return response.json(); })
      .then(function (doc) { state.doc = doc; draw(); });
  }

  /* --- not live: the server stopped or the stream dropped (issue 34) -------------------------- */
  function drawLive(doc) {
    var root = document.documentElement;
    var lost = state.link === "lost" && !!doc;
    root.setAttribute("data-live", lost ? "false" : "true");
    var box = document.getElementById("not-live");
    box.hidden = !lost;
    box.textContent = "";
    if (lost) {
      box.appendChild(h("strong", {}, "⚠ " + t("table.page.not_live_title")));
      box.appendChild(h("span", {}, " " + t("table.page.not_live")));
    }
  }

  /* --- header controls: full screen, text size, voice (issue 34) ------------------------------ */
  function drawControls() {
    var full = document.getElementById("fullscreen");
    var canFull = !!(document.documentElement.requestFullscreen);
    full.hidden = !canFull;
    full.textContent = document.fullscreenElement ? t("table.page.fullscreen_exit") : t("table.page.fullscreen");
    full.title = t("table.page.fullscreen_hint");
    full.setAttribute("aria-pressed", document.fullscreenElement ? "true" : "false");
    var smaller = document.getElementById("smaller");
    var bigger = document.getElementById("bigger");
    smaller.textContent = t("table.page.text_smaller");
    smaller.title = t("table.page.text_smaller_hint");
    smaller.setAttribute("aria-label", t("table.page.text_smaller") + " — " + t("table.page.text_smaller_hint"));
    bigger.textContent = t("table.page.text_bigger");
    bigger.title = t("table.page.text_bigger_hint");
    bigger.setAttribute("aria-label", t("table.page.text_bigger") + " — " + t("table.page.text_bigger_hint"));
    smaller.disabled = state.scale <= SCALES[0];
    bigger.disabled = state.scale >= SCALES[SCALES.length - 1];
    document.documentElement.style.setProperty("--gm-scale", String(state.scale));
    var voice = document.getElementById("voice");
    voice.hidden = !window.speechSynthesis;
    voice.textContent = state.voice ? t("table.page.voice_on") : t("table.page.voice_off");
    voice.title = t("table.page.voice_hint");
    voice.setAttribute("aria-pressed", state.voice ? "true" : "false");
    document.getElementById("controls").setAttribute("aria-label", t("table.page.controls"));
    var join = document.getElementById("join");
    join.textContent = t("table.join.button");
    join.title = t("table.join.hint");
  }

  function step(delta) {
    var i = 0;
    while (i < SCALES.length - 1 && SCALES[i] < state.scale) { i++; }
    i = Math.max(0, Math.min(SCALES.length - 1, i + delta));
    state.scale = SCALES[i];
    write(SCALE_KEY, String(state.scale));
    draw();
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

  /* --- join: the links this screen may hand on, as QR codes drawn by the server --------------- */
  function toggleJoin() {
    var panel = document.getElementById("join-panel");
    var button = document.getElementById("join");
    if (!panel.hidden) { panel.hidden = true; button.setAttribute("aria-expanded", "false"); return; }
    var url = "/join.json" + (token ? "?token=" + encodeURIComponent(token) : "");
    fetch(url).then(function (response) { return response.json(); }).then(function (data) {
      panel.textContent = "";
      panel.appendChild(h("h2", {}, t("table.join.title")));
      panel.appendChild(h("div", { class: "gm-join-links" }, data.links.map(function (link) {
        var code = h("div", { class: "gm-qr" });
        code.innerHTML = link.svg; // drawn by segno on the server: only <svg>, <path>, <rect>
        return h("figure", { class: "gm-join-link", "data-link": link.kind }, code,
          h("figcaption", {}, h("strong", {}, t("table.join." + link.kind)), h("br"),
            h("span", {}, t("table.join." + link.kind + "_hint")), h("br"), h("code", {}, link.url)));
      })));
      var close = button_("join-close", t("table.join.close"), toggleJoin);
      panel.appendChild(close);
      panel.hidden = false;
      button.setAttribute("aria-expanded", "true");
      close.focus();
    });
  }
  function button_(id, label, onclick) {
    var node = h("button", { id: id, type: "button", class: "gm-back" }, label);
    node.onclick = onclick;
    return node;
  }

  var source = null;
  var retry = null;
  function connect() {
    if (retry) { clearTimeout(retry); retry = null; }
    if (source) { source.close(); }
    source = new EventSource("/events" + (token ? "?token=" + encodeURIComponent(token) : ""));
    source.onmessage = function (event) {
      try { state.doc = JSON.parse(event.data); } catch (e) { return; }
      state.link = "live";
      draw();
      if (GUIDED) { GUIDED.follow(state.doc); }
    };
    source.onerror = function () {
      state.link = "lost";
      draw();
      if (source.readyState === 2) { retry = setTimeout(connect, 2000); } // closed: start again
    };
  }

  /* The page's language, remembered on this link (issue 34). */
  function chooseLang(lang) {
    state.lang = lang;
    write(LANG_KEY, JSON.stringify({ server: SERVER_LANG, lang: state.lang }));
    draw();
  }

  if (playing && window.GM_GUIDED) {
    GUIDED = window.GM_GUIDED({ h: h, t: t, loc: loc, token: token, dm: params.get("dm") === "1",
                                doc: function () { return state.doc; }, lang: function () { return state.lang; },
                                adopt: function (lang) { chooseLang(lang); } });
  }

  window.GM = {
    esc: esc, h: h, bar: bar, loc: loc, t: t,
    start: function () {
      document.getElementById("lang").onclick = function () {
        chooseLang(state.lang === "fr" ? "en" : "fr");
        if (GUIDED) { GUIDED.relang(); }
        if (!document.getElementById("join-panel").hidden) { toggleJoin(); toggleJoin(); }
      };
      document.getElementById("undo").onclick = function () { act("/api/undo"); };
      document.getElementById("redo").onclick = function () { act("/api/redo"); };
      document.getElementById("smaller").onclick = function () { step(-1); };
      document.getElementById("bigger").onclick = function () { step(1); };
      document.getElementById("fullscreen").onclick = function () {
        if (document.fullscreenElement) { document.exitFullscreen(); }
        else { document.documentElement.requestFullscreen().catch(function () { /* refused */ }); }
      };
      document.addEventListener("fullscreenchange", drawControls);
      document.getElementById("voice").onclick = function () {
        state.voice = !state.voice;
        write("gm-voice", state.voice ? "on" : "off");
        if (!state.voice && window.speechSynthesis) { window.speechSynthesis.cancel(); }
        if (state.voice) { LIVE.sayTurn(); } // says it works (and unlocks speech on phones)
        drawControls();
      };
      document.getElementById("theme").onclick = function () {
        var dark = document.getElementById("theme").textContent.indexOf("☀") === 0;
        state.theme = dark ? "light" : "dark";
        write("gm-theme", state.theme);
        draw();
      };
      document.getElementById("join").onclick = toggleJoin;
      document.addEventListener("keydown", function (event) {
        if (event.key === "Escape" && !document.getElementById("join-panel").hidden) {
          event.stopPropagation(); // Esc closes the panel, and only that
          toggleJoin();
        }
      }, true);
      if (GUIDED) { GUIDED.start(); }
      draw();
      connect();
      // after a sleep or a long pause, make sure the stream is alive and up to date
      document.addEventListener("visibilitychange", function () {
        if (!document.hidden && (!source || source.readyState === 2)) { connect(); }
      });
    },
  };
})();
