// Inside Telegram: hand the initData Telegram signed to the server, which answers with the
// replay, the reader's own cards added when Telegram vouches for them.
(function () {
  "use strict";
  const app = window.Telegram && window.Telegram.WebApp;
  const initData = (app && app.initData) || "";
  if (app && app.ready) app.ready();
  fetch(location.pathname, { method: "POST", body: initData, headers: { "Content-Type": "text/plain" } })
    .then(function (answer) { return answer.text(); })
    .then(function (page) { document.open(); document.write(page); document.close(); });
})();
