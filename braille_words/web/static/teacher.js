// The teacher's page, live: every table and seat from the server's snapshots (server-sent
// events), the controls posted back with the page's token. Plain script, no build step.
//
// The page is built once per table; later snapshots only change text and states in place,
// so the focus never moves and a screen reader is not sent back to the top. News (the
// table's, and what each control did) goes to the one polite live region.
"use strict";

(function () {
  const W = JSON.parse(document.getElementById("words").textContent);
  const TOKEN = document.querySelector('meta[name="page-token"]').content;
  const root = document.getElementById("tables");
  const news = document.getElementById("news");
  const linkState = document.getElementById("link-state");
  const built = new Map(); // table number -> its elements
  const waitingList = document.getElementById("waiting");
  const alerted = new Set(); // the guards' alerts already said
  let exercises = [];

  function say(sentence) {
    if (!sentence) return;
    const p = document.createElement("p");
    p.textContent = sentence;
    news.appendChild(p);
    while (news.childNodes.length > 20) news.removeChild(news.firstChild);
  }

  function fill(template, values) {
    return template.replace(/\{(\w+)\}/g, (_, k) => (k in values ? String(values[k]) : ""));
  }

  function el(tag, attrs, ...children) {
    const node = document.createElement(tag);
    for (const [k, v] of Object.entries(attrs || {})) {
      if (k === "text") node.textContent = v;
      else node.setAttribute(k, v);
    }
    for (const child of children) if (child) node.appendChild(child);
    return node;
  }


  // -- the board and the hands, drawn as the student's page draws them (cards.css) -----------
  // Not buttons: the teacher presses nothing here. Each card is a list item whose content is
  // what a screen reader reads (its name, the game's word or letter in its own language), its
  // print face drawn and hidden from the reader where the name says more.

  const PAGE_LANG = document.documentElement.lang;
  const LOOKS = ["suit", "kind", "column", "state"];

  function spansInto(node, spans) {
    for (const [text, lang] of spans) {
      node.appendChild(lang && lang !== PAGE_LANG ? el("span", { lang, text })
        : document.createTextNode(text));
    }
  }

  function card(item, tag, wordLang, more) {
    const node = el(tag, { class: "card" });
    const look = item.look || {};
    for (const name of LOOKS) if (look[name] !== undefined) node.dataset[name] = String(look[name]);
    const face = el("span", { class: "face", text: item.text || "·" });
    node.appendChild(face);
    if (!item.text) {
      node.classList.add("empty");
      face.setAttribute("aria-hidden", "true");
    } else if (item.spans) {
      face.setAttribute("aria-hidden", "true");
      if (look.value !== undefined) {
        node.appendChild(el("span", { class: "corner", "aria-hidden": "true", text: String(look.value) }));
      }
      const said = el("span", { class: "said" });
      spansInto(said, item.spans);
      node.appendChild(said);
    } else if (wordLang !== PAGE_LANG) {
      face.lang = wordLang;
    }
    if (item.text && more.length) {
      const said = el("span", { class: "said" });
      spansInto(said, more);
      node.appendChild(said);
    }
    return node;
  }

  function drawItems(group, name, wordLang) {
    const list = el("ul", { class: "items", "data-area": name });
    for (const item of group) {
      if (!item.end) list.appendChild(el("li", {}, card(item, "span", wordLang, [])));
    }
    return list;
  }

  function drawBoard(area, headingId, wordLang) {
    const table = el("table", { class: "board", "aria-labelledby": headingId });
    const head = table.createTHead().insertRow();
    head.appendChild(el("td", {}));
    for (const name of area.columns) head.appendChild(el("th", { scope: "col", text: name }));
    const body = table.createTBody();
    area.rows.forEach((row, r) => {
      const tr = body.insertRow();
      tr.appendChild(el("th", { scope: "row", text: String(r + 1) }));
      for (const square of row) {
        const state = square.look && square.look.state;
        const more = [...(square.joker ? [[` (${W.joker})`, null]] : []),
                      ...(state ? [[`, ${W["square_" + state]}`, null]] : [])];
        tr.insertCell().appendChild(card(square, "span", wordLang, more));
      }
    });
    return table;
  }

  // ``areas`` drawn into ``holder`` under headings of ``level``; drawn anew only when they
  // changed (nothing in them takes the focus).
  function drawAreas(holder, areas, wordLang, level, idBase) {
    const key = JSON.stringify(areas);
    if (holder.dataset.key === key) return;
    holder.dataset.key = key;
    holder.replaceChildren(...areas.map((area) => {
      const headingId = `${idBase}-${area.name}`;
      const part = el("div", { class: `drawn drawn-${area.name}` });
      part.appendChild(el(level, { id: headingId, text: W[`drawn_${area.name}`] || area.name }));
      if (area.kind === "grid") {
        part.appendChild(drawBoard(area, headingId, wordLang));
      } else if (area.name === "table") {
        const words = el("ol", { class: "words", "aria-labelledby": headingId });
        for (const group of area.groups) words.appendChild(el("li", {}, drawItems(group, area.name, wordLang)));
        part.appendChild(words);
      } else {
        for (const group of area.groups) part.appendChild(drawItems(group, area.name, wordLang));
      }
      return part;
    }));
  }

  async function control(number, body) {
    let answer;
    try {
      const response = await fetch(`api/tables/${number}/control`, {
        method: "POST",
        headers: { "Content-Type": "application/json", "X-Page-Token": TOKEN },
        body: JSON.stringify(body),
        credentials: "same-origin",
      });
      answer = await response.json();
    } catch (e) {
      answer = { said: W.reconnecting };
    }
    say(answer.said);
  }

  // The end of the lesson: every table at once, after the teacher confirms.
  document.getElementById("end-lesson").addEventListener("click", async () => {
    if (!window.confirm(W.end_lesson_confirm)) return;
    let answer;
    try {
      const response = await fetch("api/lesson/end", {
        method: "POST",
        headers: { "Content-Type": "application/json", "X-Page-Token": TOKEN },
        body: "{}",
        credentials: "same-origin",
      });
      answer = await response.json();
    } catch (e) {
      answer = { said: W.reconnecting };
    }
    say(answer.said);
  });

  function button(label, onClick, attrs) {
    const b = el("button", Object.assign({ type: "button" }, attrs || {}));
    b.textContent = label;
    b.addEventListener("click", onClick);
    return b;
  }

  function buildTable(t) {
    const n = t.number;
    const id = `table-${n}`;
    const heading = el("h2", { id: `${id}-heading` });
    const status = el("p", { id: `${id}-status`, class: "status" });
    const section = el("section", { class: "table", "aria-labelledby": `${id}-heading`, id });
    section.appendChild(heading);
    section.appendChild(status);

    // Controls of the whole table.
    const controls = el("div", { role: "group", "aria-labelledby": `${id}-heading ${id}-controls-heading`,
                                 class: "controls" });
    controls.appendChild(el("h3", { id: `${id}-controls-heading`, text: W.controls }));
    const pause = button(W.pause, () => control(n, { action: "pause" }), { id: `${id}-pause` });
    const goOn = button(W.go_on, () => control(n, { action: "go_on" }), { id: `${id}-go-on` });
    controls.append(
      pause, goOn,
      button(W.more_time, () => control(n, { action: "more_time" }), { id: `${id}-more-time` }),
      button(W.skip, () => control(n, { action: "skip" }), { id: `${id}-skip` }),
      button(W.rule_yes, () => control(n, { action: "rule", stands: true }),
             { id: `${id}-rule-yes` }),
      button(W.rule_no, () => control(n, { action: "rule", stands: false }),
             { id: `${id}-rule-no` }),
      button(W.undo, () => control(n, { action: "undo" }), { id: `${id}-undo` }),
      // One press must not end every student's game: the teacher confirms first.
      button(W.end, () => { if (window.confirm(W.end_confirm)) control(n, { action: "end" }); },
        { id: `${id}-end` }),
    );
    section.appendChild(controls);

    // A message to one seat or all.
    const form = el("form", { class: "message", "aria-labelledby": `${id}-heading ${id}-message-heading` });
    form.appendChild(el("h3", { id: `${id}-message-heading`, text: W.message }));
    const text = el("input", { id: `${id}-message`, type: "text", maxlength: "300",
                               autocomplete: "off" });
    const to = el("select", { id: `${id}-to` });
    form.append(
      el("label", { for: `${id}-message`, text: W.message }), text,
      el("label", { for: `${id}-to`, text: W.to }), to,
      el("button", { type: "submit", id: `${id}-send`, text: W.send }),
    );
    form.addEventListener("submit", (event) => {
      event.preventDefault();
      const seat = to.value === "" ? null : Number(to.value);
      control(n, { action: "say", message: text.value, seat }).then(() => {
        text.value = "";
      });
    });
    section.appendChild(form);

    // The next game: an exercise or a fresh deal (not at a network table: the host keeps
    // its game for the students connected to it).
    let from = null;
    if (t.starts_next) {
      const next = el("form", { class: "next", "aria-labelledby": `${id}-heading ${id}-next-heading` });
      next.appendChild(el("h3", { id: `${id}-next-heading`, text: W.next_game }));
      from = el("select", { id: `${id}-exercise` });
      next.append(el("label", { for: `${id}-exercise`, text: W.exercise }), from,
                  el("button", { type: "submit", id: `${id}-start`, text: W.start }));
      next.addEventListener("submit", (event) => {
        event.preventDefault();
        control(n, { action: "next", exercise: from.value });
      });
      section.appendChild(next);
    }

    const drawn = el("div", { class: "table-drawn" });
    section.appendChild(drawn);
    section.appendChild(el("h3", { text: W.seats }));
    const seats = el("div", { class: "seats" });
    section.appendChild(seats);
    root.appendChild(section);
    const parts = { section, heading, status, pause, goOn, to, from, drawn, seats, seatParts: [],
                    lastNews: t.news, lastTurn: "" };
    built.set(n, parts);
    return parts;
  }

  function buildSeat(parts, n, s) {
    const id = `table-${n}-seat-${s.seat}`;
    const article = el("article", { class: "seat", "aria-labelledby": `${id}-name`, id });
    const name = el("h4", { id: `${id}-name` });
    // What the teacher must see to at this seat (its keyboard cannot be used…): shown here
    // while it lasts, and said once in the news when it starts.
    const alert = el("p", { class: "alert", id: `${id}-alert`, hidden: "" });
    const facts = el("dl", {});
    const hand = el("div", { class: "hand" });
    const display = el("div", { class: "display" });
    // A network seat's display and sentences are what the student's computer reported:
    // said so on the page (a student's program could report anything).
    const reported = el("p", { class: "reported", id: `${id}-reported` });
    const heard = el("ol", { class: "heard", "aria-labelledby": `${id}-heard`,
                             "aria-describedby": `${id}-reported` });
    const lines = el("dl", { class: "lines" });
    const give = button("", () => control(n, {
      action: article.dataset.kind === "computer" ? "person" : "computer", seat: s.seat }),
      { id: `${id}-give` });
    // Now if the seat is moving, else on its next turn (the table says which).
    const moreTime = button("", () => control(n, { action: "more_time", seat: s.seat }),
                            { id: `${id}-more-time` });
    // Another student sits here from now on: the report credits each with their own moves.
    const replace = el("form", { class: "replace" });
    const replaceLabel = el("label", { for: `${id}-new-name` });
    const newName = el("input", { id: `${id}-new-name`, type: "text", maxlength: "60",
                                  autocomplete: "off" });
    replace.append(replaceLabel, newName,
                   el("button", { type: "submit", id: `${id}-replace`, text: W.replace }));
    replace.addEventListener("submit", (event) => {
      event.preventDefault();
      control(n, { action: "replace", seat: s.seat, name: newName.value }).then(() => {
        newName.value = "";
      });
    });
    article.append(
      name, alert, facts, hand, reported,
      el("h5", { text: W.display }), display,
      el("h5", { id: `${id}-heard`, text: W.heard }), heard,
      el("h5", { text: W.lines }), lines,
      give, moreTime, replace,
    );
    parts.seats.appendChild(article);
    const seat = { article, name, alert, facts, hand, reported, display, heard, lines, give,
                   moreTime, replace, replaceLabel, id };
    parts.seatParts.push(seat);
    return seat;
  }

  function setFacts(dl, pairs) {
    dl.replaceChildren();
    for (const [k, v, lang] of pairs) {
      dl.appendChild(el("dt", { text: k }));
      const dd = el("dd", { text: v });
      if (lang) dd.setAttribute("lang", lang);
      dl.appendChild(dd);
    }
  }

  function setOptions(select, options) {
    const want = JSON.stringify(options);
    if (select.dataset.options === want) return;
    const chosen = select.value;
    select.replaceChildren(...options.map(([value, label]) => {
      const o = el("option", { value, text: label });
      return o;
    }));
    if (options.some(([value]) => value === chosen)) select.value = chosen;
    select.dataset.options = want;
  }

  function showSeat(seat, n, s) {
    seat.article.dataset.kind = s.kind;
    seat.name.textContent = s.name + (s.turn ? ` — ${W.whose_turn}` : "");
    const alert = s.alert || "";
    if (seat.alert.textContent !== alert) {
      seat.alert.textContent = alert;
      seat.alert.hidden = !alert;
      if (alert) say(alert);
    }
    const pairs = [
      [W.connected, s.connected ? W.yes : W.no],
      ...(s.code ? [[W.join_code, s.code]] : []),
      [W.kind, s.kind === "computer" ? W.computer : W.human],
      [W.whose_turn, s.turn ? W.yes : W.no],
      [W.score, s.score === null ? "—" : String(s.score)],
      [W.rack, s.rack || "—", s.word_lang || s.lang], // the game's words: lang="en" in English
    ];
    if (s.clock !== null) pairs.push([fill(W.clock, { s: s.clock }), ""]);
    setFacts(seat.facts, pairs);
    drawAreas(seat.hand, s.areas || [], s.word_lang, "h5", `${seat.id}-drawn`);
    seat.reported.textContent = s.network ? W.reported : "";
    seat.reported.hidden = !s.network;
    seat.display.replaceChildren();
    if (s.display.attached) {
      seat.display.append(
        el("p", { class: "braille", text: `${W.braille}: ${s.display.braille || "—"}` }),
        el("p", { text: `${W.print}: ${s.display.print || "—"}`, lang: s.lang }),
      );
    } else {
      seat.display.append(el("p", { text: W.no_display }));
    }
    seat.heard.replaceChildren(...s.heard.map((line) => el("li", { text: line, lang: s.lang })));
    setFacts(seat.lines, s.lines.filter((l) => l.braille).map((l) => [
      (W[`line_${l.name}`] || l.name) + (l.row ? ` ${l.row}` : ""),
      `${l.braille} — ${l.print || "—"}`, l.lang || s.lang]));
    const label = fill(s.kind === "computer" ? W.give_person : W.give_computer, { name: s.name });
    if (seat.give.textContent !== label) seat.give.textContent = label;
    const more = fill(W.more_time_for, { name: s.name });
    if (seat.moreTime.textContent !== more) seat.moreTime.textContent = more;
    const another = fill(W.replace_label, { name: s.name });
    if (seat.replaceLabel.textContent !== another) seat.replaceLabel.textContent = another;
    // The computer's own seat: no student sits there ("Posadź" was offered, then refused).
    seat.replace.hidden = s.seatable === false;
  }

  function showTable(t) {
    const parts = built.get(t.number) || buildTable(t);
    const n = t.number;
    parts.heading.textContent = `${fill(W.table, { n })}: ${t.title}`;
    const awaited = t.awaiting.map((i) => t.seats[i].name).join(", ");
    const bits = [fill(W.turn_of, { names: awaited || "—" }), fill(W.moves, { n: t.moves })];
    if (t.clock !== null) bits.push(fill(W.clock, { s: t.clock }));
    if (t.paused) bits.push(W.paused);
    if (t.over) bits.push(W.over);
    parts.status.textContent = bits.join("; ");
    parts.pause.setAttribute("aria-pressed", t.paused ? "true" : "false");
    const wordLang = t.seats.length ? t.seats[0].word_lang : PAGE_LANG;
    drawAreas(parts.drawn, t.areas || [], wordLang, "h3", `table-${n}-drawn`);
    setOptions(parts.to, [["", W.everyone], ...t.seats.map((s) => [String(s.seat), s.name])]);
    if (parts.from) {
      setOptions(parts.from, [["", W.fresh_deal],
                              ...(t.takes_position ? exercises.map((e) => [e, e]) : [])]);
    }
    if (parts.seatParts.length !== t.seats.length) {
      parts.seats.replaceChildren();
      parts.seatParts = [];
    }
    t.seats.forEach((s, i) => {
      const seat = parts.seatParts[i] || buildSeat(parts, n, s);
      showSeat(seat, n, s);
    });
    if (parts.journal !== undefined && t.journal !== parts.journal) {
      say(fill(W.new_game, { n, title: t.title }));
    }
    parts.journal = t.journal;
    if (t.news && t.news !== parts.lastNews) say(t.news);
    parts.lastNews = t.news;
    const turn = fill(W.turn_of, { names: awaited });
    if (awaited && turn !== parts.lastTurn && !t.news) say(turn);
    parts.lastTurn = turn;
  }

  async function lift(address) {
    let answer;
    try {
      const response = await fetch("api/lift", {
        method: "POST",
        headers: { "Content-Type": "application/json", "X-Page-Token": TOKEN },
        body: JSON.stringify({ address }),
        credentials: "same-origin",
      });
      answer = await response.json();
    } catch (e) {
      answer = { said: W.reconnecting };
    }
    say(answer.said);
  }

  // Wrong codes and passwords, clients let go: said once each; the addresses that wait now,
  // each with its button (kept while the address waits, so the focus stays on it).
  function showGuard(snapshot) {
    for (const alert of snapshot.alerts || []) {
      if (alerted.has(alert.id)) continue;
      alerted.add(alert.id);
      say(alert.text);
    }
    const waiting = snapshot.waiting || [];
    const wanted = new Set(waiting.map((w) => w.address));
    for (const li of Array.from(waitingList.children)) {
      if (!wanted.has(li.dataset.address)) li.remove();
    }
    for (const w of waiting) {
      let li = Array.from(waitingList.children).find((x) => x.dataset.address === w.address);
      if (!li) {
        li = el("li", {});
        li.dataset.address = w.address;
        li.appendChild(button("", () => lift(w.address)));
        waitingList.appendChild(li);
      }
      const label = fill(W.lift, { address: w.address, s: w.seconds });
      if (li.firstChild.textContent !== label) li.firstChild.textContent = label;
    }
    if (!waiting.length && !waitingList.children.length) {
      waitingList.appendChild(el("li", { text: W.nobody_waits }));
    } else if (waiting.length) {
      for (const li of Array.from(waitingList.children)) if (!li.dataset.address) li.remove();
    }
  }

  function show(snapshot) {
    exercises = snapshot.exercises || [];
    showGuard(snapshot);
    for (const t of snapshot.tables) showTable(t);
    document.body.dataset.moves = snapshot.tables.map((t) => t.moves).join(",");
  }

  show(JSON.parse(document.getElementById("first-snapshot").textContent));

  // The program closed (the teacher pressed Enter after the game, or the game ended and
  // the program with it): said once, and the page stops trying to reconnect; it stays to be
  // read, with the reports already open.
  let allOver = false;
  let closed = false;
  function programClosed(stream) {
    stream.close();
    if (closed) return;
    closed = true;
    linkState.textContent = W.closed;
    say(W.closed);
  }

  function listen() {
    const stream = new EventSource("events");
    stream.onopen = () => { linkState.textContent = W.live; };
    stream.onmessage = (event) => {
      const snapshot = JSON.parse(event.data);
      allOver = snapshot.tables.length > 0 && snapshot.tables.every((t) => t.over);
      show(snapshot);
    };
    stream.addEventListener("closed", () => programClosed(stream));
    // Logged out (here, in another tab, or idle too long): nothing of the class stays shown.
    stream.addEventListener("loggedout", () => { stream.close(); location.replace("login"); });
    stream.onerror = () => {
      if (allOver) programClosed(stream); // every game is over: nothing comes back
      else linkState.textContent = W.reconnecting;
    };
  }
  listen();
})();
