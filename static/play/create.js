/* The new-match form: the players field offers only the numbers of players the chosen options
   allow (El collar's solo: 1; Risk's two-player game: 2), so that the form never contradicts
   itself. The allowed numbers come from the engine, with the page (json_script); without this
   script the field lists every number and the server names the right ones if need be. */
"use strict";

(function () {
  var form = document.querySelector("form[data-player-counts]");
  if (!form) return;
  var table = JSON.parse(document.getElementById(form.getAttribute("data-player-counts")).textContent);
  var select = form.elements.players;
  if (!select) return;
  var every = Array.prototype.map.call(select.options, function (option) {
    return { value: option.value, label: option.textContent };
  });

  function fieldValue(name) {
    var field = form.elements[name];
    if (!field) return undefined;
    return field.type === "checkbox" ? field.checked : field.value;
  }

  // The numbers of players of the options as they stand, or null for options that do not go
  // together (the server says so when the form is sent).
  function allowed() {
    for (var i = 0; i < table.length; i++) {
      var fields = table[i].fields;
      var same = Object.keys(fields).every(function (name) {
        return fieldValue(name) === fields[name];
      });
      if (same) return table[i].players.map(String);
    }
    return null;
  }

  function update() {
    var counts = allowed();
    var shown = every.filter(function (option) {
      return counts === null || counts.indexOf(option.value) !== -1;
    });
    var chosen = select.value;
    var kept = shown.some(function (option) { return option.value === chosen; });
    select.textContent = "";
    shown.forEach(function (option) {
      select.appendChild(new Option(option.label, option.value));
    });
    // A number the options still allow stays chosen; otherwise the fewest they allow.
    select.value = kept ? chosen : shown[0].value;
  }

  form.addEventListener("change", function (event) {
    if (event.target.name && event.target.name.indexOf("option_") === 0) update();
  });
  update();
})();
