import { describe, expect, it } from 'vitest';
import { MessageSplitter } from './protocol.ts';

const RS = '\u001e';
const texts = (messages: Buffer[]) => messages.map((message) => message.toString('utf8'));

describe('MessageSplitter', () => {
  it('cuts a frame into its messages, and a message that spans frames waits for its end', () => {
    const splitter = new MessageSplitter();
    expect(texts(splitter.push(Buffer.from(`{"type":6}${RS}{"type":1,"tar`)))).toEqual(['{"type":6}']);
    expect(splitter.pendingBytes).toBe('{"type":1,"tar'.length);
    expect(texts(splitter.push(Buffer.from(`get":"Ping"}${RS}`)))).toEqual(['{"type":1,"target":"Ping"}']);
    expect(splitter.pendingBytes).toBe(0);
  });

  it('keeps its tail apart from the frame it came from, which the socket may reuse', () => {
    const splitter = new MessageSplitter();
    const frame = Buffer.from(`{"a":1}${RS}{"b":`);
    splitter.push(frame);
    frame.fill(0x20);
    expect(texts(splitter.push(Buffer.from(`2}${RS}`)))).toEqual(['{"b":2}']);
  });

  it('cuts multi-byte text only at the separators', () => {
    const splitter = new MessageSplitter();
    const bytes = Buffer.from(`{"name":"Ünïcödé 🎲"}${RS}`);
    const first = splitter.push(bytes.subarray(0, 12));
    const second = splitter.push(bytes.subarray(12));
    expect(first).toEqual([]);
    expect(texts(second)).toEqual(['{"name":"Ünïcödé 🎲"}']);
  });
});
