/**
 * The body of an upstream's `response`, at most `limit` bytes, else `tooLarge()` is thrown: a body read
 * whole (`response.json()`) lets one misbehaving upstream fill the server's memory. Leaving the loop early
 * cancels the body, which closes the connection.
 */
export async function readAtMost(response: Response, limit: number, tooLarge: () => Error): Promise<Buffer> {
  if (Number(response.headers.get('content-length') ?? 0) > limit) throw tooLarge();
  const chunks: Uint8Array[] = [];
  let size = 0;
  for await (const chunk of response.body ?? []) {
    size += chunk.byteLength;
    if (size > limit) throw tooLarge();
    chunks.push(chunk);
  }
  return Buffer.concat(chunks);
}
