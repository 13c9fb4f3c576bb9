/** One built file and how a first visit treats it. */
export interface ChunkSize {
  file: string;
  rawBytes: number;
  gzipBytes: number;
  role: string;
}

/** Sizes of every chunk in a Vite build, and which of them a first visit loads. */
export interface BundleReport {
  chunks: ChunkSize[];
  firstVisit: string[];
  firstVisitRawBytes: number;
  firstVisitGzipBytes: number;
  totalRawBytes: number;
  totalGzipBytes: number;
}

export function analyseBundle(distDir: string, options?: { firstTabChunk?: string }): BundleReport;
