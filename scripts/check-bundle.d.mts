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
  /** The build's service worker and its precache (not part of the first visit); null without one. */
  serviceWorker: {
    files: string[];
    gzipBytes: number;
    precachedFiles: number;
    precachedGzipBytes: number;
  } | null;
}

export function analyseBundle(distDir: string, options?: { firstTabChunk?: string }): BundleReport;
