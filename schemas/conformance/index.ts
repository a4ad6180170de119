/**
 * The one judgement of answers and writes against what the interface states, as plain functions
 * free of jest, HTTP clients and the mock: the contract suite and the validating proxy both call
 * these, so "conforms" means the same in both. `judgeExchange` judges one answer on its own,
 * `judgeTraffic` adds what a passing exchange alone shows (request, status, addresses),
 * `judgeWrite` what a write did, from the reads around it. Every finding names a rule of the one
 * rule table (`rules`).
 */
export { judgeExchange, judgeShape, isJsonMediaType, type Answer } from './answer';
export { judgeArticleAfter, judgeWrite, type CommentListRead, type Write, type WriteRecord } from './write';
export { judgeTraffic, type ObservedExchange, type Operation } from './traffic';
export { judgeAddresses } from './addresses';
export { judgeRequest } from './request';
export { isSuccessStatus, judgeStatus, judgeSuccessStatus } from './status';
export { namesReservedKey, predictData, sentUpdateData } from './predict';
export { isRealCommentDate, isRealTimestamp } from './dates';
export { changedAttributes, type AttributeChange, type CommentsBetween } from './attributes';
export { nextLink, walkPages, type ListPages } from './paging';
export {
  judgePostBurst,
  judgePostsMidway,
  type BurstPost,
  type MidwaySight,
  type PostBurst,
  type TimedPost,
} from './bursts';
export { checkLinearizable, type Model, type Observed, type Verdict } from './linearizability/check';
export { articleDataModel, type DataOperation } from './linearizability/model';
export { checkArticleDataLinearizable, type DataVerdict } from './linearizability/by-key';
export { describeJudged, readJudgedLine, rules, violation, type Rule, type Violation } from './violation';
export { judgeReads } from './reads';
export { addressOf, fillPath, matchRoute, parseArticleId, pathsOf, type RouteMatch } from './routes';
export {
  describeDifference,
  jsonDifferences,
  kindOf,
  showText,
  showValue,
  shownValueLength,
  type DifferenceKind,
  type PathDifference,
} from './difference';
export {
  statementsOfAnswer,
  statementsOfBurst,
  statementsOfFields,
  statementsOfReads,
  statementsOfRequest,
  statementsOfWrite,
  type Judgement,
} from './statements';
