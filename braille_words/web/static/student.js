// The student's page: one seat at a braille-words table, for a screen reader's user.
// Everything the seat is told comes from the host over /play/ws, already in the seat's
// language and verbosity; this script only shows it, says it through the live regions,
// sounds the cues, and sends back typed lines and pressed buttons. Plain JavaScript, no build.
"use strict";

(function () {
  const ALL_WORDS = JSON.parse(document.getElementById("page-words").textContent);
  const SOUNDS = JSON.parse(document.getElementById("page-sounds").textContent);
  const URGENT_CUES = new Set(["your_turn", "rejected", "warning", "time_up"]);
  const BACKOFF = [500, 1000, 2000, 4000, 8000];
  const FINAL_CLOSES = new Set(["net_game_over", "net_ended_by_teacher"]);
  const NEWS_KEPT = 60;
  const LIVE_KEPT = 4;

  const $ = (id) => document.getElementById(id);
  let lang = document.documentElement.lang || "pl";
  let W = ALL_WORDS[lang];
  let socket = null;
  let token = "";
  let code = "";
  let verbosity = "beginner";
  let page = null; // the last page the host sent
  let pendingCue = null;
  let pressedButton = null; // the button the player pressed last, while the focus is on it
  let refused = false;
  let ended = false; // the table said goodbye (the teacher ended the game): never try again
  let attempt = 0;
  let audio = null;
  // A news item or live paragraph that holds something of one person's own (their rack,
  // their draws): whose it is and what of it anyone may keep. Kept out of the page itself.
  const own = new WeakMap();

  // -- words -----------------------------------------------------------------------------

  function setLanguage(chosen) {
    lang = chosen === "en" ? "en" : "pl";
    W = ALL_WORDS[lang];
    document.documentElement.lang = lang;
    document.title = W.title;
    for (const el of document.querySelectorAll("[data-word]")) {
      const text = W[el.dataset.word];
      if (text) el.textContent = text;
    }
  }

  function fill(template, values) {
    return template.replace(/\{(\w+)\}/g, (m, k) => (k in values ? values[k] : m));
  }

  // -- what is said ------------------------------------------------------------------------

  function spansInto(el, spans) {
    for (const [text, spanLang] of spans) {
      if (spanLang && spanLang !== lang) {
        const span = document.createElement("span");
        span.lang = spanLang;
        span.textContent = text;
        el.appendChild(span);
      } else {
        el.appendChild(document.createTextNode(text));
      }
    }
  }

  // A sentence goes to one live region as a new paragraph: the screen reader reads that
  // paragraph and nothing else of the page. ``mine``: whose own it is, when it is someone's.
  function announce(spans, urgent, mine) {
    const region = urgent ? $("assertive") : $("polite");
    const p = document.createElement("p");
    spansInto(p, spans);
    region.appendChild(p);
    while (region.childElementCount > LIVE_KEPT) region.firstElementChild.remove();
    const item = document.createElement("li");
    spansInto(item, spans);
    if (mine) {
      own.set(p, mine);
      own.set(item, mine);
    }
    const news = $("news");
    news.appendChild(item);
    while (news.childElementCount > NEWS_KEPT) news.firstElementChild.remove();
    showNewest();
    voice(spans, urgent);
  }

  // The newest news stays in sight, from its first line (a long one is seen from its start),
  // whatever the window's size.
  function showNewest() {
    const news = $("news");
    const item = news.lastElementChild;
    if (item) news.scrollTop = item.offsetTop - 2;
  }

  // People sharing this page hand it over: whatever was the last person's own leaves the
  // news, both live regions and the buttons (the page drawn for the next shows none of it);
  // the public part of a sentence stays in the news, not in a live region (a changed live
  // paragraph would be read out again).
  function forget() {
    for (const holder of [$("news"), $("polite"), $("assertive")]) {
      for (const el of Array.from(holder.children)) {
        const mine = own.get(el);
        if (!mine) continue;
        own.delete(el);
        if (holder.id !== "news" || !mine.public.length) {
          el.remove();
          continue;
        }
        el.textContent = "";
        spansInto(el, mine.public);
      }
    }
  }

  // What a sentence the host sent holds of one person's own: null when it is all public.
  function ownPart(message, spans) {
    if (!Array.isArray(message.public)) return null;
    const same = message.public.length === spans.length &&
      message.public.every(([text, l], i) => text === spans[i][0] && l === spans[i][1]);
    return same ? null : { seat: message.seat, public: message.public };
  }

  function voice(spans, urgent) {
    if (!$("self-voicing").checked || !("speechSynthesis" in window)) return;
    if (urgent) window.speechSynthesis.cancel();
    for (const [text, spanLang] of spans) {
      const utterance = new SpeechSynthesisUtterance(text);
      utterance.lang = spanLang || lang;
      window.speechSynthesis.speak(utterance);
    }
  }

  // -- sounds --------------------------------------------------------------------------------

  function play(name) {
    const notes = SOUNDS[name];
    if (!notes || !$("sounds").checked) return;
    const level = Number($("volume").value) / 100;
    if (level <= 0) return;
    try {
      audio = audio || new (window.AudioContext || window.webkitAudioContext)();
    } catch (e) {
      return;
    }
    if (audio.state === "suspended") audio.resume();
    let at = audio.currentTime + 0.01;
    for (const [freq, ms, glide, gap] of notes) {
      const osc = audio.createOscillator();
      const gain = audio.createGain();
      const end = at + ms / 1000;
      osc.frequency.setValueAtTime(freq, at);
      if (glide) osc.frequency.linearRampToValueAtTime(glide, end);
      gain.gain.setValueAtTime(0, at);
      gain.gain.linearRampToValueAtTime(0.3 * level, at + 0.004);
      gain.gain.setValueAtTime(0.3 * level, end - 0.004);
      gain.gain.linearRampToValueAtTime(0, end);
      osc.connect(gain).connect(audio.destination);
      osc.start(at);
      osc.stop(end + 0.01);
      at = end + gap / 1000;
    }
  }

  // -- the page's areas ----------------------------------------------------------------------

  // Children of ``parent`` made to number ``count``, the ones already there kept (so the
  // element that has the focus stays the same element through an update).
  function ensure(parent, count, tag) {
    while (parent.childElementCount > count) parent.lastElementChild.remove();
    while (parent.childElementCount < count) parent.appendChild(document.createElement(tag));
    return Array.from(parent.children);
  }

  function areaTitle(name) {
    return W["area_" + name] || name;
  }

  // A button shows its print (a letter, a card's short name) and is named by what it is
  // (``said``: runs of text and language, as a spoken sentence is). Its name is its own
  // content, so only the word or letter of the game's language carries that language, never
  // the page's words around it; the print, when a name says more, is shown and not read.
  const spansOf = new WeakMap();

  function setButton(button, item, said, tabbable) {
    button.type = "button";
    button.dataset.id = item.id;
    const shown = item.text || "·";
    const foreign = !said && !item.action && page && page.word_lang !== lang ? page.word_lang : "";
    const look = item.look || {};
    const key = JSON.stringify([shown, said, foreign, look.value]);
    if (button.dataset.key !== key) {
      button.dataset.key = key;
      button.textContent = "";
      const face = document.createElement("span");
      face.className = "face";
      face.textContent = shown;
      if (foreign) face.lang = foreign;
      button.appendChild(face);
      if (look.value !== undefined && said) {
        // The value in the card's corner, as printed cards have it: drawn only, the
        // button's name says it already.
        const corner = document.createElement("span");
        corner.className = "corner";
        corner.setAttribute("aria-hidden", "true");
        corner.textContent = String(look.value);
        button.appendChild(corner);
      }
      if (said) {
        face.setAttribute("aria-hidden", "true");
        const name = document.createElement("span");
        name.className = "said";
        spansInto(name, said);
        button.appendChild(name);
      }
    }
    spansOf.set(button, said || [[shown, foreign || null]]);
    // How it is drawn (suit, column, a premium or wild card, a square's move): CSS over
    // the same button, from the same facts its name says.
    for (const name of ["suit", "kind", "column", "state"]) {
      if (look[name] !== undefined) button.dataset[name] = String(look[name]);
      else delete button.dataset[name];
    }
    button.removeAttribute("aria-label");
    button.removeAttribute("lang");
    button.dataset.action = item.action ? "1" : "";
    if (item.picked) button.setAttribute("aria-pressed", "true");
    else button.removeAttribute("aria-pressed");
    button.classList.toggle("picked", !!item.picked);
    button.classList.toggle("empty", !item.text);
    button.classList.add("card");
    if (tabbable !== undefined) button.tabIndex = tabbable ? 0 : -1;
  }

  function section(name) {
    const holder = $("areas");
    let el = document.getElementById("area-" + name);
    if (!el) {
      el = document.createElement("section");
      el.id = "area-" + name;
      el.className = "area";
      el.setAttribute("aria-labelledby", "area-" + name + "-heading");
      const h = document.createElement("h2");
      h.id = "area-" + name + "-heading";
      el.appendChild(h);
      const body = document.createElement("div");
      body.className = "body";
      el.appendChild(body);
      holder.appendChild(el);
    }
    el.firstElementChild.textContent = areaTitle(name);
    return el.lastElementChild;
  }

  function renderItems(body, area) {
    const table = area.name === "table";
    const lists = ensure(body, area.groups.length, table ? "section" : "ul");
    area.groups.forEach((group, g) => {
      let list = lists[g];
      if (table) {
        let h = list.querySelector("h3");
        if (!h) {
          h = document.createElement("h3");
          list.appendChild(h);
          list.appendChild(document.createElement("ul"));
        }
        h.textContent = fill(W.word_n, { n: g + 1 });
        list = list.lastElementChild;
      }
      list.className = "items";
      list.dataset.area = area.name;
      const items = ensure(list, group.length, "li");
      group.forEach((item, i) => {
        const button = items[i].firstElementChild || items[i].appendChild(
          document.createElement("button"));
        const said = item.end ? [[fill(W.end_of_word, { n: g + 1 }), null]] : (item.spans || null);
        setButton(button, item, said);
        button.classList.toggle("end", !!item.end);
      });
    });
  }

  function renderGrid(body, area) {
    let table = body.querySelector("table");
    if (!table) {
      table = document.createElement("table");
      table.className = "board";
      const head = table.createTHead().insertRow();
      head.appendChild(document.createElement("td"));
      area.columns.forEach((name) => {
        const th = document.createElement("th");
        th.scope = "col";
        th.textContent = name;
        head.appendChild(th);
      });
      const tbody = table.createTBody();
      area.rows.forEach((row, r) => {
        const tr = tbody.insertRow();
        const th = document.createElement("th");
        th.scope = "row";
        th.textContent = String(r + 1);
        tr.appendChild(th);
        row.forEach(() => tr.insertCell().appendChild(document.createElement("button")));
      });
      table.addEventListener("keydown", boardKey);
      // The square last focused is the board's Tab stop, whatever the table's own cursor.
      table.addEventListener("focusin", (event) => {
        if (event.target.dataset.row === undefined) return;
        table.dataset.row = event.target.dataset.row;
        table.dataset.col = event.target.dataset.col;
      });
      body.appendChild(table);
    }
    let [cr, cc] = area.cursor;
    if (table.dataset.row !== undefined) [cr, cc] = [Number(table.dataset.row), Number(table.dataset.col)];
    area.rows.forEach((row, r) => {
      const cells = table.tBodies[0].rows[r].cells;
      row.forEach((item, c) => {
        const button = cells[c + 1].firstElementChild;
        button.dataset.row = r;
        button.dataset.col = c;
        const name = area.columns[c] + (r + 1) + ": ";
        const state = item.look && item.look.state ? [[", " + W["square_" + item.look.state], null]] : [];
        const said = !item.text ? [[name + W.empty, null]]
          : [[name + (item.joker ? W.joker + " " : ""), null], [item.text, page.word_lang], ...state];
        setButton(button, item, said, r === cr && c === cc);
      });
    });
  }

  function boardKey(event) {
    const moves = { ArrowUp: [-1, 0], ArrowDown: [1, 0], ArrowLeft: [0, -1], ArrowRight: [0, 1],
      Home: [0, -99], End: [0, 99] };
    const move = moves[event.key];
    const from = event.target;
    if (!move || from.dataset.row === undefined) return;
    event.preventDefault();
    const table = event.currentTarget;
    const rows = table.tBodies[0].rows;
    const r = Math.max(0, Math.min(rows.length - 1, Number(from.dataset.row) + move[0]));
    const width = rows[0].cells.length - 1;
    const c = Math.max(0, Math.min(width - 1, Number(from.dataset.col) + move[1]));
    const to = rows[r].cells[c + 1].firstElementChild;
    if (to === from) {
      play("edge");
      return;
    }
    from.tabIndex = -1;
    to.tabIndex = 0;
    to.focus();
  }

  function renderText(body, area) {
    const p = body.firstElementChild || body.appendChild(document.createElement("p"));
    if (p.textContent !== area.text) p.textContent = area.text;
  }

  function renderStatus() {
    let said;
    if (page.over) said = W.over;
    else if (page.hand_over) said = fill(W.hand_over, { name: page.name });
    else if (page.turn && page.shared) said = fill(W.turn_named, { name: page.name });
    else if (page.turn) said = W.turn_yours;
    else said = fill(W.turn_of, { names: page.awaiting.join(", ") });
    if (page.scores) {
      said += " " + page.scores.map((s) => fill(W.scores_line, s)).join(", ") + ".";
    }
    if ($("status").textContent !== said) $("status").textContent = said;
  }

  function render(next) {
    const focused = document.activeElement;
    const inAreas = $("areas").contains(focused) && focused.tagName === "BUTTON";
    const where = inAreas ? focusPlace(focused) : null;
    const before = inAreas ? JSON.stringify(spansOf.get(focused)) : "";
    page = next;
    document.title = page.title + " — " + W.title;
    renderStatus();
    const names = new Set();
    for (const area of page.areas) {
      names.add(area.name);
      const body = section(area.name);
      if (area.kind === "items") renderItems(body, area);
      else if (area.kind === "grid") renderGrid(body, area);
      else renderText(body, area);
    }
    for (const el of Array.from($("areas").children)) {
      if (!names.has(el.id.slice(5))) el.remove();
    }
    if (where && !document.body.contains(focused)) refocus(where);
    else if (inAreas && focused !== pressedButton && JSON.stringify(spansOf.get(focused)) !== before) {
      // What is under the focus changed (the table changed under it, not the player's own
      // press): the player hears what it is now.
      announce([[W.focus_now, null], ...spansOf.get(focused)], false);
    }
  }

  // Where the focused button was (its area, group and place), to come back near it when the
  // button itself is gone (the tile was played): the focus never jumps elsewhere.
  function focusPlace(button) {
    const area = button.closest(".area");
    const list = button.closest("ul");
    if (!list) return null; // a board's squares stay the same buttons
    const lists = Array.from(area.querySelectorAll("ul"));
    const li = button.parentElement;
    return { area: area.id, group: lists.indexOf(list), index: Array.from(list.children).indexOf(li),
      action: button.dataset.action === "1" };
  }

  // The focused button is gone. A card played: its neighbour in the same row. An action done
  // ("gotowe", "akceptuj"): the next move is typed or picked anew, so the command field,
  // and the player is told where they are.
  function refocus(where) {
    const area = document.getElementById(where.area);
    if (!area || where.action) {
      $("command").focus();
      announce([[W.focus_command, null]], false);
      return;
    }
    const lists = Array.from(area.querySelectorAll("ul"));
    const list = lists[Math.min(where.group, lists.length - 1)];
    const buttons = list ? Array.from(list.querySelectorAll("button")) : [];
    const button = buttons[Math.min(where.index, buttons.length - 1)];
    if (button) button.focus();
    else {
      const heading = area.querySelector("h2");
      heading.tabIndex = -1;
      heading.focus();
    }
  }

  // -- the connection ------------------------------------------------------------------------

  function send(message) {
    if (socket && socket.readyState === WebSocket.OPEN) socket.send(JSON.stringify(message));
  }

  function connect() {
    const scheme = location.protocol === "https:" ? "wss:" : "ws:";
    socket = new WebSocket(scheme + "//" + location.host + "/play/ws");
    socket.addEventListener("open", () => {
      send({ t: "hello", v: Number(document.body.dataset.protocol), code: token ? "" : code, token: token, lang: lang,
        verbosity: verbosity, cells: 0, status_cells: 0, hears: true });
    });
    socket.addEventListener("message", (event) => receive(JSON.parse(event.data)));
    socket.addEventListener("close", () => {
      socket = null;
      $("join-button").disabled = false; // never joined, or refused: the form may try again
      if (refused || ended || !token || (page && page.over)) return;
      announce([[W.lost, null]], true);
      const wait = BACKOFF[Math.min(attempt, BACKOFF.length - 1)];
      attempt += 1;
      setTimeout(connect, wait);
    });
  }

  function receive(message) {
    switch (message.t) {
      case "welcome":
        attempt = 0;
        token = message.token;
        if (!$("play").hidden) break;
        $("join").hidden = true;
        $("play").hidden = false;
        $("command").focus();
        announce([[W.joined, null]], false);
        break;
      case "refused":
        refused = true; // a person types the code again; the page does not try by itself
        announce([[message.text, null]], true);
        if (socket) socket.close();
        $("join-button").disabled = false;
        if ($("join").hidden) { // the seat was taken back (a new code): the form again
          token = "";
          $("play").hidden = true;
          $("join").hidden = false;
          $("code").value = "";
          $("code").focus();
        }
        break;
      case "closed":
        if (FINAL_CLOSES.has(message.code)) {
          // Said once; the page stays to be read, and stops trying to reconnect.
          ended = true;
          $("status").textContent = message.text;
        }
        announce([[message.text, null]], true);
        break;
      case "cue":
        play(message.name);
        pendingCue = message.name;
        return;
      case "say": {
        const urgent = !!message.urgent || URGENT_CUES.has(pendingCue);
        const spans = message.spans || [[message.text, null]];
        const mine = ownPart(message, spans);
        if (mine && page && mine.seat !== page.seat) {
          // Said before the page went to the next person, come after it: only its public
          // part is theirs to read.
          if (mine.public.length) announce(mine.public, urgent, null);
          break;
        }
        announce(spans, urgent, mine);
        break;
      }
      case "page":
        if (page && ((message.hand_over && !page.hand_over) || message.seat !== page.seat)) {
          forget();
        }
        render(message);
        break;
      case "stop": // a key was pressed at the seat: the page's own voice stops too
        if ($("self-voicing").checked && "speechSynthesis" in window) window.speechSynthesis.cancel();
        break;
      default:
        break;
    }
    pendingCue = null;
  }

  // -- the person's side -----------------------------------------------------------------------

  function join(event) {
    if (event) event.preventDefault();
    code = $("code").value.replace(/\D/g, "");
    verbosity = $("verbosity").value;
    setLanguage($("lang").value);
    refused = false;
    token = "";
    $("join-button").disabled = true;
    announce([[W.joining, null]], false);
    connect();
  }

  function typed(event) {
    event.preventDefault();
    const field = $("command");
    const line = field.value;
    field.value = "";
    send({ t: "line", text: line });
  }

  function pressed(event) {
    const button = event.target.closest("button[data-id]");
    if (!button || !page) return;
    pressedButton = button;
    send({ t: "route", page: page.page, item: Number(button.dataset.id) });
  }

  const REVIEW = { Digit1: "rack", Digit2: "table", Digit3: "scores", Digit4: "repeat",
    Digit5: "where" };

  function reviewKey(event) {
    if (!event.altKey || !event.shiftKey || event.ctrlKey || event.metaKey) return;
    if (event.code === "Digit0") {
      event.preventDefault();
      $("command").focus();
      return;
    }
    const what = REVIEW[event.code];
    if (!what || !page) return;
    event.preventDefault();
    send({ t: "line", text: page.review[what] });
  }

  function start() {
    setLanguage($("lang").value = lang);
    $("join-form").addEventListener("submit", join);
    $("command-form").addEventListener("submit", typed);
    $("areas").addEventListener("click", pressed);
    $("lang").addEventListener("change", () => setLanguage($("lang").value));
    document.addEventListener("keydown", reviewKey);
    window.addEventListener("resize", showNewest);
    // A shared browser: the page kept whole for Back and Forward (the back/forward cache)
    // would show the next person the last one's rack, news and name, and reconnect as them.
    // It leaves with nothing of the person on it, and comes back as a new page (fetched
    // again: nothing kept), at the code form.
    window.addEventListener("pagehide", (event) => {
      if (!event.persisted) return;
      for (const id of ["news", "areas", "polite", "assertive"]) $(id).replaceChildren();
      $("play").hidden = true;
    });
    window.addEventListener("pageshow", (event) => {
      if (event.persisted) location.reload();
    });
    document.addEventListener("focusin", (event) => {
      if (event.target !== pressedButton) pressedButton = null;
    });
    // A link with the code in it (…/play#482915 or ?code=482915) joins at once.
    const given = (location.hash.slice(1) || new URLSearchParams(location.search).get("code") || "")
      .replace(/\D/g, "");
    const chosen = new URLSearchParams(location.search).get("lang");
    if (chosen) setLanguage($("lang").value = chosen === "en" ? "en" : "pl");
    if (given) {
      // The code is the seat's key: out of the address bar and this page's history entry, so
      // the next person at a shared browser does not find it there (Back, the address bar;
      // a browser's list of visited pages may still hold the first address).
      history.replaceState(null, "", location.pathname + (chosen ? "?lang=" + encodeURIComponent(chosen) : ""));
    }
    if (given.length === 6) {
      $("code").value = given;
      join(null);
    }
  }

  start();
}());
