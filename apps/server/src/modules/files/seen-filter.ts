// "Have I seen this key before?" for the leads of one upload, in bounded memory: exact for the first keys,
// then a Bloom filter (it may answer yes wrongly, never no wrongly). It lets the store step skip the
// duplicate check when no lead of the file can repeat another (lead-import.ts).

/** Keys kept exactly before switching to the Bloom filter (~5 MB of strings). */
const EXACT_KEYS = 50_000;
/** 2^28 bits (32 MB), 7 probes: a wrong "seen" in well under one in 10^5 files of a million leads. */
const BITS_LOG2 = 28;
const PROBES = 7;
/** All probes of a key fall in one block of 16 words (a 64-byte cache line): one memory miss per key, not seven. */
const BLOCK_WORDS_LOG2 = 4;

/** murmur3's finaliser: every input bit moves every output bit. */
function mix(h: number): number {
  h ^= h >>> 16;
  h = Math.imul(h, 0x85ebca6b);
  h ^= h >>> 13;
  h = Math.imul(h, 0xc2b2ae35);
  return (h ^ (h >>> 16)) >>> 0;
}

function hash(key: string, seed: number): number {
  let h = seed;
  for (let i = 0; i < key.length; i++) h = Math.imul(h ^ key.charCodeAt(i), 0x5bd1e995) ^ (h >>> 15);
  return mix(h ^ key.length);
}

export class SeenFilter {
  private exact: Set<string> | undefined = new Set();
  private bits: Uint32Array | undefined;

  /** Adds the key; true when it may have been added before (false: surely not). */
  add(key: string): boolean {
    if (this.exact) {
      if (this.exact.has(key)) return true;
      this.exact.add(key);
      if (this.exact.size > EXACT_KEYS) this.switchToBloom();
      return false;
    }
    return this.addToBloom(key);
  }

  private switchToBloom(): void {
    const keys = this.exact ?? new Set<string>();
    this.exact = undefined;
    this.bits = new Uint32Array(2 ** (BITS_LOG2 - 5));
    for (const key of keys) this.addToBloom(key);
  }

  private addToBloom(key: string): boolean {
    const bits = this.bits as Uint32Array;
    const block = (hash(key, 0x811c9dc5) & ((1 << (BITS_LOG2 - 5 - BLOCK_WORDS_LOG2)) - 1)) << BLOCK_WORDS_LOG2;
    const h = hash(key, 0x9747b28c);
    let seen = true;
    for (let i = 0; i < PROBES; i++) {
      // 9 bits: a word of the block and a bit of the word.
      const bit = mix(h + Math.imul(i, 0x9e3779b9)) & ((1 << (BLOCK_WORDS_LOG2 + 5)) - 1);
      const word = block + (bit >>> 5);
      const flag = 1 << (bit & 31);
      if (((bits[word] as number) & flag) === 0) {
        seen = false;
        bits[word] = (bits[word] as number) | flag;
      }
    }
    return seen;
  }
}
