import { createServer, IncomingMessage, ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';

/**
 * A local stand-in for an S3-compatible server, for the adapter's tests where no S3 can run: one bucket,
 * path-style requests, the REST calls `S3FileStorage` and the tests make (PUT, GET, HEAD and DELETE of an
 * object, HEAD of the bucket, ListObjectsV2), and S3's answers to them, including its XML errors
 * (`NoSuchKey`, `NoSuchBucket`) and a HEAD's bare 404. Requests must be signed with the stand-in's key
 * (the signature itself is not checked).
 */
export interface S3StandIn {
  endpoint: string;
  bucket: string;
  accessKeyId: string;
  secretAccessKey: string;
  /** Every request as `METHOD /path?query`, for tests that check what was sent. */
  requests: string[];
  stop(): Promise<void>;
}

interface StoredObject {
  bytes: Buffer;
  contentType: string;
}

const ACCESS_KEY_ID = 'STANDINKEY';

function xmlEscape(text: string): string {
  return text.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;');
}

function sendXml(res: ServerResponse, status: number, body: string): void {
  res.writeHead(status, { 'content-type': 'application/xml' });
  res.end(`<?xml version="1.0" encoding="UTF-8"?>\n${body}`);
}

function sendError(req: IncomingMessage, res: ServerResponse, status: number, code: string, resource: string): void {
  if (req.method === 'HEAD') {
    res.writeHead(status).end();
    return;
  }
  sendXml(res, status, `<Error><Code>${code}</Code><Message>${code}</Message><Resource>${xmlEscape(resource)}</Resource></Error>`);
}

async function bodyOf(req: IncomingMessage): Promise<Buffer> {
  const chunks: Buffer[] = [];
  for await (const chunk of req) chunks.push(chunk as Buffer);
  return Buffer.concat(chunks);
}

function listing(res: ServerResponse, bucket: string, prefix: string, objects: Map<string, StoredObject>): void {
  const keys = [...objects.keys()].filter((key) => key.startsWith(prefix)).sort();
  const contents = keys.map((key) => `<Contents><Key>${xmlEscape(key)}</Key><Size>${objects.get(key)?.bytes.length}</Size></Contents>`).join('');
  sendXml(
    res,
    200,
    `<ListBucketResult><Name>${bucket}</Name><Prefix>${xmlEscape(prefix)}</Prefix><KeyCount>${keys.length}</KeyCount><MaxKeys>1000</MaxKeys><IsTruncated>false</IsTruncated>${contents}</ListBucketResult>`,
  );
}

export async function startS3StandIn(bucket = 'tienda-test'): Promise<S3StandIn> {
  const objects = new Map<string, StoredObject>();
  const requests: string[] = [];
  const server = createServer(async (req, res) => {
    const url = new URL(req.url ?? '/', 'http://stand-in');
    requests.push(`${req.method} ${url.pathname}${url.search}`);
    if (!(req.headers.authorization ?? '').startsWith(`AWS4-HMAC-SHA256 Credential=${ACCESS_KEY_ID}/`)) {
      sendError(req, res, 403, 'AccessDenied', url.pathname);
      return;
    }
    const [, requestedBucket = '', ...rest] = url.pathname.split('/');
    const key = decodeURIComponent(rest.join('/'));
    if (requestedBucket !== bucket) {
      sendError(req, res, 404, 'NoSuchBucket', url.pathname);
      return;
    }
    if (key === '') {
      if (req.method === 'HEAD') res.writeHead(200).end();
      else if (req.method === 'GET' && url.searchParams.get('list-type') === '2') listing(res, bucket, url.searchParams.get('prefix') ?? '', objects);
      else sendError(req, res, 405, 'MethodNotAllowed', url.pathname);
      return;
    }
    const stored = objects.get(key);
    switch (req.method) {
      case 'PUT': {
        // The object changes only once the whole body has arrived: S3 replaces objects whole.
        const bytes = await bodyOf(req);
        objects.set(key, { bytes, contentType: req.headers['content-type'] ?? 'binary/octet-stream' });
        res.writeHead(200, { etag: `"${bytes.length}"` }).end();
        return;
      }
      case 'GET':
      case 'HEAD':
        if (!stored) {
          sendError(req, res, 404, 'NoSuchKey', url.pathname);
          return;
        }
        res.writeHead(200, { 'content-type': stored.contentType, 'content-length': stored.bytes.length });
        res.end(req.method === 'GET' ? stored.bytes : undefined);
        return;
      case 'DELETE':
        objects.delete(key);
        res.writeHead(204).end();
        return;
      default:
        sendError(req, res, 405, 'MethodNotAllowed', url.pathname);
    }
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  return {
    endpoint: `http://127.0.0.1:${port}`,
    bucket,
    accessKeyId: ACCESS_KEY_ID,
    secretAccessKey: 'stand-in-secret',
    requests,
    stop: () => new Promise<void>((resolve, reject) => server.close((error) => (error ? reject(error) : resolve()))),
  };
}
