/** The compiled prompt rows, from the domain layer (the budget tab and the report share them). */
export * from '../../domain/compiled-rows.ts';
