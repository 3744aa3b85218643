/**
 * commander, loaded with `require`: an ESM `import` of a CommonJS package makes Node scan its source for export names
 * first, which is a good part of what `sfapi-gen --help` costs beyond starting node.
 */
import { createRequire } from "node:module";

const commander = createRequire(import.meta.url)("commander") as typeof import("commander");

export const { Command, CommanderError, InvalidArgumentError, Option } = commander;
export type Command = import("commander").Command;
export type Option = import("commander").Option;
