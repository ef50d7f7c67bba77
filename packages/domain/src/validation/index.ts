/**
 * The field rules of spec section 5 as zod schemas, shared by the forms (which show the Arabic
 * sentence for a code) and the server (which answers `{ code }`). Every failing check puts a code
 * from VALIDATION_CODES in the zod issue's `message`; nothing else is ever put there.
 *
 * Text fields are trimmed first and report one code, the most useful one (empty, then too short,
 * too long, then invalid). Passwords report every rule they break, so a form can show a checklist.
 * Lengths count characters (code points), as Postgres' char_length does.
 *
 * Where the spec gives no bound, the bound chosen here is a named constant; each choice is written
 * down in docs/decisions/ (the index's "Validation bounds"). One file per subject; `blocks.ts` holds what they are built from.
 */

export { textSchema } from './blocks';
export * from './text-rules';
export * from './ids';
export * from './names';
export * from './accounts';
export * from './profiles';
export * from './interviews';
export * from './ratings';
export * from './coupons';
export * from './content';
export * from './withdrawals';
export * from './plans';
export * from './files';
export * from './paging';
export * from './issues';
