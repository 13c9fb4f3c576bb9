/** Turn generation and idle-gap helpers, from the domain layer (the worker's sweeps use them too). */
export * from '../../domain/generate-turns.ts';
