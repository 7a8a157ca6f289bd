/* The game table: choose a move by tapping the board, check it in the tray, then confirm.
 *
 * The page gives, in #table-data, the reader's legal moves as "table actions": the board keys
 * to tap in order (picks, the data-pick attributes of the board), the values still to choose
 * (params: a number in a range, or cards among some) and the template to send back. This
 * script lights up what the selection can go on with (.is-target), remembers what was tapped
 * (.is-picked), offers the moves that need no tap and the choices a tap leaves open as buttons
 * in the tray, and sends nothing before "Confirm": the server checks the move again.
 * Without this script the plain form below the board still works.
 */
(function () {
  "use strict";

  var dataNode = document.getElementById("table-data");
  var tray = document.querySelector("[data-tray]");
  var board = document.querySelector("[data-table]");
  if (!board) return;

  function strings(root) {
    var found = {};
    var template = root && root.querySelector("template[data-strings]");
    if (!template) return found;
    template.content.querySelectorAll("[data-string]").forEach(function (node) {
      found[node.getAttribute("data-string")] = node.textContent;
    });
    return found;
  }

  function all(selector, root) {
    return Array.prototype.slice.call((root || document).querySelectorAll(selector));
  }

  function pickNodes(key) {
    return all("[data-pick]", board).filter(function (node) {
      return node.getAttribute("data-pick") === key;
    });
  }

  function make(tag, className, text) {
    var node = document.createElement(tag);
    if (className) node.className = className;
    if (text !== undefined) node.textContent = text;
    return node;
  }

  // The last move, marked on the board whether or not the reader can move; again each time a
  // spectator's page swaps in the board of a newer position (htmx, #live).
  function markLastMove() {
    var node = document.getElementById("table-data");
    var root = document.querySelector("[data-table]");
    var marks = node ? JSON.parse(node.textContent).marks || [] : [];
    if (!root) return;
    all("[data-pick], [data-mark]", root).forEach(function (found) {
      var pick = found.getAttribute("data-pick"), mark = found.getAttribute("data-mark");
      if ((pick !== null && marks.indexOf(pick) >= 0) || (mark !== null && marks.indexOf(mark) >= 0)) {
        found.classList.add("is-last");
      }
    });
    all("[data-scroll-frame] .is-last", root).forEach(showInFrame);
  }

  // A mark in a frame that scrolls sideways (the cards between a Richelieu row's ends) is
  // brought to the middle of the frame's view; the page itself does not move.
  function showInFrame(node) {
    var frame = node.closest("[data-scroll-frame]");
    var box = node.getBoundingClientRect(), view = frame.getBoundingClientRect();
    frame.scrollLeft += box.left - view.left - (view.width - box.width) / 2;
  }
  var data = dataNode ? JSON.parse(dataNode.textContent) : { actions: [], marks: [] };
  markLastMove();
  document.body.addEventListener("htmx:afterSettle", markLastMove);

  if (!tray || !data.actions || !data.actions.length) return;

  var text = strings(tray);
  var form = tray.querySelector("[data-tray-form]");
  var actionInput = form.querySelector("input[name=action]");
  var choicesBox = tray.querySelector("[data-choices]");
  var paramsBox = tray.querySelector("[data-params]");
  var summary = tray.querySelector("[data-summary]");
  var hint = tray.querySelector("[data-hint]");
  var confirm = tray.querySelector("[data-confirm]");
  var undo = tray.querySelector("[data-undo]");
  var rule = tray.querySelector("[data-rule]");
  var actions = data.actions;

  var picked = [];      // board keys tapped so far
  var chosen = null;    // the table action chosen, once the taps (or a button) name one
  var cards = [];       // cards chosen for a "subset" parameter

  function startsWith(list, prefix) {
    if (list.length < prefix.length) return false;
    for (var i = 0; i < prefix.length; i++) if (list[i] !== prefix[i]) return false;
    return true;
  }

  function candidates() {
    return actions.filter(function (action) { return startsWith(action.picks, picked); });
  }

  function nextKeys() {
    var keys = {};
    candidates().forEach(function (action) {
      if (action.picks.length > picked.length) keys[action.picks[picked.length]] = true;
    });
    return keys;
  }

  function cardParam() {
    if (!chosen) return null;
    return chosen.params.filter(function (param) { return param.kind === "subset"; })[0] || null;
  }

  function paint() {
    var keys = chosen ? {} : nextKeys();
    var subset = cardParam();
    var subsetKeys = {};
    if (subset) subset.options.forEach(function (option) { subsetKeys[option.pick] = option; });
    all("[data-pick]", board).forEach(function (node) {
      var key = node.getAttribute("data-pick");
      var target = Boolean(keys[key]) || Boolean(subsetKeys[key]);
      var isPicked = picked.indexOf(key) >= 0 ||
        (subsetKeys[key] && cards.indexOf(subsetKeys[key].value) >= 0);
      node.classList.toggle("is-target", target);
      node.classList.toggle("is-picked", Boolean(isPicked));
      node.classList.toggle("is-dimmed", (picked.length > 0 || chosen !== null) && !target && !isPicked);
      if (node.hasAttribute("tabindex") || target) {
        node.setAttribute("tabindex", target ? "0" : "-1");
      }
      if (target) node.setAttribute("aria-disabled", "false");
      else node.removeAttribute("aria-disabled");
      if (node.hasAttribute("aria-pressed") || isPicked) {
        node.setAttribute("aria-pressed", isPicked ? "true" : "false");
      }
    });
  }

  function button(label, onClick, className) {
    var node = make("button", className || "button secondary", label);
    node.type = "button";
    node.addEventListener("click", onClick);
    return node;
  }

  function showChoices() {
    choicesBox.textContent = "";
    if (chosen) return;
    var open = candidates();
    // Moves that need no (more) tap: end the turn, pass, or several moves that the same taps
    // lead to (attack with these dice or blitz…).
    var complete = open.filter(function (action) { return action.picks.length === picked.length; });
    var more = open.some(function (action) { return action.picks.length > picked.length; });
    if (!complete.length) return;
    if (complete.length === 1 && !more && picked.length) {
      choose(complete[0]);
      return;
    }
    if (picked.length && complete.length > 1) {
      choicesBox.appendChild(make("p", "tray-label", text.choose || ""));
    }
    complete.forEach(function (action) {
      var node = button(action.label, function () { choose(action); });
      // Once the taps have named the places, a short word tells the moves apart ("Attack",
      // "Blitz"): the tray stays one row high; the full label stays the button's name.
      if (picked.length && action.choice) {
        node.textContent = "";
        node.appendChild(make("span", "", action.choice)).setAttribute("aria-hidden", "true");
        node.appendChild(make("span", "visually-hidden", action.label));
      }
      choicesBox.appendChild(node);
    });
  }

  function boxOf(nodes) {
    var top = Infinity, bottom = -Infinity;
    nodes.forEach(function (node) {
      var box = node.getBoundingClientRect();
      if (!box.height) return;
      top = Math.min(top, box.top);
      bottom = Math.max(bottom, box.bottom);
    });
    return top <= bottom ? { top: top, bottom: bottom } : null;
  }

  // A board marks with data-keep-in-view the part to keep in sight (the Risk map). The tray at
  // the bottom of the screen must never hide it: on arrival and after each tap the page scrolls
  // the least that shows it whole with the last move's line above it. When that cannot fit,
  // it shows on arrival the last move (its line and its marks), else its line whole at the
  // top of the screen with as much of the board below as fits (a line that wraps and marks at
  // both ends of the map), after a tap the board part, else the picked places and the last
  // move's marks, else the picked places alone. What is to be tapped outside that part (the
  // cards of a trade) is shown instead.
  function keepInView(arrival) {
    var view = board.querySelector("[data-keep-in-view]");
    if (!view) return;
    var high = 8, low = Math.min(tray.getBoundingClientRect().top, window.innerHeight) - 8;
    var line = board.querySelector(".last-move");
    var marks = all(".is-last", view), taps = all(".is-picked, .is-target", board);
    var lead = line ? [line] : [];
    // A learn match's hints (templates/play/_hints.html) are read first: on arrival they lead.
    // When they and the board do not fit on the screen together (the Risk map on a phone),
    // they fold to their summary, which names the phase (a tap opens them), unless they say
    // why a move was refused.
    var hints = arrival ? document.querySelector(".learn-hints") : null;
    if (hints) {
      lead.unshift(hints);
      var both = boxOf(lead.concat([view]));
      if (both && both.bottom - both.top > low - high && !hints.querySelector(".learn-refusal")) {
        hints.open = false;
      }
    }
    var elsewhere = taps.some(function (node) { return !view.contains(node); });
    var first = boxOf(lead);
    var leadOnTop = first ? { top: first.top, bottom: first.top + low - high } : null;
    var wanted = (elsewhere ? [boxOf(taps)] : arrival ? [
      boxOf(lead.concat([view])), boxOf(lead.concat(marks)), leadOnTop, boxOf(marks)
    ] : [
      boxOf(lead.concat([view])), boxOf([view]), boxOf(taps.concat(marks)), boxOf(taps)
    ]).filter(function (box) { return box && box.bottom - box.top <= low - high; })[0];
    if (!wanted) return;
    var by = wanted.bottom > low ? wanted.bottom - low : 0;
    if (wanted.top - by < high) by = wanted.top - high;
    // Whatever else it shows, the arrival never scrolls a learn match's hints out of sight.
    if (hints) by = Math.min(by, hints.getBoundingClientRect().top - high);
    if (by) window.scrollBy(0, by);
  }

  function numberControl(param) {
    var field = make("div", "tray-number");
    var id = "tray-" + param.name;
    var label = make("label", "", param.label);
    label.htmlFor = id;
    var input = document.createElement("input");
    input.id = id;
    input.name = param.name;
    input.type = param.widget === "slider" ? "range" : "number";
    input.min = param.min;
    input.max = param.max;
    input.value = param.value;
    input.inputMode = "numeric";
    var shown = make("output", "tray-value", String(param.value));
    shown.htmlFor = id;
    function set(value) {
      var number = Math.max(param.min, Math.min(param.max, value));
      input.value = number;
      shown.textContent = String(number);
      describe();
    }
    input.addEventListener("input", function () { set(parseInt(input.value, 10) || param.min); });
    field.appendChild(label);
    if (param.widget === "slider") {
      field.appendChild(input);
      field.appendChild(shown);
    } else {
      var less = button("−", function () { set((parseInt(input.value, 10) || 0) - 1); }, "step");
      var more = button("+", function () { set((parseInt(input.value, 10) || 0) + 1); }, "step");
      less.setAttribute("aria-label", (text.less || "−") + " (" + param.label + ")");
      more.setAttribute("aria-label", (text.more || "+") + " (" + param.label + ")");
      field.appendChild(less);
      field.appendChild(input);
      field.appendChild(more);
    }
    field.appendChild(make("span", "tray-range", param.min + "–" + param.max));
    return field;
  }

  function showParams() {
    paramsBox.textContent = "";
    if (!chosen) return;
    chosen.params.forEach(function (param) {
      if (param.kind === "number") {
        if (param.min !== param.max) paramsBox.appendChild(numberControl(param));
        else {
          var fixed = document.createElement("input");
          fixed.type = "hidden";
          fixed.name = param.name;
          fixed.value = param.min;
          paramsBox.appendChild(fixed);
        }
      } else if (param.kind === "subset") {
        var group = make("fieldset", "tray-cards");
        group.appendChild(make("legend", "", text.cards || param.label));
        param.options.forEach(function (option) {
          var toggle = button(option.label, function () { toggleCard(option.value); }, "chip");
          toggle.setAttribute("aria-pressed", cards.indexOf(option.value) >= 0 ? "true" : "false");
          toggle.setAttribute("data-card", option.value);
          group.appendChild(toggle);
        });
        cards.forEach(function (value) {
          var input = document.createElement("input");
          input.type = "hidden";
          input.name = "cards";
          input.value = value;
          group.appendChild(input);
        });
        paramsBox.appendChild(group);
      }
    });
  }

  function toggleCard(value) {
    var at = cards.indexOf(value);
    if (at >= 0) cards.splice(at, 1);
    else cards.push(value);
    render();
  }

  function describe() {
    if (!chosen) {
      summary.textContent = "";
      return;
    }
    var parts = [chosen.label];
    all("input[type=number], input[type=range]", paramsBox).forEach(function (input) {
      var label = paramsBox.querySelector("label[for='" + input.id + "']");
      parts.push((label ? label.textContent : input.name) + ": " + input.value);
    });
    if (cardParam()) parts.push(cardParam().label + ": " + cards.length);
    summary.textContent = (text.selected ? text.selected + " " : "") + parts.join(" · ");
  }

  // A screen reader hears why Confirm is off (its description): a move is still to choose on
  // the board, or the cards to trade.
  function explainConfirm() {
    var reason = null;
    if (!chosen) reason = hint;
    else if (confirm.disabled) reason = paramsBox.querySelector("legend");
    if (reason && !reason.id) reason.id = "tray-reason";
    if (reason) confirm.setAttribute("aria-describedby", reason.id);
    else confirm.removeAttribute("aria-describedby");
  }

  function render() {
    paint();
    showChoices();
    showParams();
    describe();
    var subset = cardParam();
    confirm.disabled = !chosen || (subset !== null && cards.length === 0);
    undo.disabled = !chosen && picked.length === 0;
    hint.hidden = chosen !== null || choicesBox.querySelector(".tray-label") !== null;
    explainConfirm();
    rule.hidden = !(chosen && chosen.rule);
    if (chosen && chosen.rule) rule.href = chosen.rule;
    tray.classList.toggle("is-choosing", picked.length > 0 || chosen !== null);
    actionInput.value = chosen ? JSON.stringify(chosen.template) : "";
    if (picked.length || chosen) keepInView(false);
  }

  function choose(action) {
    chosen = action;
    cards = [];
    render();
    var first = paramsBox.querySelector("input:not([type=hidden]), button");
    (first || confirm).focus({ preventScroll: true });
  }

  function tap(key) {
    var subset = cardParam();
    if (subset) {
      var option = subset.options.filter(function (item) { return item.pick === key; })[0];
      if (option) toggleCard(option.value);
      return;
    }
    if (chosen) return;
    if (!nextKeys()[key]) return;
    picked.push(key);
    render();
  }

  // In a learn match, a tap on a piece that is not lit asks the server why (the engine's
  // error for the move the tap would make, games/play/learning.py) and the hints say it.
  var hints = document.querySelector(".learn-hints[data-why-not]");
  var why = hints && hints.querySelector("#learn-why");
  function explain(key) {
    if (!why || chosen || picked.indexOf(key) >= 0 || !window.htmx) return;
    var query = new URLSearchParams();
    picked.forEach(function (item) { query.append("picked", item); });
    query.append("tap", key);
    why.textContent = "";
    var url = hints.getAttribute("data-why-not") + "?" + query.toString();
    window.htmx.ajax("GET", url, { target: why, swap: "innerHTML" }).then(function () {
      if (!why.querySelector(".learn-refusal")) return;
      hints.open = true;
      // The whole hints when they fit above the tray, else the reason alone.
      var room = Math.min(tray.getBoundingClientRect().top, window.innerHeight);
      var whole = hints.getBoundingClientRect().height <= room;
      (whole ? hints : why).scrollIntoView({ block: "nearest" });
    });
  }

  board.addEventListener("click", function (event) {
    var node = event.target.closest("[data-pick]");
    if (!node || !board.contains(node)) return;
    var key = node.getAttribute("data-pick");
    if (!node.classList.contains("is-target")) {
      explain(key);
      return;
    }
    event.preventDefault();
    if (why) why.textContent = "";
    tap(key);
  });
  board.addEventListener("keydown", function (event) {
    if (event.key !== "Enter" && event.key !== " ") return;
    var node = event.target.closest("[data-pick]");
    if (!node || !node.classList.contains("is-target")) return;
    event.preventDefault();
    tap(node.getAttribute("data-pick"));
  });

  undo.addEventListener("click", function () {
    if (chosen) {
      chosen = null;
      cards = [];
      // Taps that led to this move alone are undone with it.
      if (picked.length && candidates().length === 1) picked.pop();
    } else {
      picked.pop();
    }
    render();
  });

  form.addEventListener("submit", function (event) {
    if (!chosen) {
      event.preventDefault();
      return;
    }
    confirm.disabled = true;  // one move per tap: the page reloads with the new position
  });

  tray.hidden = false;
  render();
  if (!window.location.hash && window.scrollY === 0) keepInView(true);
})();
