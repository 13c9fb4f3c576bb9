/**
 * Real usage traces (SPEC §10, §11): reading them in any of the supported
 * formats, their as-billed cost, their tool outputs as a gate population,
 * and replays under another model or cache TTL.
 */
export * from './call-record.ts';
export * from './time.ts';
export * from './reader.ts';
export {
  MAX_DOCUMENT_CHARS,
  MAX_LINE_CHARS,
  UNKNOWN_FORMAT_REASON,
  lineTooLongReason,
  type ReaderLimits,
} from './file-reader.ts';
export * from './text-encoding.ts';
export { MAX_LINES_BEFORE_FORMAT } from './jsonl-file.ts';
export * from './billing.ts';
export * from './tool-population.ts';
export * from './conversations.ts';
export * from './replay.ts';
