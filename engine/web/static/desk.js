// The judge's desk (docs/desk.md): builds a board file in the browser and asks the API the questions
// of `mtgjudge layers`, `attack`, `block` and `replace`. The board is a board file as data
// (docs/board-format.md); it is kept in the browser (localStorage) and checked by the server
// (POST /api/board), which writes every id and timestamp out. No library, no build step.
"use strict";

const STORE = "mtgjudge.desk.v1";
const $ = (id) => document.getElementById(id);

// --- small helpers ------------------------------------------------------------------------------
function h(tag, attrs, ...children) {
  const el = document.createElement(tag);
  for (const [k, v] of Object.entries(attrs || {})) {
    if (v === null || v === undefined || v === false) continue;
    if (k.startsWith("on")) el.addEventListener(k.slice(2), v);
    else if (k === "class") el.className = v;
    else if (k === "dataset") Object.assign(el.dataset, v);
    else el.setAttribute(k, v === true ? "" : String(v));
  }
  for (const c of children.flat()) {
    if (c === null || c === undefined || c === false) continue;
    el.append(c instanceof Node ? c : document.createTextNode(String(c)));
  }
  return el;
}

function table(el, headers, rows) {
  el.replaceChildren(h("thead", {}, h("tr", {}, headers.map((x) => h("th", {}, x)))),
    h("tbody", {}, rows.map((r) => h("tr", r.attrs || {}, (r.cells || r).map((c) => h("td", {}, c))))));
}

// The abilities of the board's objects that mtgjudge does not execute (every answer's not_executed).
function showNotExecuted(id, list) {
  const panel = $(id);
  panel.hidden = !(list && list.length);
  if (panel.hidden) { panel.replaceChildren(); return; }
  const t = h("table", {});
  table(t, ["object", "ability", "text"], list.map((e) => [e.object + (e.effect ? ` (effect ${e.effect})` : ""), e.ability, e.text]));
  panel.replaceChildren(h("h2", {}, "Not executed (the verdict may depend on these)"), h("div", { class: "scroll" }, t));
}

function showError(line) {
  const el = $("error");
  el.textContent = line;
  el.hidden = !line;
}

async function api(method, path, body) {
  const init = { method, headers: {} };
  if (body !== undefined) {
    init.headers["content-type"] = "application/json";
    init.body = JSON.stringify(body);
  }
  let response;
  try {
    response = await fetch(path, init);
  } catch (e) {
    showError("the desk's server does not answer (fix: is `mtgjudge serve` running?)");
    throw e;
  }
  const data = await response.json().catch(() => ({ error: `the server answered ${response.status}` }));
  if (!response.ok) {
    showError(data.error || `the server answered ${response.status}`);
    const err = new Error(data.error);
    err.status = response.status;
    throw err;
  }
  showError("");
  return data;
}

// --- the state: the board file, the declaration, the events --------------------------------------
const state = load();

function fresh() {
  return { board: { players: ["alice", "bob"], battlefield: [] }, side: "attack", attack: {}, pay: [], block: [], events: [] };
}

function load() {
  try {
    const saved = JSON.parse(localStorage.getItem(STORE));
    if (saved && saved.board && Array.isArray(saved.board.players)) return Object.assign(fresh(), saved);
  } catch (e) { /* a damaged store: start again */ }
  return fresh();
}

function save() {
  localStorage.setItem(STORE, JSON.stringify(state));
  $("yaml").textContent = toYaml(state.board);
}

const board = () => state.board;
const players = () => board().players || [];
const activePlayer = () => board().active || players()[0];
const permanents = () => (board().battlefield = board().battlefield || []);

function timestamps() {
  const b = board();
  const ts = [];
  permanents().forEach((p, i) => ts.push(p.timestamp || i + 1));
  (b.effects || []).forEach((e, i) => ts.push(e.timestamp || permanents().length + i + 1));
  return ts;
}

// The server checks the board and writes it out whole (ids, timestamps): what it answers replaces
// the board; a bad board keeps the edit and shows the one-line error.
async function commit() {
  save();
  renderBoard();
  try {
    state.board = await api("POST", "api/board", { board: board() });
    save();
    renderBoard();
  } catch (e) { /* shown */ }
}

// --- YAML out (a board file to download) -------------------------------------------------------
const PLAIN = /^[A-Za-z][A-Za-z0-9 _'.,!-]*$/;
const RESERVED = /^(true|false|yes|no|on|off|null|y|n)$/i;
function scalar(v) {
  if (typeof v === "string") return PLAIN.test(v) && !RESERVED.test(v) && !/[,:]/.test(v) && v.trim() === v ? v : JSON.stringify(v);
  return JSON.stringify(v);
}
function flow(v) {
  if (Array.isArray(v)) return "[" + v.map(flow).join(", ") + "]";
  if (v && typeof v === "object") return "{" + Object.entries(v).map(([k, x]) => `${scalar(k)}: ${flow(x)}`).join(", ") + "}";
  return scalar(v);
}
function toYaml(b) {
  const lines = ["# a board file (docs/board-format.md), from mtgjudge's judge's desk"];
  for (const [k, v] of Object.entries(b)) {
    if (Array.isArray(v) && v.length && typeof v[0] === "object") {
      lines.push(`${k}:`);
      v.forEach((x) => lines.push(`  - ${flow(x)}`));
    } else if (v && typeof v === "object" && !Array.isArray(v) && Object.keys(v).length) {
      lines.push(`${k}:`);
      Object.entries(v).forEach(([kk, x]) => lines.push(`  ${scalar(kk)}: ${flow(x)}`));
    } else {
      lines.push(`${k}: ${flow(v)}`);
    }
  }
  return lines.join("\n") + "\n";
}

// --- counters and choices as text: "+1/+1: 2, loyalty: 3"; "color: red, modes: 1|2" --------------
function mapText(m) {
  return Object.entries(m || {}).map(([k, v]) => `${k}: ${Array.isArray(v) ? v.join("|") : v}`).join(", ");
}
function value(text) {
  if (/^-?\d+$/.test(text)) return parseInt(text, 10);
  if (text === "true" || text === "false") return text === "true";
  return text;
}
function parseMap(text, numbers) {
  const out = {};
  for (const part of text.split(",").map((s) => s.trim()).filter(Boolean)) {
    const at = part.lastIndexOf(":");
    if (at <= 0) throw new Error(`'${part}' is not 'name: value'`);
    const key = part.slice(0, at).trim();
    const raw = part.slice(at + 1).trim();
    if (numbers) {
      if (!/^\d+$/.test(raw)) throw new Error(`'${raw}' is not a whole number of 0 or more`);
      out[key] = parseInt(raw, 10);
    } else {
      out[key] = raw.includes("|") ? raw.split("|").map((s) => value(s.trim())) : value(raw);
    }
  }
  return out;
}

// --- the board view ------------------------------------------------------------------------------
let cardNames = [];

function playerOptions(select, chosen, extra) {
  select.replaceChildren(...(extra || []).concat(players()).map((p) => h("option", { value: p, selected: p === chosen }, p || "(none)")));
}

function renderBoard() {
  const b = board();
  if (document.activeElement !== $("players")) $("players").value = players().join(", ");
  playerOptions($("active"), activePlayer());
  const ctl = $("add-controller").value;
  playerOptions($("add-controller"), players().includes(ctl) ? ctl : players()[0]);
  const ids = permanents().map((p) => p.id).filter(Boolean);
  $("permanents").replaceChildren(...permanents().map((p, i) => permanentItem(p, i, ids)));
  const kept = ["effects", "stack", "hand", "graveyard", "library", "exile", "command"].filter((k) => b[k] && Object.keys(b[k]).length);
  $("kept").textContent = kept.length ? `Also in this board file, kept as they are: ${kept.join(", ")}.` : "";
  $("yaml").textContent = toYaml(b);
}

function permanentItem(p, i, ids) {
  const change = (fn) => (ev) => {
    try { fn(ev.target); } catch (e) { showError(`battlefield[${i}]: ${e.message}`); return; }
    commit();
  };
  const ts = p.timestamp || i + 1;
  return h("li", { class: "permanent", dataset: { id: p.id || "", card: p.card } },
    h("div", { class: "perm-head" },
      h("span", { class: "ts", title: "timestamp (613.7)" }, ts),
      h("strong", {}, p.card), h("code", {}, p.id || ""),
      h("span", { class: "spacer" }),
      h("button", { type: "button", title: "earlier timestamp", "aria-label": "move up", disabled: i === 0, onclick: () => move(i, -1) }, "▲"),
      h("button", { type: "button", title: "later timestamp", "aria-label": "move down", disabled: i === permanents().length - 1, onclick: () => move(i, 1) }, "▼"),
      h("button", { type: "button", title: "remove", "aria-label": "remove", onclick: () => remove(i) }, "✕")),
    h("div", { class: "perm-fields" },
      h("label", {}, "controller ", (() => { const s = h("select", { onchange: change((t) => { p.controller = t.value; }) }); playerOptions(s, p.controller); return s; })()),
      h("label", {}, h("input", { type: "checkbox", checked: !!p.tapped, onchange: change((t) => { if (t.checked) p.tapped = true; else delete p.tapped; }) }), " tapped"),
      h("label", {}, h("input", { type: "checkbox", checked: !!p.summoning_sick, onchange: change((t) => { if (t.checked) p.summoning_sick = true; else delete p.summoning_sick; }) }), " summoning sick"),
      h("label", {}, "counters ", h("input", { class: "counters", value: mapText(p.counters), placeholder: "+1/+1: 2", onchange: change((t) => { const m = parseMap(t.value, true); if (Object.keys(m).length) p.counters = m; else delete p.counters; }) })),
      h("label", {}, "attached to ", (() => {
        const s = h("select", { class: "attached", onchange: change((t) => { if (t.value) p.attached_to = t.value; else delete p.attached_to; }) });
        s.replaceChildren(...[""].concat(ids.filter((x) => x !== p.id), players()).map((x) => h("option", { value: x, selected: (p.attached_to || "") === x }, x || "(nothing)")));
        return s;
      })()),
      h("label", {}, "choices ", h("input", { class: "choices", value: mapText(p.choices), placeholder: "color: red", onchange: change((t) => { const m = parseMap(t.value, false); if (Object.keys(m).length) p.choices = m; else delete p.choices; }) }))));
}

function move(i, by) {
  const list = permanents();
  const j = i + by;
  if (j < 0 || j >= list.length) return;
  const ts = timestamps();
  const [a, b] = [list[i], list[j]];
  if (a.timestamp !== undefined || b.timestamp !== undefined) [a.timestamp, b.timestamp] = [ts[j], ts[i]];
  [list[i], list[j]] = [b, a];
  commit();
}

function forget(id) {
  for (const p of permanents()) if (p.attached_to === id) delete p.attached_to;
  const combat = board().combat;
  if (combat) {
    for (const key of ["attackers", "blockers"]) {
      if (!combat[key]) continue;
      delete combat[key][id];
      for (const [k, v] of Object.entries(combat[key])) if (v === id || (Array.isArray(v) && v.includes(id))) delete combat[key][k];
    }
  }
  delete state.attack[id];
  state.block = state.block.filter(([x, y]) => x !== id && y !== id);
}

function remove(i) {
  const [gone] = permanents().splice(i, 1);
  if (gone.id) forget(gone.id);
  commit();
}

function addCard(name) {
  const entry = { card: name, controller: $("add-controller").value || players()[0] };
  const ts = timestamps();
  if (permanents().some((p) => p.timestamp !== undefined)) entry.timestamp = Math.max(0, ...ts) + 1;
  permanents().push(entry);
  $("card-search").value = "";
  $("suggestions").replaceChildren();
  commit();
}

function suggest() {
  const q = $("card-search").value.trim().toLowerCase();
  if (!q) { $("suggestions").replaceChildren(); return; }
  const starts = cardNames.filter((c) => c.name.toLowerCase().startsWith(q));
  const within = cardNames.filter((c) => !c.name.toLowerCase().startsWith(q) && c.name.toLowerCase().includes(q));
  const found = starts.concat(within).slice(0, 8);
  $("suggestions").replaceChildren(...found.map((c) => h("li", {},
    h("button", { type: "button", class: "suggestion", onclick: () => addCard(c.name) },
      c.name, h("small", {}, " ", c.types.join(" ") + (c.power !== null ? ` ${c.power}/${c.toughness}` : "") + (c.token ? " (token)" : ""))))));
  // any card of the card database, by its exact name (docs/board-format.md): the server checks the name
  const typed = $("card-search").value.trim();
  if (!found.some((c) => c.name.toLowerCase() === q)) {
    $("suggestions").append(h("li", {}, h("button", { type: "button", class: "suggestion", onclick: () => addCard(typed) },
      `“${typed}”`, h("small", {}, " by its exact name: any card of the card database"))));
  }
}

async function loadText(text) {
  try {
    state.board = await api("POST", "api/board", { board: text });
    state.attack = {}; state.pay = []; state.block = [];
    save();
    renderBoard();
    return true;
  } catch (e) { return false; }
}

// --- the layers view -----------------------------------------------------------------------------
const REASONS = {
  existence: "applying it changes whether the effect exists",
  text: "applying it changes the effect's text",
  applies_to: "applying it changes what the effect applies to",
  what_it_does: "applying it changes what the effect does",
};

function typeLine(o) {
  const cap = (w) => w.charAt(0).toUpperCase() + w.slice(1);
  const subs = (o.subtypes || []).concat(o.all_creature_types ? ["(all creature types)"] : []);
  return o.supertypes.concat(o.types).map(cap).join(" ") + (subs.length ? " — " + subs.join(" ") : "");
}

async function showLayers() {
  let d;
  try { d = await api("POST", "api/layers", { board: board() }); } catch (e) { return; }
  table($("characteristics"), ["permanent", "P/T", "type", "controller", "colors", "abilities"],
    Object.entries(d.objects).map(([id, o]) => ({
      attrs: { dataset: { id } },
      cells: [h("span", {}, o.name === null ? "(no name: face down)" : o.name, h("br"), h("code", {}, id)),
        o.power !== null ? h("span", { class: "pt" }, `${o.power}/${o.toughness}`) : "", typeLine(o), o.controller || "",
        o.colors.join(", ") || "colorless", h("span", { class: "abilities" }, o.abilities.join("; "))],
    })));
  table($("order"), ["#", "layer", "effect", "timestamp", "applies to"],
    d.order.map((e, i) => [i + 1, e.layer, e.effect, e.timestamp, e.applies_to.join(", ") || "(nothing)"]));
  if (!d.order.length) table($("order"), ["no continuous effect applies: the printed characteristics"], []);
  table($("dependencies"), ["effect", "depends on", "layer", "why (613.8a)"],
    d.dependencies.map((x) => [x.effect, x.depends_on, x.layer, REASONS[x.reason] || x.reason]));
  $("dependencies").hidden = !d.dependencies.length;
  $("loops").textContent = d.loops.length
    ? d.loops.map((l) => `dependency loop (613.8b, applied in timestamp order): ${l.join(", ")}`).join("; ")
    : d.dependencies.length ? "" : "no dependencies: every layer applied in timestamp order (613.7)";
  drawGraph($("graph"), d);
  $("in-force-panel").hidden = !d.players_and_rules.length;
  table($("in-force"), ["effect", "rule", "timestamp", "text"], d.players_and_rules.map((e) => [e.effect, e.rule, e.timestamp, e.text]));
  showNotExecuted("layers-not-executed", d.not_executed);
}

// The dependency graph as an SVG arc diagram: one row per effect, in application order; an arrow
// from an effect to the one it depends on (it applies after it); the effects in a loop in red.
function drawGraph(el, d) {
  const NS = "http://www.w3.org/2000/svg";
  const s = (tag, attrs, text) => {
    const e = document.createElementNS(NS, tag);
    for (const [k, v] of Object.entries(attrs)) e.setAttribute(k, String(v));
    if (text !== undefined) e.textContent = text;
    return e;
  };
  const nodes = [];
  for (const e of d.order) if (!nodes.includes(e.effect)) nodes.push(e.effect);
  if (!nodes.length) { el.replaceChildren(); return; }
  const inLoop = new Set(d.loops.flat());
  const loopEdge = (a, b) => d.loops.some((l) => l.includes(a) && l.includes(b));
  const label = (n) => `${n}  (layer ${d.order.filter((e) => e.effect === n).map((e) => e.layer).join(", ")})${inLoop.has(n) ? "  loop" : ""}`;
  const row = 30, left = 40 + 24 * Math.max(1, Math.min(nodes.length, 8));
  const width = Math.ceil(left + 20 + 7.4 * Math.max(...nodes.map((n) => label(n).length)));
  const svg = s("svg", { viewBox: `0 0 ${width} ${nodes.length * row + 10}`, width, class: "graph", role: "img",
    "aria-label": "dependency graph" });
  const defs = s("defs", {});
  for (const [id, color] of [["arrow", "#555"], ["arrow-loop", "#c00"]]) {
    const m = s("marker", { id, viewBox: "0 0 10 10", refX: 9, refY: 5, markerWidth: 7, markerHeight: 7, orient: "auto-start-reverse" });
    m.append(s("path", { d: "M0,0 L10,5 L0,10 z", fill: color }));
    defs.append(m);
  }
  svg.append(defs);
  const y = (n) => 20 + nodes.indexOf(n) * row;
  for (const x of d.dependencies) {
    if (!nodes.includes(x.effect) || !nodes.includes(x.depends_on)) continue;
    // the arrows that go up bend further out than those that go down: the two edges of a loop
    // of two effects are two arcs
    const y1 = y(x.effect), y2 = y(x.depends_on), bend = left - 14 - Math.abs(y1 - y2) * 0.6 - (y2 < y1 ? 22 : 0);
    const loop = loopEdge(x.effect, x.depends_on);
    const path = s("path", { d: `M${left - 8},${y1} C${bend},${y1} ${bend},${y2} ${left - 8},${y2}`, fill: "none",
      stroke: loop ? "#c00" : "#555", "stroke-width": loop ? 2 : 1.5, "marker-end": `url(#${loop ? "arrow-loop" : "arrow"})`,
      class: loop ? "edge loop" : "edge" });
    path.append(s("title", {}, `${x.effect} depends on ${x.depends_on} (layer ${x.layer}: ${REASONS[x.reason] || x.reason})`));
    svg.append(path);
  }
  for (const n of nodes) {
    svg.append(s("circle", { cx: left, cy: y(n), r: 6, fill: inLoop.has(n) ? "#c00" : "#2a6", class: inLoop.has(n) ? "node loop" : "node" }));
    svg.append(s("text", { x: left + 12, y: y(n) + 4, class: inLoop.has(n) ? "loop" : "" }, label(n)));
  }
  el.replaceChildren(svg);
}

// --- the combat view -----------------------------------------------------------------------------
let chars = {};  // the characteristics after the layers, by id
let selectedBlocker = null;

function isType(o, t) { return o && o.types.includes(t); }

function targetsFor() {
  const opponents = players().filter((p) => p !== activePlayer());
  const walkers = Object.entries(chars).filter(([, o]) => (isType(o, "planeswalker") || isType(o, "battle")) && o.controller !== activePlayer()).map(([id]) => id);
  return opponents.concat(walkers);
}

async function showCombat() {
  try { chars = (await api("POST", "api/layers", { board: board() })).objects; } catch (e) { chars = {}; }
  renderCombat();
}

function setSide(side) {
  state.side = side;
  selectedBlocker = null;
  save();
  $("verdict-panel").hidden = true;
  $("all-panel").hidden = true;
  renderCombat();
}

function attacks() { return (board().combat && board().combat.attackers) || {}; }

function renderCombat(highlight) {
  const side = state.side;
  document.querySelectorAll("[data-side]").forEach((b) => b.setAttribute("aria-pressed", String(b.dataset.side === side)));
  $("use-attack").hidden = side !== "attack";
  const attacking = attacks();
  $("combat-help").textContent = side === "attack"
    ? `${activePlayer()} attacks: click a creature to make it attack; choose what it attacks on its tile.`
    : Object.keys(attacking).length
      ? "Click a blocker, then the attacker it blocks (click again to undo)."
      : "No creature is attacking on this board: declare the attack first, then 'Make it the board's attack'.";
  const better = highlight ? highlight.pairs : [];
  const groups = players().map((p) => {
    const tiles = Object.entries(chars).filter(([, o]) => o.controller === p && (isType(o, "creature") || isType(o, "planeswalker") || isType(o, "battle")));
    return h("div", { class: "side-group" }, h("h3", {}, p + (p === activePlayer() ? " (active)" : "")),
      h("div", { class: "tiles" }, tiles.length ? tiles.map(([id, o]) => tile(id, o, side, attacking, better)) : h("p", { class: "note" }, "no creature")));
  });
  $("combat-board").replaceChildren(...groups);
  const list = side === "attack"
    ? Object.entries(state.attack).map(([c, t]) => h("li", {}, `${name(c)} attacks ${name(t)}` + (state.pay.includes(c) ? " (cost paid)" : "")))
    : state.block.map(([b, a]) => h("li", {}, `${name(b)} blocks ${name(a)}`));
  $("declaration").replaceChildren(...(list.length ? list : [h("li", { class: "note" }, side === "attack" ? "no creature attacks" : "no creature blocks")]));
}

function name(id) { return chars[id] ? `${chars[id].name} (${id})` : id; }

function tile(id, o, side, attacking, better) {
  const pt = o.power !== null ? `${o.power}/${o.toughness}` : isType(o, "planeswalker") ? "planeswalker" : "";
  const perm = permanents().find((p) => p.id === id) || {};
  const classes = ["tile"];
  const notes = [];
  if (perm.tapped) notes.push("tapped");
  if (side === "attack") {
    if (state.attack[id] !== undefined) classes.push("declared");
  } else {
    if (attacking[id] !== undefined) { classes.push("attacker"); notes.push(`attacks ${attacking[id]}`); }
    if (selectedBlocker === id) classes.push("selected");
    const blocks = state.block.filter(([b]) => b === id).map(([, a]) => a);
    if (blocks.length) { classes.push("declared"); notes.push(`blocks ${blocks.join(", ")}`); }
  }
  const suggested = better.filter(([x]) => x === id).map(([, y]) => y);
  if (suggested.length) { classes.push("better"); notes.push(`${side === "attack" ? "attacks" : "blocks"} ${suggested.join(", ")} in the legal declaration`); }
  const el = h("div", { class: classes.join(" "), dataset: { id }, role: "button", tabindex: 0 },
    h("strong", {}, o.name), h("span", { class: "pt" }, pt), h("code", {}, id),
    notes.map((n) => h("small", {}, n)));
  el.addEventListener("click", (ev) => { if (!ev.target.closest("select,input,label")) clickTile(id, o); });
  el.addEventListener("keydown", (ev) => { if (ev.key === "Enter" || ev.key === " ") { ev.preventDefault(); clickTile(id, o); } });
  if (side === "attack" && state.attack[id] !== undefined) {
    const sel = h("select", { "aria-label": "attacks", onchange: (ev) => { state.attack[id] = ev.target.value; save(); renderCombat(); } },
      targetsFor().map((t) => h("option", { value: t, selected: state.attack[id] === t }, `attacks ${t}`)));
    const pay = h("label", {}, h("input", { type: "checkbox", checked: state.pay.includes(id), onchange: (ev) => {
      state.pay = ev.target.checked ? state.pay.concat([id]) : state.pay.filter((x) => x !== id); save(); renderCombat(); } }), " pay its cost");
    el.append(sel, pay);
  }
  return el;
}

function clickTile(id, o) {
  if (state.side === "attack") {
    if (o.controller !== activePlayer() || !isType(o, "creature")) return;
    if (state.attack[id] !== undefined) { delete state.attack[id]; state.pay = state.pay.filter((x) => x !== id); }
    else state.attack[id] = targetsFor()[0];
  } else {
    const attacking = attacks();
    if (attacking[id] !== undefined && selectedBlocker) {
      const has = state.block.findIndex(([b, a]) => b === selectedBlocker && a === id);
      if (has >= 0) state.block.splice(has, 1); else state.block.push([selectedBlocker, id]);
      selectedBlocker = null;
    } else if (o.controller !== activePlayer() && isType(o, "creature")) {
      selectedBlocker = selectedBlocker === id ? null : id;
    }
  }
  save();
  renderCombat();
}

function declaration() {
  if (state.side === "attack") {
    const d = { attack: Object.fromEntries(Object.entries(state.attack)) };
    if (state.pay.length) d.pay = state.pay.slice();
    return d;
  }
  const block = {};
  for (const [b, a] of state.block) block[b] = block[b] === undefined ? a : [].concat(block[b], a);
  return { block };
}

function pairsOf(decl) {
  if (!decl) return [];
  if (decl.attack) return Object.entries(decl.attack);
  return Object.entries(decl.block || {}).flatMap(([b, a]) => [].concat(a).map((x) => [b, x]));
}

function declText(decl) {
  const verb = decl.attack ? "attacks" : "blocks";
  const pairs = pairsOf(decl).map(([x, y]) => `${name(x)} ${verb} ${name(y)}`);
  return (pairs.join("; ") || "no creature " + verb.slice(0, -1) + "s") + (decl.pay && decl.pay.length ? `; costs paid for ${decl.pay.join(", ")}` : "");
}

async function check() {
  const side = state.side;
  let v;
  try { v = await api("POST", `api/${side}`, { board: board(), declaration: declaration() }); } catch (e) { return; }
  $("all-panel").hidden = true;
  $("verdict-panel").hidden = false;
  $("verdict").textContent = v.legal ? "Legal" : "Illegal";
  $("verdict").className = v.legal ? "legal" : "illegal";
  $("obeyed").textContent = `Requirements obeyed: ${v.obeyed}; the most any declaration that breaks no restriction and pays no cost obeys: ${v.max_obeyed}.`;
  $("violations").replaceChildren(...v.violations.map((x) => h("li", { class: "violation" },
    h("span", { class: "rule" }, x.rule), " ", x.message.replace(new RegExp("^" + x.rule.replace(/\./g, "\\.") + ":\\s*"), ""))));
  $("triggers").replaceChildren(...(v.triggers || []).map((t) => h("li", {}, `triggers: ${t.source} ability ${t.ability}: ${t.text}`)));
  let better = v.better, title = `A better declaration, obeying ${v.max_obeyed}:`;
  if (!v.legal && !better) {
    // a declaration that breaks a restriction is not compared for requirements: the best one is shown
    try {
      const b = await api("POST", `api/${side}`, { board: board() });
      better = b.example;
      title = `A legal declaration, obeying ${b.max_obeyed}:`;
    } catch (e) { better = null; }
  }
  $("better").replaceChildren(...(better ? [h("h3", {}, title), h("p", { class: "better-text" }, declText(better)),
    h("button", { type: "button", onclick: () => adopt(better) }, "Use it")] : []));
  showNotExecuted("combat-not-executed", v.not_executed);
  renderCombat(better ? { pairs: pairsOf(better) } : null);
}

function adopt(decl) {
  if (decl.attack) { state.attack = Object.assign({}, decl.attack); state.pay = (decl.pay || []).slice(); }
  else state.block = pairsOf(decl);
  save();
  check();
}

async function showAll() {
  let d;
  try { d = await api("POST", `api/${state.side}`, { board: board(), all: true, limit: 200 }); } catch (e) { return; }
  $("verdict-panel").hidden = true;
  $("all-panel").hidden = false;
  $("all-count").textContent = `${d.count} legal declaration${d.count === 1 ? "" : "s"}${d.complete ? "" : ` (the first ${d.limit}; there are more)`}, obeying ${d.max_obeyed} requirement${d.max_obeyed === 1 ? "" : "s"}`;
  $("all-list").replaceChildren(...d.declarations.map((x) => h("li", {}, declText(x), " ", h("button", { type: "button", class: "small", onclick: () => adopt(x) }, "use"))));
  showNotExecuted("combat-not-executed", d.not_executed);
  renderCombat();
}

// --- the replace view ----------------------------------------------------------------------------
let eventSchemas = {};  // event type -> its JSON Schema (from the API's OpenAPI description)

async function loadEventSchemas() {
  const doc = await api("GET", "api/openapi.json");
  const all = doc.components.schemas;
  for (const ref of all.OneEvent.properties.event.oneOf) {
    const schema = all[ref.$ref.split("/").pop()];
    eventSchemas[schema.properties.type.const] = schema;
  }
  $("event-type").replaceChildren(...Object.keys(eventSchemas).map((t) => h("option", { value: t }, t)));
}

function fieldKind(p) {
  const alt = p.anyOf ? p.anyOf.find((x) => x.type !== "null") : p;
  if (alt.enum) return { kind: "enum", options: alt.enum };
  return { kind: alt.type };
}

function renderEvents() {
  const ids = permanents().map((p) => p.id).filter(Boolean);
  const suggestions = h("datalist", { id: "event-ids" }, ids.concat(players()).map((x) => h("option", { value: x })));
  const cards = h("datalist", { id: "event-cards" }, cardNames.map((c) => h("option", { value: c.name })));
  $("events").replaceChildren(suggestions, cards, ...state.events.map((ev, i) => {
    const schema = eventSchemas[ev.type];
    if (!schema) return h("p", {}, JSON.stringify(ev));
    const fields = Object.entries(schema.properties).filter(([k]) => k !== "type" && k !== "prevented").map(([k, p]) => {
      const { kind, options } = fieldKind(p);
      const required = (schema.required || []).includes(k);
      const set = (v) => { if (v === "" || v === null || v === undefined) delete ev[k]; else ev[k] = v; save(); };
      let input;
      if (kind === "enum") {
        input = h("select", { onchange: (e) => set(e.target.value) }, [""].concat(options).map((o) => h("option", { value: o, selected: ev[k] === o }, o)));
      } else if (kind === "boolean") {
        input = h("input", { type: "checkbox", checked: !!ev[k], onchange: (e) => set(e.target.checked ? true : (p.default === false ? undefined : false)) });
      } else if (kind === "integer") {
        input = h("input", { type: "number", min: 0, step: 1, value: ev[k] ?? "", onchange: (e) => set(e.target.value === "" ? "" : parseInt(e.target.value, 10)) });
      } else if (kind === "object") {
        input = h("input", { value: mapText(ev[k]), placeholder: "+1/+1: 1", onchange: (e) => { try { set(parseMap(e.target.value, true)); } catch (x) { showError(`${k}: ${x.message}`); } } });
      } else {
        const list = k === "card" || k === "token" ? (ev.type === "discard" ? "event-ids" : "event-cards") : "event-ids";
        input = h("input", { value: ev[k] ?? "", list, autocomplete: "off", onchange: (e) => set(e.target.value.trim()) });
      }
      return h("label", { title: p.description || "" }, `${k}${required ? " *" : ""} `, input);
    });
    return h("div", { class: "event", dataset: { type: ev.type } },
      h("div", { class: "perm-head" }, h("strong", {}, ev.type), h("span", { class: "spacer" }),
        h("button", { type: "button", "aria-label": "remove", onclick: () => { state.events.splice(i, 1); save(); renderEvents(); } }, "✕")),
      h("div", { class: "perm-fields" }, fields));
  }));
  if (!state.events.length) $("events").append(h("p", { class: "note" }, "no event yet: choose a type and add it"));
}

function eventText(e) {
  return `${e.type} (` + Object.entries(e).filter(([k]) => k !== "type").map(([k, v]) => `${k}: ${typeof v === "object" ? flow(v) : v}`).join(", ") + ")";
}

async function replace() {
  if (!state.events.length) { showError("event: no event (fix: add the event about to happen)"); return; }
  const event = state.events.length === 1 ? { event: state.events[0] } : { events: state.events };
  let d;
  try { d = await api("POST", "api/replace", { board: board(), event }); } catch (e) { return; }
  $("replace-panel").hidden = false;
  $("applicable").replaceChildren(...(d.applicable.length ? d.applicable.map((a) => h("li", { class: "effect" },
    h("strong", {}, a.effect), h("small", {}, ` ${a.kind}, ${a.category}`), h("br"), a.text))
    : [h("li", { class: "note" }, "no replacement or prevention effect applies")]));
  const chooser = d.chooser !== undefined ? d.chooser : (d.choosers || []).join(", ");
  $("chooser").textContent = `Who chooses the order (616.1): ${chooser}`;
  $("outcome-count").textContent = `${d.outcome_count} outcome${d.outcome_count === 1 ? "" : "s"}` + (d.outcome_count > d.outcomes.length ? ` (the first ${d.outcomes.length})` : "");
  $("outcomes").replaceChildren(...d.outcomes.map((o) => h("li", { class: "outcome" },
    h("p", { class: "events" }, o.events.map(eventText).join("; ") || "(nothing happens)"),
    h("p", { class: "note" }, `${o.order_count} order${o.order_count === 1 ? "" : "s"} of choices` + (o.orders.length < o.order_count ? ` (the first ${o.orders.length})` : "") + ":"),
    h("ul", {}, o.orders.map((order) => h("li", { class: "order" }, order.length ? order.join(" then ") : "(no effect applies)"))),
    (o.triggers || []).length ? h("ul", {}, o.triggers.map((t) => h("li", {}, `triggers (${t.rule}): ${t.source} ability ${t.ability}, for ${t.object}: ${t.text}`))) : null)));
  showNotExecuted("replace-not-executed", d.not_executed);
}

// --- tabs and wiring -----------------------------------------------------------------------------
function showView(view) {
  document.querySelectorAll("#tabs button").forEach((b) => b.setAttribute("aria-selected", String(b.dataset.view === view)));
  document.querySelectorAll(".view").forEach((s) => { s.hidden = s.id !== `view-${view}`; });
  if (view === "layers") showLayers();
  if (view === "combat") showCombat();
  if (view === "replace") renderEvents();
  if (location.hash !== `#${view}`) history.replaceState(null, "", `#${view}`);
}

function wire() {
  document.querySelectorAll("#tabs button").forEach((b) => b.addEventListener("click", () => showView(b.dataset.view)));
  $("players").addEventListener("change", (e) => {
    const names = e.target.value.split(",").map((s) => s.trim()).filter(Boolean);
    board().players = names;
    if (board().active && !names.includes(board().active)) delete board().active;
    commit();
  });
  $("active").addEventListener("change", (e) => { board().active = e.target.value; commit(); });
  $("card-search").addEventListener("input", suggest);
  $("card-search").addEventListener("keydown", (e) => {
    if (e.key === "Enter") { const first = $("suggestions").querySelector("button"); if (first) first.click(); }
  });
  $("download").addEventListener("click", () => {
    const url = URL.createObjectURL(new Blob([toYaml(board())], { type: "text/yaml" }));
    const a = h("a", { href: url, download: "board.yaml" });
    document.body.append(a); a.click(); a.remove();
    setTimeout(() => URL.revokeObjectURL(url), 1000);
  });
  $("upload").addEventListener("change", async (e) => {
    const file = e.target.files[0];
    if (file) await loadText(await file.text());
    e.target.value = "";
  });
  $("paste-load").addEventListener("click", async () => { if (await loadText($("paste").value)) $("paste").value = ""; });
  $("clear").addEventListener("click", () => { Object.assign(state, fresh()); save(); renderBoard(); showError(""); });
  document.querySelectorAll("[data-side]").forEach((b) => b.addEventListener("click", () => setSide(b.dataset.side)));
  $("check").addEventListener("click", check);
  $("all").addEventListener("click", showAll);
  $("reset-declaration").addEventListener("click", () => {
    if (state.side === "attack") { state.attack = {}; state.pay = []; } else { state.block = []; selectedBlocker = null; }
    save(); $("verdict-panel").hidden = true; renderCombat();
  });
  $("use-attack").addEventListener("click", () => {
    const combat = board().combat || {};
    combat.attackers = Object.assign({}, state.attack);
    delete combat.blockers;
    board().combat = combat;
    state.block = [];
    commit().then(() => setSide("block"));
  });
  $("add-event").addEventListener("click", () => { state.events.push({ type: $("event-type").value }); save(); renderEvents(); });
  $("replace-go").addEventListener("click", replace);
}

async function start() {
  wire();
  save();
  renderBoard();
  try { cardNames = await api("GET", "api/card-names"); } catch (e) { cardNames = []; }
  try { await loadEventSchemas(); } catch (e) { /* shown */ }
  const view = (location.hash || "#board").slice(1);
  showView(["board", "layers", "combat", "replace"].includes(view) ? view : "board");
  document.body.dataset.ready = "true";
}

start();
