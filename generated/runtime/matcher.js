// Copied by sfapi-gen from its runtime. Do not edit: regenerate with `npx sfapi-gen generate`.
const WHOLE_PARAM = /^\{[^{}]+\}$/;
const PART_PARAM = /\{[^{}]+\}/g;
const compiled = new WeakMap();
/** Compile (once per table object) the lookup structure for `table`. */
export function compileTable(table) {
    const cached = compiled.get(table);
    if (cached)
        return cached;
    const entries = Object.values(table);
    const tries = new Map();
    const byTemplate = new Map();
    for (const entry of entries) {
        const method = entry.method.toUpperCase();
        let node = tries.get(method);
        if (!node)
            tries.set(method, (node = {}));
        const segments = templateSegments(entry.path);
        const whole = wholePathAt(entry, segments);
        for (let i = 0; i < segments.length; i++)
            node = i === whole ? (node.rest ??= {}) : child(node, segments[i]);
        // Two entries for one (method, template) would be a generator bug; keep the first, like the table's order.
        node.op ??= entry;
        byTemplate.set(`${method} ${entry.path}`, entry);
    }
    const result = { entries, tries, byTemplate };
    compiled.set(table, result);
    return result;
}
function templateSegments(path) {
    return (path.startsWith("/") ? path.slice(1) : path).split("/");
}
/**
 * The index of the template segment a whole path fills: the last one, when it is exactly `{<entry.wholePath>}`; -1
 * otherwise (a mark that does not fit the template is ignored, so the parameter stays one segment: fail closed).
 */
function wholePathAt(entry, segments) {
    if (entry.wholePath === undefined)
        return -1;
    const last = segments.length - 1;
    return segments[last] === `{${entry.wholePath}}` ? last : -1;
}
function child(node, segment) {
    if (WHOLE_PARAM.test(segment))
        return (node.param ??= {});
    if (segment.includes("{")) {
        const source = partPattern(segment);
        node.patterns ??= [];
        let found = node.patterns.find((p) => p.re.source === source);
        if (!found)
            node.patterns.push((found = { re: new RegExp(source, "s"), node: {} }));
        return found.node;
    }
    node.literals ??= new Map();
    let next = node.literals.get(segment);
    if (!next)
        node.literals.set(segment, (next = {}));
    return next;
}
/** `{name}.json` -> `^(.+?)\.json$`: one lazy group per parameter, in the segment's order. */
function partPattern(segment) {
    return `^${segment.split(PART_PARAM).map(escapeRegExp).join("(.+?)")}$`;
}
function escapeRegExp(text) {
    return text.replace(/[.*+?^${}()|[\]\\]/g, "\\$&");
}
/**
 * Every entry of `method` whose template matches the decoded `segments`, most specific first (a literal segment
 * before a parameter). Usually zero or one; several when a concrete path fits a literal and a parameter template.
 */
export function matchAll(table, method, segments) {
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
        if (node.patterns)
            for (const p of node.patterns)
                if (p.re.test(segment))
                    collect(p.node, segments, i + 1, found);
        if (node.param)
            collect(node.param, segments, i + 1, found);
    }
    // Least specific last: the rest of the path as one value, unless that value is empty (`/ls/pm/`).
    if (node.rest?.op && (segment !== "" || i < segments.length - 1))
        found.push(node.rest.op);
}
/**
 * The parameter values a concrete path gives `template`, for a server that routes with matchAll and then needs the
 * values: `templateParams("/jobs/{machine}/{jobid}", ["jobs", "pm", "123"])` -> `{ machine: "pm", jobid: "123" }`.
 * `segments` are decoded, as for matchAll, and undefined is returned when they do not fit the template. `wholePath`
 * names the trailing parameter that takes the rest of the path, as the entry's mark does for matchAll.
 */
export function templateParams(template, segments, wholePath) {
    const parts = templateSegments(template);
    const params = {};
    const whole = wholePathAt({ wholePath }, parts);
    if (whole >= 0) {
        if (segments.length < parts.length)
            return undefined;
        const rest = segments.slice(whole).join("/");
        if (rest === "")
            return undefined;
        params[wholePath] = rest;
        parts.pop();
        segments = segments.slice(0, whole);
    }
    else if (parts.length !== segments.length)
        return undefined;
    for (let i = 0; i < parts.length; i++) {
        const part = parts[i];
        const segment = segments[i];
        if (WHOLE_PARAM.test(part)) {
            if (segment === "")
                return undefined;
            params[part.slice(1, -1)] = segment;
        }
        else if (part.includes("{")) {
            const values = new RegExp(partPattern(part), "s").exec(segment);
            if (!values)
                return undefined;
            (part.match(PART_PARAM) ?? []).forEach((name, k) => (params[name.slice(1, -1)] = values[k + 1]));
        }
        else if (part !== segment)
            return undefined;
    }
    return params;
}
