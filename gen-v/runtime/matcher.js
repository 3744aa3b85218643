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
    node.op ??= entry;
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
  return (path.startsWith("/") ? path.slice(1) : path).split("/");
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
    if (node.op)
      found.push(node.op);
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
  if (node.rest?.op && (segment !== "" || i < segments.length - 1))
    found.push(node.rest.op);
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
export {
  compileTable,
  matchAll,
  templateLiterals,
  templateParams,
  templateShape
};
