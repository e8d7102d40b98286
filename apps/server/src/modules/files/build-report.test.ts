import { DEFAULT_BUILD_BUDGETS } from '@portal/contracts';
import { beforeAll, expect, it } from 'vitest';
import { buildApp } from '../../app.ts';
import {
  ADMIN,
  adminEnv,
  as,
  createTestApp,
  describeEachDatabase,
  getBuildReport,
  glbBuild,
  gltfWithMesh,
  postFile,
  registerPartner,
  signIn,
  unityBundle,
  uploadBuild,
  uploadImage,
  useTestApp,
} from '../../testing/index.ts';
import { texturedGlb, triangleGlb } from '../../testing/validation-fixtures.ts';

describeEachDatabase('build reports', (variant) => {
  const t = useTestApp(variant, adminEnv());
  let token: string;
  beforeAll(async () => {
    token = (await registerPartner(t.app)).accessToken;
  });

  const upload = (filename: string, data: Buffer) => uploadBuild(t.app, token, filename, data);
  const report = (url: string, auth = token) => getBuildReport(t.app, auth, url);

  const validated = () => t.app.services.files.whenValidationsIdle();

  it('inspects each uploaded build and shows the report to its owner', async () => {
    const glb = glbBuild(64 * 1024, gltfWithMesh(120_000, 0.8));
    const url = await upload('statue.glb', glb);
    await validated();
    const response = await report(url);
    expect(response.statusCode).toBe(200);
    expect(response.json()).toEqual({
      fileName: 'statue.glb',
      format: 'glb',
      size: glb.length,
      glb: {
        gltfVersion: '2.0',
        generator: 'Portal test fixture',
        meshes: 1,
        primitives: 1,
        triangles: 120_000,
        vertices: 120_002,
        materials: 1,
        textures: 0,
        animations: 0,
        nodes: 1,
        extensionsRequired: [],
        dimensions: [0.8, 0.8, 0.8],
      },
      assetBundle: null,
      findings: [
        {
          level: 'warning',
          code: 'ManyTriangles',
          message: '120,000 triangles: keep AR models under 100,000 to play smoothly on phones.',
          source: 'inspector',
        },
      ],
      validation: {
        state: 'done',
        validatorVersion: '2.0.0-dev.3.10',
        counts: { errors: 0, warnings: 0, infos: 0, hints: 0 },
        omitted: 0,
        failure: null,
        finishedAt: expect.any(String),
      },
      budgets: expect.any(Array),
    });

    const bundle = await report(await upload('game-ios.ab', unityBundle(32 * 1024, '2023.2.5f1')));
    expect(bundle.json()).toMatchObject({
      fileName: 'game-ios.ab',
      format: 'assetbundle',
      assetBundle: { signature: 'UnityFS', formatVersion: 8, unityVersion: '2023.2.5f1' },
      findings: [],
    });
  });

  it('validates an uploaded .glb after storing it, and merges the validator messages into its report', async () => {
    const url = await upload('broken.glb', triangleGlb({ badIndex: 7 }));
    await validated();
    const response = await report(url);
    expect(response.statusCode).toBe(200);
    const body = response.json();
    expect(body.validation).toMatchObject({ state: 'done', counts: { errors: 1, warnings: 0 }, omitted: 0 });
    expect(body.findings).toEqual([
      {
        level: 'error',
        code: 'ACCESSOR_INDEX_OOB',
        message:
          'Indices accessor element at index 2 has value 7 that is greater than the maximum vertex index available (2).',
        source: 'validator',
        pointer: '/meshes/0/primitives/0/indices',
      },
    ]);
    expect(await t.app.services.files.submissionBlocker([url])).toBe('BuildReportHasErrors');
  });

  it('judges a validated .glb against each platform budget', async () => {
    const url = await upload('wide-texture.glb', await texturedGlb(3000, 100));
    await validated();
    const body = (await report(url)).json();
    expect(body.findings).toEqual([]);
    const sides = Object.fromEntries(
      body.budgets.map((budget: { platform: string; checks: Array<{ metric: string; isOver: boolean }> }) => [
        budget.platform,
        budget.checks.find((check) => check.metric === 'textureSide'),
      ]),
    );
    expect(sides).toEqual({
      ios: { metric: 'textureSide', value: 3000, limit: 2048, isOver: true },
      android: { metric: 'textureSide', value: 3000, limit: 2048, isOver: true },
      visionos: { metric: 'textureSide', value: 3000, limit: 4096, isOver: false },
      macos: { metric: 'textureSide', value: 3000, limit: 4096, isOver: false },
    });
    // over a budget is a warning to the partner, never a block
    expect(await t.app.services.files.submissionBlocker([url])).toBeUndefined();
  });

  it('judges an AssetBundle on its file size only, with nothing to validate', async () => {
    const bundle = unityBundle(32 * 1024, '2023.2.5f1');
    const url = await upload('game.ab', bundle);
    const body = (await report(url)).json();
    expect(body.validation).toBeNull();
    expect(body.budgets).toHaveLength(4);
    expect(body.budgets[0]).toEqual({
      platform: 'ios',
      checks: [{ metric: 'fileSize', value: bundle.length, limit: DEFAULT_BUILD_BUDGETS.ios.fileSize, isOver: false }],
    });
    expect(await t.app.services.files.submissionBlocker([url])).toBeUndefined();
  });

  it('shows a build report to admins, and to no other partner', async () => {
    const url = await upload('orbit.glb', glbBuild(8 * 1024, gltfWithMesh()));
    const other = await registerPartner(t.app);
    const foreign = await report(url, other.accessToken);
    expect(foreign.statusCode).toBe(404);
    expect(foreign.json()).toMatchObject({ errorCode: 'FileNotFound' });
    expect((await getBuildReport(t.app, undefined, url)).statusCode).toBe(401);
    const admin = await report(url, await signIn(t.app, ADMIN));
    expect(admin.statusCode).toBe(200);
    expect(admin.json()).toMatchObject({ format: 'glb', glb: { triangles: 12 } });
  });

  it('answers 404 for images, unknown files and URLs that are not ours, and 400 without a URL', async () => {
    const image = (await uploadImage(t.app, token, 64, 64)).origin;
    for (const url of [
      image,
      '/files/00000000-0000-4000-8000-000000000000/origin.glb',
      'https://elsewhere.example/a.glb',
    ]) {
      const response = await report(url);
      expect(response.statusCode, url).toBe(404);
      expect(response.json()).toMatchObject({ errorCode: 'FileNotFound' });
    }
    const missing = await as(t.app, token).get('/FileUpload/Report');
    expect(missing.statusCode).toBe(400);
    expect(missing.json()).toMatchObject({ errorCode: 'ValidationFailed' });
  });
});

describeEachDatabase('build validation across a restart', (variant) => {
  it('finishes at the next start the validations a stop cut off', async () => {
    const t = await createTestApp(variant, { BUILD_BUDGETS: '{"ios":{"triangles":1}}' });
    let restarted: Awaited<ReturnType<typeof buildApp>> | undefined;
    try {
      const { accessToken } = await registerPartner(t.app);
      // the server stops before the validator gets to the upload
      await t.app.services.files.stopValidations();
      const uploaded = await postFile(t.app, accessToken, 'interrupted.glb', triangleGlb({ badIndex: 9 }));
      const url = (uploaded.json() as Array<{ origin: string }>)[0]?.origin ?? '';
      const get = (app: typeof t.app) => getBuildReport(app, accessToken, url);
      // the upload answered before the validator ran: until it has, the report says so and holds a submission back
      expect((await get(t.app)).json()).toMatchObject({ validation: { state: 'pending' }, budgets: null });
      expect(await t.app.services.files.submissionBlocker([url])).toBe('BuildReportPending');
      await t.app.close();

      restarted = await buildApp(t.config, { database: t.database, logger: false });
      await restarted.ready();
      await restarted.services.files.whenValidationsIdle();
      const body = (await get(restarted)).json();
      expect(body.validation).toMatchObject({ state: 'done', counts: { errors: 1 } });
      expect(body.findings).toEqual([expect.objectContaining({ code: 'ACCESSOR_INDEX_OOB', source: 'validator' })]);
      // the configured budgets judge it
      expect(body.budgets[0].checks[0]).toEqual({ metric: 'triangles', value: 1, limit: 1, isOver: false });
    } finally {
      await restarted?.close();
      await t.database.close();
    }
  });
});
