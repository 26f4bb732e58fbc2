// Apply RFC 6902 patches (add, remove, replace) to a view: the twin of games/patch.py.
//
// The server diffs two already-filtered views of one audience and sends the ops; the
// browser applies them here. Objects are patched key by key, arrays are replaced whole
// by the server, so only add/remove/replace occur. Both languages check the same cases
// in tests/data/patch_cases.json.

export class PatchError extends Error {
  constructor(message) {
    super(message);
    this.name = "PatchError";
  }
}

/** Unescape one RFC 6901 reference token ("~1" is "/", "~0" is "~", in that order). */
export function unescapeToken(token) {
  return token.replace(/~1/g, "/").replace(/~0/g, "~");
}

/** Escape one object key as an RFC 6901 reference token. */
export function escapeToken(key) {
  return key.replace(/~/g, "~0").replace(/\//g, "~1");
}

const isObject = (value) => value !== null && typeof value === "object" && !Array.isArray(value);
const hasOwn = (obj, key) => Object.prototype.hasOwnProperty.call(obj, key);

// A key such as "__proto__" must become an own property, never the prototype.
function setKey(obj, key, value) {
  Object.defineProperty(obj, key, { value, writable: true, enumerable: true, configurable: true });
}

function arrayIndex(list, token, path, allowEnd) {
  if (token === "-" && allowEnd) return list.length;
  if (!/^(0|[1-9][0-9]*)$/.test(token)) throw new PatchError(`bad array index in ${path}`);
  const index = Number(token);
  if (index > list.length || (!allowEnd && index === list.length)) {
    throw new PatchError(`index out of range in ${path}`);
  }
  return index;
}

/** Apply `ops` to a copy of `doc` and return it; `doc` is never changed. */
export function applyPatch(doc, ops) {
  if (!Array.isArray(ops)) throw new PatchError("ops must be an array");
  let result = structuredClone(doc);
  for (const op of ops) {
    if (!isObject(op) || typeof op.path !== "string") throw new PatchError("malformed op");
    const { op: kind, path } = op;
    if (!["add", "remove", "replace"].includes(kind)) throw new PatchError(`unsupported op ${kind}`);
    if ((kind === "add" || kind === "replace") && !hasOwn(op, "value")) {
      throw new PatchError(`${kind} of ${path} has no value`);
    }
    if (path === "") {
      if (kind === "remove") throw new PatchError("cannot remove the whole document");
      result = structuredClone(op.value);
      continue;
    }
    if (!path.startsWith("/")) throw new PatchError(`path must start with '/': ${path}`);
    const tokens = path.split("/").slice(1).map(unescapeToken);
    const last = tokens.pop();
    let target = result;
    for (const token of tokens) {
      if (Array.isArray(target)) target = target[arrayIndex(target, token, path, false)];
      else if (isObject(target) && hasOwn(target, token)) target = target[token];
      else target = undefined;
      if (target === undefined || target === null) throw new PatchError(`no parent for ${path}`);
    }
    if (Array.isArray(target)) {
      const index = arrayIndex(target, last, path, kind === "add");
      if (kind === "add") target.splice(index, 0, structuredClone(op.value));
      else if (kind === "remove") target.splice(index, 1);
      else target[index] = structuredClone(op.value);
      continue;
    }
    if (!isObject(target)) throw new PatchError(`no parent for ${path}`);
    if (kind !== "add" && !hasOwn(target, last)) throw new PatchError(`${kind} of missing ${path}`);
    if (kind === "remove") delete target[last];
    else setKey(target, last, structuredClone(op.value));
  }
  return result;
}
