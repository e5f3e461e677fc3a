/** supertest's parser for a body kept as bytes (a PDF, a ZIP, an image): `.buffer(true).parse(binary)`. */
export const binary = (res: { on: Function }, cb: (err: Error | null, body: Buffer) => void) => {
  const parts: Buffer[] = [];
  res.on('data', (part: Buffer) => parts.push(part));
  res.on('end', () => cb(null, Buffer.concat(parts)));
};
