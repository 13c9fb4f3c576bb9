/**
 * The ids of the calls a store holds, keyed by conversation and id: each
 * id's bytes in an arena of byte blocks (an ASCII id a byte a character,
 * any other a marker then two bytes a UTF-16 unit), found through an
 * open-addressing table of call numbers. A million ids take about their
 * length in bytes each, off the JavaScript heap, where a `Map` of strings
 * takes two to three times that on it.
 */
import { Float64Column, Uint32Column } from './columns.ts';

const BLOCK = 1 << 20;
// Starts an id held as UTF-16 units; no ASCII byte is this.
const WIDE = 0xff;
const ascii = new TextDecoder();

function fnv(hash: number, byte: number): number {
  return Math.imul(hash ^ byte, 0x01000193);
}

/** Calls numbered 0, 1, 2, … in the order they were added, each with its (conversation, id). */
export class CallIdIndex {
  private blocks: Uint8Array[] = [];
  // Where the current block's free space starts.
  private used = BLOCK;
  private readonly start = new Float64Column();
  private readonly length = new Uint32Column();
  private readonly hash = new Uint32Column();
  private readonly conversation = new Uint32Column();
  // Call number + 1 in each slot; 0 for an empty slot. A power of two long.
  private table = new Uint32Array(1 << 10);
  private count = 0;
  private scratch = new Uint8Array(256);
  // What the last `lookup` that found nothing left for `insertLast`.
  private pendingBytes = -1;
  private pendingHash = 0;
  private pendingConversation = 0;

  /** Number of calls held. */
  get size(): number {
    return this.count;
  }

  /** The call with this (conversation, id), or -1 (then `insertLast` may add it). */
  lookup(conversation: number, id: string): number {
    const bytes = this.encode(id);
    let hash = fnv(0x811c9dc5, conversation & 0xff);
    hash = fnv(hash, (conversation >>> 8) & 0xff);
    hash = fnv(hash, (conversation >>> 16) & 0xff);
    hash = fnv(hash, conversation >>> 24);
    const scratch = this.scratch;
    for (let i = 0; i < bytes; i++) hash = fnv(hash, scratch[i]!);
    hash >>>= 0;
    const mask = this.table.length - 1;
    for (let slot = hash & mask; ; slot = (slot + 1) & mask) {
      const held = this.table[slot]!;
      if (held === 0) break;
      const call = held - 1;
      if (this.hash.get(call) === hash && this.matches(call, conversation, bytes)) return call;
    }
    this.pendingBytes = bytes;
    this.pendingHash = hash;
    this.pendingConversation = conversation;
    return -1;
  }

  /** Adds the (conversation, id) the last `lookup` did not find as the next call; returns its number. */
  insertLast(): number {
    const bytes = this.pendingBytes;
    if (bytes < 0) throw new Error('insertLast without a lookup that found nothing');
    this.pendingBytes = -1;
    if (this.blocks.length === 0 || this.used + bytes > BLOCK) {
      this.blocks.push(new Uint8Array(Math.max(BLOCK, bytes)));
      this.used = 0;
    }
    const blockIndex = this.blocks.length - 1;
    this.blocks[blockIndex]!.set(this.scratch.subarray(0, bytes), this.used);
    const call = this.count++;
    this.start.set(call, blockIndex * BLOCK + this.used);
    // A key longer than a block has a block of its own: the next key starts a new one.
    this.used = bytes > BLOCK ? BLOCK : this.used + bytes;
    this.length.set(call, bytes);
    this.hash.set(call, this.pendingHash);
    this.conversation.set(call, this.pendingConversation);
    if (this.count * 2 > this.table.length) this.grow();
    else this.place(call, this.table);
    return call;
  }

  /** The id of call `call`. */
  idOf(call: number): string {
    const at = this.start.get(call);
    const block = this.blocks[Math.floor(at / BLOCK)]!;
    const from = at % BLOCK;
    const to = from + this.length.get(call);
    if (block[from] !== WIDE) return ascii.decode(block.subarray(from, to));
    let id = '';
    for (let i = from + 1; i < to; i += 2)
      id += String.fromCharCode((block[i]! << 8) | block[i + 1]!);
    return id;
  }

  /** Lets every call go. */
  clear(): void {
    this.blocks = [];
    this.used = BLOCK;
    this.start.clear();
    this.length.clear();
    this.hash.clear();
    this.conversation.clear();
    this.table = new Uint32Array(1 << 10);
    this.count = 0;
    this.pendingBytes = -1;
  }

  // The id's bytes into `scratch`; returns their count.
  private encode(id: string): number {
    if (this.scratch.length < id.length * 2 + 1) this.scratch = new Uint8Array(id.length * 2 + 1);
    const scratch = this.scratch;
    for (let i = 0; i < id.length; i++) {
      const c = id.charCodeAt(i);
      if (c >= 0x80) return this.encodeWide(id);
      scratch[i] = c;
    }
    return id.length;
  }

  private encodeWide(id: string): number {
    const scratch = this.scratch;
    scratch[0] = WIDE;
    for (let i = 0; i < id.length; i++) {
      const c = id.charCodeAt(i);
      scratch[1 + 2 * i] = c >>> 8;
      scratch[2 + 2 * i] = c & 0xff;
    }
    return 1 + 2 * id.length;
  }

  private matches(call: number, conversation: number, bytes: number): boolean {
    if (this.length.get(call) !== bytes || this.conversation.get(call) !== conversation)
      return false;
    const at = this.start.get(call);
    const block = this.blocks[Math.floor(at / BLOCK)]!;
    const from = at % BLOCK;
    const scratch = this.scratch;
    for (let i = 0; i < bytes; i++) if (block[from + i] !== scratch[i]) return false;
    return true;
  }

  private place(call: number, table: Uint32Array): void {
    const mask = table.length - 1;
    let slot = this.hash.get(call) & mask;
    while (table[slot] !== 0) slot = (slot + 1) & mask;
    table[slot] = call + 1;
  }

  private grow(): void {
    const table = new Uint32Array(this.table.length * 2);
    for (let call = 0; call < this.count; call++) this.place(call, table);
    this.table = table;
  }
}
