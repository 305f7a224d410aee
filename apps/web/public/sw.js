/* global self, clients */
// The web app's service worker (decision 066): it shows the alerts the server pushes (the live-event
// alert of spec 1 §3) and opens the event's page when the notification is clicked. It caches
// nothing: the app stays what the server serves. The texts come written in the viewer's language
// (the server writes each push in the language of the browser that subscribed).

self.addEventListener('install', () => {
  self.skipWaiting();
});

self.addEventListener('activate', (event) => {
  event.waitUntil(self.clients.claim());
});

/** The page a notification opens: one of this app's, never another site's. */
function pageOf(url) {
  try {
    const page = new URL(url, self.location.origin);
    return page.origin === self.location.origin ? page.href : self.location.origin + '/';
  } catch {
    return self.location.origin + '/';
  }
}

self.addEventListener('push', (event) => {
  let alert = null;
  try {
    alert = event.data ? event.data.json() : null;
  } catch {
    alert = null;
  }
  // A push must show something (userVisibleOnly); one that cannot be read says only where it is from.
  const title = alert && typeof alert.title === 'string' ? alert.title : 'Playz';
  const options = {
    body: alert && typeof alert.body === 'string' ? alert.body : '',
    icon: alert && alert.icon ? alert.icon : '/favicon.svg',
    image: alert && alert.image ? alert.image : undefined,
    tag: alert && alert.tag ? alert.tag : undefined,
    lang: alert && alert.lang ? alert.lang : undefined,
    data: { url: pageOf(alert && alert.url ? alert.url : '/') },
  };
  event.waitUntil(self.registration.showNotification(title, options));
});

self.addEventListener('notificationclick', (event) => {
  event.notification.close();
  const url = pageOf(event.notification.data && event.notification.data.url);
  event.waitUntil(
    clients.matchAll({ type: 'window', includeUncontrolled: true }).then((windows) => {
      const open = windows.find((client) => client.url === url);
      if (open) return open.focus();
      return clients.openWindow(url);
    }),
  );
});
