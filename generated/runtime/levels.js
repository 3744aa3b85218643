// Copied by sfapi-gen from its runtime. Do not edit: regenerate with `npx sfapi-gen generate`.
import { ConfigError } from "./errors.js";
const PUBLIC = "public";
const UNRANKED = "unranked";
function topLevel(ladder) {
  return ladder[ladder.length - 1];
}
function rank(ladder, level) {
  return ladder.indexOf(level);
}
function canCall(ladder, color, scope) {
  if (scope === PUBLIC)
    return true;
  const have = rank(ladder, color);
  if (have < 0)
    return false;
  const need = rank(ladder, scope);
  return need >= 0 ? have >= need : have === ladder.length - 1;
}
function requiredLevel(ladder, scope) {
  if (scope === PUBLIC)
    return PUBLIC;
  return ladder.includes(scope) ? scope : topLevel(ladder);
}
function ladderProblem(levels) {
  if (!Array.isArray(levels) || levels.length === 0)
    return { problem: "must be a non-empty list of level names, least capable first" };
  for (const [index, level] of levels.entries()) {
    if (typeof level !== "string" || level.trim() === "")
      return { index, problem: `${JSON.stringify(level)} is not a level name` };
    if (level === PUBLIC || level === UNRANKED)
      return { index, problem: `"${level}" is reserved and cannot be a level` };
    if (levels.indexOf(level) !== index)
      return { index, problem: `"${level}" is named twice` };
  }
  return void 0;
}
function colorProblem(ladder, color) {
  if (typeof color === "string" && rank(ladder, color) >= 0)
    return void 0;
  return `${JSON.stringify(color)} is not on the ladder ${ladder.join(" < ")}`;
}
function checkLadder(levels, color) {
  const bad = ladderProblem(levels);
  if (bad)
    throw new ConfigError({ message: `levels${bad.index === void 0 ? "" : `[${bad.index}]`}: ${bad.problem}` });
  const ladder = levels;
  const wrong = colorProblem(ladder, color);
  if (wrong)
    throw new ConfigError({ message: `color ${wrong}; pass one of those (or a matching \`levels\`)` });
  return Object.freeze([...ladder]);
}
export {
  PUBLIC,
  UNRANKED,
  canCall,
  checkLadder,
  colorProblem,
  ladderProblem,
  rank,
  requiredLevel,
  topLevel
};
