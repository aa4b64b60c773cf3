/** MP4 boxes built by hand, for the readers of movie headers on both sides of the wire. */

export function box(type: string, ...children: Buffer[]): Buffer {
  const body = Buffer.concat(children);
  const header = Buffer.alloc(8);
  header.writeUInt32BE(8 + body.length, 0);
  header.write(type, 4, "latin1");
  return Buffer.concat([header, body]);
}

export const ftyp = box("ftyp", Buffer.from("isom\0\0\x02\0isom", "latin1"));

/** A version 0 movie header: 32-bit times. */
export function mvhd(timescale: number, duration: number): Buffer {
  const body = Buffer.alloc(100);
  body.writeUInt32BE(timescale, 12);
  body.writeUInt32BE(duration, 16);
  return box("mvhd", body);
}

/** A version 1 movie header: 64-bit times. */
export function mvhdWide(timescale: number, duration: bigint): Buffer {
  const body = Buffer.alloc(112);
  body[0] = 1;
  body.writeUInt32BE(timescale, 20);
  body.writeBigUInt64BE(duration, 24);
  return box("mvhd", body);
}
