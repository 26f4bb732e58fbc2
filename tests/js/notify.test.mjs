// The notification module: which frames are notices, when a browser notification is raised.
import assert from "node:assert/strict";
import { describe, test } from "node:test";

import {
  handle,
  isOwnGamePage,
  parseNotice,
  raiseBrowserNotification,
  socketUrl,
} from "../../static/notifications/js/notify.js";

const NOTICE = JSON.stringify({
  t: "notice",
  d: { kind: "your_move", title: "Your move: Kessel", text: "It is your move.", url: "/games/g1/", game: "g1" },
});

function fakeWindow({ permission = "granted", hidden = true, pathname = "/" } = {}) {
  const raised = [];
  class FakeNotification {
    static permission = permission;
    constructor(title, options) {
      this.title = title;
      this.options = options;
      this.closed = false;
      raised.push(this);
    }
    close() {
      this.closed = true;
    }
  }
  const listeners = new Map();
  const document = {
    hidden,
    addEventListener: (type, fn) => listeners.set(fn, type),
    removeEventListener: (type, fn) => listeners.delete(fn),
    dispatch: (type) => [...listeners].filter(([, t]) => t === type).forEach(([fn]) => fn()),
    dispatchEvent() {},
  };
  return {
    raised,
    Notification: FakeNotification,
    document,
    location: { pathname, assign() {} },
    focus() {},
  };
}

describe("notices", () => {
  test("a notice frame is read, anything else is ignored", () => {
    assert.equal(parseNotice(NOTICE).title, "Your move: Kessel");
    assert.equal(parseNotice('{"t":"pong"}'), null);
    assert.equal(parseNotice("not json"), null);
    assert.equal(parseNotice('{"t":"notice","d":{"title":1}}'), null);
  });

  test("the notice's own game page does not show it twice", () => {
    const notice = parseNotice(NOTICE);
    assert.equal(isOwnGamePage(notice, "/games/g1/"), true);
    assert.equal(isOwnGamePage(notice, "/games/g2/"), false);
    assert.equal(isOwnGamePage(notice, "/"), false);
  });

  test("the socket follows the page's scheme", () => {
    assert.equal(socketUrl({ protocol: "https:", host: "pg.example" }), "wss://pg.example/ws/notifications/v1/");
    assert.equal(socketUrl({ protocol: "http:", host: "127.0.0.1:8000" }), "ws://127.0.0.1:8000/ws/notifications/v1/");
  });
});

describe("browser notifications", () => {
  test("a page in the background raises one when the player allowed it", () => {
    const win = fakeWindow();
    const shown = raiseBrowserNotification(parseNotice(NOTICE), win);
    assert.equal(win.raised.length, 1);
    assert.equal(shown.title, "Your move: Kessel");
    assert.equal(shown.options.tag, "pgweb-g1");
  });

  test("a visible page, or one not allowed, raises none", () => {
    for (const win of [fakeWindow({ hidden: false }), fakeWindow({ permission: "default" }), fakeWindow({ permission: "denied" })]) {
      assert.equal(raiseBrowserNotification(parseNotice(NOTICE), win), null);
      assert.equal(win.raised.length, 0);
    }
  });
});

describe("a notice on the game's own page (issue 50)", () => {
  test("raised while the page is in the background, closed once the player is back: never a stale 'turn 1' on turn 2", () => {
    globalThis.CustomEvent ??= class { constructor(type, init) { this.type = type; this.detail = init?.detail; } };
    const win = fakeWindow({ pathname: "/games/g1/" });
    handle(NOTICE, win);
    assert.equal(win.raised.length, 1);
    assert.equal(win.raised[0].closed, false);
    win.document.hidden = false;
    win.document.dispatch("visibilitychange");
    assert.equal(win.raised[0].closed, true);
  });
});
