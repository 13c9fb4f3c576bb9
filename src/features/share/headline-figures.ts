/** The headline figures of a scenario, from the domain layer (compare and the report read them). */
export * from '../../domain/headline-figures.ts';
