import { type NearbyResponse, nearbyResponseSchema } from '@portal/contracts';
import type { FastifyReply } from 'fastify';
import { BufferPool } from '../../lib/buffer-pool.ts';
import { MAX_TENTHS_CHARACTERS, writeTenths } from '../../lib/json-bytes.ts';
import type { NearbyStages } from './nearby.ts';

const OPENING = Buffer.from('{"data":[');
const CLOSING = Buffer.from(']}');
const HEAD = Buffer.from('{"distance":');
const COMMA = 0x2c;
/** Room for a full answer (50 stages of about 1.3 KB): answers are written into buffers lent for them. */
const ANSWER_BYTES = 128 * 1024;
/** Answer buffers kept between loads: as many as answers are written at once, up to this. */
const ANSWERS_KEPT = 128;

/**
 * Writes the AR app's nearby answers: `{"data":[…]}` with each stage's tail spliced after its distance (to 0.1 m),
 * into a buffer lent from a pool and taken back once the answer has been written out (not when the connection goes
 * first), so that the hot read allocates nothing outside V8's heap. Outside production each answer is checked
 * against its contract, as every other answer is by the serializer compiler.
 */
export function createNearbySerializer({ checkContract }: { checkContract: boolean }) {
  const answers = new BufferPool(ANSWER_BYTES, ANSWERS_KEPT);

  function write(stages: NearbyStages): Buffer {
    // `{"data":[` + each stage as `{"distance":…,` and its tail, by commas + `]}`
    let size = OPENING.length + CLOSING.length;
    for (const { tail } of stages) size += HEAD.length + MAX_TENTHS_CHARACTERS + 2 + tail.length;
    const bytes = answers.lend(size);
    let offset = OPENING.copy(bytes, 0);
    for (const { tail, distance } of stages) {
      if (offset > OPENING.length) bytes[offset++] = COMMA;
      bytes.set(HEAD, offset);
      offset = writeTenths(bytes, offset + HEAD.length, Math.round(distance * 10));
      bytes[offset++] = COMMA;
      // TypedArray#set: a copy without the argument checks and the view Buffer#copy makes for each call
      bytes.set(tail, offset);
      offset += tail.length;
    }
    offset += CLOSING.copy(bytes, offset);
    return bytes.subarray(0, offset);
  }

  return {
    /** Sends the answer; its buffer goes back to the pool once the response has finished. */
    send(reply: FastifyReply, stages: NearbyStages): FastifyReply {
      const body = write(stages);
      if (checkContract) {
        try {
          nearbyResponseSchema.parse(JSON.parse(body.toString('utf8')));
        } catch (err) {
          answers.giveBack(body);
          throw err;
        }
      }
      reply.raw.once('finish', () => answers.giveBack(body));
      return reply.type('application/json; charset=utf-8').send(body as unknown as NearbyResponse);
    },
  };
}
