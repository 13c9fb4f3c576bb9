/**
 * The tool results a store's calls hold (SPEC §13.1), in columns: each
 * result's tool_use_id in a `CallIdIndex` keyed by its call (the index keys
 * a result by (call, tool_use_id) the way it keys a call by (conversation,
 * id)), its tokens and tool name in typed arrays, and each call's results
 * a list in the order they were attached. A result takes about 60 bytes and
 * the length of its id, off the JavaScript heap; as objects in arrays a
 * result took about 650 bytes of the process (4 GB of Claude Code
 * transcripts: 640,000 results, 420 MB).
 */
import { CallIdIndex } from './call-id-index.ts';
import type { ToolResult } from './call-record.ts';
import { Float64Column, Uint32Column } from './columns.ts';

const NONE: readonly ToolResult[] = Object.freeze([]);

/** Each call's tool results, numbered 0, 1, 2, … as they are attached. */
export class ToolResults {
  private readonly ids = new CallIdIndex();
  private readonly tokens = new Float64Column();
  // 0 for no name, else the name's index + 1.
  private readonly name = new Uint32Column();
  // The call's next result + 1; 0 for its last.
  private readonly next = new Uint32Column();
  // By call: its first and last result + 1; 0 for none.
  private readonly first = new Uint32Column();
  private readonly last = new Uint32Column();
  private readonly names: string[] = [];
  private readonly nameIndex = new Map<string, number>();

  /** Number of results held. */
  get size(): number {
    return this.ids.size;
  }

  /** Attaches `result` to `call`, unless the call already holds one with its id. */
  attach(call: number, result: ToolResult): void {
    if (this.ids.lookup(call, result.toolUseId) >= 0) return;
    const held = this.ids.insertLast();
    this.tokens.set(held, result.tokens);
    this.name.set(held, result.name === undefined ? 0 : this.intern(result.name) + 1);
    this.next.set(held, 0);
    const tail = this.last.getOrZero(call);
    if (tail === 0) this.first.set(call, held + 1);
    else this.next.set(tail - 1, held + 1);
    this.last.set(call, held + 1);
  }

  /** The results of `call`, in the order they were attached. */
  of(call: number): readonly ToolResult[] {
    let at = this.first.getOrZero(call);
    if (at === 0) return NONE;
    const results: ToolResult[] = [];
    for (; at !== 0; at = this.next.get(at - 1)) {
      const held = at - 1;
      const toolUseId = this.ids.idOf(held);
      const tokens = this.tokens.get(held);
      const name = this.name.get(held);
      results.push(
        name === 0 ? { toolUseId, tokens } : { toolUseId, name: this.names[name - 1]!, tokens },
      );
    }
    return results;
  }

  /** Lets every result go. */
  clear(): void {
    this.ids.clear();
    for (const column of [this.tokens, this.name, this.next, this.first, this.last]) column.clear();
  }

  private intern(name: string): number {
    let index = this.nameIndex.get(name);
    if (index === undefined) {
      index = this.names.length;
      this.names.push(name);
      this.nameIndex.set(name, index);
    }
    return index;
  }
}
