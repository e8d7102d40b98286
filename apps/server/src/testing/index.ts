export {
  createGameInTesting,
  createModel,
  createProduct,
  type GameInTesting,
  imageUrls,
  modelBody,
  productBody,
  productFields,
  uploadBuild,
  uploadBuilds,
  uploadImage,
  waitForValidation,
} from './catalog.ts';
export { testConfig } from './config.ts';
export { type FakeStripeRequest, startFakeStripe } from './fake-stripe.ts';
export { reportSale, saleReport } from './income.ts';
export {
  adminEnv,
  bearer,
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
} from './partners.ts';
export { freePort } from './ports.ts';
export { spawnTsx } from './processes.ts';
export { as, type Caller, type Method, type RequestOptions } from './requests.ts';
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
