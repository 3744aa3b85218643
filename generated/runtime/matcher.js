// Copied by sfapi-gen from its runtime. Do not edit: regenerate with `npx sfapi-gen generate`.
const WHOLE_PARAM = /^\{[^{}]+\}$/;
const PART_PARAM = /\{[^{}]+\}/g;
const compiled = /* @__PURE__ */ new WeakMap();
function compileTable(table) {
  const cached = compiled.get(table);
  if (cached)
    return cached;
  const entries = Object.values(table);
  const tries = /* @__PURE__ */ new Map();
  const byTemplate = /* @__PURE__ */ new Map();
  for (const entry of entries) {
    const method = entry.method.toUpperCase();
    let node = tries.get(method);
    if (!node)
      tries.set(method, node = {});
    const segments = templateSegments(entry.path);
    const whole = wholePathAt(entry, segments);
    for (let i = 0; i < segments.length; i++)
      node = i === whole ? node.rest ??= {} : child(node, segments[i]);
    if (!node.ops)
      node.ops = [entry];
    else if (!node.ops.includes(entry))
      node.ops.push(entry);
    byTemplate.set(`${method} ${entry.path}`, entry);
  }
  const result = { entries, tries, byTemplate };
  compiled.set(table, result);
  return result;
}
function templateShape(template) {
  return templateSegments(template).map((segment) => WHOLE_PARAM.test(segment) ? "\0" : segment.includes("{") ? segment.split(PART_PARAM).join("\0") : segment).join("/");
}
function templateLiterals(template) {
  return templateSegments(template).map((segment) => WHOLE_PARAM.test(segment) ? [] : segment.includes("{") ? segment.split(PART_PARAM) : [segment]);
}
function templateSegments(path) {
  const request = requestPath(path);
  return (request.startsWith("/") ? request.slice(1) : request).split("/");
}
function requestPath(key) {
  let end = key.indexOf("#");
  const q = key.indexOf("?");
  if (q >= 0 && (end < 0 || q < end))
    end = q;
  return end < 0 ? key : key.slice(0, end);
}
function discriminatorOf(key) {
  const path = requestPath(key);
  if (path.length === key.length)
    return void 0;
  const pairs = key.slice(path.length + 1).split("&").filter((part) => part !== "").map((part) => {
    const eq = part.indexOf("=");
    return eq < 0 ? [part.toLowerCase(), void 0] : [part.slice(0, eq).toLowerCase(), part.slice(eq + 1)];
  });
  return { sent: key.charCodeAt(path.length) === 63, pairs };
}
function keyValues(key) {
  const discriminator = discriminatorOf(key);
  const pairs = discriminator?.sent ? discriminator.pairs : [];
  return (name) => pairs.filter(([n, v]) => n === name && v !== void 0).map(([, v]) => v);
}
function mayBe(entry, valuesOf) {
  const discriminator = discriminatorOf(entry.path);
  if (!discriminator)
    return true;
  for (const [name, value] of discriminator.pairs) {
    if (value === void 0)
      continue;
    const carried = valuesOf(name);
    if (carried.length > 0 && !carried.includes(value))
      return false;
  }
  return true;
}
function wholePathAt(entry, segments) {
  if (entry.wholePath === void 0)
    return -1;
  const last = segments.length - 1;
  return segments[last] === `{${entry.wholePath}}` ? last : -1;
}
function child(node, segment) {
  if (WHOLE_PARAM.test(segment))
    return node.param ??= {};
  if (segment.includes("{")) {
    const pieces = segment.split(PART_PARAM);
    const key = JSON.stringify(pieces);
    node.patterns ??= [];
    let found = node.patterns.find((p) => p.key === key);
    if (!found)
      node.patterns.push(found = { pieces, key, node: {} });
    return found.node;
  }
  node.literals ??= /* @__PURE__ */ new Map();
  let next = node.literals.get(segment);
  if (!next)
    node.literals.set(segment, next = {});
  return next;
}
function matchPieces(pieces, text) {
  const lastAt = pieces.length - 1;
  const first = pieces[0];
  if (lastAt === 0)
    return text === first ? [] : void 0;
  const last = pieces[lastAt];
  const end = text.length - last.length;
  if (end < first.length || !text.startsWith(first) || !text.endsWith(last))
    return void 0;
  const values = [];
  let at = first.length;
  for (let i = 1; i < lastAt; i++) {
    const piece = pieces[i];
    const found = text.indexOf(piece, at + 1);
    if (found < 0 || found + piece.length >= end)
      return void 0;
    values.push(text.slice(at, found));
    at = found + piece.length;
  }
  if (end - at < 1)
    return void 0;
  values.push(text.slice(at, end));
  return values;
}
function matchAll(table, method, segments) {
  const found = [];
  const root = table.tries.get(method) ?? table.tries.get(method.toUpperCase());
  if (root)
    collect(root, segments, 0, found);
  return found;
}
function collect(node, segments, i, found) {
  if (i === segments.length) {
    if (node.ops)
      found.push(...node.ops);
    return;
  }
  const segment = segments[i];
  const literal = node.literals?.get(segment);
  if (literal)
    collect(literal, segments, i + 1, found);
  if (segment !== "") {
    if (node.patterns) {
      for (const p of node.patterns)
        if (matchPieces(p.pieces, segment))
          collect(p.node, segments, i + 1, found);
    }
    if (node.param)
      collect(node.param, segments, i + 1, found);
  }
  if (node.rest?.ops && (segment !== "" || i < segments.length - 1))
    found.push(...node.rest.ops);
}
function templateParams(template, segments, wholePath) {
  const parts = templateSegments(template);
  const params = {};
  const whole = wholePathAt({ wholePath }, parts);
  if (whole >= 0) {
    if (segments.length < parts.length)
      return void 0;
    const rest = segments.slice(whole).join("/");
    if (rest === "")
      return void 0;
    params[wholePath] = rest;
    parts.pop();
    segments = segments.slice(0, whole);
  } else if (parts.length !== segments.length)
    return void 0;
  for (let i = 0; i < parts.length; i++) {
    const part = parts[i];
    const segment = segments[i];
    if (WHOLE_PARAM.test(part)) {
      if (segment === "")
        return void 0;
      params[part.slice(1, -1)] = segment;
    } else if (part.includes("{")) {
      const values = matchPieces(part.split(PART_PARAM), segment);
      if (!values)
        return void 0;
      (part.match(PART_PARAM) ?? []).forEach((name, k) => params[name.slice(1, -1)] = values[k]);
    } else if (part !== segment)
      return void 0;
  }
  return params;
}
const FALL_BUDGET = 1024;
function mayFallOn(table, entry) {
  const method = entry.method.toUpperCase();
  const root = table.tries.get(method);
  if (!root)
    return [entry];
  const segments = templateSegments(entry.path);
  const whole = wholePathAt(entry, segments);
  const found = /* @__PURE__ */ new Set();
  let budget = FALL_BUDGET;
  const everything = (node) => {
    if (--budget < 0)
      return;
    node.ops?.forEach((op) => found.add(op));
    if (node.rest)
      everything(node.rest);
    children(node, everything);
  };
  const children = (node, each) => {
    if (node.literals) {
      for (const next of node.literals.values())
        if (budget >= 0)
          each(next);
    }
    if (node.patterns) {
      for (const p of node.patterns)
        if (budget >= 0)
          each(p.node);
    }
    if (node.param && budget >= 0)
      each(node.param);
  };
  const seen = /* @__PURE__ */ new Map();
  const walk = (node, i, spanning = false) => {
    let at = seen.get(node);
    if (!at)
      seen.set(node, at = /* @__PURE__ */ new Set());
    const key = spanning ? -1 - i : i;
    if (at.has(key) || --budget < 0)
      return;
    at.add(key);
    if (i === segments.length) {
      node.ops?.forEach((op) => found.add(op));
      return;
    }
    if (segments[i] !== "" || i < segments.length - 1)
      node.rest?.ops?.forEach((op) => found.add(op));
    if (i === whole) {
      children(node, everything);
      return;
    }
    const segment = segments[i];
    const isParam = spanning || WHOLE_PARAM.test(segment);
    const pieces = !isParam && segment.includes("{") ? segment.split(PART_PARAM) : void 0;
    if (isParam || pieces) {
      if (node.literals)
        for (const [text, next] of node.literals) {
          if (budget < 0)
            break;
          if (text !== "" && (isParam || matchPieces(pieces, text)))
            walk(next, i + 1);
        }
      if (node.patterns) {
        for (const p of node.patterns)
          if (budget >= 0)
            walk(p.node, i + 1);
      }
      if (node.param)
        walk(node.param, i + 1);
      children(node, (next) => walk(next, i, true));
    } else {
      const literal = node.literals?.get(segment);
      if (literal)
        walk(literal, i + 1);
      if (segment !== "")
        node.patterns?.forEach((p) => matchPieces(p.pieces, segment) && walk(p.node, i + 1));
      if (node.param && segment !== "")
        walk(node.param, i + 1);
    }
  };
  walk(root, 0);
  if (budget < 0)
    return ALL;
  found.add(entry);
  return [...found];
}
const ALL = "all";
export {
  ALL,
  compileTable,
  discriminatorOf,
  keyValues,
  matchAll,
  mayBe,
  mayFallOn,
  requestPath,
  templateLiterals,
  templateParams,
  templateShape
};
