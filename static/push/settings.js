/* The Web Push section of the notification settings page: subscribe this browser with the
   site's VAPID public key and post its subscription (endpoint, keys p256dh and auth).
   Everything it needs comes in data- attributes of #push-section; no inline script. */
"use strict";

(function () {
  var section = document.getElementById("push-section");
  if (!section) {
    return;
  }
  var button = section.querySelector("[data-push-subscribe]");
  var status = section.querySelector("[data-push-status]");
  var supported = "serviceWorker" in navigator && "PushManager" in window && "Notification" in window;

  function say(text) {
    status.textContent = text;
  }

  function problem(text) {
    var error = new Error(text);
    error.shown = true;
    return error;
  }

  function keyBytes(base64url) {
    var padded = base64url + "===".slice((base64url.length + 3) % 4);
    var raw = atob(padded.replace(/-/g, "+").replace(/_/g, "/"));
    var bytes = new Uint8Array(raw.length);
    for (var i = 0; i < raw.length; i++) {
      bytes[i] = raw.charCodeAt(i);
    }
    return bytes;
  }

  function csrfToken() {
    var field = section.querySelector("input[name=csrfmiddlewaretoken]");
    return field ? field.value : "";
  }

  function subscribe() {
    button.disabled = true;
    say(section.dataset.msgWorking);
    Notification.requestPermission()
      .then(function (permission) {
        if (permission !== "granted") {
          throw problem(section.dataset.msgDenied);
        }
        return navigator.serviceWorker.register(section.dataset.worker, { scope: "/" });
      })
      .then(function () {
        return navigator.serviceWorker.ready;
      })
      .then(function (registration) {
        return registration.pushManager.subscribe({
          userVisibleOnly: true,
          applicationServerKey: keyBytes(section.dataset.key),
        });
      })
      .then(function (subscription) {
        return fetch(section.dataset.subscribeUrl, {
          method: "POST",
          credentials: "same-origin",
          headers: { "Content-Type": "application/json", "X-CSRFToken": csrfToken() },
          body: JSON.stringify(subscription.toJSON()),
        });
      })
      .then(function (response) {
        if (!response.ok) {
          return response.json().then(function (answer) {
            throw problem(answer.message || section.dataset.msgFailed);
          });
        }
        window.location.reload();
      })
      .catch(function (error) {
        say(error && error.shown ? error.message : section.dataset.msgFailed);
        button.disabled = false;
      });
  }

  if (!supported) {
    say(section.dataset.msgUnsupported);
    return;
  }
  button.hidden = false;
  button.addEventListener("click", subscribe);
})();
