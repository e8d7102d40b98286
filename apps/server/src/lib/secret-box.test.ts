import { describe, expect, it } from 'vitest';
import { createSecretBox } from './secret-box.ts';

describe('createSecretBox', () => {
  const box = createSecretBox('a server secret of some length', 'totp');

  it('opens what it sealed, and seals the same text differently each time', () => {
    const sealed = box.seal('JBSWY3DPEHPK3PXP');
    expect(box.open(sealed)).toBe('JBSWY3DPEHPK3PXP');
    expect(box.seal('JBSWY3DPEHPK3PXP')).not.toBe(sealed);
    expect(sealed).not.toContain('JBSWY3DPEHPK3PXP');
  });

  it('refuses a value sealed under another key, for another purpose, or altered', () => {
    const sealed = box.seal('JBSWY3DPEHPK3PXP');
    expect(() => createSecretBox('another secret', 'totp').open(sealed)).toThrow();
    expect(() => createSecretBox('a server secret of some length', 'other').open(sealed)).toThrow();
    const [version, iv, tag, ciphertext = ''] = sealed.split('.');
    // the first character: all six of its bits are the ciphertext's (the last one's may be padding)
    const flipped = `${ciphertext.startsWith('A') ? 'B' : 'A'}${ciphertext.slice(1)}`;
    expect(() => box.open([version, iv, tag, flipped].join('.'))).toThrow();
    expect(() => box.open('not sealed')).toThrow();
  });
});
