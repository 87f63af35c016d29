// stich serve: the page. Draws the seat's state (GET api/state, then Server-Sent Events) and turns
// taps into entries of the stich live language (POST api/entry). Nothing is fetched from elsewhere.
"use strict";

const boot = JSON.parse(document.getElementById("boot").textContent);
const token = new URLSearchParams(location.search).get("token") || "";
const $ = (id) => document.getElementById(id);
let current = null; // the state drawn
let busy = false; // an entry on its way
const composing = {}; // compose group key -> list of chosen words per part

function el(tag, cls, text) {
  const node = document.createElement(tag);
  if (cls) node.className = cls;
  if (text !== undefined && text !== null) node.textContent = text;
  return node;
}

function shown(code) {
  return boot.deck.shown[code] || code; // the card as the game writes it (K♣, R7, Z1)
}

function cardNode(code, cls) {
  const node = el("span", "card " + (cls || ""));
  node.innerHTML = boot.cards[code] || ""; // the server's own SVG of the card
  node.dataset.card = code;
  node.title = shown(code);
  const svg = node.querySelector("svg");
  if (svg) svg.setAttribute("aria-label", shown(code));
  if (!boot.cards[code]) node.textContent = shown(code);
  return node;
}

// -- the deck as a grid of compact taps -----------------------------------------------------
// A row (two where the suit is long) per suit, each card its rank in the game's colours, so that
// a whole deck (60 cards at most) fits on a phone's first screen with taps of 40 × 40 px or more.

const TAP = 42; // px: the narrowest tap (the buttons' borders included)
const GAP = 4;

function chip(code, cls) {
  // A card as a compact label in its colours: the rank on its colour, or rank and suit symbol.
  const face = boot.deck.faces[code] || { label: code, fill: "#fff", ink: "#111" };
  const node = el("span", "chip " + (cls || ""), face.label);
  node.style.background = face.fill;
  node.style.color = face.ink;
  node.dataset.card = code;
  node.title = shown(code);
  return node;
}

function deckGrid(opts) {
  // opts.only: the cards to show (default the whole deck); opts.look(code): {lit, chosen, best,
  // order}; opts.tap(code): what a tap does. A card not lit is dimmed and still taps.
  const grid = el("div", "deck");
  const width = $("choices").clientWidth || document.documentElement.clientWidth - 20;
  // A few cards (one's hand to give from) in one flow; the deck a row (or two) per suit.
  const rows = opts.only
    ? [boot.deck.rows.flatMap((row) => row.cards.filter((c) => opts.only.includes(c)))]
    : boot.deck.rows.map((row) => row.cards);
  const longest = Math.max(1, ...rows.map((cards) => cards.length));
  const fit = Math.max(1, Math.floor((width + GAP) / (TAP + GAP)));
  const columns = Math.ceil(longest / Math.ceil(longest / fit));
  rows.forEach((cards) => {
    const row = el("div", "deck-row");
    row.style.gridTemplateColumns = `repeat(${columns}, minmax(0, 1fr))`;
    cards.forEach((code) => {
      const look = opts.look(code);
      const face = boot.deck.faces[code];
      const button = el("button", "tap deck-card", face.label);
      button.type = "button";
      button.style.background = face.fill;
      button.style.color = face.ink;
      button.dataset.card = code;
      button.dataset.word = code;
      button.setAttribute("aria-label", shown(code));
      if (!look.lit) button.classList.add("dim");
      if (look.chosen) button.classList.add("chosen");
      if (look.best) button.classList.add("best");
      if (look.entry) button.dataset.entry = look.entry;
      if (look.order) button.appendChild(el("span", "order", String(look.order)));
      button.addEventListener("click", () => opts.tap(code));
      row.appendChild(button);
    });
    grid.appendChild(row);
  });
  return grid;
}

function tapCard(code, entry, opts) {
  const button = el("button", "tap card-tap");
  button.type = "button";
  button.appendChild(cardNode(code));
  if (opts && opts.label && opts.label !== code) button.appendChild(el("span", "decl", opts.label.replace(code, "").trim()));
  if (opts && opts.best) {
    button.classList.add("best");
    button.appendChild(el("span", "star", "★ best"));
  }
  if (opts && opts.legal === false) {
    button.classList.add("dim");
    button.disabled = true;
  }
  button.dataset.entry = entry;
  button.setAttribute("aria-label", entry);
  button.addEventListener("click", () => send(entry));
  return button;
}

function tapButton(label, entry, best) {
  const button = el("button", "tap word" + (best ? " best" : ""), label);
  button.type = "button";
  button.dataset.entry = entry;
  button.addEventListener("click", () => send(entry));
  return button;
}

// -- talking to the server ----------------------------------------------------------------

async function send(entry) {
  if (busy) return;
  busy = true;
  document.body.classList.add("busy");
  try {
    const answer = await fetch("api/entry", {
      method: "POST",
      headers: { "Content-Type": "application/json", "X-Stich-Token": token },
      body: JSON.stringify({ entry: entry }),
    });
    const data = await answer.json();
    if (data.accepted) {
      refused("");
      Object.keys(composing).forEach((k) => delete composing[k]);
      ways = null;
      if (data.message) news(data.message);
    } else {
      refused(data.message || "refused");
    }
    if (data.state) draw(data.state, true);
  } catch (err) {
    refused("no answer from the server: " + err);
  } finally {
    busy = false;
    document.body.classList.remove("busy");
  }
}

function refused(text) {
  const box = $("refused");
  box.textContent = text;
  box.hidden = !text;
}

function news(text) {
  const box = $("news");
  box.textContent = "";
  text.split("\n").forEach((line) => box.appendChild(el("div", "line", line)));
}

async function load() {
  try {
    const answer = await fetch("api/state", { headers: { "X-Stich-Token": token } });
    if (answer.ok) draw(await answer.json(), true);
    else refused(await answer.text());
  } catch (err) {
    refused("no answer from the server: " + err); // the stream, listening again, brings the state
  }
}

let source = null; // the event stream, open while the page is shown

function listen() {
  if (source) return;
  source = new EventSource("api/events?token=" + encodeURIComponent(token));
  source.addEventListener("state", (event) => {
    draw(JSON.parse(event.data), false);
    document.body.dataset.stream = "open";
  });
}

document.addEventListener("visibilitychange", () => {
  // A hidden page (a phone put away) lets its stream go; shown again it asks for the state at
  // once and listens again, so that what was entered meanwhile on another device is there.
  if (document.hidden) {
    if (source) source.close();
    source = null;
    document.body.dataset.stream = "closed";
  } else {
    load().then(listen);
  }
});

// -- drawing ----------------------------------------------------------------------------

function draw(state, force) {
  if (current && !force && state.version < current.version) return;
  const changed = !current || current.version !== state.version;
  current = state;
  if (changed && state.message) news(state.message);
  const name = (seat) => state.players[seat];
  $("round").textContent = state.over ? "game over" : `round ${state.round} · ${name(state.dealer)} deals`;
  drawTurn(state, name);
  drawAdvice(state);
  drawFacts(state, name);
  drawTrick(state, name);
  drawLayout(state);
  drawHand(state);
  drawChoices(state, name);
  drawDeduction(state, name);
  drawScores(state, name);
  drawReviewOffer(state);
  if (reviewing) drawReview(state);
  document.body.dataset.phase = state.phase;
  document.body.dataset.version = String(state.version);
}

function drawTurn(state, name) {
  const box = $("turn");
  box.textContent = "";
  let text;
  if (state.over) text = `the game is over; winner: ${state.winners.join(" and ") || "nobody"}`;
  else if (state.phase === "setup") text = state.status[state.status.length - 1];
  else if (state.mover === null) text = "the round is over";
  else if (state.my_turn) text = `your turn (${state.phase})`;
  else text = `${name(state.mover)} to move (${state.phase})`;
  box.appendChild(el("div", state.my_turn ? "you" : "them", text));
}

function drawAdvice(state) {
  const box = $("advice");
  const advice = state.advice;
  box.textContent = "";
  box.hidden = !advice && !state.my_turn;
  if (!advice) {
    if (state.my_turn) box.appendChild(tapButton("advice, please", "hint", false));
    return;
  }
  box.dataset.status = advice.status;
  if (advice.status !== "ready") {
    box.appendChild(el("div", "thinking", advice.text));
    return;
  }
  const head = el("div", "best-line");
  head.appendChild(el("b", null, "advice: " + advice.label));
  box.appendChild(head);
  const more = el("details");
  more.appendChild(el("summary", null, "why, and the alternatives"));
  more.appendChild(el("p", "reason", advice.reason));
  const table = el("table", "alternatives");
  const top = el("tr");
  ["choice", advice.shown_name || advice.value_name, ...(advice.figure_names || [])].forEach((t) =>
    top.appendChild(el("th", null, t)),
  );
  table.appendChild(top);
  advice.alternatives.forEach((alt) => {
    const row = el("tr");
    row.appendChild(el("td", null, alt.label));
    const value = alt.shown_value ?? alt.value; // 24: your score, lower is better
    row.appendChild(el("td", "num", `${value.toFixed(2)} ± ${alt.stderr.toFixed(2)}`));
    (alt.figures || []).forEach((f) => row.appendChild(el("td", "num", f))); // p_win beside the points
    table.appendChild(row);
  });
  more.appendChild(table);
  more.appendChild(el("p", "small", `${advice.worlds} worlds in ${advice.seconds} s`));
  box.appendChild(more);
}

function drawFacts(state, name) {
  // What the table shows besides the trick: the trump, the secret when the seat knows it, tasks.
  const box = $("facts");
  box.textContent = "";
  const view = state.view || {};
  if (view.trump_card) {
    const row = el("div", "fact", "turned for trump: ");
    row.appendChild(cardNode(view.trump_card, "mini"));
    box.appendChild(row);
  } else if (view.trump !== undefined && view.trump !== null) {
    const order = view.order ? `, order ${view.order}` : "";
    box.appendChild(el("div", "fact", `trump: ${view.trump}${view.blind ? " (blind)" : ""}${order}`));
  }
  if (view.secret) box.appendChild(el("div", "fact", "the secret: " + Object.values(view.secret).map((v) => (v === null ? "none" : v)).join(" / ")));
  if (view.tasks && Object.keys(view.tasks).length) {
    const tasks = Object.entries(view.tasks).map(([s, t]) => `${name(Number(s))} ${t}`);
    box.appendChild(el("div", "fact", "tasks: " + tasks.join(", ")));
  }
  if (view.confidant !== undefined && view.confidant !== null) box.appendChild(el("div", "fact", `confidant: ${name(view.confidant)}`));
}

function drawTrick(state, name) {
  const box = $("trick");
  box.textContent = "";
  let plays = state.trick;
  let caption = plays.length ? `trick ${state.tricks.length + 1}` : "";
  if (!plays.length && state.tricks.length) {
    const last = state.tricks[state.tricks.length - 1];
    plays = last.seats.map((s, k) => ({ seat: s, card: last.cards[k] }));
    caption = `trick ${state.tricks.length}: ${name(last.winner)} wins`;
  }
  if (!plays.length) return;
  box.appendChild(el("div", "caption", caption));
  const row = el("div", "cards trick-cards");
  plays.forEach((p) => {
    const spot = el("div", "played");
    spot.appendChild(cardNode(p.card));
    spot.appendChild(el("div", "who", name(p.seat)));
    row.appendChild(spot);
  });
  box.appendChild(row);
}

function drawLayout(state) {
  // Was sticht?'s draft: the layout as its grid, a column a card wide, four cards high.
  const box = $("layout");
  box.textContent = "";
  const view = state.view || {};
  if (!view.layout || !view.layout.length) return;
  const picks = {};
  state.choices.filter((g) => g.verb === "pick").forEach((g) => g.items.forEach((i) => (picks[i.card] = i)));
  box.appendChild(el("div", "caption", `the layout · column ${view.column}`));
  const grid = el("div", "layout-grid");
  for (let c = 1; c < view.column && c < 9; c++) grid.appendChild(el("div", "layout-column gone"));
  view.layout.forEach((column, c) => {
    const col = el("div", "layout-column" + (c === 0 ? " now" : ""));
    column.forEach((code) => {
      const item = picks[code];
      col.appendChild(item ? tapCard(code, item.entry, item) : cardNode(code, "still"));
    });
    grid.appendChild(col);
  });
  box.appendChild(grid);
}

function drawHand(state) {
  const box = $("hand");
  box.textContent = "";
  const own = state.choices.find((g) => g.verb === "play" && state.my_turn);
  if (own) {
    own.items.forEach((i) => box.appendChild(tapCard(i.card, i.entry, i)));
  } else {
    (state.hand || []).forEach((code) => box.appendChild(chip(code, "held")));
  }
  $("hand-area").hidden = !(state.hand || []).length && !own;
}

function drawChoices(state, name) {
  const box = $("choices");
  box.textContent = "";
  state.choices.forEach((group) => {
    if (group.verb === "pick" && (state.view || {}).layout) return; // tapped in the layout
    if (group.verb === "play" && state.my_turn) return; // tapped in the hand
    const section = el("div", "group group-" + group.kind);
    const who = state.mover !== null && !state.my_turn && group.kind !== "compose" ? name(state.mover) + ": " : "";
    section.appendChild(el("h2", null, who + group.title));
    if (group.kind === "compose") {
      drawCompose(section, group, `${group.prefix}:${group.title}`);
    } else if (group.kind === "cards" && group.grid) {
      drawCardGroup(section, group);
    } else {
      const row = el("div", group.kind === "cards" ? "cards" : "words" + (group.verb === "bid" ? " numbers" : ""));
      group.items.forEach((i) => row.appendChild(i.card ? tapCard(i.card, i.entry, i) : tapButton(i.label, i.entry, i.best)));
      section.appendChild(row);
    }
    box.appendChild(section);
  });
}

let ways = null; // the card whose several entries (a 1 reversing or not) are open for a choice

function drawCardGroup(section, group) {
  // Another seat's play, the turned card: the whole deck, the cards the deduction still allows
  // lit, the others dimmed (a tap on one is entered all the same, and the rules answer).
  const byCard = {};
  group.items.filter((i) => i.card).forEach((i) => (byCard[i.card] = byCard[i.card] || []).push(i));
  const redraw = () => {
    section.querySelectorAll(".deck, .ways").forEach((n) => n.remove());
    fill();
  };
  const fill = () => {
    const grid = deckGrid({
      look: (code) => {
        const items = byCard[code] || [];
        return {
          lit: items.length > 0,
          best: items.some((i) => i.best),
          chosen: ways === code,
          entry: items.length === 1 ? items[0].entry : items.length ? null : `${group.prefix} ${code}`,
        };
      },
      tap: (code) => {
        const items = byCard[code] || [];
        if (items.length > 1) {
          ways = ways === code ? null : code;
          redraw();
        } else send(items.length ? items[0].entry : `${group.prefix} ${code}`);
      },
    });
    section.insertBefore(grid, section.querySelector(".words"));
    if (ways && byCard[ways]) {
      const row = el("div", "words ways");
      byCard[ways].forEach((i) => row.appendChild(tapButton(i.label.replace(ways, shown(ways)), i.entry, i.best)));
      section.insertBefore(row, grid.nextSibling);
    }
  };
  const others = el("div", "words");
  group.items.filter((i) => !i.card).forEach((i) => others.appendChild(tapButton(i.label, i.entry, i.best)));
  section.appendChild(others);
  fill();
}

function drawCompose(section, group, key) {
  const chosen = (composing[key] = composing[key] || group.parts.map(() => []));
  const redraw = () => {
    section.textContent = "";
    section.appendChild(el("h2", null, group.title));
    drawCompose(section, group, key);
  };
  // The advised entry's words marked in the parts (a guess, one's exchange).
  const advice = current && current.advice;
  const advised = advice && advice.status === "ready" ? advice.entry.split(" ") : [];
  const marked = advised[0] === group.prefix ? advised.slice(1) : [];
  group.parts.forEach((part, p) => {
    const need = part.count === "same" ? chosen[p - 1].length : part.count;
    const cap = need || part.max;
    const label = el("div", "part-label", part.label + (cap ? ` (${chosen[p].length} of ${cap})` : ` (${chosen[p].length})`));
    if (part.cards) {
      // The chosen cards apart, in order, beside the part's name (a tap takes one back); then
      // the grid to choose from.
      const picked = el("div", "picked cards-picked");
      picked.appendChild(label);
      picked.dataset.chosen = String(p);
      chosen[p].forEach((code) => {
        const back = el("button", "tap word chosen", shown(code) + " ×");
        back.type = "button";
        back.dataset.word = code;
        back.addEventListener("click", () => {
          chosen[p].splice(chosen[p].indexOf(code), 1);
          redraw();
        });
        picked.appendChild(back);
      });
      section.appendChild(picked);
      picked.scrollLeft = picked.scrollWidth; // the last one chosen in sight
      const grid = deckGrid({
        only: part.grid ? null : part.options,
        look: (code) => ({
          lit: part.options.includes(code),
          chosen: chosen[p].includes(code),
          order: chosen[p].includes(code) ? chosen[p].indexOf(code) + 1 : 0,
          best: marked.includes(code) && !part.word,
        }),
        tap: (code) => {
          const list = chosen[p];
          if (list.includes(code)) list.splice(list.indexOf(code), 1);
          else if (cap === 1) list.splice(0, list.length, code);
          else if (!cap || list.length < cap) list.push(code);
          redraw();
        },
      });
      grid.dataset.part = String(p);
      section.appendChild(grid);
      return;
    }
    section.appendChild(label);
    const row = el("div", "words");
    row.dataset.part = String(p);
    part.options.forEach((word, w) => {
      const taken = chosen[p].includes(word);
      const free = part.options.includes(word);
      const button = el("button", "tap word" + (taken ? " chosen" : ""));
      button.type = "button";
      button.textContent = part.labels ? part.labels[w] : word;
      button.disabled = !free;
      button.dataset.word = word;
      if (marked.includes(word) && !part.word) button.classList.add("best");
      button.addEventListener("click", () => {
        const list = chosen[p];
        if (part.repeat) list.push(word);
        else if (taken) list.splice(list.indexOf(word), 1);
        else if (need === 1) list.splice(0, list.length, word);
        else if (!need || list.length < need) list.push(word);
        if (part.repeat && need && list.length > need) list.shift();
        redraw();
      });
      row.appendChild(button);
    });
    section.appendChild(row);
    if (part.repeat && chosen[p].length) {
      const picked = el("div", "picked");
      chosen[p].forEach((word, k) => {
        const chip = el("button", "tap word chosen", word + " ×");
        chip.type = "button";
        chip.addEventListener("click", () => {
          chosen[p].splice(k, 1);
          redraw();
        });
        picked.appendChild(chip);
      });
      section.appendChild(picked);
    }
  });
  const words = [group.prefix];
  let ready = true;
  group.parts.forEach((part, p) => {
    const need = part.count === "same" ? chosen[p - 1].length : part.count;
    if (need && chosen[p].length !== need) ready = false;
    if (chosen[p].length < (part.min || 0)) ready = false;
    if (part.word && chosen[p].length) words.push(part.word);
    words.push(...chosen[p]);
  });
  const entry = words.join(" ");
  const go = el("button", "tap send", "enter: " + entry);
  go.type = "button";
  go.disabled = !ready;
  go.addEventListener("click", () => send(entry));
  section.appendChild(go);
}

function drawDeduction(state, name) {
  const box = $("deduction");
  box.textContent = "";
  const found = state.deduction;
  if (!found) return;
  if (found.secret_name) {
    box.appendChild(el("h2", null, `${found.secret_name}: ${found.count} possible`));
    found.secrets.forEach((s) => {
      const row = el("div", "bar-row");
      row.appendChild(el("span", "bar-label", s.text));
      const bar = el("span", "bar");
      const fill = el("span", "fill");
      fill.style.width = `${Math.round(100 * s.p)}%`;
      bar.appendChild(fill);
      row.appendChild(bar);
      row.appendChild(el("span", "bar-value", `${Math.round(100 * s.p)}%`));
      box.appendChild(row);
    });
  }
  const places = found.places.filter((p) => p.seat !== null);
  if (places.length) {
    box.appendChild(el("h2", null, "the others' hands"));
    places.forEach((p) => {
      const row = el("div", "place");
      row.appendChild(el("b", null, `${name(p.seat)} (${p.size})`));
      if (p.voids.length) row.appendChild(el("span", "voids", " no " + p.voids.join(", no ")));
      if (p.certain.length) {
        const sure = el("span", "sure", " surely: ");
        p.certain.forEach((c) => sure.appendChild(cardNode(c, "mini")));
        row.appendChild(sure);
      }
      box.appendChild(row);
    });
  }
  if (found.conflict) box.appendChild(el("div", "conflict", found.conflict));
}

function drawScores(state, name) {
  const box = $("scores");
  box.textContent = "";
  const view = state.view || {};
  const table = el("table", "score-table");
  const head = el("tr");
  ["", "total", view.bids ? "bid" : null, view.won ? "tricks" : null].forEach((t) => t !== null && head.appendChild(el("th", null, t)));
  table.appendChild(head);
  state.players.forEach((player, s) => {
    const row = el("tr", s === state.me ? "me" : "");
    row.appendChild(el("td", null, player + (s === state.me ? " (you)" : "")));
    row.appendChild(el("td", "num", String(state.totals[s])));
    if (view.bids) row.appendChild(el("td", "num", view.bids[s] === null ? "–" : String(view.bids[s])));
    if (view.won) row.appendChild(el("td", "num", String(view.won[s])));
    table.appendChild(row);
  });
  box.appendChild(table);
}

// -- the review of a finished round ----------------------------------------------------------
// Asked of the server (api/review/page): "reviewing…" while its worker analyses the round, and
// the state pushed when the review is ready brings it. At the game's end, every round's summary.

let reviewing = null; // {round: N} (0: the game's summary), and the review once fetched
const reviewPages = {}; // round -> what the page draws of its review
const asked = new Set(); // the rounds whose review the game's summary asked for

function drawReviewOffer(state) {
  // Once a round is over, a button in the top bar (the grids below keep their first screen); at
  // the game's end the last round and every round, in words.
  const box = $("review-offer");
  box.textContent = "";
  const rounds = state.reviews || [];
  const offered = rounds.length > 0 && reviewing === null;
  const last = offered ? rounds[rounds.length - 1].round : 0;
  const bar = $("review-last");
  bar.hidden = !offered || state.over;
  bar.onclick = () => openReview(last);
  box.hidden = !offered || !state.over;
  if (box.hidden) return;
  const one = el("button", "tap word", state.over && rounds.length > 1 ? `review round ${last}` : "review the round");
  one.type = "button";
  one.id = "review-round";
  one.addEventListener("click", () => openReview(last));
  box.appendChild(one);
  if (state.over) {
    const all = el("button", "tap word", "every round");
    all.type = "button";
    all.id = "review-game";
    all.addEventListener("click", () => openReview(0));
    box.appendChild(all);
  }
}

function openReview(round) {
  reviewing = { round: round };
  document.body.dataset.view = "review";
  window.scrollTo(0, 0);
  const state = current;
  if (round) fetchReview(round);
  drawReviewOffer(state);
  drawReview(state);
}

function closeReview() {
  reviewing = null;
  delete document.body.dataset.view;
  $("review").hidden = true;
  drawReviewOffer(current);
}

async function fetchReview(round) {
  try {
    const answer = await fetch(`api/review/page?round=${round}`, { headers: { "X-Stich-Token": token } });
    const data = await answer.json();
    if (answer.status === 200) reviewPages[round] = data;
    else if (answer.status !== 202) refused("refused: " + (data.error || answer.status));
  } catch (err) {
    refused("no answer from the server: " + err);
  }
  if (reviewing) drawReview(current);
}

function drawReview(state) {
  const box = $("review");
  box.hidden = false;
  box.textContent = "";
  const back = el("button", "tap word", "back to the table");
  back.type = "button";
  back.id = "review-back";
  back.addEventListener("click", closeReview);
  box.appendChild(back);
  const round = reviewing.round;
  const status = (r) => ((state.reviews || []).find((x) => x.round === r) || {}).status;
  if (!round) {
    drawGameSummary(box, state);
    return;
  }
  const page = reviewPages[round];
  if (!page || status(round) !== "ready") {
    if (status(round) === "ready" && !reviewing.asked) {
      reviewing.asked = true; // the review is made: fetch it once
      fetchReview(round);
    }
    delete reviewPages[round]; // a round undone and played again is reviewed again
    box.appendChild(el("h2", null, `round ${round}`));
    box.appendChild(el("div", "reviewing", status(round) === "failed" ? "the review failed" : "reviewing…"));
    return;
  }
  drawRoundReview(box, page);
}

function lostLine(summary) {
  const made = summary.decisions;
  let text = `${made} decision${made === 1 ? "" : "s"}, ${summary.forced} forced; `;
  text += `${summary.mistakes} mistake${summary.mistakes === 1 ? "" : "s"}`;
  if (summary.lost_to_mistakes_text) text += ` (lost ${summary.lost_to_mistakes_text})`;
  text += `, ${summary.unlucky} unlucky`;
  if (summary.lost_to_luck_text) text += ` (lost ${summary.lost_to_luck_text})`;
  return text;
}

function drawRoundReview(box, page) {
  box.appendChild(el("h2", null, `round ${page.round}: your decisions`));
  box.appendChild(el("div", "summary-line", lostLine(page.summary)));
  const list = el("div", "decisions");
  page.decisions.forEach((d) => {
    const row = el("div", "decision" + (d.verdict === "forced" ? " forced" : ""));
    row.dataset.verdict = d.verdict;
    const head = el("div", "head");
    head.appendChild(el("span", "chosen-card", d.chosen));
    head.appendChild(el("span", "verdict", d.verdict));
    row.appendChild(head);
    if (d.verdict !== "forced") {
      const parts = [];
      if (d.cost_text) parts.push(`cost ${d.cost_text} ${d.value}`);
      if (d.best.length) parts.push(`best with every card known: ${d.best.join(" ")}`);
      if (d.advised) parts.push(`advised then: ${d.advised}`);
      row.appendChild(el("div", "detail", parts.join(" · ")));
      if (d.reason) {
        const why = el("details", "detail");
        why.appendChild(el("summary", null, "what you could know then"));
        why.appendChild(el("p", "reason", d.reason));
        row.appendChild(why);
      }
    }
    list.appendChild(row);
  });
  box.appendChild(list);
  box.appendChild(el("h2", null, "the deal, as the round showed it"));
  page.deal.forEach((hand) => {
    // Each card a chip in the game's colours, named as the game writes it.
    const row = el("div", "deal-row", hand.name + ": ");
    hand.codes.forEach((code) => row.appendChild(chip(code, "dealt")));
    if (!hand.codes.length) row.appendChild(document.createTextNode("–"));
    box.appendChild(row);
  });
  if (page.turned) {
    const row = el("div", "deal-row", "turned for trump: ");
    row.appendChild(chip(page.turned, "dealt"));
    box.appendChild(row);
  }
  if (page.secret) box.appendChild(el("div", "fact", `you could first know the secret ${page.secret}`));
}

function drawGameSummary(box, state) {
  box.appendChild(el("h2", null, "every round"));
  const table = el("table", "round-table");
  const head = el("tr");
  ["round", "mistakes (lost)", "unlucky (lost)", ""].forEach((t) => head.appendChild(el("th", null, t)));
  table.appendChild(head);
  (state.reviews || []).forEach((r) => {
    const row = el("tr");
    row.dataset.round = String(r.round);
    row.appendChild(el("td", "num", String(r.round)));
    if (r.status === "ready") {
      const s = r.summary;
      row.appendChild(el("td", null, `${s.mistakes}${s.lost_to_mistakes_text ? " (" + s.lost_to_mistakes_text + ")" : ""}`));
      row.appendChild(el("td", null, `${s.unlucky}${s.lost_to_luck_text ? " (" + s.lost_to_luck_text + ")" : ""}`));
    } else {
      const cell = el("td", "reviewing", r.status === "failed" ? "the review failed" : "reviewing…");
      cell.colSpan = 2;
      row.appendChild(cell);
    }
    const open = el("td");
    const button = el("button", "tap word", "open");
    button.type = "button";
    button.addEventListener("click", () => openReview(r.round));
    open.appendChild(button);
    row.appendChild(open);
    table.appendChild(row);
    if (r.status !== "none") asked.delete(r.round);
    else if (!asked.has(r.round)) {
      asked.add(r.round); // asked of the server once; the state pushed says when it is ready
      fetchReview(r.round);
    }
  });
  box.appendChild(table);
}

// -- the typed entry and undo -------------------------------------------------------------

$("typed").addEventListener("submit", (event) => {
  event.preventDefault();
  const input = $("entry");
  const text = input.value.trim();
  if (!text) return;
  send(text).then(() => {
    if ($("refused").hidden) input.value = "";
  });
});
$("undo").addEventListener("click", () => send("undo"));

load().then(listen);
