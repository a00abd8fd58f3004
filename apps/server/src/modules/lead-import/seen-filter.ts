// "Have I seen this lead before?" for one upload: the (data date, number) keys of the file's leads so far and
// of the campaign's stored leads on the file's dates. Exact (a wrong "seen" would drop a lead) and compact:
// an E.164 number (at most 15 digits) is held as a double in an open-addressing table, 16 bytes a key. The same
// set of numbers holds a small do-not-call list for the upload's skip (lead-import.ts).

/** Slots of a new table; it doubles when half full. */
const INITIAL_SLOTS = 1 << 10;
/** E.164: a plus and 1 to 15 digits, the first not 0. Every such number is exact as a double. */
const E164 = /^\+[1-9]\d{0,14}$/;

/** murmur3's finaliser: every input bit moves every output bit. */
function mix(h: number): number {
  h ^= h >>> 16;
  h = Math.imul(h, 0x85ebca6b);
  h ^= h >>> 13;
  h = Math.imul(h, 0xc2b2ae35);
  return (h ^ (h >>> 16)) >>> 0;
}

/** A set of positive integers below 2^53 (0 marks an empty slot). */
class NumberSet {
  private slots = new Float64Array(INITIAL_SLOTS);
  private size = 0;

  private static slotOf(slots: Float64Array, n: number): number {
    const mask = slots.length - 1;
    let i = mix((n >>> 0) ^ mix(Math.floor(n / 0x1_0000_0000))) & mask;
    while (slots[i] !== 0 && slots[i] !== n) i = (i + 1) & mask;
    return i;
  }

  has(n: number): boolean {
    return this.slots[NumberSet.slotOf(this.slots, n)] === n;
  }

  /** Adds n; true when it was there already. */
  add(n: number): boolean {
    const i = NumberSet.slotOf(this.slots, n);
    if (this.slots[i] === n) return true;
    this.slots[i] = n;
    if (++this.size * 2 > this.slots.length) this.grow();
    return false;
  }

  private grow(): void {
    const old = this.slots;
    this.slots = new Float64Array(old.length * 2);
    for (const n of old) if (n !== 0) this.slots[NumberSet.slotOf(this.slots, n)] = n;
  }
}

/** A set of phone numbers: E.164 ones as doubles, anything else (rare: a stored number from elsewhere) as text. */
export class PhoneSet {
  private readonly numbers = new NumberSet();
  private others: Set<string> | undefined;

  has(phone: string): boolean {
    if (E164.test(phone)) return this.numbers.has(Number(phone.slice(1)));
    return this.others?.has(phone) ?? false;
  }

  /** Adds the number; true when it was there already. */
  add(phone: string): boolean {
    if (E164.test(phone)) return this.numbers.add(Number(phone.slice(1)));
    this.others ??= new Set();
    if (this.others.has(phone)) return true;
    this.others.add(phone);
    return false;
  }
}

export class SeenFilter {
  private readonly dates = new Map<string, PhoneSet>();

  /** Whether any key of this date was taken in (or the date was marked known). */
  knows(date: string): boolean {
    return this.dates.has(date);
  }

  /** Notes the date, with no key yet (e.g. the campaign has no stored lead on it). */
  addDate(date: string): void {
    if (!this.dates.has(date)) this.dates.set(date, new PhoneSet());
  }

  /** Adds the (date, number) key; true when it was added before. */
  add(date: string, phone: string): boolean {
    let keys = this.dates.get(date);
    if (keys === undefined) {
      keys = new PhoneSet();
      this.dates.set(date, keys);
    }
    return keys.add(phone);
  }
}
