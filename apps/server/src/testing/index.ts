export {
  createGameInTesting,
  imageUrls,
  modelBody,
  productBody,
  uploadBuild,
  uploadImage,
  waitForValidation,
} from './catalog.ts';
export { testConfig } from './config.ts';
export { type FakeStripeRequest, startFakeStripe } from './fake-stripe.ts';
export {
  bearer,
  connectPayoutAccount,
  latestCode,
  PASSWORD,
  readOutbox,
  registerConnectedPartner,
  registerPartner,
  registration,
  uniqueEmail,
} from './partners.ts';
export { freePort } from './ports.ts';
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
export { glbBuild, gltfWithMesh, jpegImage, multipartBody, type Part, pngImage, unityBundle } from './uploads.ts';
