/* gm-assist table view: the guided mode of a play link (issue 33). A phone's seat on the server runs
 * the guided procedures (gm_assist/home.py, each game's flow.py) and asks their questions; this draws
 * them one per screen in the Play tab and sends the answers (POST /api/seat, /api/answer; see
 * docs/table-view.md). `window.GM_GUIDED(page)` -> {start, tabs, follow, relang}; `page` gives h, t,
 * loc, token, dm, doc() (the latest snapshot), lang() and adopt(lang) (the seat's language menu chose
 * another: the page follows it). Loaded on play links only, before app.js. */
(function () {
  "use strict";

  window.GM_GUIDED = function (page) {
    var h = page.h, t = page.t, loc = page.loc;
    var SEAT_KEY = "gm-seat:" + (page.dm ? "dm" : "play");
    var NOTE_MS = 8000;
    var guided = { view: null, busy: false, note: "", failed: "", missed: false, redrawn: null, shown: null };

    function session(key, value) {
      try {
        if (value === undefined) { return window.sessionStorage.getItem(key); }
        if (value === null) { window.sessionStorage.removeItem(key); } else { window.sessionStorage.setItem(key, value); }
      } catch (e) { /* private mode */ }
      return null;
    }

    function post(path, body) {
      return fetch(path, {
        method: "POST",
        headers: { "Authorization": "Bearer " + page.token, "Content-Type": "application/json" },
        body: JSON.stringify(body),
      }).then(function (response) {
        return response.json().catch(function () { return {}; })
          .then(function (data) { return { status: response.status, body: data }; });
      });
    }

    /* Open this phone's seat (or find it again after a reload); ``lang`` switches its language. */
    function openSeat() {
      var body = { lang: page.lang() };
      var kept = session(SEAT_KEY);
      if (kept) { body.seat = kept; }
      guided.busy = true;
      drawGuided();
      return post("/api/seat", body).then(received, lost);
    }

    function answer(body) {
      var view = guided.view;
      if (!view || guided.busy) { return; }
      guided.busy = true;
      guided.note = "";
      drawGuided();
      body.seat = view.seat;
      body.number = view.number;
      post("/api/answer", body).then(function (got) {
        if (got.status === 404) { session(SEAT_KEY, null); guided.busy = false; return openSeat(); }
        return received(got);
      }, lost);
    }

    function received(got) {
      guided.busy = false;
      if (got.status === 200 || got.status === 409) {
        guided.view = got.body;
        guided.failed = "";
        if (got.body.lang && got.body.lang !== page.lang()) { page.adopt(got.body.lang); } // its menu chose it
        session(SEAT_KEY, got.body.seat);
        if (got.body.moved_first && got.body.error) { note(loc(got.body.error)); }
        else if (got.status === 409) { note(t("table.play.stale")); }
      } else {
        guided.failed = got.body && got.body.error ? loc(got.body.error) : String(got.status);
      }
      drawGuided();
      if (guided.view && guided.view.busy) { openSeat(); return; } // still working: the seat waits for its next question
      if (guided.missed) { guided.missed = false; follow(page.doc()); }
    }

    /* A short note (someone else moved first): it goes by itself after a few seconds. */
    function note(text) {
      guided.note = text;
      window.setTimeout(function () {
        if (guided.note !== text) { return; }
        guided.note = "";
        var shown = document.getElementById("q-note");
        if (shown) { shown.textContent = guided.failed; }
      }, NOTE_MS);
    }

    function lost() {
      guided.busy = false;
      guided.failed = t("table.page.not_live_title");
      drawGuided();
    }

    /* The game moved (another screen, a command): a menu drawn from an older state is drawn again. */
    function follow(doc) {
      var view = guided.view;
      if (!view || !view.question || !doc) { return; }
      if (guided.busy) { guided.missed = true; return; }
      var drawn = view.question.version;
      if (drawn == null || doc.version == null || doc.version === drawn || guided.redrawn === doc.version + "|" + view.number) { return; }
      guided.redrawn = doc.version + "|" + view.number;
      answer({ redraw: true });
    }

    function button(id, cls, label, onclick, extra) {
      var node = h("button", Object.assign({ type: "button", id: id, class: cls }, extra || {}), label);
      node.onclick = onclick;
      return node;
    }

    /* A drawn screen's first line of words (its title), said in the summary of a folded one. */
    function heading(text) {
      var lines = String(text || "").split("\n");
      for (var i = 0; i < lines.length; i++) {
        var words = lines[i].replace(/[\u2500-\u257f\u2580-\u259f|+=_-]+/g, " ").replace(/\s+/g, " ").trim();
        if (words) { return words.length > 48 ? words.slice(0, 47) + "…" : words; }
      }
      return "";
    }

    function toldNode(item) {
      var kind = item.kind;
      if (kind === "screen" || kind === "status" || kind === "rules") {
        // the game's status, drawn before each of its menus, is folded (the board is a tab away);
        // a screen the step shows (odds before a roll, a checklist) and rule cards are open
        var title = kind === "status" ? heading(item.text) : ""; // folded: its title tells which
        var label = { status: "board", rules: "rules", screen: "details" }[kind];
        return h("details", { class: "gm-told gm-told-" + kind, "data-kind": kind, open: kind !== "status" },
          h("summary", {}, t("table.guided." + label),
            title ? h("span", { class: "gm-told-title" }, title) : null),
          h("pre", {}, item.text));
      }
      return h("p", { class: "gm-told gm-told-" + kind, "data-kind": kind }, item.text);
    }

    function okButton(read) {
      return button("q-ok", "gm-ok", t("table.guided.ok"), function () { answer({ answer: read() }); });
    }

    function onEnter(input, read) {
      input.addEventListener("keydown", function (event) {
        if (event.key === "Enter") { event.preventDefault(); answer({ answer: read() }); }
      });
    }

    function questionNode(q) {
      var kind = q.kind;
      if (kind === "select") {
        return h("div", { class: "gm-choices", role: "group", "aria-labelledby": "q-message" }, q.choices.map(function (c, i) {
          var cls = "gm-choice" + (q.default === i ? " is-default" : "") + (c.rule ? " gm-rule" : "") + (c.undo ? " gm-undo" : "");
          return button(null, cls, c.label, function () { answer({ answer: i }); }, { "data-index": i });
        }));
      }
      if (kind === "checkbox") {
        var ticked = (q.default || []).slice();
        var ticks = q.choices.map(function (c, i) {
          var on = ticked.indexOf(i) >= 0;
          var node = button(null, "gm-tick", c.label, function () {
            var now = node.getAttribute("aria-pressed") !== "true";
            node.setAttribute("aria-pressed", now ? "true" : "false");
          }, { "data-index": i, "aria-pressed": on ? "true" : "false" });
          return node;
        });
        return h("div", { class: "gm-choices" }, ticks, okButton(function () {
          return ticks.filter(function (n) { return n.getAttribute("aria-pressed") === "true"; })
            .map(function (n) { return Number(n.getAttribute("data-index")); });
        }));
      }
      if (kind === "text" || kind === "secret") {
        var input = h("input", { id: "q-text", class: "gm-input", type: kind === "secret" ? "password" : "text",
                                 autocomplete: "off", autocapitalize: "off", spellcheck: "false",
                                 "aria-labelledby": "q-message" });
        if (kind === "text" && q.default != null) { input.value = String(q.default); }
        var readText = function () { return input.value; };
        onEnter(input, readText);
        return h("div", { class: "gm-entry" }, input, okButton(readText));
      }
      if (kind === "integer") {
        var number = h("input", { id: "q-number", class: "gm-input gm-number", type: "number", inputmode: "numeric",
                                  min: q.min, max: q.max, "aria-labelledby": "q-message" });
        number.value = q.default != null ? String(q.default) : (q.min != null ? String(q.min) : "0");
        var readNumber = function () { var v = Number(number.value); return Number.isInteger(v) ? v : number.value; };
        var move = function (delta) {
          var v = (Number(number.value) || 0) + delta;
          if (q.min != null) { v = Math.max(q.min, v); }
          if (q.max != null) { v = Math.min(q.max, v); }
          number.value = String(v);
          stepper();
        };
        var minus = button("q-minus", "gm-step", "−", function () { move(-1); }, { "aria-label": t("table.guided.minus") });
        var plus = button("q-plus", "gm-step", "+", function () { move(1); }, { "aria-label": t("table.guided.plus") });
        var stepper = function () {
          minus.disabled = q.min != null && Number(number.value) <= q.min;
          plus.disabled = q.max != null && Number(number.value) >= q.max;
        };
        number.addEventListener("input", stepper);
        stepper();
        onEnter(number, readNumber);
        // a bound the rules give (not a mere "any number" guard) is worth saying
        var range = q.min != null && q.max != null && q.max - q.min < 1000 ? t("table.guided.range", { min: q.min, max: q.max }) : "";
        return h("div", { class: "gm-entry" }, h("div", { class: "gm-stepper" }, minus, number, plus),
          range ? h("p", { class: "gm-range" }, range) : null, okButton(readNumber));
      }
      if (kind === "confirm") {
        return h("div", { class: "gm-yesno" },
          button("q-yes", "gm-choice" + (q.default === true ? " is-default" : ""), t("table.guided.yes"), function () { answer({ answer: true }); }),
          button("q-no", "gm-choice" + (q.default === false ? " is-default" : ""), t("table.guided.no"), function () { answer({ answer: false }); }));
      }
      if (kind === "wait") {
        return h("div", { id: "q-wait", class: "gm-wait", role: "status" },
          h("span", { class: "gm-spinner", "aria-hidden": "true" }), h("span", {}, t("table.guided.waiting")));
      }
      return h("p", {}, kind);
    }

    function drawGuided() {
      var box = document.getElementById("guided");
      var view = guided.view;
      var focused = document.activeElement && document.activeElement.id;
      box.textContent = "";
      box.setAttribute("aria-busy", guided.busy ? "true" : "false");
      box.setAttribute("aria-label", t("table.guided.tab_play"));
      if (view) {
        box.setAttribute("data-number", view.number);
        box.setAttribute("data-kind", view.finished ? "finished" : view.question ? view.question.kind : "");
        var drawn = view.question && view.question.version;
        if (drawn != null) { box.setAttribute("data-version", drawn); } else { box.removeAttribute("data-version"); }
      }
      box.appendChild(h("p", { id: "q-note", class: "gm-note", role: "status" }, guided.note || guided.failed));
      if (!view) {
        box.appendChild(h("div", { class: "gm-wait" }, h("span", { class: "gm-spinner", "aria-hidden": "true" }),
          h("span", {}, t("table.page.connecting"))));
        return;
      }
      box.appendChild(h("div", { id: "q-told", class: "gm-told-list" }, (view.told || []).map(toldNode)));
      var q = view.question;
      if (view.busy && !view.finished) { // the procedure works between two questions (a long search)
        box.appendChild(h("div", { id: "q-wait", class: "gm-wait", role: "status" },
          h("span", { class: "gm-spinner", "aria-hidden": "true" }), h("span", {}, t("table.guided.working"))));
        return;
      }
      if (view.finished || !q) {
        box.appendChild(h("h2", { id: "q-message", class: "gm-question" }, t("table.guided.finished")));
        box.appendChild(button("q-again", "gm-choice is-default", t("table.guided.again"), function () {
          session(SEAT_KEY, null);
          guided.view = null;
          openSeat();
        }));
        return;
      }
      box.appendChild(h("h2", { id: "q-message", class: "gm-question", tabindex: "-1" }, q.message));
      box.appendChild(h("p", { id: "q-problem", class: "gm-problem", role: "alert" }, view.problem || ""));
      box.appendChild(questionNode(q));
      box.appendChild(button("q-back", "gm-back", "← " + t("table.guided.back"), function () { answer({ cancel: true }); },
        { title: t("table.guided.back_hint") }));
      box.querySelectorAll("button, input").forEach(function (node) { if (guided.busy) { node.disabled = true; } });
      if (guided.busy || tab() !== "play") { return; }
      var fresh = guided.shown !== view.number;
      guided.shown = view.number;
      if (fresh) { // a new question: from its top, the focus on its field or its words
        if (box.getBoundingClientRect().top < 0) { window.scrollTo(0, 0); } // the last one was scrolled
        (box.querySelector("input") || document.getElementById("q-message")).focus({ preventScroll: true });
      } else if (focused && document.getElementById(focused)) {
        document.getElementById(focused).focus({ preventScroll: true });
      }
    }

    /* --- the tabs of a play link: Play (the guided mode) and Table (the game's view) ------------ */
    var TAB_KEY = "gm-tab";
    function tab() { return document.documentElement.getAttribute("data-tab"); }
    function show(which) {
      session(TAB_KEY, which);
      document.documentElement.setAttribute("data-tab", which);
      drawTabs();
    }
    function drawTabs() {
      var tabs = document.getElementById("tabs");
      tabs.hidden = false;
      tabs.setAttribute("aria-label", t("table.guided.tabs"));
      [["play", "tab-play", "guided"], ["table", "tab-table", "main"]].forEach(function (one) {
        var node = document.getElementById(one[1]);
        var on = tab() === one[0];
        node.textContent = t("table.guided.tab_" + one[0]);
        node.setAttribute("aria-selected", on ? "true" : "false");
        node.tabIndex = on ? 0 : -1;
        document.getElementById(one[2]).hidden = !on;
      });
    }
    function swipe() {
      var start = null;
      document.addEventListener("touchstart", function (event) {
        var touch = event.touches[0];
        start = event.touches.length === 1 ? { x: touch.clientX, y: touch.clientY } : null;
      }, { passive: true });
      document.addEventListener("touchend", function (event) {
        if (!start) { return; }
        var touch = event.changedTouches[0];
        var dx = touch.clientX - start.x, dy = touch.clientY - start.y;
        start = null;
        if (Math.abs(dx) > 80 && Math.abs(dx) > 2 * Math.abs(dy)) { show(dx < 0 ? "table" : "play"); }
      }, { passive: true });
    }

    return {
      start: function () {
        var kept = session(TAB_KEY);
        document.getElementById("main").setAttribute("role", "tabpanel");
        document.getElementById("main").setAttribute("aria-labelledby", "tab-table");
        document.documentElement.setAttribute("data-tab", kept === "table" ? "table" : "play");
        document.getElementById("tab-play").onclick = function () { show("play"); };
        document.getElementById("tab-table").onclick = function () { show("table"); };
        document.getElementById("tabs").addEventListener("keydown", function (event) {
          if (event.key === "ArrowLeft" || event.key === "ArrowRight") {
            show(tab() === "play" ? "table" : "play");
            document.getElementById(tab() === "play" ? "tab-play" : "tab-table").focus();
          }
        });
        document.addEventListener("keydown", function (event) {
          if (event.key === "Escape" && tab() === "play" && guided.view && guided.view.question) {
            event.preventDefault();
            answer({ cancel: true });
          }
        });
        swipe();
        openSeat();
      },
      tabs: drawTabs,
      follow: follow,
      relang: function () {
        drawGuided();
        if (guided.view && !guided.view.finished) { openSeat(); }
      },
    };
  };
})();
