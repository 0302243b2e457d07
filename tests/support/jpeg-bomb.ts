// A decompression bomb (issue of the outside review, docs/decisions/0029): a valid baseline
// JPEG of a few dozen bytes whose header declares width × height pixels (65535 × 65535 by
// default, over 4 billion). One Huffman code per table, so a decoder that trusts the header
// walks every block of the declared picture; only a check of the header's size stops it.
export function jpegBomb(width = 65535, height = 65535): Uint8Array {
  const be16 = (n: number) => [(n >> 8) & 0xff, n & 0xff];
  const segment = (marker: number, body: number[]) => [0xff, marker, ...be16(body.length + 2), ...body];
  // One code of length 1 (symbol 0): DC difference 0, AC end-of-block.
  const huffman = (tableClass: number) => [(tableClass << 4) | 0, 1, ...new Array(15).fill(0), 0];
  return new Uint8Array([
    0xff,
    0xd8, // SOI
    ...segment(0xdb, [0, ...new Array(64).fill(1)]), // DQT: table 0
    ...segment(0xc0, [8, ...be16(height), ...be16(width), 1, 1, 0x11, 0]), // SOF0: baseline, one component
    ...segment(0xc4, [...huffman(0), ...huffman(1)]), // DHT: DC 0 and AC 0
    ...segment(0xda, [1, 1, 0x00, 0, 63, 0]), // SOS
    0x00, // entropy-coded data: the first blocks; the rest is padding
    0xff,
    0xd9, // EOI
  ]);
}
