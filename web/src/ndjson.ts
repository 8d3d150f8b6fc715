/** Reads an NDJSON body until the server ends it: each line parsed, the empty keep-alive lines skipped. */
export async function readLines<T>(body: ReadableStream<Uint8Array>, onLine: (value: T) => void): Promise<void> {
  const reader = body.getReader();
  const text = new TextDecoder();
  let buffer = '';
  for (;;) {
    const { done, value } = await reader.read();
    if (done) return;
    buffer += text.decode(value, { stream: true });
    for (let nl = buffer.indexOf('\n'); nl >= 0; nl = buffer.indexOf('\n')) {
      const line = buffer.slice(0, nl);
      buffer = buffer.slice(nl + 1);
      if (line) onLine(JSON.parse(line) as T);
    }
  }
}
