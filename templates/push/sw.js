/* Partida's service worker: shows each Web Push message and opens its page on a click.
   The message is {title, body, url, tag}, written by games/notifications/pushes.py. */
"use strict";

self.addEventListener("install", function () {
  self.skipWaiting();
});

self.addEventListener("activate", function (event) {
  event.waitUntil(self.clients.claim());
});

self.addEventListener("push", function (event) {
  var message = {};
  try {
    message = event.data ? event.data.json() : {};
  } catch (error) {
    message = {};
  }
  var title = message.title || "Partida";
  event.waitUntil(
    self.registration.showNotification(title, {
      body: message.body || "",
      tag: message.tag || undefined,
      renotify: Boolean(message.tag),
      data: { url: message.url || "/" },
    })
  );
});

self.addEventListener("notificationclick", function (event) {
  event.notification.close();
  var url = new URL(event.notification.data && event.notification.data.url || "/", self.location.origin);
  // Only pages of this site are opened: a message cannot send the reader elsewhere.
  if (url.origin !== self.location.origin) {
    url = new URL("/", self.location.origin);
  }
  event.waitUntil(
    self.clients.matchAll({ type: "window", includeUncontrolled: true }).then(function (windows) {
      for (var i = 0; i < windows.length; i++) {
        if (windows[i].url === url.href && "focus" in windows[i]) {
          return windows[i].focus();
        }
      }
      return self.clients.openWindow(url.href);
    })
  );
});
