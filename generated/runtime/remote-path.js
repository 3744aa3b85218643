// Copied by sfapi-gen from its runtime. Do not edit: regenerate with `npx sfapi-gen generate`.
/**
 * What `compute.ls()` gives: each entry of the listing, as the facility sent it, with its path and the official
 * client's RemotePath methods (`isDirectory()`, `parent`, `name`, `stem`, `suffix`, `ls()`, `download()`, `upload()`).
 * An entry's kind comes from the listing's `perms`, so `isDirectory()` asks nothing; `parent` and `parents` are paths
 * only (no listing read yet), with the same methods but the kind tests.
 */
import { ConfigError } from "./errors.js";
/** The path's parts: POSIX, as the official client's PurePosixPath. */
export function pathParts(path) {
    const trimmed = path.length > 1 ? path.replace(/\/+$/, "") : path;
    const cut = trimmed.lastIndexOf("/");
    const name = cut === -1 ? trimmed : trimmed.slice(cut + 1);
    const parent = cut === -1 ? "." : cut === 0 ? "/" : trimmed.slice(0, cut);
    const dot = name.lastIndexOf(".");
    const hasSuffix = dot > 0 && dot < name.length - 1;
    return { name, stem: hasSuffix ? name.slice(0, dot) : name, suffix: hasSuffix ? name.slice(dot) : "", parent };
}
/** A path with its methods (`record`: the listing's entry, whose fields it keeps and whose perms give its kind). */
export function remotePath(machine, path, ops, record) {
    const parts = pathParts(path);
    const target = { ...record, machine, path, name: parts.name };
    const perms = typeof record?.perms === "string" ? record.perms : undefined;
    const isDirectory = () => perms?.startsWith("d") === true;
    Object.defineProperties(target, {
        stem: { value: parts.stem, enumerable: true },
        suffix: { value: parts.suffix, enumerable: true },
        parent: { get: () => remotePath(machine, parts.parent, ops), enumerable: false },
        parents: {
            get: () => {
                const out = [];
                let at = parts.parent;
                for (;;) {
                    out.push(remotePath(machine, at, ops));
                    const next = pathParts(at).parent;
                    if (next === at || at === ".")
                        break;
                    at = next;
                }
                return out;
            },
            enumerable: false,
        },
    });
    if (record !== undefined) {
        target.isDirectory = isDirectory;
        target.isFile = () => perms?.startsWith("-") === true;
        target.isSymlink = () => perms?.startsWith("l") === true;
    }
    if (ops.ls) {
        const ls = ops.ls;
        target.ls = (options) => ls(path, options);
    }
    if (ops.download) {
        const download = ops.download;
        target.download = (options) => download(path, options);
    }
    if (ops.upload) {
        const upload = ops.upload;
        target.upload = async (data, options = {}) => {
            const { name, ...rest } = options;
            if (isDirectory() && (name === undefined || name === "" || name.includes("/")))
                throw new ConfigError(`${path} on ${machine} is a directory: upload(data, { name }) names the file in it`);
            const to = name === undefined ? path : `${path.replace(/\/+$/, "")}/${name}`;
            return upload(to, data, rest);
        };
    }
    return target;
}
