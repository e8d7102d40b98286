import { describe, expect, it } from 'vitest';
import { createProgress } from './progress.ts';

function stream(isTTY: boolean) {
  const written: string[] = [];
  return { isTTY, written, write: (text: string) => written.push(text) };
}

describe('upload progress', () => {
  it('draws a bar in place on a terminal and ends its line', () => {
    const out = stream(true);
    const progress = createProgress(out, 'iOS game.ab', 2048, false);
    progress.update(1024);
    progress.update(2048);
    progress.end();
    expect(out.written[0]).toBe(`\r\x1b[2KiOS game.ab [${'█'.repeat(12)}${'░'.repeat(12)}]  50% 1.0 KB / 2.0 KB`);
    expect(out.written.at(-2)).toContain('100% 2.0 KB / 2.0 KB');
    expect(out.written.at(-1)).toBe('\n');
  });

  it('writes a line per quarter in a log', () => {
    const out = stream(false);
    const progress = createProgress(out, 'Android game.glb', 4096, false);
    for (const sent of [1000, 2048, 4096]) progress.update(sent);
    expect(out.written).toEqual([
      'Android game.glb: uploading 4.0 KB\n',
      'Android game.glb: 25% of 4.0 KB\n',
      'Android game.glb: 50% of 4.0 KB\n',
      'Android game.glb: 75% of 4.0 KB\n',
      'Android game.glb: 100% of 4.0 KB\n',
    ]);
  });

  it('stays silent for --json in a log', () => {
    const out = stream(false);
    const progress = createProgress(out, 'iOS game.ab', 4096, true);
    progress.update(4096);
    progress.end();
    expect(out.written).toEqual([]);
  });
});
