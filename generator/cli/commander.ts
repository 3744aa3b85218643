/**
 * commander, the one package every command loads. The CLI's bundle (bin/build.mjs) takes it in, so that Node neither
 * resolves its seven files nor scans them for export names on each run (an ESM `import` of CommonJS does), which is a
 * good part of what `sfapi-gen --help` costs beyond starting node.
 */
export { Command, CommanderError, InvalidArgumentError, Option } from "commander";
