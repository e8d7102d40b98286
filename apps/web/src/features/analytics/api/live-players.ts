import type { AnalyticsLive } from '@portal/contracts';
import { useEffect, useState } from 'react';
import { authorizationHeaders } from '../../../lib/api-client.ts';
import { hostUrl } from '../../../lib/runtime-config.ts';

/** After a stream breaks (a deploy, the network), the wait before asking again. */
const RECONNECT_MS = 5_000;

/** Each `event: live` message of a Server-Sent Events body, as it comes. */
async function readMessages(body: ReadableStream<Uint8Array>, onMessage: (live: AnalyticsLive) => void) {
  const reader = body.getReader();
  const decoder = new TextDecoder();
  let buffer = '';
  for (;;) {
    const { done, value } = await reader.read();
    if (done) return;
    buffer += decoder.decode(value, { stream: true });
    for (let end = buffer.indexOf('\n\n'); end >= 0; end = buffer.indexOf('\n\n')) {
      const lines = buffer.slice(0, end).split('\n');
      buffer = buffer.slice(end + 2);
      const data = lines.find((line) => line.startsWith('data: '));
      if (lines[0] === 'event: live' && data) onMessage(JSON.parse(data.slice('data: '.length)) as AnalyticsLive);
    }
  }
}

/**
 * The studio's players online now, from `GET /api/Analytics/Live` (Server-Sent Events read through fetch, which
 * carries the session and the studio as every call does); undefined until the first message. A broken stream is asked
 * again a few seconds later; leaving the page ends it.
 */
export function useLivePlayers(): AnalyticsLive | undefined {
  const [live, setLive] = useState<AnalyticsLive>();
  useEffect(() => {
    const controller = new AbortController();
    let retry: ReturnType<typeof setTimeout> | undefined;
    const open = async () => {
      try {
        const { headers } = authorizationHeaders('text/event-stream');
        const response = await fetch(hostUrl('api', '/api/Analytics/Live'), { headers, signal: controller.signal });
        // refused (signed out, no longer in the studio): nothing to show, and nothing to ask again
        if (!response.ok || !response.body) return;
        await readMessages(response.body, setLive);
      } catch {
        // aborted, or the network went: asked again below unless the page is gone
      }
      if (!controller.signal.aborted) retry = setTimeout(() => void open(), RECONNECT_MS);
    };
    void open();
    return () => {
      controller.abort();
      clearTimeout(retry);
    };
  }, []);
  return live;
}
