import { createRequire } from 'node:module';
import { describe, expect, it } from 'vitest';
import { encodeGlb, glbBuild, gltfWithMesh, meshGlb } from './glb.ts';

/** What these tests read of Khronos' reference validator (gltf-validator ships no types). */
interface ValidationReport {
  issues: { numErrors: number; numWarnings: number; messages: Array<{ code: string; message: string }> };
  info: { totalTriangleCount: number; hasTextures: boolean };
}
const validator = createRequire(import.meta.url)('gltf-validator') as {
  validateBytes(data: Uint8Array, options: { format: 'glb'; writeTimestamp: boolean }): Promise<ValidationReport>;
};

const validate = (file: Buffer) =>
  validator.validateBytes(new Uint8Array(file.buffer, file.byteOffset, file.length), {
    format: 'glb',
    writeTimestamp: false,
  });

describe('meshGlb', () => {
  it.each([
    { case: 'geometry with 16-bit indices', triangles: 2400, size: 48 * 1024 },
    { case: 'geometry with 32-bit indices', triangles: 70_000, size: 2 * 1024 * 1024 },
    { case: 'more triangles than the size holds', triangles: 150_000, size: 64 * 1024 },
  ])('builds a model the reference validator accepts: $case', async ({ triangles, size }) => {
    const file = meshGlb({ triangles, size });
    expect(file.length).toBe(size);
    const report = await validate(file);
    expect(report.issues.messages).toEqual([]);
    expect(report.issues.numErrors).toBe(0);
    expect(report.issues.numWarnings).toBe(0);
    expect(report.info.totalTriangleCount).toBe(triangles);
    expect(report.info.hasTextures).toBe(false);
  });
});

describe('glbBuild', () => {
  it('builds a file of the size asked for that the reference validator accepts, with the mesh of gltfWithMesh', async () => {
    const file = glbBuild(2048, gltfWithMesh(150_000));
    expect(file.length).toBe(2048);
    const report = await validate(file);
    expect(report.issues.messages).toEqual([]);
    expect(report.issues.numErrors).toBe(0);
    expect(report.info.totalTriangleCount).toBe(150_000);
  });
});

describe('encodeGlb', () => {
  it('pads the JSON chunk to the length asked for, so that a file has an exact size', () => {
    const file = encodeGlb({ asset: { version: '2.0' } }, { bin: Buffer.alloc(6, 1), jsonBytes: 64 });
    expect(file.length).toBe(12 + 8 + 64 + 8 + 8);
    expect(file.readUInt32LE(8)).toBe(file.length);
    expect(file.subarray(20, 84).toString().trimEnd()).toBe('{"asset":{"version":"2.0"}}');
  });

  it('refuses a JSON chunk shorter than the JSON', () => {
    expect(() => encodeGlb({ asset: { version: '2.0' } }, { jsonBytes: 8 })).toThrow(/does not make a JSON chunk/);
  });
});
