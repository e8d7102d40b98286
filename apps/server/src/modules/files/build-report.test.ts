import { afterAll, beforeAll, expect, it } from 'vitest';
import {
  bearer,
  createTestApp,
  describeEachDatabase,
  glbBuild,
  gltfWithMesh,
  registerPartner,
  type TestApp,
  unityBundle,
  uploadBuild,
  uploadImage,
} from '../../testing/index.ts';

const ADMIN = { email: 'inspector@lumora.example', password: 'Inspect1234' };

describeEachDatabase('build reports', (variant) => {
  let t: TestApp;
  let token: string;
  beforeAll(async () => {
    t = await createTestApp(variant, { ADMIN_EMAIL: ADMIN.email, ADMIN_PASSWORD: ADMIN.password });
    token = (await registerPartner(t.app)).accessToken;
  });
  afterAll(async () => {
    await t?.close();
  });

  const upload = (filename: string, data: Buffer) => uploadBuild(t.app, token, filename, data);
  const report = (url: string, auth: string | null = token) =>
    t.app.inject({
      method: 'GET',
      url: `/FileUpload/Report?url=${encodeURIComponent(url)}`,
      headers: auth ? bearer(auth) : {},
    });

  it('inspects each uploaded build and shows the report to its owner', async () => {
    const glb = glbBuild(64 * 1024, gltfWithMesh(120_000, 0.8));
    const response = await report(await upload('statue.glb', glb));
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
        },
      ],
    });

    const bundle = await report(await upload('game-ios.ab', unityBundle(32 * 1024, '2023.2.5f1')));
    expect(bundle.json()).toMatchObject({
      fileName: 'game-ios.ab',
      format: 'assetbundle',
      assetBundle: { signature: 'UnityFS', formatVersion: 8, unityVersion: '2023.2.5f1' },
      findings: [],
    });
  });

  it('shows a build report to admins, and to no other partner', async () => {
    const url = await upload('orbit.glb', glbBuild(8 * 1024, gltfWithMesh()));
    const other = await registerPartner(t.app);
    const foreign = await report(url, other.accessToken);
    expect(foreign.statusCode).toBe(404);
    expect(foreign.json()).toMatchObject({ errorCode: 'FileNotFound' });
    expect((await report(url, null)).statusCode).toBe(401);
    const login = await t.app.inject({ method: 'POST', url: '/api/Access/Login', payload: ADMIN });
    const admin = await report(url, (login.json() as { accessToken: string }).accessToken);
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
    const missing = await t.app.inject({ method: 'GET', url: '/FileUpload/Report', headers: bearer(token) });
    expect(missing.statusCode).toBe(400);
    expect(missing.json()).toMatchObject({ errorCode: 'ValidationFailed' });
  });
});
