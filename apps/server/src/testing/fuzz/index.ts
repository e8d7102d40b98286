export {
  fetchOpenApiDocument,
  fillPath,
  type JsonSchema,
  listOperations,
  type Operation,
  operationKey,
  type Parameter,
} from './openapi.ts';
export { type FuzzRequest, requestArbitrary } from './requests.ts';
export {
  type FailureKind,
  type FuzzCaller,
  type FuzzFailure,
  type FuzzReport,
  formatFailures,
  formatStatuses,
  isErrorBody,
  operationSeed,
  runFuzz,
  sampleRequests,
} from './run.ts';
export { type FuzzContext, hostileValue, validValue } from './values.ts';
