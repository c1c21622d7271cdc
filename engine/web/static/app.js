// The web table's page: one more client of the engine protocol (fivehundred/1), over a WebSocket.
// Plain JavaScript, no build step, nothing fetched from another host. This file holds the connection,
// the views' switching, the Variants, Editor and Simulate views; table.js holds the Table.
"use strict";

const TOKEN = document.documentElement.dataset.token;
const $ = (id) => document.getElementById(id);

function element(tag, attributes = {}, ...children) {
  const node = document.createElement(tag);
  for (const [key, value] of Object.entries(attributes)) {
    if (key === "class") node.className = value;
    else if (key === "text") node.textContent = value;
    else if (key.startsWith("on")) node.addEventListener(key.slice(2), value);
    else if (value !== undefined && value !== null && value !== false) node.setAttribute(key, value === true ? "" : value);
  }
  for (const child of children) if (child !== null && child !== undefined) node.append(child);
  return node;
}

function sleep(milliseconds) {
  return new Promise((resolve) => setTimeout(resolve, milliseconds));
}

function download(name, text, type = "application/json") {
  const link = element("a", { href: URL.createObjectURL(new Blob([text], { type })), download: name });
  document.body.append(link);
  link.click();
  link.remove();
}

// -- the engine, over a WebSocket --------------------------------------------------------------------

class Engine {
  constructor() {
    this.next = 1;
    this.waiting = new Map();
    this.ready = this.connect();
  }

  connect() {
    return new Promise((resolve) => {
      this.socket = new WebSocket(`ws://${location.host}/ws?token=${encodeURIComponent(TOKEN)}`);
      this.socket.addEventListener("open", () => {
        $("connection").textContent = "connected to the engine";
        resolve();
      });
      this.socket.addEventListener("close", () => {
        $("connection").textContent = "disconnected: is fivehundred web still running?";
        for (const { resolve: answer } of this.waiting.values()) {
          answer({ ok: false, error: { code: "closed", message: "The connection to the engine closed." } });
        }
        this.waiting.clear();
      });
      this.socket.addEventListener("message", (event) => this.receive(JSON.parse(event.data)));
    });
  }

  receive(message) {
    const waiting = this.waiting.get(message.id);
    if (!waiting) return;
    if (message.progress) {
      if (waiting.progress) waiting.progress(message.progress.done, message.progress.total);
      return;
    }
    this.waiting.delete(message.id);
    waiting.resolve(message);
  }

  // One request; resolves with the reply (ok or not). progress(done, total) hears a run's progress.
  async ask(cmd, fields = {}, progress = null) {
    await this.ready;
    const id = this.next++;
    return new Promise((resolve) => {
      this.waiting.set(id, { resolve, progress });
      this.socket.send(JSON.stringify({ id, cmd, ...fields }));
    });
  }
}

const engine = new Engine();

// -- views -------------------------------------------------------------------------------------------

const views = ["variants", "editor", "table", "simulate"];
const shown = {};

function showView(name) {
  for (const view of views) {
    $(`view-${view}`).hidden = view !== name;
    $(`tab-${view}`).classList.toggle("active", view === name);
  }
  if (!shown[name]) {
    shown[name] = true;
    if (name === "variants") loadVariants();
    if (name === "editor") editorChanged();
  }
  history.replaceState(null, "", `?token=${encodeURIComponent(TOKEN)}#${name}`);
}

for (const view of views) $(`tab-${view}`).addEventListener("click", () => showView(view));

let variantNames = [];

async function variantList() {
  if (!variantNames.length) {
    const reply = await engine.ask("variants");
    variantNames = reply.ok ? reply.variants : [];
  }
  return variantNames;
}

async function fillVariantSelect(select, withEditor, chosen) {
  const list = await variantList();
  select.replaceChildren();
  if (withEditor) select.append(element("option", { value: "@editor", text: "the editor's text" }));
  for (const variant of list) {
    if (variant.playable) select.append(element("option", { value: variant.name, text: `${variant.name} (${variant.players} players)` }));
  }
  select.value = chosen || "standard";
}

// -- the rules in words, shared by the Variants and Editor views --------------------------------------

// A changed line as the reports mark it: the words that differ from the line before struck out, the new
// ones in green (a trial compared two three-line sentences struck whole to find "8S → 7NT"); a line mostly
// rewritten is struck whole, then the new one.
function wordChanges(before, after) {
  const old = before.split(" ");
  const now = after.split(" ");
  const common = Array.from({ length: old.length + 1 }, () => new Array(now.length + 1).fill(0));
  for (let i = old.length - 1; i >= 0; i--) {
    for (let j = now.length - 1; j >= 0; j--) {
      common[i][j] = old[i] === now[j] ? common[i + 1][j + 1] + 1 : Math.max(common[i + 1][j], common[i][j + 1]);
    }
  }
  if ((2 * common[0][0]) / (old.length + now.length) < 0.5) {
    return [element("del", { text: before }), " → ", element("ins", { text: after })];
  }
  const parts = [];
  let same = [], gone = [], added = [];
  const flush = () => {
    const pieces = [];
    if (same.length) pieces.push(same.join(" "));
    if (gone.length) pieces.push(element("del", { text: gone.join(" ") }));
    if (added.length) pieces.push(element("ins", { text: added.join(" ") }));
    for (const piece of pieces) parts.push(...(parts.length ? [" ", piece] : [piece]));
    same = [];
    gone = [];
    added = [];
  };
  let i = 0, j = 0;
  while (i < old.length || j < now.length) {
    if (i < old.length && j < now.length && old[i] === now[j]) {
      if (gone.length || added.length) flush();
      same.push(old[i]);
      i++;
      j++;
    } else {
      if (same.length) flush();
      if (j < now.length && (i >= old.length || common[i][j + 1] >= common[i + 1][j])) added.push(now[j++]);
      else gone.push(old[i++]);
    }
  }
  flush();
  return parts;
}

function renderWords(box, shownRules) {
  box.replaceChildren();
  box.append(element("h2", { text: shownRules.name }));
  if (shownRules.description) box.append(element("p", { class: "hint", text: shownRules.description }));
  const changes = shownRules.changes || [];
  const heading = changes.length
    ? `${changes.length} rule${changes.length > 1 ? "s" : ""} differ${changes.length > 1 ? "" : "s"} from ${shownRules.base}`
    : `The same rules as ${shownRules.base}.`;
  const list = element("ul");
  for (const change of changes) {
    const item = element("li");
    if (change.before && change.after) item.append(...wordChanges(change.before, change.after));
    else if (change.after) item.append("added: ", element("ins", { text: change.after }));
    else item.append("dropped: ", element("del", { text: change.before }));
    list.append(item);
  }
  box.append(element("div", { class: "changes", id: `${box.id}-changes` }, element("strong", { text: heading }), changes.length ? list : null));
  for (const section of shownRules.sections) {
    box.append(element("h3", { text: section.title }));
    const lines = element("ul");
    for (const line of section.lines) {
      const item = element("li", { class: line.changed ? "changed" : "", text: line.text.trim() });
      if (line.changed) item.append(element("span", { class: "tag", text: `differs from ${shownRules.base}` }));
      lines.append(item);
    }
    box.append(lines);
  }
  if (shownRules.unsupported && shownRules.unsupported.length) {
    box.append(element("p", { class: "refused", text: `Not playable yet: ${shownRules.unsupported.join("; ")}` }));
  }
}

// -- Variants ----------------------------------------------------------------------------------------

let chosenVariant = null;

async function loadVariants() {
  const body = $("variant-list").querySelector("tbody");
  for (const variant of await variantList()) {
    const row = element(
      "tr",
      { "data-name": variant.name, onclick: () => showVariant(variant.name, row) },
      element("td", { text: variant.name }),
      element("td", { text: String(variant.players) }),
      element("td", { text: variant.description }),
    );
    body.append(row);
  }
}

async function showVariant(name, row) {
  for (const other of $("variant-list").querySelectorAll("tr.selected")) other.classList.remove("selected");
  if (row) row.classList.add("selected");
  chosenVariant = name;
  const reply = await engine.ask("show", { variant: name });
  if (!reply.ok) {
    $("variant-words").textContent = reply.error.message;
    return;
  }
  renderWords($("variant-words"), reply);
  $("variant-actions").hidden = false;
}

$("variant-play").addEventListener("click", () => {
  showView("table");
  startTableWith(chosenVariant);
});
$("variant-simulate").addEventListener("click", async () => {
  showView("simulate");
  await fillVariantSelect($("sim-variant"), true, chosenVariant);
});
$("variant-edit").addEventListener("click", () => {
  if (!chosenVariant) return;
  const text = $("editor-text").value;
  // The editor may hold unsaved house rules: replaced only when its author agrees.
  if (text.trim() && !/^extends: \S+\nname: My \S+ house rules\n$/.test(text) && !window.confirm("Replace the editor's text with new house rules over " + chosenVariant + "?")) return;
  saveNote = "";
  $("editor-text").value = `extends: ${chosenVariant}\nname: My ${chosenVariant} house rules\n`;
  editorKept = $("editor-text").value; // (a template nobody typed: nothing to lose on Open)
  showView("editor");
  editorChanged();
});

// -- Editor ------------------------------------------------------------------------------------------

let validateTimer = null;
let validated = 0;
// The last Save's outcome, kept beside the validity until the text changes (a re-check prompted by the
// file name's change would otherwise print "valid" over a refused save: a player's trial).
let saveNote = "";

function editorLines() {
  return $("editor-text").value.split("\n").length;
}

function drawGutter(bad = new Map()) {
  const gutter = $("editor-gutter");
  gutter.replaceChildren();
  for (let line = 1; line <= editorLines(); line++) {
    const kind = bad.get(line);
    gutter.append(kind ? element("span", { class: kind, "data-line": String(line), text: String(line) }) : String(line), "\n");
  }
  gutter.scrollTop = $("editor-text").scrollTop;
}

function editorChanged() {
  drawGutter();
  clearTimeout(validateTimer);
  validateTimer = setTimeout(validateEditor, 250);
}

function goToLine(line) {
  const area = $("editor-text");
  const lines = area.value.split("\n");
  const start = lines.slice(0, line - 1).reduce((sum, text) => sum + text.length + 1, 0);
  area.focus();
  area.setSelectionRange(start, start + (lines[line - 1] || "").length);
}

async function validateEditor() {
  const ticket = ++validated;
  const text = $("editor-text").value;
  const file = $("editor-file").value || "house.yaml";
  const reply = await engine.ask("validate", { text, file });
  if (ticket !== validated) return; // a later keystroke's answer is on its way
  const problems = $("editor-problems");
  problems.replaceChildren();
  if (!reply.ok) {
    problems.append(element("li", { text: reply.error.message }));
    return;
  }
  const bad = new Map();
  for (const warning of reply.warnings) {
    if (warning.file === file && warning.line) bad.set(warning.line, "warned");
    problems.append(element("li", { class: "warning", "data-line": String(warning.line), text: warning.text, onclick: () => goToLine(warning.line) }));
  }
  for (const problem of reply.problems) {
    if (problem.file === file && problem.line) bad.set(problem.line, "bad");
    problems.append(element("li", { class: "problem", "data-line": String(problem.line), text: problem.text, onclick: () => goToLine(problem.line) }));
  }
  drawGutter(bad);
  const words = $("editor-words");
  words.classList.toggle("stale", !reply.valid);
  const note = $("editor-words-stale");
  if (note) note.remove();
  if (!reply.valid && words.firstChild) {
    words.prepend(element("p", { id: "editor-words-stale", class: "stale-note", text: "These are the rules of the last valid text: fix the problems to see the new ones." }));
  }
  if (reply.valid) {
    problems.prepend(element("li", { class: "ok", text: `${file}: ok${reply.warnings.length ? ` (with ${reply.warnings.length} warning(s))` : ""}` }));
    const shownRules = await engine.ask("show", { text, file });
    if (ticket === validated && shownRules.ok) renderWords($("editor-words"), shownRules);
  }
  $("editor-status").textContent = (reply.valid ? "valid" : `${reply.problems.length} problem(s)`) + (saveNote ? ` · ${saveNote}` : "");
}

$("editor-text").addEventListener("input", () => {
  saveNote = "";
  editorChanged();
});
$("editor-text").addEventListener("scroll", () => ($("editor-gutter").scrollTop = $("editor-text").scrollTop));
$("editor-file").addEventListener("change", editorChanged);

async function refreshFiles() {
  const reply = await engine.ask("files");
  const select = $("editor-files");
  select.replaceChildren(element("option", { value: "", text: "open a file…" }));
  if (reply.ok) for (const name of reply.files) select.append(element("option", { value: name, text: name }));
}

$("editor-files").addEventListener("focus", refreshFiles);
// The file this editor opened or saved last: Save replaces it without asking; any other file that exists
// is replaced only once the person says so (a trial's Save replaced a file it had never opened).
let editorOwn = null;
// The text as last opened or saved: Open asks before it replaces changes not saved (a trial lost its edits).
let editorKept = $("editor-text").value;

// A file chosen from the list is the one named in the File box, which Open opens (the list's earlier choice
// won over a name typed after it).
$("editor-files").addEventListener("change", () => {
  if ($("editor-files").value) $("editor-file").value = $("editor-files").value;
});
$("editor-open").addEventListener("click", async () => {
  const path = $("editor-file").value;
  if ($("editor-text").value !== editorKept && !window.confirm(`The editor's text has changes not saved. Open ${path} and lose them?`)) {
    return;
  }
  const reply = await engine.ask("open_file", { path });
  $("editor-files").value = "";
  if (!reply.ok) {
    $("editor-status").textContent = reply.error.message;
    return;
  }
  editorOwn = path;
  editorKept = reply.text;
  saveNote = `opened ${path}`; // (kept beside the validation's word, which follows)
  $("editor-text").value = reply.text;
  $("editor-status").textContent = saveNote;
  editorChanged();
});
$("editor-save").addEventListener("click", async () => {
  const path = $("editor-file").value;
  const text = $("editor-text").value;
  let reply = await engine.ask("save_file", { path, text, replace: path === editorOwn });
  if (!reply.ok && reply.error.code === "file_exists") {
    if (window.confirm(`${path} already exists and was not opened here. Replace it with the editor's text?`)) {
      reply = await engine.ask("save_file", { path, text, replace: true });
    } else {
      reply = { ok: false, error: { message: `${path} already exists; it was left as it was.` } };
    }
  }
  if (reply.ok) {
    editorOwn = path;
    editorKept = text;
  }
  saveNote = reply.ok ? `saved ${reply.path}` : `not saved: ${reply.error.message}`;
  $("editor-status").textContent = saveNote;
  refreshFiles();
});
$("editor-download").addEventListener("click", () => {
  const name = ($("editor-file").value || "house.yaml").split("/").pop();
  download(name, $("editor-text").value, "application/yaml");
});
$("editor-play").addEventListener("click", () => {
  showView("table");
  startTableWith("@editor");
});
$("editor-simulate").addEventListener("click", async () => {
  showView("simulate");
  await fillVariantSelect($("sim-variant"), true, "@editor");
});

// The variant a table or a run is asked for: a shipped name, or the editor's text.
function variantFields(value, nameKey = "variant", textKey = "variant_text") {
  if (value === "@editor") return { [textKey]: $("editor-text").value };
  return { [nameKey]: value };
}

// -- Simulate ----------------------------------------------------------------------------------------

let running = false;

async function runSimulation(cmd, fields) {
  if (running) return;
  running = true;
  $("sim-cancel").disabled = false;
  for (const id of ["sim-run", "sim-compare", "sim-sweep"]) $(id).disabled = true;
  const progress = $("sim-progress");
  progress.value = 0;
  progress.max = 1;
  $("sim-status").textContent = `${cmd}: starting…`;
  const count = Number($("sim-count").value);
  const unit = $("sim-unit").value;
  const bots = $("sim-bots").value.trim();
  const request = {
    [unit]: count,
    seed: Number($("sim-seed").value) || 0,
    workers: Number($("sim-workers").value) || 1,
    ...(bots ? { bots: bots.split(",").map((name) => name.trim()) } : {}),
    ...fields,
  };
  const started = performance.now();
  const reply = await engine.ask(cmd, request, (done, total) => {
    progress.max = total;
    progress.value = done;
    $("sim-status").textContent = `${cmd}: ${done} of ${total} chunk(s) done`;
  });
  running = false;
  $("sim-cancel").disabled = true;
  for (const id of ["sim-run", "sim-compare", "sim-sweep"]) $(id).disabled = false;
  if (!reply.ok) {
    $("sim-status").textContent = reply.error.message;
    return;
  }
  progress.value = progress.max;
  $("sim-status").textContent = `${cmd}: done in ${((performance.now() - started) / 1000).toFixed(1)} s`;
  $("sim-text").textContent = reply.text;
  $("sim-text-box").hidden = false;
  const frame = $("sim-report");
  if (reply.html) {
    frame.srcdoc = reply.html;
    frame.hidden = false;
  } else {
    frame.hidden = true;
    $("sim-text-box").open = true;
  }
}

function simulatedVariant(nameKey, textKey) {
  const file = $("sim-file").value.trim();
  return file ? { [nameKey]: file } : variantFields($("sim-variant").value, nameKey, textKey);
}

$("sim-run").addEventListener("click", () => runSimulation("simulate", simulatedVariant("variant", "variant_text")));
$("sim-compare").addEventListener("click", () =>
  runSimulation("compare", { ...simulatedVariant("first", "first_text"), ...variantFields($("sim-second").value, "second", "second_text") }),
);
$("sim-sweep").addEventListener("click", () => {
  const file = $("sim-file").value.trim();
  runSimulation("sweep", { variant: file || $("sim-variant").value, set: $("sim-set").value.trim() });
});
$("sim-cancel").addEventListener("click", () => engine.ask("cancel"));

// -- start -------------------------------------------------------------------------------------------

(async () => {
  await fillVariantSelect($("sim-variant"), true, "standard");
  await fillVariantSelect($("sim-second"), true, "australian");
  await fillVariantSelect($("table-variant"), true, "standard");
  window.addEventListener("hashchange", () => {
    const name = location.hash.slice(1);
    if (views.includes(name)) showView(name);
  });
  const start = location.hash.slice(1);
  const seat = /^seat:([\w-]+):(\d+)$/.exec(start);
  if (seat) {
    // A seat link: this page takes a player's place in a game another page started.
    showView("table");
    await joinFromLink(seat[1], Number(seat[2]));
    return;
  }
  showView(views.includes(start) ? start : "variants");
})();
