// Talk to /api/v1 with the session cookie and the CSRF token every unsafe request needs.

let csrfToken = null;

async function token() {
  if (csrfToken === null) {
    const answer = await fetch("/api/v1/auth/session", { credentials: "same-origin" });
    csrfToken = (await answer.json()).csrf_token;
  }
  return csrfToken;
}

/** Forget the CSRF token: Django rotates it when someone signs in. */
export function forgetToken() {
  csrfToken = null;
}

/** Call the API; resolves to {ok, status, body}. */
export async function call(method, path, body) {
  const headers = { Accept: "application/json" };
  if (method !== "GET") {
    headers["X-CSRFToken"] = await token();
    headers["Content-Type"] = "application/json";
  }
  const answer = await fetch(path, {
    method,
    headers,
    credentials: "same-origin",
    body: body === undefined ? undefined : JSON.stringify(body),
  });
  let parsed = null;
  try {
    parsed = await answer.json();
  } catch {
    parsed = null;
  }
  return { ok: answer.ok, status: answer.status, body: parsed };
}

export const get = (path) => call("GET", path);
export const post = (path, body = {}) => call("POST", path, body);
export const put = (path, body) => call("PUT", path, body);
export const del = (path) => call("DELETE", path);

/**
 * Wrap a fetcher so only its latest call's answer counts: an earlier call that answers later
 * resolves to null. A panel that reloads after each change would otherwise be overwritten by
 * the slower answer of a reload started before the change.
 */
export function latestOnly(fetcher) {
  let last = 0;
  return async (...args) => {
    const mine = ++last;
    const answer = await fetcher(...args);
    return mine === last ? answer : null;
  };
}

export function gameUrl(gameId) {
  return `/games/${encodeURIComponent(gameId)}/`;
}
