// The Table view: a game against the engine's bots (or bots in every seat, to watch), every move sent
// through the protocol: `new_game`, `state`, `act` (an illegal card is refused by the engine, and the
// refusal shown), `step` (one bot move at a time, at the chosen pace), `hint`, `undo`, `transcript`.
"use strict";

const SUITS = { S: "♠", C: "♣", D: "♦", H: "♥" };
const RED = new Set(["D", "H"]);

const table = {
  game: null, // the open game's id
  info: null, // new_game's reply: players, seats, teams, target, name
  me: 0, // the player this page plays
  watching: false,
  view: null, // the last state (a state, act, step or undo reply)
  seen: 0, // the events this page has shown
  chosen: new Set(), // cards chosen for a discard
  busy: null, // the game whose moves are being shown (its loop runs), or null
  summaryDone: null, // closes a hand's summary that is showing
  closing: false, // a hand has ended and its summary is (about to be) shown: nothing to act on
  showLast: false,
  hinted: null,
};

function suitOf(card) {
  const last = card.slice(-1);
  return SUITS[last] ? last : null;
}

function cardElement(card, classes = "") {
  const suit = suitOf(card);
  if (!suit) {
    const name = { JK: "Joker", BJ: "Black joker", RJ: "Red joker" }[card] || card;
    return element(
      "button",
      { class: `card joker ${classes}`, "data-card": card, title: name },
      element("span", { class: "corner", text: card }),
      element("span", { class: "pip", text: "★" }),
    );
  }
  return element(
    "button",
    { class: `card ${RED.has(suit) ? "red" : ""} ${classes}`, "data-card": card, title: card },
    element("span", { class: "corner", text: card.slice(0, -1) + "\n" + SUITS[suit] }),
    element("span", { class: "pip", text: SUITS[suit] }),
  );
}

function sortCards(cards, order) {
  const place = new Map((order || []).map((card, index) => [card, index]));
  return [...cards].sort((a, b) => (place.get(a) ?? 999) - (place.get(b) ?? 999));
}

function message(text, kind = "info") {
  const box = $("table-message");
  box.textContent = text;
  box.className = `message ${text ? kind : ""}`;
}

// -- names -------------------------------------------------------------------------------------------

function controller(seat) {
  const players = table.info.players;
  return seat < players ? seat : seat - players;
}

function seatName(seat) {
  const players = table.info.players;
  if (seat >= players) {
    const owner = controller(seat);
    return owner === table.me && !table.watching ? `Seat ${seat} (your dummy)` : `Seat ${seat} (Seat ${owner}'s dummy)`;
  }
  if (seat === table.me && !table.watching) return `Seat ${seat} (you)`;
  const mine = table.info.teams.find((team) => team.includes(table.me));
  if (mine && mine.includes(seat) && !table.watching) return `Seat ${seat} (partner)`;
  return `Seat ${seat}`;
}

// An action or call in words: a special contract's or modifier's id by its name ("bid open_misere" reads
// "bid open misère"); an ordinary bid (7H) as it is typed.
function words(text) {
  const names = (table.info && table.info.names) || {};
  return String(text)
    .split(" ")
    .map((word) => (Object.prototype.hasOwnProperty.call(names, word) ? names[word] : word))
    .join(" ");
}

// The engine's refusal said to the person it refuses: "seat 0 must follow clubs: holds 8C" reads "you must
// follow clubs: you hold 8C" at seat 0 (a trial was addressed as a seat number).
function toPerson(text) {
  if (table.watching) return text;
  const verbs = { does: "do", has: "have", is: "are", holds: "hold", was: "were" };
  const opening = new RegExp(`^seat ${table.me} (\\w+)`);
  if (!opening.test(text)) return text;
  return text
    .replace(opening, (_, verb) => `you ${verbs[verb] || verb}`)
    .replace(/: holds /, ": you hold ");
}

function sideName(team) {
  const seats = table.info.teams[team].filter((seat) => seat < table.info.players);
  if (seats.length === 1) return seatName(seats[0]);
  const you = seats.includes(table.me) && !table.watching ? ", you" : "";
  return `Team ${team} (seats ${seats.join(" and ")}${you})`;
}

// -- a new game --------------------------------------------------------------------------------------

async function fillBots() {
  const hello = await engine.ask("hello");
  const select = $("table-bot");
  if (hello.ok) for (const name of hello.bots) select.append(element("option", { value: name, text: name }));
  select.value = "heuristic";
}

async function startTableWith(variant) {
  await fillVariantSelect($("table-variant"), true, variant);
  await newGame();
}

async function newGame() {
  // The old game is let go first, so that a summary left open, once closed here, lets its game's loop end
  // without drawing that game's next hand (it showed for a moment before the new game).
  const old = table.game;
  table.game = null;
  if (table.summaryDone) table.summaryDone();
  if (old) await engine.ask("close", { game: old });
  table.watching = $("table-watch").checked;
  const seedText = $("table-seed").value.trim();
  const fields = variantFields($("table-variant").value);
  if (seedText) fields.seed = /^-?\d+$/.test(seedText) ? Number(seedText) : seedText;
  const reply = await engine.ask("new_game", fields);
  if (!reply.ok) {
    message(reply.error.message, "refused");
    return;
  }
  table.info = reply;
  await seatAt(reply.game, 0, !table.watching);
}

// Take a player's place at game (a person's seat unless watching) and show the table from there.
async function seatAt(game, player, person) {
  const reply = await engine.ask(person ? "sit" : "state", { game, player });
  if (!reply.ok) {
    message(reply.error.message, "refused");
    return;
  }
  table.game = game;
  if (person) table.info = reply; // the table, as new_game gives it
  table.me = player;
  table.seen = reply.event_count;
  table.view = reply;
  table.chosen.clear();
  table.showLast = false;
  table.closing = false;
  $("summary").hidden = true;
  const inviteSeat = $("table-invite-seat");
  inviteSeat.replaceChildren();
  for (let other = 0; other < table.info.players; other++) {
    if (other !== player) inviteSeat.append(element("option", { value: String(other), text: `seat ${other}` }));
  }
  message(`${table.info.name}: you are seat ${table.me}; seed ${table.info.seed}. Target ${table.info.target}.`);
  render();
  advance();
}

async function joinFromLink(game, player) {
  table.watching = false;
  $("table-watch").checked = false;
  await seatAt(game, player, true);
}

$("table-invite").addEventListener("click", () => {
  if (!table.game) return message("Start a game first.", "refused");
  const seat = $("table-invite-seat").value;
  const link = `${location.origin}/?token=${encodeURIComponent(TOKEN)}#seat:${table.game}:${seat}`;
  $("table-link").value = link;
  $("table-link").hidden = false;
  message(`Open this link in another browser window on this machine to take seat ${seat}; the bots play the other seats.`);
});

$("table-new").addEventListener("click", newGame);

// -- the bots' moves, one at a time -----------------------------------------------------------------

function pace() {
  return Number($("table-pace").value);
}

function myTurn() {
  const view = table.view;
  return view && !view.over && !table.watching && !table.closing && view.to_act === table.me;
}

async function advance() {
  if (!table.game || table.busy === table.game) return;
  const game = table.game;
  table.busy = game;
  try {
    while (table.game === game && table.view && !table.view.over && !myTurn()) {
      await sleep(pace());
      if (table.game !== game) return;
      const reply = await engine.ask("step", { game, viewer: table.me, name: $("table-bot").value });
      if (table.game !== game) return;
      if (!reply.ok && reply.error.code === "waiting") {
        // Another person's turn (a seat link): look again in a moment.
        message(reply.error.message);
        await sleep(400);
      } else if (!reply.ok) {
        message(reply.error.message, "refused");
        return;
      }
      await catchUp(game);
    }
  } finally {
    if (table.busy === game) table.busy = null;
  }
  if (table.game === game) render();
}

// Show what happened since this page last looked (its own moves, the bots', another person's): the
// events as this player may be told them, then the player's view.
async function catchUp(game) {
  // The view first, then the events up to it: the two agree even where another person at the table acts
  // between the two questions (a trick the view already counted was otherwise counted again under the
  // hand's summary, and its events told again next time).
  const state = await engine.ask("state", { game, player: table.me });
  const told = await engine.ask("events", { game, since: table.seen, viewer: table.me });
  if (table.game !== game || !state.ok) return;
  // (Events taken back by an undo since this page looked: it goes on from the game as it is now.)
  const events = told.ok ? told.events.slice(0, Math.max(0, state.event_count - table.seen)) : [];
  table.seen = state.event_count;
  await absorb(events, state, game);
}

// Take in events and the view after them: a finished trick shown for a moment, a finished hand's
// summary until the person goes on.
async function absorb(events, view, game) {
  if (table.game !== game) return;
  const before = table.view;
  // A hand that ends here is shown as it ended until its summary is closed: the next hand (already dealt
  // in the view) stays out of sight and out of reach (a trial saw its bid buttons live under the summary).
  const ending = before && events.some((event) => event.type === "hand_scored");
  table.view = ending ? afterTricks(before, events) : view;
  table.closing = Boolean(ending); // nothing is the person's to do until the summary is closed
  table.hinted = null;
  // A hand passed out has no trick to draw before its summary: the hand as it ended is drawn now (its bid
  // buttons stayed live under the summary, the felt saying it was the person's turn).
  if (ending && !events.some((event) => event.type === "trick_won")) render();
  for (const event of events) {
    if (event.type === "trick_won") {
      renderTrick(event.cards, event.seat);
      render(false);
      await sleep(Math.max(pace() * 1.5, pace() ? 600 : 0));
      if (table.game !== game) return;
    }
    if (event.type === "hand_scored") {
      const last = [...events].reverse().find((each) => each.type === "trick_won");
      await showSummary(event.result, event.hand, last);
      table.closing = false;
      table.showLast = false; // (the next hand starts on its own trick)
      if (table.game !== game) return;
      table.view = view;
    }
    if (event.type === "game_over") {
      message(event.winner === null ? "Game over: nobody wins." : `Game over: ${sideName(event.winner)} wins (${event.how.replace("_", " ")}).`, "info");
    }
  }
  render();
}

// The view before ``events`` (which end the hand) as the hand ended: the tricks they complete taken into
// account (their cards gone from the hand and the dummies, the trick cleared, each won trick counted), the
// scores after it and nobody to act (under a hand's summary the person's last card stayed in the hand and
// the scores were the old ones, since the server's view after the events is already the next deal's).
function afterTricks(view, events) {
  const won = events.filter((event) => event.type === "trick_won");
  const scored = events.find((event) => event.type === "hand_scored");
  const played = new Set(won.flatMap((event) => event.cards.map(([, card]) => card)));
  const observation = view.observation;
  const tricksWon = [...observation.tricks_won];
  for (const event of won) tricksWon[event.seat] = (tricksWon[event.seat] || 0) + 1;
  return {
    ...view,
    legal: [],
    to_act: null,
    observation: {
      ...observation,
      acting_seat: null, // (nobody is to act in a hand that is over)
      scores: scored ? scored.result.scores : observation.scores,
      hand: observation.hand.filter((card) => !played.has(card)),
      exposed: observation.exposed.map(([seat, cards]) => [seat, cards.filter((card) => !played.has(card))]),
      trick: [],
      tricks: [...observation.tricks, ...won.map((event) => ({ cards: event.cards, winner: event.seat }))],
      tricks_won: tricksWon,
      // (a hand passed out ends on passes: the auction as it ended shows them)
      calls: [...observation.calls, ...events.filter((event) => event.type === "passed").map((event) => [event.seat, "pass"])],
    },
  };
}

// The summary covers the felt, so it says the hand's last trick itself (a trial never saw it).
function showSummary(result, hand, lastTrick) {
  const box = $("summary");
  box.replaceChildren();
  box.append(element("h3", { text: `Hand ${hand + 1} is over` }));
  if (lastTrick) {
    const cards = lastTrick.cards.map(([seat, card]) => `${seatName(seat)} ${card.length > 1 && SUITS[card.slice(-1)] ? card.slice(0, -1) + SUITS[card.slice(-1)] : card}`);
    box.append(element("p", { id: "summary-last", text: `Last trick: ${cards.join(", ")}; won by ${seatName(lastTrick.seat)}.` }));
  }
  if (result.contract === null) box.append(element("p", { text: "No contract: every seat passed (or no bid could win)." }));
  else {
    const partner = result.partner !== null ? ` with ${seatName(result.partner)} as called partner` : "";
    box.append(element("p", { text: `Contract ${words(result.contract)} by ${seatName(result.declarer)}${partner}: ${result.made ? "made" : "failed"}.` }));
    box.append(element("p", { text: "Tricks by seat: " + result.tricks.map((count, seat) => `${seatName(seat)}: ${count}`).join(", ") + "." }));
  }
  const points = result.hand_points.map((value, team) => `${sideName(team)}: ${value >= 0 ? "+" : ""}${value} → ${result.scores[team]}`);
  box.append(element("p", { text: `Points: ${points.join("; ")}.` }));
  if (result.next_hand_banned.length) box.append(element("p", { text: `May not bid next hand: seat ${result.next_hand_banned.join(", ")}.` }));
  if (result.game_over) {
    box.append(element("p", { text: result.winner === null ? "Game over: no winner." : `Game over: ${sideName(result.winner)} wins.` }));
  }
  const buttons = element("div", { class: "buttons" });
  buttons.append(element("button", { id: "summary-transcript", text: "Download the transcript", onclick: () => saveTranscript(hand) }));
  const next = element("button", { id: "summary-next", text: result.game_over ? "Close" : "Next hand" });
  buttons.append(next);
  box.append(buttons);
  box.hidden = false;
  return new Promise((resolve) => {
    table.summaryDone = () => {
      table.summaryDone = null;
      box.hidden = true;
      resolve();
    };
    next.addEventListener("click", table.summaryDone);
  });
}

async function saveTranscript(hand) {
  if (!table.game) return;
  const fields = { game: table.game };
  if (hand !== undefined) fields.hand = hand;
  const reply = await engine.ask("transcript", fields);
  if (!reply.ok) {
    message(reply.error.message, "refused");
    return;
  }
  const number = reply.hand !== undefined ? reply.hand : hand !== undefined ? hand : table.view.hand_number;
  // Named for the game too: every game's first hand was hand-001.json, and a second download replaced the first.
  const game = `${table.info.name}-seed-${table.info.seed}`.toLowerCase().replace(/[^a-z0-9]+/g, "-").replace(/^-|-$/g, "");
  download(`${game}-hand-${String(number + 1).padStart(3, "0")}.json`, JSON.stringify(reply.transcript, null, 2) + "\n");
}

// -- the person's actions ---------------------------------------------------------------------------

// Send the person's action (``accepted`` is called once the engine has taken it).
async function act(action, accepted = null) {
  if (!table.game) return;
  if (table.closing) {
    message("The hand is over: press Next hand to go on.", "refused");
    return;
  }
  if (!myTurn()) {
    message("It is not your turn: the bots are playing.", "refused");
    return;
  }
  const game = table.game;
  const reply = await engine.ask("act", { game, player: table.me, action, viewer: table.me });
  if (table.game !== game) return;
  if (!reply.ok) {
    message(`Not accepted: ${toPerson(reply.error.message)}`, "refused");
    return;
  }
  if (accepted) accepted();
  message("");
  table.chosen.clear();
  table.busy = game;
  try {
    await catchUp(game);
  } finally {
    if (table.busy === game) table.busy = null;
  }
  advance();
}

function clickCard(card, actions) {
  const view = table.view;
  if (view && view.discard && myTurn()) {
    if (table.chosen.has(card)) table.chosen.delete(card);
    else table.chosen.add(card);
    render();
    return;
  }
  if (actions && actions.length === 1) return act(actions[0]);
  if (actions && actions.length > 1) {
    // A joker led in no trump: the suit it stands for is chosen from the buttons.
    renderActions(actions);
    message(`Choose what ${card} stands for.`);
    return;
  }
  // Not a legal card: sent all the same, for the engine to refuse with its reason.
  act(`play ${card}`);
}

$("table-typed").addEventListener("keydown", (event) => {
  if (event.key !== "Enter") return;
  const box = event.target;
  const text = box.value.trim();
  if (!text) return;
  if (["hint", "undo", "help", "?"].includes(text)) box.value = "";
  if (text === "hint") return giveHint();
  if (text === "undo") return undo();
  if (text === "help" || text === "?") return typedHelp();
  // A refused action stays in the box to be mended (a trial retyped "bid 7 H" whole to drop a space).
  act(text, () => {
    box.value = "";
  });
});

function typedHelp() {
  // Words for the box itself, not an action: "help" sent to the engine came back as an illegal move.
  const legal = myTurn() && table.view && table.view.legal ? table.view.legal : [];
  const now = legal.length
    ? ` Yours now: ${legal.slice(0, 12).join(", ")}${legal.length > 12 ? `, and ${legal.length - 12} more` : ""}.`
    : table.closing
      ? " The hand is over: press Next hand to go on."
      : " It is not your turn.";
  message(`Type an action as its button reads (bid 7H, pass, discard 4D 5C 6C, play JD), or hint, or undo.${now}`);
}

async function giveHint() {
  if (!myTurn()) return message("A hint is for your turn.", "refused");
  const reply = await engine.ask("hint", { game: table.game, player: table.me });
  if (!reply.ok) return message(reply.error.message, "refused");
  table.hinted = reply.action;
  render();
  message(`Hint: ${words(reply.action)} (${reply.reason})`, "hint-text");
}

async function undo() {
  if (!table.game) return;
  // Said, not silently ignored (a trial pressed Undo under a hand's summary and nothing happened).
  if (table.closing) return message("The hand is over: its actions can no longer be taken back.", "refused");
  if (table.busy === table.game) return message("The bots are still moving: undo once it is your turn.", "refused");
  const reply = await engine.ask("undo", { game: table.game, player: table.me });
  if (!reply.ok) return message(reply.error.message, "refused");
  table.view = reply;
  table.seen = reply.event_count; // the events taken back are not told again
  table.chosen.clear();
  message("Your last action was taken back, with the other seats' actions since.");
  render();
}

$("table-hint").addEventListener("click", giveHint);
$("table-undo").addEventListener("click", undo);
$("table-transcript").addEventListener("click", () => saveTranscript());
$("table-last").addEventListener("click", () => {
  table.showLast = !table.showLast;
  render();
});

// -- drawing the table ------------------------------------------------------------------------------

function position(seat) {
  const seats = table.info.seats;
  const relative = (seat - table.me + seats) % seats;
  const angle = Math.PI / 2 + (relative * 2 * Math.PI) / seats;
  return { x: 50 + 37 * Math.cos(angle), y: 50 + 36 * Math.sin(angle), angle };
}

function legalByCard() {
  const found = new Map();
  const view = table.view;
  if (!myTurn() || !view.legal) return found;
  for (const action of view.legal) {
    const [word, rest] = action.split(" ");
    if (word === "play" || word === "pick" || word === "give") {
      const card = rest.split(":")[0];
      if (!found.has(card)) found.set(card, []);
      found.get(card).push(action);
    }
  }
  return found;
}

function playedThisHand(observation) {
  const counts = new Array(table.info.seats).fill(0);
  for (const trick of observation.tricks) for (const [seat] of trick.cards) counts[seat]++;
  for (const [seat] of observation.trick) counts[seat]++;
  return counts;
}

function renderSeats(observation, legal) {
  const box = $("seats");
  box.replaceChildren();
  const exposed = new Map(observation.exposed.map(([seat, cards]) => [seat, cards]));
  const faceDown = new Map(observation.face_down.map(([seat, count]) => [seat, count]));
  const covering = new Set(observation.covering);
  const played = playedThisHand(observation);
  // Each seat holds the dealt hand less its plays (the viewer's own hand may hold the kitty, or nothing
  // before a look); a variant whose hands change size otherwise is read from the viewer's hand as before.
  const dealt = table.info.hand_size;
  const fromMine = observation.hand.length + played[table.me];
  const perHand = dealt !== undefined && (observation.phase === "kitty" || !observation.looked) ? dealt : fromMine;
  for (let seat = 0; seat < table.info.seats; seat++) {
    const where = position(seat);
    const classes = ["seat"];
    if (seat === table.me && !table.watching) classes.push("me");
    if (observation.acting_seat === seat || (seat === table.me && myTurn())) classes.push("to-act");
    if (observation.sitting_out.includes(seat)) classes.push("out");
    const node = element("div", { class: classes.join(" "), id: `seat-${seat}`, style: `left:${where.x}%;top:${where.y}%` });
    node.append(element("div", { class: "name", text: seatName(seat) }));
    const badges = [];
    if (observation.dealer === seat) badges.push("dealer");
    if (observation.declarer === seat) badges.push(`declarer ${words(observation.contract)}`);
    if (observation.partner === seat) badges.push("called partner");
    badges.push(`${observation.tricks_won[seat] || 0} trick(s)`);
    node.append(element("div", { class: "badges", text: badges.join(" · ") }));
    if (seat === table.me && !table.watching) {
      // The person's own seat: its cards are the hand below the felt; on its turn, what it is to do (a
      // trial found nothing saying "your turn" but the cards no longer dimmed).
      if (myTurn()) node.append(element("div", { class: "turn", id: "table-turn", text: turnWords(table.view, observation) }));
      box.append(node);
      continue;
    }
    const cards = element("div", { class: "cards" });
    let downCount = null;
    if (exposed.has(seat)) {
      cards.classList.add("open");
      const shownCards = sortCards(exposed.get(seat), table.view.card_order);
      for (const card of shownCards) {
        const actions = observation.acting_seat === seat ? legal.get(card) : null;
        const mine = controller(seat) === table.me && !table.watching && observation.acting_seat === seat;
        const classesOfCard = [covering.has(card) ? "covering" : "", actions ? "legal" : mine ? "dim" : ""].join(" ");
        const face = cardElement(card, classesOfCard);
        if (mine) face.addEventListener("click", () => clickCard(card, actions));
        if (hintedCards().includes(card) && mine) face.classList.add("hinted");
        cards.append(face);
      }
      const down = faceDown.get(seat) || 0;
      if (down) downCount = element("div", { class: "down", text: `+${down} face down` });
    } else if (seat !== table.me || table.watching) {
      const count = observation.phase === "auction" ? (observation.looked ? observation.hand.length : perHand) : Math.max(0, perHand - played[seat]);
      const backs = Math.min(count, 13);
      for (let index = 0; index < backs; index++) cards.append(element("div", { class: "back small" }));
      if (count) cards.append(element("span", { class: "count", text: String(count) }));
    }
    node.append(cards);
    if (downCount) node.append(downCount);
    box.append(node);
  }
}

// The cards the last hint names (play JK:H names JK).
function hintedCards() {
  return table.hinted ? table.hinted.split(" ").slice(1).map((word) => word.split(":")[0]) : [];
}

function renderTrick(cards, winner = null) {
  const box = $("trick");
  box.replaceChildren();
  // Farther apart with more seats (five cards overlapped, one's rank hidden); less up and down than across,
  // the felt being wider than tall.
  const many = table.info.seats > 4;
  box.classList.toggle("many", many);
  const [across, down] = many ? [40, 27] : [30, 20];
  for (const [seat, card] of cards) {
    const where = position(seat);
    const face = cardElement(card, seat === winner ? "won" : "");
    face.style.left = `${50 + across * Math.cos(where.angle)}%`;
    face.style.top = `${50 + down * Math.sin(where.angle)}%`;
    face.tabIndex = -1;
    box.append(face);
  }
  if (winner !== null) box.append(element("div", { class: "label", text: `${seatName(winner)} wins the trick` }));
}

function renderSide(view, observation) {
  const scores = $("scores");
  scores.replaceChildren(element("h4", { text: `Scores · target ${table.info.target}` }));
  observation.scores.forEach((score, team) => scores.append(element("div", { "data-team": String(team), text: `${sideName(team)}: ${score}` })));
  const tricks = table.info.teams.map((seats, team) => `${sideName(team)}: ${seats.reduce((sum, seat) => sum + (observation.tricks_won[seat] || 0), 0)}`);
  const side = view.declaring_side;
  if (side) {
    // A side a called partner makes for the hand is no team of the seating: counted against its contract.
    const taken = side.seats.reduce((sum, seat) => sum + (observation.tricks_won[seat] || 0), 0);
    tricks.push(`the declaring side: ${side.take_none ? `${taken} (it must take none)` : `${taken} of the ${side.needs} it needs`}`);
  }
  scores.append(element("div", { class: "hint", id: "tricks-this-hand", text: `Tricks this hand: ${tricks.join(", ")}` }));

  const contract = $("contract");
  contract.replaceChildren(element("h4", { text: `Hand ${view.hand_number + 1} · ${view.phase}` }));
  if (observation.contract) contract.append(element("div", { text: `Contract ${words(observation.contract)} by ${seatName(observation.declarer)}` }));
  else contract.append(element("div", { text: `Dealer: ${seatName(observation.dealer)}` }));
  if (observation.called_card) contract.append(element("div", { text: `Called partner: the holder of ${observation.called_card}` + (observation.partner !== null ? ` (${seatName(observation.partner)})` : "") }));
  if (observation.announced.length) contract.append(element("div", { text: "Announced: " + observation.announced.map(([seat, what]) => `${seatName(seat)} ${words(what)}`).join(", ") }));
  if (observation.kitty.length) {
    const kitty = element("div", { class: "table-cards" });
    for (const card of observation.kitty) kitty.append(cardElement(card));
    contract.append(element("div", { text: "The kitty you took up:" }), kitty);
  }
  if (observation.face_up.length) contract.append(element("div", { text: `Kitty cards face up: ${observation.face_up.join(" ")}` }));
  if (observation.banned.length) contract.append(element("div", { text: `Barred from bidding: seat ${observation.banned.join(", ")}` }));

  const auction = $("auction");
  auction.replaceChildren(element("h4", { text: "Auction" }));
  for (const [seat, call] of observation.calls) auction.append(element("div", { text: `${seatName(seat)}: ${words(call)}` }));
  auction.scrollTop = auction.scrollHeight;
}

function renderTableCards(observation, legal) {
  if (!observation.table.length && !observation.drawing) return null;
  const box = element("div", { class: "panel", id: "table-cards" });
  if (observation.table.length) {
    box.append(element("h4", { text: "Cards face up on the table" }));
    const cards = element("div", { class: "table-cards" });
    for (const card of observation.table) {
      const actions = legal.get(card);
      const face = cardElement(card, actions ? "legal" : "");
      if (actions) face.addEventListener("click", () => act(actions[0]));
      cards.append(face);
    }
    box.append(cards);
  }
  if (observation.drawing) box.append(element("h4", { text: "You drew" }), cardElement(observation.drawing));
  return box;
}

function renderActions(only = null) {
  const bar = $("table-actions");
  bar.replaceChildren();
  bar.classList.remove("calls");
  const view = table.view;
  if (!myTurn()) return;
  if (view.discard) {
    const count = view.discard.count;
    const chosen = [...table.chosen];
    bar.append(element("span", { text: `Choose ${count} card(s) to put away (${chosen.length} chosen) ` }));
    bar.append(element("button", { id: "discard-button", disabled: chosen.length !== count, text: `Discard ${chosen.join(" ")}`, onclick: () => act(`discard ${chosen.join(" ")}`) }));
    return;
  }
  let actions = only || (view.legal || []).filter((action) => !/^(play|pick) /.test(action));
  // Calling a partner: the cards the person lacks first; naming one of its own (allowed: it then plays
  // alone) comes last, marked (a trial hunted among 53 buttons that mixed them).
  const own = new Set(view.phase === "partner" ? view.observation.hand : []);
  const named = (action) => (action.startsWith("partner ") ? action.slice(8) : null);
  if (own.size) actions = [...actions.filter((action) => !own.has(named(action))), ...actions.filter((action) => own.has(named(action)))];
  if (view.phase === "partner" && !only) {
    partnerRows(bar, actions, own, named);
    return;
  }
  for (const action of actions) {
    const strain = action.startsWith("bid ") ? action.slice(-1) : "";
    const classes = [
      action.startsWith("bid ") || action === "pass" ? "bid" : "",
      RED.has(strain) ? "red-strain" : "",
      own.has(named(action)) ? "own-card" : "",
    ].join(" ");
    const label = words(action);
    const typed = own.has(named(action))
      ? { title: "a card in your own hand: you would play alone" }
      : label === action
        ? {}
        : { title: `type: ${action}` };
    bar.append(element("button", { class: classes, "data-action": action, text: label, ...typed, onclick: () => act(action) }));
  }
}

// The partner call as a row a suit (the card's rank on its button, the whole card in its tooltip), the
// jokers and going alone on a row of their own: 53 buttons in one block read as a wall (a trial).
function partnerRows(bar, actions, own, named) {
  const rows = new Map();
  for (const action of actions) {
    const card = named(action);
    const suit = card && /^(10|[2-9AKQJT]|1[1-3])[SHDC]$/.test(card) ? card.slice(-1) : "";
    if (!rows.has(suit)) rows.set(suit, []);
    rows.get(suit).push(action);
  }
  bar.classList.add("calls");
  const order = ["S", "H", "D", "C", ""];
  for (const suit of [...rows.keys()].sort((a, b) => order.indexOf(a) - order.indexOf(b))) {
    const row = element("div", { class: "call-row", "data-suit": suit });
    row.append(element("span", { class: `call-suit${RED.has(suit) ? " red-strain" : ""}`, text: SUITS[suit] || "" }));
    for (const action of rows.get(suit)) {
      const card = named(action);
      const mine = own.has(card);
      const label = suit ? card.slice(0, -1) : card || words(action);
      const title = mine ? "a card in your own hand: you would play alone" : `type: ${action}`;
      row.append(element("button", { class: mine ? "own-card" : "", "data-action": action, text: label, title, onclick: () => act(action) }));
    }
    bar.append(row);
  }
}

function turnWords(view, observation) {
  if (view.discard) return `Your turn: put away ${view.discard.count} card(s).`;
  const legal = view.legal || [];
  if (view.phase === "auction") {
    // (Before looking, the hand lies face down: a bid now is a blind one.)
    return legal.includes("look") ? "Your turn: bid blind, or look at your cards." : "Your turn to bid.";
  }
  const words = {
    draw: "Your turn: keep or reject the card you drew.",
    pick: "Your turn: choose a card from the table.",
    calls: "Your turn: make a call, or pass.",
    partner: legal.includes("alone")
      ? "Your turn: call a partner by naming a card you lack, or go alone."
      : "Your turn: call a partner by naming a card you lack.",
    give: "Your turn: give the declarer a card.",
  }[view.phase];
  if (words) return words;
  if (view.phase === "play") {
    const dummy = observation.acting_seat !== table.me;
    if (!observation.trick.length) return dummy ? "Your dummy's lead." : "Your lead.";
    const [leader, card] = observation.trick[0];
    const partner = leader < table.info.players && table.info.teams.some((team) => team.includes(table.me) && team.includes(leader));
    const who = leader === table.me ? "you" : controller(leader) === table.me ? "your dummy" : partner ? `your partner (seat ${leader})` : `seat ${leader}`;
    return `${dummy ? "Your dummy to play" : "Your turn"}: ${who} led ${card}.`;
  }
  return "Your turn.";
}

function render(drawTrick = true) {
  const view = table.view;
  if (!view || !view.observation || !table.info) return;
  const observation = view.observation;
  const legal = legalByCard();
  renderSeats(observation, legal);
  if (drawTrick) {
    if (table.showLast && observation.tricks.length) {
      const last = observation.tricks[observation.tricks.length - 1];
      renderTrick(last.cards, last.winner);
    } else renderTrick(observation.trick);
  }
  renderSide(view, observation);
  const hand = $("table-hand");
  hand.replaceChildren();
  const extra = renderTableCards(observation, legal);
  if (extra) hand.append(extra);
  const mineToAct = myTurn() && observation.acting_seat === table.me;
  const discarding = myTurn() && view.discard;
  for (const card of sortCards(observation.hand, view.card_order)) {
    const actions = legal.get(card);
    const classes = [];
    if (discarding) classes.push(table.chosen.has(card) ? "chosen legal" : "legal");
    else if (mineToAct && view.phase === "play") classes.push(actions ? "legal" : "dim");
    else if (actions) classes.push("legal");
    if (hintedCards().includes(card)) classes.push("hinted");
    const face = cardElement(card, classes.join(" "));
    face.addEventListener("click", () => clickCard(card, actions));
    hand.append(face);
  }
  renderActions();
  $("table-undo").disabled = !table.game || table.watching || view.over;
  $("table-hint").disabled = !myTurn();
  $("table-last").textContent = table.showLast ? "Current trick" : "Last trick";
  $("felt").dataset.phase = view.phase;
  $("felt").dataset.toAct = String(view.to_act);
  $("felt").dataset.myTurn = String(myTurn());
  $("felt").dataset.over = String(view.over);
  $("felt").dataset.events = String(view.event_count);
  $("felt").dataset.hand = String(view.hand_number);
}

fillBots();
