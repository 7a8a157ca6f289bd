/* Sign-up: the time zone starts at the browser's own (Intl), when the list has it; the field
   stays a plain select, UTC first, for a browser without this script. */
"use strict";

(function () {
  var select = document.querySelector("select[data-browser-zone]");
  if (!select || typeof Intl === "undefined") return;
  var zone = "";
  try {
    zone = Intl.DateTimeFormat().resolvedOptions().timeZone || "";
  } catch (error) {
    return;
  }
  var listed = Array.prototype.some.call(select.options, function (option) {
    return option.value === zone;
  });
  if (listed) select.value = zone;
})();
