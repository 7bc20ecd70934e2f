// Sends the fuzz's requests straight to the services over keep-alive connections (node:http, so a GET may carry
// a body and nothing is normalised away) and tells an answer from a dropped connection.
import http from 'node:http';
import type { FuzzRequest } from './fuzz-cases';

export interface FuzzOutcome {
  request: FuzzRequest;
  /** The HTTP status, or null when no answer came (the connection dropped or the wait ran out). */
  status: number | null;
  /** The start of the answer's body, or the network error. */
  detail: string;
}

const agents = new Map<string, http.Agent>();

function agentFor(origin: string): http.Agent {
  let agent = agents.get(origin);
  if (!agent) {
    agent = new http.Agent({ keepAlive: true, maxSockets: 8 });
    agents.set(origin, agent);
  }
  return agent;
}

export function closeAgents(): void {
  for (const agent of agents.values()) agent.destroy();
  agents.clear();
}

/** One request; never rejects. A client-side refusal to send (an invalid header) is reported as status 0. */
export function send(baseUrl: string, request: FuzzRequest, timeoutMs = 20_000): Promise<FuzzOutcome> {
  const url = new URL(baseUrl);
  return new Promise((resolve) => {
    let settled = false;
    const finish = (status: number | null, detail: string) => {
      if (settled) return;
      settled = true;
      resolve({ request, status, detail });
    };
    let outgoing: http.ClientRequest;
    try {
      outgoing = http.request({
        host: url.hostname,
        port: url.port,
        method: request.method,
        path: request.path,
        agent: agentFor(url.origin),
        headers: { ...request.headers, ...(request.body ? { 'content-length': String(request.body.length) } : {}) },
      });
    } catch (error) {
      finish(0, `not sent: ${(error as Error).message}`);
      return;
    }
    outgoing.setTimeout(timeoutMs, () => {
      outgoing.destroy(new Error(`no answer within ${timeoutMs} ms`));
    });
    outgoing.on('response', (response) => {
      const chunks: Buffer[] = [];
      let size = 0;
      response.on('data', (chunk: Buffer) => {
        if (size < 2048) chunks.push(chunk);
        size += chunk.length;
      });
      response.on('end', () => finish(response.statusCode ?? null, Buffer.concat(chunks).toString('utf8').slice(0, 500)));
      response.on('error', (error) => finish(null, `answer cut: ${error.message}`));
    });
    outgoing.on('error', (error: NodeJS.ErrnoException) => finish(null, `${error.code ?? ''} ${error.message}`.trim()));
    outgoing.end(request.body);
  });
}

/** Runs `items` through `worker` with at most `concurrency` in flight. */
export async function pool<T, R>(items: T[], concurrency: number, worker: (item: T) => Promise<R>): Promise<R[]> {
  const results: R[] = new Array(items.length);
  let next = 0;
  await Promise.all(
    Array.from({ length: concurrency }, async () => {
      while (next < items.length) {
        const index = next;
        next += 1;
        results[index] = await worker(items[index]);
      }
    }),
  );
  return results;
}
