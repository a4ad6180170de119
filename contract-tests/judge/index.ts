/**
 * The suite's judgement as plain functions, free of jest and of the runner, so a validating
 * proxy can reuse exactly this code: `judgeExchange` for one answer on its own, `judgeWrite` for
 * a write with the reads around it.
 */
export { judgeExchange, isJsonMediaType, type Answer } from './exchange';
export { judgeWrite, type CommentListRead, type Write, type WriteRecord } from './write';
export { predictData } from './predict';
export { isRealCommentDate, isRealTimestamp } from './dates';
export { changedAttributes, type AttributeChange } from './attributes';
export { describeJudged, judgeRules, type ContractViolation, type JudgeRule } from './violation';
