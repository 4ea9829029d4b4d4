/**
 * LIKE patterns from what a person typed: `%`, `_` and the escape character `\` match themselves
 * (PostgreSQL's default escape), so "50%_off" finds "50%_off" and nothing else.
 */

/** `text` with LIKE's wildcards and escape character escaped. */
export const escapeLike = (text: string): string => text.replace(/[\\%_]/g, (c) => `\\${c}`);

/** A pattern that matches `text` anywhere in a value (with ILIKE: in any case). */
export const containing = (text: string): string => `%${escapeLike(text)}%`;

/** A pattern that matches values that start with `text`. */
export const startingWith = (text: string): string => `${escapeLike(text)}%`;
