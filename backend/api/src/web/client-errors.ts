import { STATUS_CODES, type Server } from 'node:http';
import type { Duplex } from 'node:stream';

/** Requests Node's parser refuses before the app sees them, in the shop's words (its default answer has no body). */
const REFUSALS: Record<string, [number, string, string]> = {
  HPE_HEADER_OVERFLOW: [431, 'request_too_large', 'La dirección o las cabeceras de la petición son demasiado largas.'],
  ERR_HTTP_REQUEST_TIMEOUT: [408, 'request_timeout', 'La petición tardó demasiado en llegar.'],
};
const MALFORMED: [number, string, string] = [400, 'bad_request', 'La petición no es válida.'];

/**
 * A URL past the parser's 16 KB of headers (a pasted paragraph in a search link), a request that never
 * finished arriving, or bytes that are not HTTP: answered with the same `{ statusCode, code, message }`
 * JSON as every other refusal, then the connection is closed.
 */
export function answerClientErrors(server: Server): void {
  server.on('clientError', (error: NodeJS.ErrnoException, socket: Duplex) => {
    // Nobody to answer: the client went away, or the answer has begun.
    if (error.code === 'ECONNRESET' || !socket.writable) return socket.destroy();
    const [status, code, message] = REFUSALS[error.code ?? ''] ?? MALFORMED;
    const body = JSON.stringify({ statusCode: status, code, message });
    socket.end(
      `HTTP/1.1 ${status} ${STATUS_CODES[status]}\r\nContent-Type: application/json; charset=utf-8\r\nContent-Length: ${Buffer.byteLength(body)}\r\nCache-Control: no-store\r\nConnection: close\r\n\r\n${body}`,
    );
  });
}
