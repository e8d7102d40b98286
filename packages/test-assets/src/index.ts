export { encodeGlb, type GlbChunks, glbBuild, gltfWithMesh, meshGlb } from './glb.ts';
export { unityBundle } from './unity-bundle.ts';
