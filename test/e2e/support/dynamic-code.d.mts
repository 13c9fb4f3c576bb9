import type { SourceMapConsumer } from 'source-map-js';

export interface DynamicCodeHit {
  file: string;
  offset: number;
  line: number;
  column: number;
  call: string;
  context: string;
  source?: string;
  library?: string | null;
}

export function scanForDynamicCode(assetsDir: string): DynamicCodeHit[];
export function originalPosition(
  consumer: SourceMapConsumer,
  line: number,
  column: number,
): { source: string; line: number } | null;
export function libraryOf(sourcePath: string): string | null;
export function attributeHits(
  hits: DynamicCodeHit[],
  projectRoot: string,
): { hits: DynamicCodeHit[]; buildError: string | null };
