export {
  createGameInTesting,
  createModel,
  createProduct,
  type GameInTesting,
  getBuildReport,
  imageUrls,
  modelBody,
  productBody,
  productFields,
  releaseFirstVersion,
  uploadBuild,
  uploadBuilds,
  uploadImage,
  waitForValidation,
} from './catalog.ts';
export { productionEnv, testConfig } from './config.ts';
export {
  type FakeStripe,
  type FakeStripeRequest,
  startFakeStripe,
  stripeEnv,
  useFakeStripe,
} from './fake-stripe.ts';
export { dayOf, noonOf } from './hong-kong-days.ts';
export { MARKETPLACE_TOKEN, marketplaceEnv, reportSale, saleReport } from './income.ts';
export {
  ADMIN,
  adminEnv,
  type Credentials,
  connectPayoutAccount,
  latestCode,
  PASSWORD,
  type Partner,
  readOutbox,
  registerConnectedPartner,
  registerPartner,
  registration,
  signIn,
  uniqueEmail,
  userIdOf,
  useSignedIn,
} from './partners.ts';
export { buyFreeMonth, connectUrls, monthOfPlacement, whilePlacementIsFree } from './payments.ts';
export { freePort, listenOnFreePort } from './ports.ts';
export { spawnTsx } from './processes.ts';
export { as, bearer, type Caller, type Method, postForm, type RequestOptions } from './requests.ts';
export { useAdminAndPartner } from './review.ts';
export { useBeforeAll } from './suite.ts';
export { addMember, inStudio, invitationToken, type Member, ownStudioOf } from './team.ts';
export { makeTempDir, makeTempDirWith, useTempDir } from './temp-dirs.ts';
export {
  createScratchDatabase,
  createTestApp,
  type DbVariant,
  dbVariants,
  describeEachDatabase,
  describeWithRedis,
  dropRedisKeys,
  type TestApp,
  testRedisUrl,
  useTestApp,
} from './test-app.ts';
export { registerTester } from './testers.ts';
export {
  glbBuild,
  gltfWithMesh,
  jpegImage,
  multipartBody,
  type Part,
  pngImage,
  postFile,
  unityBundle,
} from './uploads.ts';
