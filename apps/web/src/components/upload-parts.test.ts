import { describe, expect, it } from 'vitest';
import { describeTransfer } from './upload-parts.tsx';

describe('describeTransfer', () => {
  it('says how far an upload has come in percent and in bytes of the file', () => {
    const transfer = { fileName: 'comet.glb', percent: 42, sentBytes: 21 * 1024 * 1024, totalBytes: 50 * 1024 * 1024 };
    expect(describeTransfer(transfer)).toBe('42% · 21.0 MB of 50.0 MB');
    expect(describeTransfer({ ...transfer, percent: 0, sentBytes: 0, totalBytes: 48 * 1024 })).toBe(
      '0% · 0 B of 48.0 KB',
    );
  });

  it('once every byte is sent, says the file host is checking it', () => {
    expect(describeTransfer({ fileName: 'comet.glb', percent: 100, sentBytes: 10, totalBytes: 10 })).toBe(
      'Sent · checking the file…',
    );
  });
});
