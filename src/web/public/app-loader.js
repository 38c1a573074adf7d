/* global document, window */
// Starts the app on a page the server rendered (src/server/plugins/web.ts names the modules: the
// entry first, then what it and the page import). It waits until the browser reports the page's
// first contentful paint, so the markup shows as soon as the HTML and stylesheet arrive and the
// app's code is never on the way to it; then the app hydrates the markup.
(function () {
  var me = document.currentScript;
  var modules = ((me && me.getAttribute('data-modules')) || '').split(' ').filter(Boolean);
  if (!modules.length) return;
  var started = false;
  function start() {
    if (started) return;
    started = true;
    for (var i = 1; i < modules.length; i++) {
      var hint = document.createElement('link');
      hint.rel = 'modulepreload';
      hint.crossOrigin = '';
      hint.href = modules[i];
      document.head.appendChild(hint);
    }
    var entry = document.createElement('script');
    entry.type = 'module';
    entry.crossOrigin = '';
    entry.src = modules[0];
    document.head.appendChild(entry);
  }
  var types = (window.PerformanceObserver && PerformanceObserver.supportedEntryTypes) || [];
  var type = types.indexOf('largest-contentful-paint') >= 0 ? 'largest-contentful-paint' : types.indexOf('paint') >= 0 ? 'paint' : null;
  // A hidden tab does not paint: start at once. So does a browser that does not report paints.
  if (document.visibilityState === 'hidden' || !type) return start();
  new PerformanceObserver(function (list, observer) {
    observer.disconnect();
    setTimeout(start, 0);
  }).observe({ type: type, buffered: true });
  // Should no paint ever be reported, the app still starts.
  setTimeout(start, 3000);
})();
